/**
 * parse5 DOM → satori element tree. Text is passed through as written (satori applies the CSS
 * `white-space` rules itself: runs collapse, spaces between inline elements stay, `<pre>` keeps its
 * newlines); only whitespace that can never render (inside table structure, `<html>`, `<head>`) is dropped.
 */
import {
  type Element,
  type Node,
  type ParentNode,
  getAttr,
  isAnonymous,
  isElement,
  isText,
  parentElement,
} from '../dom.js';
import { type CssDeclarations, parseInlineStyle, toSatoriStyle } from '../style-sheets/inline-style.js';
import { shorthandLineHeight } from '../style-sheets/font-shorthand.js';
import type { DocumentStyles } from '../style-sheets/stylesheet.js';
import {
  type AtomicLineQuirkContext,
  applyAtomicLineQuirk,
  applyInlineTextLineQuirk,
  isAtomicInlineDisplay,
} from './atomic-line-quirk.js';
import { BLOCK_TAGS, PICTURE_TAGS, PLAIN_INLINE_TAGS } from './element-kinds.js';
import {
  ANONYMOUS_LINE_BOX,
  EM_SENSITIVE,
  hasSpaceBetweenItems,
  isBlockContainer,
  isBlockLevel,
  lonePicture,
  wrapPictureLines,
} from './picture-lines.js';
import { isBlankText, isBreak, wrapLinesBeforeFloats } from './float-breaks.js';
import { fontAttributeHint, fontAttributeStyle } from './font-attributes.js';
import { hrAttributeStyle, hrBorderColor } from './hr-attributes.js';
import { legacyPlacement } from './legacy-placement.js';
import { missingImage } from './missing-image.js';
import { chooseImageSource } from './image-source.js';
import { monospaceFontSize, monospaceKeywordSize } from './monospace-size.js';
import { ITEM_CONTAINER, wrapTextRunsWithBreaks } from './flex-text-runs.js';
import { annotationSizeRatio, rubyPairs } from './ruby.js';
import { QUIRKS_IMAGE_RULE, QUIRKS_TABLE_RULE, quirkyMargins } from './quirks.js';
import { TABLE_OUTSET_BORDER_COLOR, convertTable, isTableStructure } from '../tables/tables.js';
import { lengthAttr } from '../tables/table-model.js';
import {
  TAILWIND_PREFLIGHT,
  UtilityCensus,
  preflightStyle,
  splitTailwind,
  tailwindUtilities,
} from '../style-sheets/tailwind.js';
import { UA_RULES } from '../style-sheets/ua-styles.js';
import {
  mathLayoutElements,
  mathTableDisplay,
  mathWarning,
  operatorSpacing,
  isLargeOperator,
  limitsAsScripts,
  stackedScripts,
  underOver,
} from './mathml.js';
import {
  CSS_TABLE_DISPLAY,
  ITEM_PARENT_DISPLAY,
  TABLE_TAGS,
  isCssTableDisplay,
} from './css-table-display.js';
import { bodyLinkColor, bodyTextColor } from './body-attributes.js';
import { degradeDisplay } from './display.js';
import { hasInlineAxisEdges } from './inline-edges.js';
import {
  ANONYMOUS_TABLE,
  anonymousBox,
  anonymousTableInside,
  cssTableStructure,
  isAnonymousTableBox,
  tableRuns,
} from '../tables/table-structure.js';
import type { TableStructure } from '../tables/table-structure.js';
import type { DocumentFontFace, SatoriChild, SatoriElement } from '../types.js';
import { ANONYMOUS_PROP, STYLE_TEXT_PROP } from '../anonymous.js';

/** A `float` value that floats. */
const FLOATS = /^\s*(?:left|right|inline-start|inline-end)\s*$/i;

/** Elements whose content never renders and is left out of the tree. */
export const SKIPPED: ReadonlySet<string> = new Set([
  'script',
  'noscript',
  'template',
  'title',
  'meta',
  'base',
  'link',
  'object',
  'embed',
]);

/** Displays that make a `<table>` element a block container holding an anonymous table (table-display-block). */
const BLOCK_CONTAINER_DISPLAY = /^(?:block|inline-block|flow-root|list-item)$/;

/**
 * Elements that never make a table box, whatever their display: replaced elements (a table display on them acts as
 * `inline`, CSS Display 3 §2.7), and the ones the converter handles by their tag alone.
 */
const NO_TABLE_BOX_TAGS = new Set([
  'img',
  'svg',
  'video',
  'canvas',
  'input',
  'select',
  'textarea',
  'style',
  'br',
]);

/** The displays satori gets for table displays (display.ts): only beside those can a sheet's marker stand. */
const DEGRADED_TABLE_DISPLAYS = new Set(['flow-root', 'inline-block', 'contents', 'flex', 'block', 'none']);

/**
 * Elements whose `align` attribute Chrome maps to its legacy alignment (`text-align: -webkit-left|center|right`):
 * inline content aligns as with `text-align`, and block-level children narrower than the line are placed too.
 */
const LEGACY_ALIGN_TAGS = new Set(['div', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th']);

type LegacyAlign = 'left' | 'center' | 'right';

/** An `align` value as Chrome maps it: `center`/`middle` → -webkit-center, …; `justify` is plain CSS. */
function legacyAlignValue(value: string | undefined): LegacyAlign | 'justify' | undefined {
  const v = value?.trim().toLowerCase();
  if (v === 'center' || v === 'middle') return 'center';
  if (v === 'left' || v === 'right' || v === 'justify') return v;
  return undefined;
}

/** Deeper nesting than this is cut (satori and resvg recurse per level). */
export const MAX_DEPTH = 256;

/** Attribute that marks a `<style>` placeholder for a `<link rel="stylesheet">`, filled by the resources stage. */
export const STYLESHEET_HREF_ATTR = 'data-pictor-href';

/** What a converted subtree holds, for the line-height quirk: text that renders, and pictures. */
interface ContentFlags {
  text: boolean;
  picture: boolean;
}

/** Elements whose content never renders as text. */
const NO_TEXT_TAGS = new Set(['style', 'script', 'title']);
/** Elements that give their line a strut as text does: a `<br>` line keeps its height in every mode. */
const TEXT_LIKE_TAGS = new Set(['br']);

/** State shared by one conversion. */
export class TreeConverter {
  readonly stylesheets: string[] = [];
  readonly fontFaces: DocumentFontFace[] = [];
  /** `href` of the first `<base>`. */
  baseHref: string | undefined;
  private readonly preamble = new Set<string>();
  private readonly inlineCache = new WeakMap<Element, CssDeclarations>();
  private truncated = false;
  /** The MathML layout elements of the document's `<math>` elements (mathml.ts); undefined without math. */
  private mathElements: Set<string> | undefined;
  /** Whether the document was told that an inline SVG's `<foreignObject>` is not drawn. */
  private foreignObjectWarned = false;
  /** The colour of links the body's `link` attribute asks for (body-attributes.ts), once the body is reached. */
  private linkColor: string | undefined;
  /** The legacy alignment (from an `align` attribute or `<center>`) that the elements being converted inherit. */
  private legacyAlign: LegacyAlign | undefined;
  /**
   * The document is in quirks or limited-quirks mode (no doctype, or a transitional one such as XHTML 1.0
   * Transitional, common in e-mails): the line-height calculation quirk applies (see `lineHeightQuirk`).
   */
  quirksMode = false;
  /**
   * The document is in quirks mode (no doctype): Chrome's quirks.css and the margin collapsing quirks apply too
   * (quirks.ts); limited-quirks mode has only the line-height quirk.
   */
  fullQuirks = false;
  /** Elements whose UA top or bottom margin the margin collapsing quirk zeroes (quirks.ts). */
  private readonly quirkyTop = new Set<Element>();
  private readonly quirkyBottom = new Set<Element>();
  /** Content flags of the converted elements, so a parent's come from its children's. */
  private readonly contentFlags = new WeakMap<SatoriElement, ContentFlags>();
  /**
   * White space taken out of the ends of an element given `font-size: 0` (a lone picture in a link): its parent puts
   * it back beside the element, where it keeps the parent's width (see `lineHeightQuirk`).
   */
  private readonly hoistedSpace = new WeakMap<SatoriElement, { before: string; after: string }>();
  /** The element each converted element came from, to read its CSS later (a float after a `<br>`). */
  private readonly sourceOf = new WeakMap<SatoriElement, Element>();

  constructor(
    readonly styles: DocumentStyles,
    readonly warn: (message: string) => void,
    private readonly tailwind: boolean,
  ) {}

  /** The document's class names and the bare utilities among them. */
  private readonly utilityCensus = new UtilityCensus();

  /** True when the document is written with bare Tailwind utilities (not only a few names that look like them). */
  get usedTailwind(): boolean {
    return this.utilityCensus.writtenInTailwind;
  }

  /**
   * Pictor (utility-names-in-themes): count the document's class names before any element is converted (after its
   * sheets are read: a class a sheet styles is no utility). A page whose classes are mostly a hand-written theme's
   * (MkDocs' Read the Docs theme's `text-center` beside `wy-menu`, `rst-content`, `toctree-l1`) gets no utility
   * styling at all, as in a browser, where a class no sheet styles styles nothing: before, `<h2 class="text-center">`
   * was centred and lost its h2 size and weight to the preflight's inline reset. Same walk as collectSheets.
   */
  takeUtilityCensus(root: ParentNode): void {
    if (!this.tailwind || this.styles.compiledTailwind) return;
    // Utility names here whether a sheet styles them or not: a page with part of Tailwind compiled (`.flex{…}`) is
    // still written in it.
    const census = new UtilityCensus();
    const none = new Set<string>();
    const stack: Node[] = [root as Node];
    while (stack.length > 0) {
      const node = stack.pop() as Node;
      if (isElement(node)) {
        const value = getAttr(node, 'class');
        if (value) {
          const classes = value.split(/\s+/).filter(Boolean);
          census.record(classes, tailwindUtilities(classes, none));
        }
      }
      if ('childNodes' in node) {
        for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i] as Node);
      }
    }
    this.utilitiesApply = census.writtenInTailwind;
  }

  /** Whether bare utility classes style elements: until a census says otherwise (takeUtilityCensus), they do. */
  private utilitiesApply = true;

  /**
   * The UA rules the converted tree needs, as one CSS text ('' when none); Tailwind's preflight last. They form the
   * document's first cascade layer, so author rules win also from inside their own `@layer` blocks (Tailwind 4), as
   * the user-agent origin loses to every author layer in browsers.
   */
  preambleCss(): string {
    const rules = [...this.preamble];
    if (this.usedTailwind) rules.push(TAILWIND_PREFLIGHT);
    return rules.length === 0 ? '' : `@layer pictor-ua {\n${rules.join('\n')}\n}`;
  }

  /** Register a UA rule. */
  addPreamble(css: string): void {
    this.preamble.add(css);
  }

  /** Parsed `style` attribute of an element (cached). */
  inlineOf(el: Element): CssDeclarations {
    let decls = this.inlineCache.get(el);
    if (!decls) {
      const text = getAttr(el, 'style');
      decls = text ? parseInlineStyle(text, this.warn) : {};
      this.inlineCache.set(el, decls);
    }
    return decls;
  }

  /** Whether the page's CSS (a sheet or the style attribute) sets any of `properties` on `el`. */
  declares(el: Element, ...properties: string[]): boolean {
    const inline = this.inlineOf(el);
    return properties.some((property) => this.styles.declared(el, property, inline) !== undefined);
  }

  /**
   * Read every `<style>` of the document first, in document order: their rules are needed before any element is
   * converted. The walk keeps its own stack: a hostile document nests elements far deeper than the call stack goes.
   */
  collectSheets(root: ParentNode): Map<Element, string> {
    const sheets = new Map<Element, string>();
    const stack: Node[] = [root as Node];
    while (stack.length > 0) {
      const node = stack.pop() as Node;
      if (isElement(node) && node.tagName === 'style') {
        const type = getAttr(node, 'type');
        if (type && !/^\s*text\/css\s*$/i.test(type)) continue;
        const css = node.childNodes.map((c) => (isText(c) ? c.value : '')).join('');
        const processed = this.styles.addSheet(css);
        this.fontFaces.push(...processed.fontFaces);
        sheets.set(node, processed.css);
        continue;
      }
      if ('childNodes' in node) {
        for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i] as Node);
      }
    }
    return sheets;
  }

  /** Convert the children of a node. */
  convertChildren(parent: ParentNode, depth: number): SatoriChild[] {
    const out: SatoriChild[] = [];
    const parentEl = isElement(parent as Node) ? (parent as Element) : null;
    const dropBlank = !parentEl || isTableStructure(parentEl) || ['html', 'head'].includes(parentEl.tagName);
    // A closed <details> shows only its first <summary> (its style sheets still apply), as in browsers.
    const closedDetails = parentEl?.tagName === 'details' && getAttr(parentEl, 'open') === undefined;
    const summary = closedDetails
      ? parent.childNodes.find((n) => isElement(n) && n.tagName === 'summary')
      : undefined;
    const runs = closedDetails || !parentEl || dropBlank ? undefined : this.tableRuns(parentEl);
    for (const node of runs ?? parent.childNodes) {
      if (Array.isArray(node)) {
        out.push(this.anonymousTable(parentEl as Element, node, depth));
        continue;
      }
      if (closedDetails && node !== summary && !(isElement(node) && node.tagName === 'style')) continue;
      if (isText(node)) {
        if (dropBlank && node.value.trim() === '') continue;
        out.push(node.value);
      } else if (isElement(node)) {
        const converted = this.convertNode(node, depth + 1);
        if (!converted) continue;
        const hoisted = this.hoistedSpace.get(converted);
        if (hoisted?.before) out.push(hoisted.before);
        out.push(converted);
        if (hoisted?.after) out.push(hoisted.after);
      }
    }
    return out;
  }

  /** Convert one element, or null when it does not render. */
  convertNode(el: Element, depth: number): SatoriElement | null {
    if (depth > MAX_DEPTH) {
      if (!this.truncated) this.warn(`elements nested deeper than ${MAX_DEPTH} levels were left out`);
      this.truncated = true;
      return null;
    }
    const tag = el.tagName;
    if (tag === 'link') return this.convertLink(el);
    if (tag === 'base') this.baseHref ??= getAttr(el, 'href');
    if (SKIPPED.has(tag)) return null;
    if (tag === 'style') {
      const css = this.sheetTexts.get(el);
      if (css === undefined) return null;
      const props: SatoriElement['props'] = { children: css };
      const media = getAttr(el, 'media');
      if (media) props.media = media;
      return { type: 'style', props };
    }
    if (tag === 'table') {
      // Chrome resets the legacy alignment at every table (to `start`): an ancestor's `align` stops here.
      const inherited = this.legacyAlign;
      this.legacyAlign = undefined;
      try {
        const blockTable = this.tableAsBlock(el, depth);
        if (blockTable) return blockTable;
        const table = convertTable(el, this.tableContext(depth));
        const { style, placement } = this.tableAlignStyle(el, inherited);
        // The legacy placement goes over the page's margins (it adds to them, legacy-placement.ts).
        if (Object.keys(style).length > 0 || Object.keys(placement).length > 0)
          table.props.style = { ...style, ...(table.props.style as object), ...placement };
        return table;
      } finally {
        this.legacyAlign = inherited;
      }
    }
    if (tag === 'img') return this.convertImage(el, depth);
    if (tag === 'iframe') return this.convertFrame(el, depth);
    if (tag === 'math') this.noteMath(el);
    // Pictor (svg-foreign-object): HTML inside an inline SVG is not drawn (resvg skips it): said once per document.
    if ((tag === 'foreignObject' || tag === 'foreignobject') && !this.foreignObjectWarned) {
      this.foreignObjectWarned = true;
      this.warn(
        'inline <svg>: its <foreignObject> (HTML inside SVG) is not drawn; the rest of the drawing is',
      );
    }
    // Pictor (mathml-tables): an `<mtable>` is an inline table of its `<mtr>` rows and `<mtd>` cells (MathML Core's
    // UA sheet), laid out by the CSS table layer (mathml.ts has the displays and the cells' padding).
    if (tag === 'mtable')
      return convertTable(
        el,
        this.tableContext(
          depth,
          cssTableStructure(el, (e) => mathTableDisplay(e) ?? this.tableDisplayOf(e), true),
        ),
      );
    if (tag === 'video' || tag === 'audio') return this.convertMedia(el, depth);
    if (!TABLE_TAGS.has(tag)) {
      const display = this.tableDisplayOf(el);
      if (display === 'table' || display === 'inline-table')
        return convertTable(
          el,
          this.tableContext(
            depth,
            cssTableStructure(el, (e) => this.tableDisplayOf(e), display === 'inline-table'),
          ),
        );
    }
    return this.convertElement(el, {}, undefined, depth);
  }

  /**
   * Pictor (mathml-not-laid-out): a `<math>` is converted as an unknown inline element; one warning for the
   * document names the MathML layout its formulas lose (mathml.ts), given when the conversion ends.
   */
  private noteMath(el: Element): void {
    this.mathElements ??= new Set();
    mathLayoutElements(el, this.mathElements);
  }

  /** The warning for the document's MathML, once it is converted (undefined without `<math>`). */
  mathNotLaidOut(): string | undefined {
    return this.mathElements ? mathWarning(this.mathElements) : undefined;
  }

  /**
   * The `width` and `height` attributes of a replaced box (`<iframe>`, `<video>`, `<audio>`) as styles, in px (and
   * in %, where `percent` allows it), for each side the page's CSS does not set.
   */
  private attributeSize(el: Element, percent: boolean): Record<string, string> {
    const size: Record<string, string> = {};
    const pattern = percent ? /^\d*\.?\d+(?:px|%)?$/i : /^\d*\.?\d+(?:px)?$/i;
    for (const dim of ['width', 'height'] as const) {
      const value = getAttr(el, dim)?.trim();
      if (!value || !pattern.test(value)) continue;
      if (this.declares(el, dim, dim === 'width' ? 'inline-size' : 'block-size')) continue;
      size[dim] = value.endsWith('%') ? value : `${Number.parseFloat(value)}px`;
    }
    return size;
  }

  /**
   * Pictor (iframe-empty-box): an `<iframe>` is drawn as Chromium draws a frame with nothing loaded in it (Pictor
   * loads no frame): an empty inline box of its `width` and `height` attributes (300×150 without them, the UA
   * rule), with the UA's `2px inset` border unless `frameborder="0"`; what the page's CSS sets wins over both.
   */
  private convertFrame(el: Element, depth: number): SatoriElement {
    const extra = this.attributeSize(el, true);
    if (
      Number.parseInt(getAttr(el, 'frameborder') ?? '1', 10) === 0 &&
      !this.declares(el, 'border', 'border-width', 'border-style')
    )
      extra.borderWidth = '0px';
    const frame = this.convertElement(el, extra, [], depth);
    // Nothing of the frame's document is drawn or fetched.
    delete frame.props.src;
    delete frame.props.srcdoc;
    return frame;
  }

  /**
   * Pictor (media-empty-box): a `<video>` or `<audio>` is drawn as Chromium draws one whose media did not load
   * (Pictor loads none): the UA rule's box (ua-styles.ts), sized by its `width` and `height` attributes where the
   * page's CSS sets none, a video's `poster` picture fitted in it (`object-fit: contain`), and never its children,
   * which are fallback content for browsers without media elements.
   */
  private convertMedia(el: Element, depth: number): SatoriElement {
    const extra = this.attributeSize(el, false);
    const poster = el.tagName === 'video' ? getAttr(el, 'poster')?.trim() : undefined;
    if (poster && !/["'()\\\s]/.test(poster)) {
      extra.backgroundImage = `url(${poster})`;
      extra.backgroundSize = 'contain';
      extra.backgroundRepeat = 'no-repeat';
      extra.backgroundPosition = 'center';
    }
    const media = this.convertElement(el, extra, [], depth);
    // Nothing of the media is fetched.
    delete media.props.src;
    delete media.props.poster;
    return media;
  }

  /**
   * Pictor (table-display-block): a `<table>` that CSS makes a block container (pandoc's `table { display: block;
   * width: 100%; overflow-x: auto }`) is that box, as in Chromium: its width, border and background are the block's,
   * and its caption and rows lie in an anonymous table inside it, sized to its content (CSS 2.1 §17.2.1). Null for
   * any other display (a table, flex or grid display keeps the table translation).
   */
  private tableAsBlock(el: Element, depth: number): SatoriElement | null {
    const inline = this.inlineOf(el);
    const display = (
      this.styles.tableDisplays ? this.tableDisplayOf(el) : this.styles.declared(el, 'display', inline)
    )
      ?.replace(/\s*!important$/i, '')
      .trim()
      .toLowerCase();
    if (display === undefined || !BLOCK_CONTAINER_DISPLAY.test(display)) return null;
    const { table, structure } = anonymousTableInside(el);
    const inner = convertTable(table, this.tableContext(depth, structure));
    // Pictor (anonymous-table-inherits): `inherit` in the rows and cells reaches the `<table>` element, their parent
    // in the document, not the anonymous table (Material for MkDocs' `*, ::before, ::after { box-sizing: inherit }`:
    // its header cells' `min-width: 5rem` held their padding in Chromium, 32 px more in Pictor). The anonymous table
    // has no padding or border of its own, so its box sizing changes nothing for itself.
    inner.props.style = { ...(inner.props.style as object), boxSizing: 'inherit' };
    // The UA sheet's `width: fit-content` is the table box's: the block is as wide as a block, or as its own width
    // (CSS or the `width` attribute).
    const extra: Record<string, string> = {};
    if (!this.declares(el, 'width', 'inline-size')) {
      const widthAttr = lengthAttr(getAttr(el, 'width'));
      extra.width = widthAttr ?? (display === 'inline-block' ? 'fit-content' : 'auto');
    }
    const { style, placement } = this.tableAlignStyle(el, undefined);
    // The `border` attribute's outset border and `bgcolor` are the element's (its cells' inset borders and
    // `cellpadding` go to the anonymous table's cells, tables.ts).
    const borderAttr = getAttr(el, 'border');
    const borderPx = borderAttr !== undefined ? Number.parseInt(borderAttr || '1', 10) || 0 : 0;
    if (borderPx > 0 && !this.declares(el, 'border', 'border-width', 'border-style')) {
      extra.border = `${borderPx}px solid`;
      extra.borderColor = TABLE_OUTSET_BORDER_COLOR;
    }
    const bgcolor = getAttr(el, 'bgcolor');
    if (bgcolor && !this.declares(el, 'background', 'background-color')) extra.backgroundColor = bgcolor;
    const block = this.convertElement(el, extra, [inner], depth);
    if (Object.keys(style).length > 0 || Object.keys(placement).length > 0)
      block.props.style = { ...style, ...(block.props.style as object), ...placement };
    return block;
  }

  /**
   * The display of an element as its CSS writes it, a table display where a sheet's degraded one won the cascade
   * (`table-cell` for the `block` satori gets); undefined when none is declared. Only asked when the document has
   * table displays at all.
   */
  private tableDisplayOf(el: Element): string | undefined {
    if (isAnonymous(el) || NO_TABLE_BOX_TAGS.has(el.tagName) || SKIPPED.has(el.tagName)) return undefined;
    return this.writtenDisplay(el);
  }

  /** An element's `display` as written, a table display its sheet degraded for satori included (the marker's). */
  private writtenDisplay(el: Element): string | undefined {
    const inline = this.inlineOf(el);
    if (inline.display !== undefined) return inline.display.trim().toLowerCase();
    if (!this.styles.tableDisplays) return undefined;
    const display = this.styles.declared(el, 'display', inline)?.trim().toLowerCase();
    // The marker sits beside a degraded table display only: no display, no marker to look up.
    if (display === undefined || !DEGRADED_TABLE_DISPLAYS.has(display)) return display;
    const marker = this.styles.declared(el, CSS_TABLE_DISPLAY, inline);
    if (!marker || display !== degradeDisplay(marker)?.display) return display;
    // The marker follows its own display in its rule: a display after it (a media query's `display: block` over
    // `display: table-cell`) is another declaration, which the marker does not describe.
    return this.styles.compareCascade(el, 'display', CSS_TABLE_DISPLAY, inline) > 0
      ? display
      : marker.trim().toLowerCase();
  }

  /** True when the document can hold CSS table displays (a sheet declares one, or a style attribute). */
  private mayHoldTableDisplays(parent: Element): boolean {
    if (this.styles.tableDisplays) return true;
    return parent.childNodes.some((node) => {
      const display = isElement(node) ? this.inlineOf(node).display : undefined;
      return display !== undefined && isCssTableDisplay(display);
    });
  }

  /**
   * `parent`'s children with each run of table boxes whose parent is no table (CSS 2.1 §17.2.1: cells of a block, a
   * `display: table-row` in a `<div>`) as an array, for an anonymous table; undefined when there is none. Children of
   * a flex or grid container are its items (blockified), never table boxes.
   */
  private tableRuns(parent: Element): (Node | Node[])[] | undefined {
    if (!this.mayHoldTableDisplays(parent)) return undefined;
    const own = this.tableDisplayOf(parent);
    if (own !== undefined && ITEM_PARENT_DISPLAY.test(own)) return undefined;
    return tableRuns(parent, (el) => this.tableDisplayOf(el));
  }

  /** The anonymous table around a run of table boxes in `parent` (an inline table in an inline parent). */
  private anonymousTable(parent: Element, run: Node[], depth: number): SatoriElement {
    const table = anonymousBox(ANONYMOUS_TABLE, parent, run);
    const inline = /^inline$/.test(this.tableDisplayOf(parent) ?? '');
    return convertTable(
      table,
      this.tableContext(
        depth,
        cssTableStructure(table, (e) => this.tableDisplayOf(e), inline),
      ),
    );
  }

  /** An anonymous box of a table (table, row or cell): only the style the table layer gives it. */
  private convertAnonymous(
    el: Element,
    extra: Record<string, string>,
    children: SatoriChild[] | undefined,
    depth: number,
  ): SatoriElement {
    const kids = children ?? this.convertChildren(el, depth);
    const props: SatoriElement['props'] = { [ANONYMOUS_PROP]: '', style: { ...extra } };
    if (kids.length === 1) props.children = kids[0];
    else if (kids.length > 1) props.children = kids;
    return { type: el.tagName, props };
  }

  /**
   * What a table gets from the HTML alignment around it, as Chrome's UA rules give it: `align="center"` → auto
   * inline margins, `align="left|right"` → a float; a legacy centre or right of the parent places it the same way;
   * an inherited legacy alignment is reset to `start`. Nothing the page's CSS sets is touched.
   */
  private tableAlignStyle(
    table: Element,
    inherited: LegacyAlign | undefined,
  ): { style: Record<string, string>; placement: Record<string, string> } {
    const style: Record<string, string> = {};
    let placement: Record<string, string> = {};
    if (inherited && !this.declares(table, 'text-align')) style.textAlign = 'start';
    const own = getAttr(table, 'align')?.trim().toLowerCase();
    // `align="center"` is the presentational hint `margin-inline: auto`: a side the page's CSS sets is the page's,
    // the other stays auto (React Email's `align="center" style="margin-right:auto;max-width:420px"` is centred).
    const left = !this.declares(table, 'margin', 'margin-left', 'margin-inline', 'margin-inline-start');
    const right = !this.declares(table, 'margin', 'margin-right', 'margin-inline', 'margin-inline-end');
    if ((own === 'left' || own === 'right') && !this.declares(table, 'float')) style.float = own;
    else if (own === 'center' && (left || right) && !this.declares(table, 'float')) {
      if (left) style.marginLeft = 'auto';
      if (right) style.marginRight = 'auto';
    } else placement = this.placement(table, inherited);
    return { style, placement };
  }

  /**
   * Where a block goes under an inherited legacy `center` or `right` (legacy-placement.ts): added to its own margins
   * in Chrome, so an e-mail reset's `table { margin: 0 }` does not stop it.
   */
  private placement(el: Element, align: LegacyAlign | undefined): Record<string, string> {
    if (align !== 'center' && align !== 'right') return {};
    // Only in block flow: a flex or grid parent places its items itself.
    const parent = el.parentNode as Node | null;
    if (parent && isElement(parent)) {
      const display =
        this.styles.declared(parent, 'display', this.inlineOf(parent))?.trim().toLowerCase() ?? '';
      if (/flex|grid/.test(display)) return {};
    }
    const inline = this.inlineOf(el);
    return legacyPlacement((property) => this.styles.declared(el, property, inline), align);
  }

  /**
   * The legacy alignment of an element and what its children inherit: its own `align` (a cell's also from its row
   * and row group, as Chrome's inheritance gives it), unless CSS sets `text-align` on the way.
   */
  private ownAlign(
    el: Element,
    inherited: LegacyAlign | undefined,
  ): { textAlign?: string; children: LegacyAlign | undefined } {
    const declared = (e: Element) => this.declares(e, 'text-align');
    if (declared(el)) return { children: undefined };
    const chain: Element[] = [el];
    if (el.tagName === 'td' || el.tagName === 'th') {
      const tr = el.parentNode as Node | null;
      if (tr && isElement(tr) && tr.tagName === 'tr') {
        chain.push(tr);
        const group = tr.parentNode as Node | null;
        if (group && isElement(group) && ['thead', 'tbody', 'tfoot'].includes(group.tagName))
          chain.push(group);
      }
    }
    for (const [i, e] of chain.entries()) {
      if (i > 0 && declared(e)) return { children: undefined };
      const value =
        el.tagName === 'center' && i === 0
          ? 'center'
          : LEGACY_ALIGN_TAGS.has(el.tagName)
            ? legacyAlignValue(getAttr(e, 'align'))
            : undefined;
      if (value === 'justify') return { textAlign: 'justify', children: undefined };
      if (value) return { textAlign: value, children: value };
    }
    // A header cell's UA `text-align: center` (TABLE_PREAMBLE) does not place blocks.
    return { children: el.tagName === 'th' ? undefined : inherited };
  }

  /** Sheets by `<style>` element, set by `parse`. */
  sheetTexts: Map<Element, string> = new Map();

  /**
   * `<img>`: the picture a browser chooses from its `<picture>`'s sources or its `srcset` (image-source.ts), else its
   * `src`; an image with no source at all (or only a fragment, `src="#"`) is its alt text or an empty box of its
   * `width`/`height`, as in browsers (missing-image.ts; satori would throw).
   */
  private convertImage(el: Element, depth: number): SatoriElement {
    const img = this.convertElement(el, {}, [], depth);
    this.imageSize(el, img);
    const chosen = chooseImageSource(el, this.styles.viewport);
    if (chosen) {
      img.props.src = chosen.url;
      // Pictor (image-density): a 2x or width-described picture is laid out at its pixel size over its density.
      if (chosen.density !== 1) img.props.__imageDensity = chosen.density;
      return img;
    }
    const src = (getAttr(el, 'src') ?? '').trim();
    // Pictor (fragment-image-source): `src="#"` (a template's placeholder) names the document itself, never a
    // picture: drawn as an image with no source.
    if (src && !src.startsWith('#')) return img;
    return missingImage(img, getAttr(el, 'alt'), {
      width: getAttr(el, 'width'),
      height: getAttr(el, 'height'),
    });
  }

  /**
   * `width` and `height` of an `<img>` read as HTML dimension attributes (`80`, `80px` → 80, `50%`; `auto` and other
   * values are ignored, as Chrome ignores them). An image that nothing sizes has its natural size, as in browsers
   * (satori would make it as wide as its container), within its `min-`/`max-` limits (applied by our satori: its
   * change img-width-limits, docs/layout-engine.md).
   */
  private imageSize(el: Element, img: SatoriElement): void {
    for (const dim of ['width', 'height'] as const) {
      const value = getAttr(el, dim);
      if (value === undefined) continue;
      const m = /^\s*(\d+(?:\.\d+)?)(%?)/.exec(value);
      if (m) img.props[dim] = m[2] ? `${m[1]}%` : m[1];
      else delete img.props[dim];
    }
    this.percentWidthInAutoCell(el, img);
    if (img.props.width !== undefined || img.props.height !== undefined || img.props.tw !== undefined) return;
    const style = (img.props.style ?? {}) as Record<string, unknown>;
    // `auto` sizes nothing: the image keeps its natural size (satori, patched, reads it so too).
    const inline = this.inlineOf(el);
    const sizing = (property: 'width' | 'height') => {
      const value = style[property] ?? this.styles.declared(el, property, inline);
      return value !== undefined && String(value).trim().toLowerCase() !== 'auto';
    };
    if (sizing('width') || sizing('height') || this.declares(el, 'aspect-ratio')) return;
    img.props.__naturalSize = true;
  }

  /**
   * An image with a percentage width in a table cell that takes its width from its content: Chrome sizes the
   * column from the image's natural width (capped by its max-width) and then resolves the percentage; satori counts
   * the image as 0 px wide. With a `width` attribute, that width (capped likewise) becomes the image's min-width;
   * without one the image is drawn as satori draws it, with a warning.
   */
  private percentWidthInAutoCell(el: Element, img: SatoriElement): void {
    const inline = this.inlineOf(el);
    const width = this.styles.declared(el, 'width', inline)?.trim();
    if (!width?.endsWith('%') || this.styles.declared(el, 'min-width', inline) !== undefined) return;
    let cell: Element | undefined;
    for (let p = el.parentNode as Node | null; p && isElement(p); p = p.parentNode as Node | null) {
      if (p.tagName === 'td' || p.tagName === 'th') {
        cell = p;
        break;
      }
      // A box with a width of its own is a definite containing block: the percentage resolves against it.
      if (p.tagName === 'table' || this.hasWidth(p) || getAttr(p, 'width') !== undefined) return;
    }
    if (!cell || this.hasWidth(cell) || getAttr(cell, 'width') !== undefined) return;
    let table = cell.parentNode as Node | null;
    while (table && isElement(table) && table.tagName !== 'table') table = table.parentNode as Node | null;
    if (!table || !isElement(table) || this.hasWidth(table) || getAttr(table, 'width') !== undefined) return;
    const attribute = Number(img.props.width);
    if (!(attribute > 0) || String(img.props.width).endsWith('%')) {
      this.warn(
        `<img> with width: ${width} in a table cell sized by its content is drawn 0 px wide (Chrome uses the image's natural width); give the image a width attribute or the cell a width`,
      );
      return;
    }
    const max = /^(\d+(?:\.\d+)?)px$/.exec(this.styles.declared(el, 'max-width', inline)?.trim() ?? '');
    const min = max ? Math.min(attribute, Number(max[1])) : attribute;
    img.props.style = { ...((img.props.style as object) ?? {}), minWidth: `${min}px` };
  }

  private convertLink(el: Element): SatoriElement | null {
    const rel = (getAttr(el, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = getAttr(el, 'href');
    if (!rel.includes('stylesheet') || rel.includes('alternate') || !href) return null;
    this.stylesheets.push(href);
    const props: SatoriElement['props'] = { [STYLESHEET_HREF_ATTR]: href, children: '' };
    const media = getAttr(el, 'media');
    if (media) props.media = media;
    return { type: 'style', props };
  }

  private tableContext(depth: number, structure?: TableStructure) {
    return {
      styles: this.styles,
      inlineOf: (el: Element) => this.inlineOf(el),
      convert: (el: Element, extra: Record<string, string>, children?: SatoriChild[]) =>
        isAnonymousTableBox(el)
          ? this.convertAnonymous(el, extra, children, depth)
          : this.convertElement(el, extra, children, depth),
      structure,
      addPreamble: (css: string) => this.addPreamble(css),
      writtenDisplay: (el: Element) => this.writtenDisplay(el),
      warn: this.warn,
      quirks: this.fullQuirks,
    };
  }

  /**
   * Chrome sizes text whose font is the bare generic `monospace` at 13px instead of 16px (its default fixed font
   * size) while the size is derived from `medium` (monospace-size.ts).
   */
  private monospaceSize(el: Element): Record<string, string> {
    // Pictor (printdocs): sizes in em/% of the keyword and var()-written fonts keep the quirk, as in Chrome
    // (Vivliostyle's themes: `html { font-size: var(--vs-font-size) }` = 100%, `font-family: var(--mono)`).
    // Pictor (docs28): a `<font face size>` hint counts as the element's family and size here (font-attributes.ts).
    const declared = (p: Element, property: string) =>
      this.styles.declared(p, property, this.inlineOf(p)) ??
      (p.tagName === 'font' ? fontAttributeHint(p, property, (...q) => this.declares(p, ...q)) : undefined);
    const fontSize = monospaceFontSize(el, declared) ?? monospaceKeywordSize(el, declared);
    return fontSize ? { fontSize } : {};
  }

  /** An element with its attributes, style (plus `extra`) and children. */
  convertElement(
    el: Element,
    extra: Record<string, string>,
    children: SatoriChild[] | undefined,
    depth: number,
  ): SatoriElement {
    const uaRule = UA_RULES[el.tagName];
    if (uaRule) this.addPreamble(uaRule);
    // The style attribute's text, for selectors such as `[style*="--"]` (satori's getAttribute, styleAttributeProp);
    // `style` becomes the parsed declarations below.
    const props: SatoriElement['props'] = {};
    for (const attr of el.attrs) {
      if (attr.name.startsWith('on')) continue;
      props[attr.name === 'style' ? STYLE_TEXT_PROP : attr.name] = attr.value;
    }
    let twStyle: Record<string, string> = {};
    // A document with its own compiled Tailwind gets no utility styling of ours (stylesheet.ts, compiledTailwind).
    if (this.tailwind && this.utilitiesApply && !this.styles.compiledTailwind && props.class) {
      const classes = String(props.class).split(/\s+/).filter(Boolean);
      const utilities = tailwindUtilities(classes, this.styles.classNames);
      this.utilityCensus.record(classes, utilities);
      const split = splitTailwind(utilities);
      if (split.tw.length > 0) props.tw = split.tw.join(' ');
      if (utilities.length > 0) {
        // The preflight's inline resets would beat the page's own CSS: never on an element a sheet styles.
        const styledBySheet = classes.some((name) => this.styles.classNames.has(name));
        twStyle = { ...(styledBySheet ? {} : preflightStyle(el.tagName, utilities)), ...split.style };
      }
    }
    // HTML alignment (`align`, `<center>`): what CSS has not set; tables get theirs in convertNode.
    const inherited = this.legacyAlign;
    const align = this.ownAlign(el, inherited);
    const legacy: Record<string, string> = align.textAlign ? { textAlign: align.textAlign } : {};
    if (el.tagName === 'img') Object.assign(legacy, this.imageAlign(el));
    if (el.tagName === 'hr')
      Object.assign(
        legacy,
        hrAttributeStyle(el, (...p) => this.declares(el, ...p)),
        hrBorderColor((p) => this.styles.declared(el, p, this.inlineOf(el))),
      );
    // Pictor (body-text-link-attributes): `<body text link>`, the colours of the text and of links (body-attributes.ts).
    if (el.tagName === 'body') {
      const text = bodyTextColor(el, (p) => this.styles.declared(el, p, this.inlineOf(el)));
      if (text) legacy.color = text;
      this.linkColor = bodyLinkColor(el);
    }
    if (
      el.tagName === 'a' &&
      this.linkColor &&
      getAttr(el, 'href') !== undefined &&
      !this.declares(el, 'color')
    )
      legacy.color = this.linkColor;
    // Pictor (docs28): `<font size color face>` are presentational hints (font-attributes.ts).
    if (el.tagName === 'font')
      Object.assign(
        legacy,
        fontAttributeStyle(el, (...p) => this.declares(el, ...p)),
      );
    // Pictor (mathml-operator-spacing): an operator's space from MathML Core's dictionary (mathml.ts).
    if (el.tagName === 'mo' && !this.declares(el, 'margin', 'margin-left', 'margin-right')) {
      const spacing = operatorSpacing(el);
      if (spacing) Object.assign(legacy, spacing);
    }
    if (this.fullQuirks) {
      this.marginQuirks(el, legacy);
      if (el.tagName === 'table') this.addPreamble(QUIRKS_TABLE_RULE);
      if (el.tagName === 'img' && getAttr(el, 'align') !== undefined) this.addPreamble(QUIRKS_IMAGE_RULE);
    }
    // Utility declarations sit under the style attribute, as `tw` does; the legacy placement over it (it adds to
    // the page's margins, legacy-placement.ts).
    const style = {
      ...legacy,
      ...twStyle,
      ...toSatoriStyle(this.inlineOf(el), this.warn),
      ...(this.isSizedBlock(el) ? this.placement(el, inherited) : {}),
      ...this.monospaceSize(el),
      ...extra,
    };
    if (Object.keys(style).length > 0) props.style = style;
    this.legacyAlign = align.children;
    let kids: SatoriChild[];
    try {
      kids = children ?? this.convertChildren(el, depth);
    } finally {
      this.legacyAlign = inherited;
    }
    const converted: SatoriElement = { type: el.tagName, props };
    this.sourceOf.set(converted, el);
    if (
      kids.some(isBreak) &&
      ITEM_CONTAINER.test(this.styles.declared(el, 'display', this.inlineOf(el)) ?? '')
    )
      kids = wrapTextRunsWithBreaks(kids) ?? kids;
    if (el.tagName === 'ruby' && this.laysOutRuby(el)) kids = this.rubyPairsOf(kids) ?? kids;
    // Pictor (mathml-scripts-fractions): an `<msubsup>`'s scripts stacked in one column (mathml.ts).
    if (el.tagName === 'msubsup') kids = stackedScripts(kids) ?? kids;
    // Pictor (mathml-under-over): limits and accents stacked on their base (mathml.ts).
    if (el.tagName === 'munder' || el.tagName === 'mover' || el.tagName === 'munderover')
      kids =
        underOver(el.tagName, kids, {
          accent: getAttr(el, 'accent')?.trim().toLowerCase() === 'true',
          accentUnder: getAttr(el, 'accentunder')?.trim().toLowerCase() === 'true',
          asScripts: limitsAsScripts(el),
          largeOperator: isLargeOperator(el),
        }) ?? kids;
    // Only a float after a `<br>` needs it: the cascade is asked for `float` there alone.
    if (kids.some(isBreak) && isBlockContainer(converted))
      kids = wrapLinesBeforeFloats(kids, (kid) => this.isFloat(kid), isBlockLevel) ?? kids;
    if (kids.length === 1) props.children = kids[0];
    else if (kids.length > 1) props.children = kids;
    this.lineHeightQuirk(converted, kids, el);
    return converted;
  }

  /** True when `<ruby>` keeps its ruby display (`display: ruby`, which the sheets degrade to `inline`). */
  private laysOutRuby(el: Element): boolean {
    const display = this.styles.declared(el, 'display', this.inlineOf(el))?.trim().toLowerCase();
    return display === undefined || display === 'ruby' || display === 'inline';
  }

  /** A ruby's children as pairs of a base and its annotation (ruby.ts); the `<rt>` a sheet hides stays out. */
  private rubyPairsOf(kids: SatoriChild[]): SatoriChild[] | undefined {
    const declared = (e: Element, property: string) => this.styles.declared(e, property, this.inlineOf(e));
    return rubyPairs(
      kids,
      (annotation) => {
        const source = this.sourceOf.get(annotation);
        return source !== undefined && declared(source, 'display')?.trim().toLowerCase() === 'none';
      },
      (annotation) => {
        const source = this.sourceOf.get(annotation);
        return source && annotationSizeRatio(source, declared);
      },
    );
  }

  /**
   * The line-height calculation quirk of quirks and limited-quirks mode (quirks.spec.whatwg.org): a line that holds
   * pictures and no text gets no strut, so a picture in a cell or a link is as tall as its line, with no gap for
   * the font's descent under it; a space between two pictures counts as text. Approximated for whole subtrees: an
   * element whose content has pictures and no text gets `line-height: 0` (it has no text for the value to change);
   * in a block that also holds text or blocks, each line of pictures without text goes into an anonymous block
   * that has it (picture-lines.ts).
   */
  private lineHeightQuirk(converted: SatoriElement, kids: SatoriChild[], el: Element): void {
    // Standards mode (every fragment, most cards) needs none of it: no flags are kept, so no element pays for them.
    if (!this.quirksMode) return;
    const flags = this.combinedFlags(converted.type, kids);
    // An inline box with padding or a border along the line counts as content of its line (inline-edges.ts).
    if (!flags.text && flags.picture && this.isPaddedInline(el, converted)) flags.text = true;
    this.contentFlags.set(converted, flags);
    if (flags.picture && !flags.text && !PICTURE_TAGS.has(converted.type)) {
      // `font-size: 0` as well for a lone picture where nothing of the element's own box is in `em` (see
      // picture-lines.ts).
      const lone = lonePicture(kids, this.convertedSizedInEm) && !this.sizedInEm(el, converted);
      const collapse = lone ? { lineHeight: '0', fontSize: '0' } : { lineHeight: '0' };
      converted.props.style = { ...((converted.props.style as object) ?? {}), ...collapse };
      // Its white space would have no width at that size, yet it may separate it from a neighbour on the line
      // (footer icons `<a>\n<img>\n</a>\n<a>…`, where the first space of a run is the one kept): it goes out to
      // the parent, whose font gives it the width Chrome gives it.
      if (lone) this.hoistSpace(converted, kids);
      // Pictures beside blocks (a spacer GIF above a table of pictures): each run of them is a line of its own.
      if (isBlockContainer(converted) && kids.some(isBlockLevel)) this.wrapPictureLinesOf(converted, kids);
    } else if (flags.picture && flags.text && isBlockContainer(converted))
      this.wrapPictureLinesOf(converted, kids);
    else if (flags.text) {
      const context = this.atomicLineContext(el);
      if (!applyAtomicLineQuirk(converted, kids, context)) applyInlineTextLineQuirk(converted, kids, context);
    }
  }

  /** Whether `el` is an inline box (not atomic) with padding or a border on its left or right side. */
  private isPaddedInline(el: Element, converted: SatoriElement): boolean {
    if (PICTURE_TAGS.has(converted.type)) return false;
    const display = (converted.props.style as Record<string, unknown> | undefined)?.display;
    if (display !== undefined && String(display).trim().toLowerCase() !== 'inline') return false;
    const inline = this.inlineOf(el);
    return hasInlineAxisEdges((property) => this.styles.declared(el, property, inline));
  }

  /** What atomic-line-quirk.ts asks of the converted children of `el`. */
  private atomicLineContext(el: Element): AtomicLineQuirkContext {
    const sourceStyle = (kid: SatoriElement, property: string) => {
      const source = this.sourceOf.get(kid);
      return source ? this.styles.declared(source, property, this.inlineOf(source)) : undefined;
    };
    return {
      isAtomicInline: (kid) => {
        const own = (kid.props.style as Record<string, unknown> | undefined)?.display;
        return isAtomicInlineDisplay(typeof own === 'string' ? own : sourceStyle(kid, 'display'));
      },
      holdsText: (kid) => this.flagsOf(kid).text,
      isPlainInline: (kid) => {
        if (!PLAIN_INLINE_TAGS.has(kid.type)) return false;
        const style = kid.props.style as Record<string, unknown> | undefined;
        const display = typeof style?.display === 'string' ? style.display : sourceStyle(kid, 'display');
        const align =
          typeof style?.verticalAlign === 'string' ? style.verticalAlign : sourceStyle(kid, 'vertical-align');
        return (
          (display === undefined || display.trim().toLowerCase() === 'inline') &&
          (align === undefined || align.trim().toLowerCase() === 'baseline') &&
          style?.position === undefined &&
          style?.float === undefined
        );
      },
      declaresLineHeight: (kid) =>
        (kid.props.style as Record<string, unknown> | undefined)?.lineHeight !== undefined ||
        sourceStyle(kid, 'line-height') !== undefined ||
        sourceStyle(kid, 'font') !== undefined,
      inheritedLineHeight: () => {
        for (let e: Element | null = el; e; e = parentElement(e)) {
          const value = this.declaredLineHeight(e);
          if (value !== undefined) return value;
          // Quirks mode's table rule resets it (quirks.ts).
          if (this.fullQuirks && e.tagName === 'table') return 'normal';
        }
        return 'normal';
      },
    };
  }

  /**
   * The line height `el` declares, by `line-height` or by the `font` shorthand when that comes later in the cascade
   * (`html { font: 100%/1.5 sans-serif }`, the GIMP manual's; a `font` without one resets it to `normal`).
   */
  private declaredLineHeight(el: Element): string | undefined {
    const inline = this.inlineOf(el);
    const own = this.styles.declared(el, 'line-height', inline);
    const font = this.styles.declared(el, 'font', inline);
    if (
      font === undefined ||
      (own !== undefined && this.styles.compareCascade(el, 'font', 'line-height', inline) <= 0)
    )
      return own;
    return shorthandLineHeight(font) ?? own;
  }

  /**
   * Quirks mode's margin collapsing quirk: a body or cell finds the children whose UA margins it zeroes (before they
   * are converted); such a child gets the zero.
   */
  private marginQuirks(el: Element, style: Record<string, string>): void {
    if (el.tagName === 'body' || el.tagName === 'td' || el.tagName === 'th')
      quirkyMargins(
        el,
        (e, property) => this.styles.declared(e, property, this.inlineOf(e)),
        this.quirkyTop,
        this.quirkyBottom,
      );
    if (this.quirkyTop.has(el)) style.marginTop = '0px';
    if (this.quirkyBottom.has(el)) style.marginBottom = '0px';
  }

  /** True when CSS floats the element a converted child came from. */
  private isFloat(kid: SatoriChild): boolean {
    const el = kid && typeof kid === 'object' ? this.sourceOf.get(kid) : undefined;
    if (el === undefined) return false;
    // A float from an HTML attribute (`<table align="left">`) is in the converted style, not in the cascade.
    const own = (kid as SatoriElement).props.style?.float;
    return FLOATS.test(
      typeof own === 'string' ? own : (this.styles.declared(el, 'float', this.inlineOf(el)) ?? ''),
    );
  }

  /** Take the white space at the ends of `converted`'s children out, for its parent to put beside it. */
  private hoistSpace(converted: SatoriElement, kids: SatoriChild[]): void {
    let start = 0;
    let end = kids.length;
    while (start < end && isBlankText(kids[start])) start++;
    while (end > start && isBlankText(kids[end - 1])) end--;
    if (start === 0 && end === kids.length) return;
    const before = kids.slice(0, start).join('');
    const after = kids.slice(end).join('');
    const inner = kids.slice(start, end);
    if (inner.length === 1) converted.props.children = inner[0];
    else if (inner.length > 1) converted.props.children = inner;
    else delete converted.props.children;
    this.hoistedSpace.set(converted, { before, after });
  }

  /** `wrapPictureLines` on a converted block, its new lines' content flags kept. */
  private wrapPictureLinesOf(converted: SatoriElement, kids: SatoriChild[]): void {
    const wrapped = wrapPictureLines(
      kids,
      (run) => {
        const flags = this.combinedFlags(ANONYMOUS_LINE_BOX, run);
        return flags.picture && !flags.text;
      },
      this.convertedSizedInEm,
    );
    if (!wrapped) return;
    for (const line of wrapped.lines) this.contentFlags.set(line, { text: false, picture: true });
    converted.props.children = wrapped.children.length === 1 ? wrapped.children[0] : wrapped.children;
  }

  /** `sizedInEm` of a converted element, read on the element it came from (false for one the converter made). */
  private readonly convertedSizedInEm = (converted: SatoriElement): boolean => {
    const source = this.sourceOf.get(converted);
    return source !== undefined && this.sizedInEm(source, converted);
  };

  /** True when a length of the element's own box (its style attribute, sheets or the converter's) is in `em`. */
  private sizedInEm(el: Element, converted: SatoriElement): boolean {
    const inEm = (value: unknown) => typeof value === 'string' && /\d(?:em|ex|ch)\b/.test(value);
    if (Object.values((converted.props.style as Record<string, unknown>) ?? {}).some(inEm)) return true;
    const inline = this.inlineOf(el);
    return EM_SENSITIVE.some((p) => inEm(this.styles.declared(el, p, inline)));
  }

  /** Content flags of a converted child (a wrapper made by the table code is read through its children). */
  private flagsOf(child: SatoriChild): ContentFlags {
    if (typeof child === 'string') return { text: /[^ \t\n\r\f]/.test(child), picture: false };
    if (!child || typeof child !== 'object') return { text: false, picture: false };
    const known = this.contentFlags.get(child);
    if (known) return known;
    const children = child.props.children;
    return this.combinedFlags(
      child.type,
      Array.isArray(children) ? children : children === undefined ? [] : [children],
    );
  }

  /** Content flags of an element of type `type` with these converted children. */
  private combinedFlags(type: string, kids: SatoriChild[]): ContentFlags {
    const flags: ContentFlags = { text: TEXT_LIKE_TAGS.has(type), picture: PICTURE_TAGS.has(type) };
    if (NO_TEXT_TAGS.has(type)) return flags;
    for (const kid of kids) {
      const own = this.flagsOf(kid);
      flags.text ||= own.text;
      flags.picture ||= own.picture;
    }
    flags.text ||= hasSpaceBetweenItems(kids);
    return flags;
  }

  /**
   * `<img align>` as Chrome's UA rules map it: left and right float, top, middle and bottom align vertically;
   * `hspace` and `vspace` are margins, `border` a solid border of that width.
   */
  private imageAlign(el: Element): Record<string, string> {
    const value = getAttr(el, 'align')?.trim().toLowerCase();
    const out: Record<string, string> = {};
    const px = (name: string) => {
      const m = /^\s*(\d+)/.exec(getAttr(el, name) ?? '');
      return m ? `${m[1]}px` : undefined;
    };
    const h = px('hspace');
    if (h && !this.declares(el, 'margin', 'margin-left', 'margin-right')) {
      out.marginLeft = h;
      out.marginRight = h;
    }
    const v = px('vspace');
    if (v && !this.declares(el, 'margin', 'margin-top', 'margin-bottom')) {
      out.marginTop = v;
      out.marginBottom = v;
    }
    const border = px('border');
    if (border && border !== '0px' && !this.declares(el, 'border', 'border-width'))
      out.border = `${border} solid`;
    return { ...out, ...this.imageAlignment(el, value) };
  }

  private imageAlignment(el: Element, value: string | undefined): Record<string, string> {
    if (value === 'left' || value === 'right') return this.declares(el, 'float') ? {} : { float: value };
    const vertical =
      value === 'top' ? 'top' : value === 'middle' ? 'middle' : value === 'bottom' ? 'baseline' : '';
    return vertical && !this.declares(el, 'vertical-align') ? { verticalAlign: vertical } : {};
  }

  /** True when CSS gives the element a width (a block without one fills its line and is never placed). */
  private hasWidth(el: Element): boolean {
    return this.declares(el, 'width', 'max-width');
  }

  /**
   * A block-level box narrower than its container, which a legacy `center` or `right` places (Chrome's
   * `-webkit-center` / `-webkit-right` give such a box auto margins): a block element with a width, or any element
   * CSS makes a block (`<img style="display:block">`, e-mail's usual logo) — an image is as wide as its picture.
   */
  private isSizedBlock(el: Element): boolean {
    const display = this.styles.declared(el, 'display', this.inlineOf(el))?.trim().toLowerCase();
    // An element CSS makes inline (`display: inline-block` columns of hybrid e-mails) sits on a line instead.
    if (BLOCK_TAGS.has(el.tagName))
      return (
        (display === undefined || /^(?:block|flex|grid|table|list-item|flow-root)$/.test(display)) &&
        this.hasWidth(el)
      );
    if (display !== 'block' && display !== 'flex' && display !== 'grid') return false;
    return el.tagName === 'img' || this.hasWidth(el);
  }
}
