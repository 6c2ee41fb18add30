/**
 * parse5 DOM → satori element tree. Text is passed through as written (satori applies the CSS
 * `white-space` rules itself: runs collapse, spaces between inline elements stay, `<pre>` keeps its
 * newlines); only whitespace that can never render (inside table structure, `<html>`, `<head>`) is dropped.
 */
import { type Element, type Node, type ParentNode, getAttr, isElement, isText } from './dom.js';
import { type CssDeclarations, parseInlineStyle, toSatoriStyle } from './inline-style.js';
import type { DocumentStyles } from './stylesheet.js';
import { convertTable, isTableStructure } from './tables.js';
import { TAILWIND_PREFLIGHT, preflightStyle, splitTailwind, tailwindUtilities } from './tailwind.js';
import { UA_RULES } from './ua-styles.js';
import type { DocumentFontFace, SatoriChild, SatoriElement } from './types.js';

/** Elements whose content never renders and is left out of the tree. */
const SKIPPED = new Set([
  'script',
  'noscript',
  'template',
  'title',
  'meta',
  'base',
  'link',
  'object',
  'embed',
  'iframe',
]);

/** Elements whose UA font is the generic `monospace`. */
const MONOSPACE_TAGS = new Set(['pre', 'code', 'kbd', 'samp', 'tt', 'listing', 'xmp']);

/** Deeper nesting than this is cut (satori and resvg recurse per level). */
export const MAX_DEPTH = 256;

/** Attribute that marks a `<style>` placeholder for a `<link rel="stylesheet">`, filled by the resources stage. */
export const STYLESHEET_HREF_ATTR = 'data-pictor-href';

/** State shared by one conversion. */
export class TreeConverter {
  readonly stylesheets: string[] = [];
  readonly fontFaces: DocumentFontFace[] = [];
  /** `href` of the first `<base>`. */
  baseHref: string | undefined;
  private readonly preamble = new Set<string>();
  private readonly inlineCache = new WeakMap<Element, CssDeclarations>();
  private truncated = false;

  constructor(
    readonly styles: DocumentStyles,
    readonly warn: (message: string) => void,
    private readonly tailwind: boolean,
  ) {}

  /** True once an element got bare Tailwind utilities. */
  usedTailwind = false;

  /** The UA rules the converted tree needs, as one CSS text ('' when none); Tailwind's preflight last. */
  preambleCss(): string {
    const rules = [...this.preamble];
    if (this.usedTailwind) rules.push(TAILWIND_PREFLIGHT);
    return rules.join('\n');
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
    for (const node of parent.childNodes) {
      if (isText(node)) {
        if (dropBlank && node.value.trim() === '') continue;
        out.push(node.value);
      } else if (isElement(node)) {
        const converted = this.convertNode(node, depth + 1);
        if (converted) out.push(converted);
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
    if (tag === 'table') return convertTable(el, this.tableContext(depth));
    if (tag === 'img') return this.convertImage(el, depth);
    return this.convertElement(el, {}, undefined, depth);
  }

  /** Sheets by `<style>` element, set by `parse`. */
  sheetTexts: Map<Element, string> = new Map();

  /**
   * `<img>`: a `srcset`-only image uses its first candidate; an image with no source at all is an empty box of
   * its `width`/`height`, as in browsers (satori would throw).
   */
  private convertImage(el: Element, depth: number): SatoriElement {
    const img = this.convertElement(el, {}, [], depth);
    const src = (getAttr(el, 'src') ?? '').trim();
    if (src) return img;
    const candidate = (getAttr(el, 'srcset') ?? '').trim().split(/\s+/)[0];
    if (candidate) {
      img.props.src = candidate;
      return img;
    }
    const style: Record<string, string> = { display: 'inline-block' };
    for (const dim of ['width', 'height'] as const) {
      const value = getAttr(el, dim);
      if (value && /^\d+(\.\d+)?$/.test(value.trim())) style[dim] = `${value.trim()}px`;
    }
    return { type: 'span', props: { style: { ...style, ...((img.props.style as object) ?? {}) } } };
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

  private tableContext(depth: number) {
    return {
      styles: this.styles,
      inlineOf: (el: Element) => this.inlineOf(el),
      convert: (el: Element, extra: Record<string, string>, children?: SatoriChild[]) =>
        this.convertElement(el, extra, children, depth),
      addPreamble: (css: string) => this.addPreamble(css),
      warn: this.warn,
    };
  }

  /**
   * Chrome sizes text whose font is the bare generic `monospace` at 13px instead of 16px (its default
   * fixed font size): `pre`, `code`, `kbd`, `samp` without an authored font-family, when no element up the
   * tree sets a font size.
   */
  private monospaceSize(el: Element): Record<string, string> {
    if (!MONOSPACE_TAGS.has(el.tagName)) return {};
    const inline = this.inlineOf(el);
    const family = this.styles.declared(el, 'font-family', inline);
    if (family !== undefined && family.trim().toLowerCase() !== 'monospace') return {};
    // Only while the font size is still the default keyword: any authored size on the way up turns it off.
    for (let p: Node | null = el; p && isElement(p); p = p.parentNode as Node | null) {
      if (p !== el && MONOSPACE_TAGS.has(p.tagName)) return {};
      const decls = this.inlineOf(p);
      if (this.styles.declared(p, 'font-size', decls) !== undefined) return {};
      if (this.styles.declared(p, 'font', decls) !== undefined) return {};
    }
    return { fontSize: '0.8125em' };
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
    const props: SatoriElement['props'] = {};
    for (const attr of el.attrs) {
      if (attr.name === 'style' || attr.name.startsWith('on')) continue;
      props[attr.name] = attr.value;
    }
    let twStyle: Record<string, string> = {};
    if (this.tailwind && props.class) {
      const classes = String(props.class).split(/\s+/).filter(Boolean);
      const utilities = tailwindUtilities(classes, this.styles.classNames);
      const split = splitTailwind(utilities);
      if (split.tw.length > 0) props.tw = split.tw.join(' ');
      if (utilities.length > 0) {
        this.usedTailwind = true;
        // The preflight's inline resets would beat the page's own CSS: never on an element a sheet styles.
        const styledBySheet = classes.some((name) => this.styles.classNames.has(name));
        twStyle = { ...(styledBySheet ? {} : preflightStyle(el.tagName, utilities)), ...split.style };
      }
    }
    // Utility declarations sit under the style attribute, as `tw` does.
    const style = {
      ...twStyle,
      ...toSatoriStyle(this.inlineOf(el), this.warn),
      ...this.monospaceSize(el),
      ...extra,
    };
    if (Object.keys(style).length > 0) props.style = style;
    const kids = children ?? this.convertChildren(el, depth);
    if (kids.length === 1) props.children = kids[0];
    else if (kids.length > 1) props.children = kids;
    return { type: el.tagName, props };
  }
}
