/** HTML string → satori tree: a standards-compliant parse (parse5), the document's sheets read first. */
import { parse, parseFragment } from 'parse5';
import { PictorError } from '../errors.js';
import { bodyBackgroundHints } from './elements/body-attributes.js';
import { MAX_DEPTH, SKIPPED, TreeConverter } from './elements/convert.js';
import { dropEngineAttributes } from './elements/engine-attributes.js';
import { bodyFillsViewport } from './elements/quirks.js';
import { resolveSvgUses } from './elements/svg-sprites.js';
import { mayHaveRadioGroups, uncheckOverriddenRadios } from './elements/radio-groups.js';
import { reserveRootScrollbarGutter } from './elements/scrollbar-gutter.js';
import { propagateOverflowToViewport } from './elements/viewport-overflow.js';
import { type Element, type Node, type ParentNode, childElements, isElement, isText } from './dom.js';
import { toCamelCase } from './style-sheets/inline-style.js';
import { liftDataUris } from './lift-data-uris.js';
import { parseLiftingSheets } from './lift-style-sheets.js';
import type { MediaViewport } from './style-sheets/media-queries.js';
import { DocumentStyles, type StyleSheetOptions } from './style-sheets/stylesheet.js';
import type { ParsedHtml, SatoriChild, SatoriElement } from './types.js';

/** Options of `parseHtml`. */
export interface ParseHtmlOptions {
  /** Map bare Tailwind utility classes (no stylesheet styles them) to satori's `tw` prop. Default true. */
  tailwind?: boolean;
  /**
   * Font family of text whose CSS names none (browsers use a serif). Given with zero specificity on the root,
   * so any authored `font-family`, also on `html` or `:root`, wins. Example: `'sans-serif'`.
   */
  defaultFontFamily?: string;
  /**
   * Refuse a source with more elements than this before converting it (the conversion and its selector matching
   * cost grows with every element): throws PictorError INVALID_INPUT `html: must contain at most N elements`.
   * Default: no limit here (the render checks the converted tree with `checkTreeSize` too).
   */
  maxElements?: number;
  /** The render's CSS size: `@media` blocks are resolved against it (an omitted dimension matches no query on it). */
  viewport?: MediaViewport;
  /** How style sheets are read and matched (tunings `styleSheetCache`, `styleSheetIndex`): both on by default. */
  styleSheets?: StyleSheetOptions;
}

/**
 * Throw when the parsed tree under `root` has more than `max` elements that the conversion would keep (none nested
 * deeper than MAX_DEPTH, none inside a skipped element such as `<script>`): never more than the converted tree
 * holds, so a source this lets through is one `checkTreeSize` would have judged the same. Counted without recursion.
 */
function checkElementCount(root: ParentNode, max: number): void {
  let count = 0;
  const stack: [ParentNode, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [ParentNode, number];
    if (depth > MAX_DEPTH) continue;
    for (const child of node.childNodes) {
      if (!isElement(child) || SKIPPED.has(child.tagName)) continue;
      if (++count > max) {
        throw new PictorError('INVALID_INPUT', `html: must contain at most ${max} elements`, {
          field: 'html',
          rule: 'maxElements',
        });
      }
      stack.push([child, depth + 1]);
    }
  }
}

/**
 * A whole document, not a fragment: it starts (after comments, and an XML declaration such as XHTML pages carry,
 * `<?xml version="1.0"?>`, which HTML reads as a comment) with a doctype, `<html>`, `<head>` or `<body>`.
 */
const DOCUMENT_START = /^\s*(?:<!--[\s\S]*?-->\s*|<\?[^>]*>\s*)*<(?:!doctype|html|head|body)[\s>/]/i;
const STYLE_BLOCK = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
/** `html` as a type selector: after a selector boundary, before the rule's `{`. */
const HTML_SELECTOR = /(?:^|[\s,}>~+(])html(?![\w-])(?=[^{};]*\{)/i;

/**
 * Whether a fragment's own style sheets style `html`: in a browser the fragment is a page whose root is `<html>`, and
 * rules on it set the root's font size (`rem`), colour, font and background. Such a fragment keeps an `<html>` root
 * (a margin-less body, as fragments have).
 */
function stylesHtmlElement(source: string): boolean {
  if (!/html/i.test(source)) return false;
  for (const block of source.matchAll(STYLE_BLOCK)) {
    if (HTML_SELECTOR.test((block[1] ?? '').replace(/\/\*[\s\S]*?\*\//g, ''))) return true;
  }
  return false;
}

/**
 * UA rule for a fragment's wrapper: a fragment gets no implicit margin (docs/contract/decisions.md "Limits", auto
 * size); the wrapper is a formatting context, as the root is in browsers, so a child's top margin never uncovers the
 * canvas background.
 */
const FRAGMENT_PREAMBLE = ':where(body[data-pictor-fragment]){margin:0;height:100%;display:flow-root}';

/**
 * Parse an HTML fragment or complete document into the tree satori renders.
 * A document keeps `<html>`/`<body>` (satori gives body its 8px margin); a fragment of one element is
 * that element, and several top-level nodes are wrapped in a margin-less `<body>`.
 * Never throws on any input (but one over `options.maxElements`): what cannot be honoured is dropped and listed in
 * `warnings`.
 *
 * @example
 * const { root, warnings } = parseHtml('<div style="width:300px;height:100px">Hi</div>');
 */
export function parseHtml(source: string, options: ParseHtmlOptions = {}): ParsedHtml {
  const warnings: string[] = [];
  const warn = (message: string): void => {
    if (!warnings.includes(message)) warnings.push(message);
  };
  const isDocument = DOCUMENT_START.test(source);
  const styles = new DocumentStyles(warn, options.viewport, options.styleSheets);
  const converter = new TreeConverter(styles, warn, options.tailwind ?? true);

  // Long data: URIs skip parse5's per-character tokenizer and are put back in the tree it builds.
  const lifted = liftDataUris(source);
  const text = lifted?.source ?? source;
  // Long sheets too (their data: URIs lifted first, put back after them).
  const parseText = <T extends object>(parser: (html: string) => T): T =>
    options.styleSheets?.cache === false ? parser(text) : parseLiftingSheets(text, parser);
  let root: SatoriElement;
  if (isDocument || stylesHtmlElement(source)) {
    const doc = parseText((html) => parse(html));
    if (options.maxElements !== undefined) checkElementCount(doc, options.maxElements);
    lifted?.restore(doc);
    dropEngineAttributes(text, doc);
    if (MAY_USE.test(text)) resolveSvgUses(doc, warn);
    // Pictor (radio-group-last-checked): of a radio group's checked buttons only the last stays checked.
    if (mayHaveRadioGroups(text)) uncheckOverriddenRadios(doc);
    // A fragment (parsed as a page for its `html` rules) has no quirks and no implicit margin.
    converter.quirksMode = isDocument && doc.mode !== 'no-quirks';
    converter.fullQuirks = isDocument && doc.mode === 'quirks';
    converter.sheetTexts = converter.collectSheets(doc);
    converter.takeUtilityCensus(doc);
    const html = childElements(doc).find((e) => e.tagName === 'html')!;
    if (!isDocument) {
      childElements(html)
        .find((e) => e.tagName === 'body')
        ?.attrs.push({ name: 'data-pictor-fragment', value: '' });
      converter.addPreamble(FRAGMENT_PREAMBLE);
    }
    root = converter.convertNode(html, 0)!;
    propagateBodyBackground(html, root, styles, converter);
    const bodyElement = childElements(html).find((e) => e.tagName === 'body');
    propagateOverflowToViewport(
      root,
      childrenOf(root).find((c): c is SatoriElement => typeof c === 'object' && c?.type === 'body'),
      (p) => styles.declared(html, p, converter.inlineOf(html)),
      (p) => (bodyElement ? styles.declared(bodyElement, p, converter.inlineOf(bodyElement)) : undefined),
    );
    reserveRootScrollbarGutter(root, (p) => styles.declared(html, p, converter.inlineOf(html)));
    if (converter.fullQuirks) fillViewport(html, root, styles, converter, options.viewport?.height);
  } else {
    const fragment = parseText((html) => parseFragment(html));
    if (options.maxElements !== undefined) checkElementCount(fragment, options.maxElements);
    lifted?.restore(fragment);
    dropEngineAttributes(text, fragment);
    if (MAY_USE.test(text)) resolveSvgUses(fragment, warn);
    if (mayHaveRadioGroups(text)) uncheckOverriddenRadios(fragment);
    converter.sheetTexts = converter.collectSheets(fragment);
    converter.takeUtilityCensus(fragment);
    const significant = fragment.childNodes.filter(
      (n: Node) =>
        (isText(n) && n.value.trim() !== '') || (isElement(n) && !['script', 'template'].includes(n.tagName)),
    );
    const only = significant.length === 1 && isElement(significant[0]) ? (significant[0] as Element) : null;
    const single =
      only && only.tagName !== 'style' && only.tagName !== 'table' ? converter.convertNode(only, 0) : null;
    // A lone element is the root, as satori users expect (`height: 100%` is the canvas), unless the tree needs
    // UA rules: their <style> must not become a child of the author's element (it would shift :first-child).
    if (single && !converter.preambleCss()) {
      root = single;
    } else {
      converter.addPreamble(FRAGMENT_PREAMBLE);
      const children = single ? [single] : converter.convertChildren(fragment, 0);
      root = { type: 'body', props: { 'data-pictor-fragment': '', children } };
    }
  }
  if (options.defaultFontFamily) applyDefaultFont(root, options.defaultFontFamily, converter);
  const math = converter.mathNotLaidOut();
  if (math) warn(math);
  if (converter.usedTailwind && root.type !== 'html') {
    root.props['data-pictor-root'] = '';
    // The root's line height comes from html in a page; a root with utilities gets it inline, under them.
    if (root.type !== 'body' && root.props.tw && !/\bleading-/.test(String(root.props.tw)))
      root.props.style = { lineHeight: '1.5', ...((root.props.style as object) ?? {}) };
  }
  insertPreamble(root, converter.preambleCss());
  const parsed: ParsedHtml = {
    root,
    isDocument,
    fontFaces: converter.fontFaces,
    stylesheets: converter.stylesheets,
    warnings,
  };
  if (converter.baseHref) parsed.baseHref = converter.baseHref;
  if (converter.quirksMode) parsed.lineHeightQuirk = true;
  if (options.viewport) parsed.viewport = options.viewport;
  return parsed;
}

/** Quirks mode: the body fills the viewport (quirks.ts, `bodyFillsViewport`). */
function fillViewport(
  html: Element,
  root: SatoriElement,
  styles: DocumentStyles,
  converter: TreeConverter,
  viewportHeight: number | undefined,
): void {
  const body = childElements(html).find((e) => e.tagName === 'body');
  const bodyEl = childrenOf(root).find(
    (c): c is SatoriElement => typeof c === 'object' && c?.type === 'body',
  );
  if (!body || !bodyEl) return;
  const height = bodyFillsViewport(
    (p) => styles.declared(html, p, converter.inlineOf(html)),
    (p) => styles.declared(body, p, converter.inlineOf(body)),
    viewportHeight,
  );
  if (height) bodyEl.props.style = { ...((bodyEl.props.style as object) ?? {}), ...height };
}

/** Only a source with a `<use` element can hold an SVG sprite reference: the others skip the tree walk. */
const MAY_USE = /<use[\s/>]/i;

/** Background properties that travel with a body background to the canvas (besides colour and image). */
const BACKGROUND_LONGHANDS = [
  'background-size',
  'background-position',
  'background-position-x',
  'background-position-y',
  'background-repeat',
  'background-origin',
  'background-clip',
  'background-blend-mode',
];

/**
 * A body background paints the whole canvas in browsers (CSS backgrounds §2.11.2) when the root has none:
 * move it to `<html>`, and let `<html>` cover the canvas.
 */
function propagateBodyBackground(
  html: Element,
  root: SatoriElement,
  styles: DocumentStyles,
  converter: TreeConverter,
): void {
  const body = childElements(html).find((e) => e.tagName === 'body');
  if (!body) return;
  const props = ['background', 'background-color', 'background-image'];
  const rootBg = props.some((p) => styles.declared(html, p, converter.inlineOf(html)) !== undefined);
  const rootStyle = (root.props.style ?? {}) as Record<string, unknown>;
  if (
    styles.declared(html, 'min-height', converter.inlineOf(html)) === undefined &&
    styles.declared(html, 'height', converter.inlineOf(html)) === undefined
  )
    rootStyle.minHeight = '100%';
  // The root is a formatting context in browsers: a child's top margin never moves the canvas background.
  if (styles.declared(html, 'display', converter.inlineOf(html)) === undefined)
    rootStyle.display = 'flow-root';
  const bodyInline = converter.inlineOf(body);
  const bodyEl = childrenOf(root).find(
    (c): c is SatoriElement => typeof c === 'object' && c?.type === 'body',
  );
  const hints = bodyBackgroundHints(body, (p) => styles.declared(body, p, bodyInline));
  if (!rootBg) {
    // The longhands go with it (after the shorthand): a sheet's `background-size` on body sized the image.
    // In cascade order: a later shorthand resets the longhands an earlier rule set, and the other way round.
    const bg = [...props, ...BACKGROUND_LONGHANDS]
      .map((p) => [p, styles.declared(body, p, bodyInline)] as const)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => styles.compareCascade(body, a, b, bodyInline));
    if (bg.length + hints.length > 0 && bodyEl) {
      for (const [p, v] of [...hints, ...bg]) rootStyle[toCamelCase(p)] = v;
      bodyEl.props.style = { ...(bodyEl.props.style ?? {}), background: 'none' };
    }
  } else if (hints.length > 0 && bodyEl) {
    // The root paints the canvas: the attributes paint the body's own box, under its CSS.
    const own = Object.fromEntries(hints.map(([p, v]) => [toCamelCase(p), v]));
    bodyEl.props.style = { ...own, ...(bodyEl.props.style ?? {}) };
  }
  root.props.style = rootStyle;
}

/**
 * The default family as a `:where()` rule on the root (document or wrapper); a lone fragment element (no
 * stylesheet can target it first) gets it inline unless it sets a family itself or through a `font-*` utility.
 */
function applyDefaultFont(root: SatoriElement, family: string, converter: TreeConverter): void {
  const safe = family.replace(/[;{}]/g, '');
  if (root.type === 'html') converter.addPreamble(`:where(html){font-family:${safe}}`);
  else if (root.type === 'body' && 'data-pictor-fragment' in root.props)
    converter.addPreamble(`:where(body[data-pictor-fragment]){font-family:${safe}}`);
  else {
    const style = (root.props.style ?? {}) as Record<string, unknown>;
    if (style.fontFamily !== undefined || style.font !== undefined) return;
    if (/(^|\s)font-(sans|serif|mono|\[)/.test(String(root.props.tw ?? ''))) return;
    root.props.style = { fontFamily: safe, ...style };
  }
}

function childrenOf(el: SatoriElement): SatoriChild[] {
  const c = el.props.children;
  return Array.isArray(c) ? c : c === undefined ? [] : [c];
}

/** The UA preamble goes first, so every author sheet comes after it. */
function insertPreamble(root: SatoriElement, css: string): void {
  if (!css) return;
  const style: SatoriElement = { type: 'style', props: { children: css } };
  const kids = childrenOf(root);
  const head = kids.find((c): c is SatoriElement => typeof c === 'object' && c?.type === 'head');
  if (head) head.props.children = [style, ...childrenOf(head)];
  else root.props.children = [style, ...kids];
}
