/**
 * Quirks mode: a document without a doctype (or with an old one), as many e-mails are, is drawn by Chrome with the
 * quirks of HTML's rendering section and its own quirks.css. The line-height calculation quirk (which limited-quirks
 * mode has too) lives in the converter (`lineHeightQuirk`); these are the quirks-mode-only ones.
 */
import { type Element, type Node, isElement, isText } from '../dom.js';
import { PLAIN_INLINE_TAGS } from './element-kinds.js';

/**
 * Chrome's quirks.css, as UA rules: a table cuts the inheritance of every font property but the family (an e-mail's
 * `body { font-size: 14px }` leaves its table text at 16px, its line height `normal`) and of the text alignment.
 */
export const QUIRKS_TABLE_RULE =
  ':where(table){white-space:normal;line-height:normal;font-weight:normal;font-size:16px;font-variant:normal;font-style:normal;text-align:start}';

/** quirks.css: a floated picture keeps 3px from the text beside it. */
export const QUIRKS_IMAGE_RULE =
  ':where(img[align=left]){margin-right:3px}:where(img[align=right]){margin-left:3px}';

/** Elements whose UA top margin is "quirky" (Blink's `__qem`): it collapses to nothing at the top of a cell or body. */
const QUIRKY_TOP = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'dl',
  'menu',
  'dir',
  'blockquote',
  'pre',
  'listing',
  'xmp',
  'plaintext',
]);

/** Blocks a margin collapses through (into their first or last child), unless padding or a border is in the way. */
const PLAIN_BLOCKS = new Set([
  'div',
  'center',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'form',
]);

/** Elements that take no part in the flow (their content never renders). */
const NO_BOX = new Set(['style', 'script', 'template', 'title', 'meta', 'link', 'base', 'noscript']);

/** A declared value of an element's property, or undefined. */
export type DeclaredOf = (el: Element, property: string) => string | undefined;

/**
 * The margin collapsing quirks (HTML, "Margin collapsing quirks"; Blink's quirky margins): in a `<body>`, `<td>` or
 * `<th>`, the UA top margin of the first block (reached through plain blocks it collapses through) counts for nothing,
 * and in a cell so does the UA bottom margin of a last `<p>`. An author margin stays. The elements whose top or bottom
 * margin is so zeroed are added to `top` and `bottom`.
 */
export function quirkyMargins(
  container: Element,
  declared: DeclaredOf,
  top: Set<Element>,
  bottom: Set<Element>,
): void {
  const margin = (el: Element, side: 'top' | 'bottom') =>
    ['margin', 'margin-block', `margin-${side}`, `margin-block-${side === 'top' ? 'start' : 'end'}`].some(
      (property) => declared(el, property) !== undefined,
    );
  const edge = (el: Element, side: 'top' | 'bottom') =>
    ['padding', `padding-${side}`, 'border', `border-${side}`, `border-${side}-width`, 'border-width'].some(
      (property) => declared(el, property) !== undefined,
    );
  for (const side of ['top', 'bottom'] as const) {
    if (side === 'bottom' && container.tagName === 'body') continue;
    let el = edgeChild(container, side, declared);
    while (el) {
      const quirky = side === 'top' ? QUIRKY_TOP.has(el.tagName) : el.tagName === 'p';
      if (quirky) {
        if (!margin(el, side)) (side === 'top' ? top : bottom).add(el);
        break;
      }
      if (!PLAIN_BLOCKS.has(el.tagName) || edge(el, side) || ownDisplay(el, declared)) break;
      el = edgeChild(el, side, declared);
    }
  }
}

/** True when CSS gives the element a display or position that starts a new formatting context. */
function ownDisplay(el: Element, declared: DeclaredOf): boolean {
  const display = declared(el, 'display')?.trim().toLowerCase();
  if (display !== undefined && display !== 'block') return true;
  const overflow = declared(el, 'overflow')?.trim().toLowerCase();
  return overflow !== undefined && overflow !== 'visible';
}

/**
 * The first (or last) child of an element in its flow, when it is an element that may carry a quirky margin or
 * pass one through: undefined when text or an inline element comes first (a line box is no margin to collapse).
 */
function edgeChild(el: Element, side: 'top' | 'bottom', declared: DeclaredOf): Element | undefined {
  const nodes = side === 'top' ? el.childNodes : [...el.childNodes].reverse();
  for (const node of nodes as Node[]) {
    if (isText(node)) {
      if (/[^ \t\n\r\f]/.test(node.value)) return undefined;
      continue;
    }
    if (!isElement(node) || NO_BOX.has(node.tagName)) continue;
    const display = declared(node, 'display')?.trim().toLowerCase();
    if (display === 'none') continue;
    // Pictor (quirks-margin-past-empty-boxes): an empty anchor (`<a name="idm1"></a>`) makes no line and an empty
    // block is collapsed through: the quirk goes on past both (DocBook's refentry, `<a name>` and an empty
    // `<div class="titlepage">` before its first `<h2>`, which Chromium draws at the body's top).
    if (isEmptyBox(node, declared)) continue;
    const position = declared(node, 'position')?.trim().toLowerCase();
    const float = declared(node, 'float')?.trim().toLowerCase();
    if (position === 'absolute' || position === 'fixed' || (float !== undefined && float !== 'none'))
      continue;
    return QUIRKY_TOP.has(node.tagName) || PLAIN_BLOCKS.has(node.tagName) ? node : undefined;
  }
  return undefined;
}

const SIDES = [
  'top',
  'right',
  'bottom',
  'left',
  'block',
  'inline',
  'block-start',
  'block-end',
  'inline-start',
  'inline-end',
];

/** Properties that give an element a size or an edge of its own: any of them declared makes it no empty box. */
const SIZING = [
  'height',
  'min-height',
  'display',
  'position',
  'float',
  'content',
  'border-width',
  'border-style',
  ...['padding', 'border', 'margin'].flatMap((family) => [
    family,
    ...SIDES.map((side) => `${family}-${side}`),
  ]),
  ...SIDES.flatMap((side) => [`border-${side}-width`, `border-${side}-style`]),
];

/**
 * An element that takes no room at the top of its container: a plain inline or plain block with nothing in it but
 * white space and more such elements, and no padding, border, margin or size of its own.
 */
function isEmptyBox(el: Element, declared: DeclaredOf, depth = 0): boolean {
  if (depth > 8 || !(PLAIN_INLINE_TAGS.has(el.tagName) || PLAIN_BLOCKS.has(el.tagName))) return false;
  if (SIZING.some((property) => declared(el, property) !== undefined)) return false;
  for (const node of el.childNodes as Node[]) {
    if (isText(node)) {
      if (/[^ \t\n\r\f]/.test(node.value)) return false;
      continue;
    }
    if (isElement(node) && !NO_BOX.has(node.tagName) && !isEmptyBox(node, declared, depth + 1)) return false;
  }
  return true;
}

/** A vertical margin of the body in px (`0`, `12px`; the UA's 8px when none is declared), or undefined. */
function bodyMargin(
  declared: (property: string) => string | undefined,
  side: 'top' | 'bottom',
): number | undefined {
  const longhand = declared(`margin-${side}`);
  const shorthand = declared('margin');
  const value = (
    longhand ??
    (shorthand === undefined
      ? '8px'
      : (() => {
          const values = shorthand.trim().split(/\s+/);
          return side === 'top' ? values[0] : (values[2] ?? values[0]);
        })())
  )
    ?.trim()
    .toLowerCase();
  if (value === undefined) return undefined;
  if (/^0+(?:\.0*)?$/.test(value)) return 0;
  const m = /^(\d+(?:\.\d+)?)px$/.exec(value);
  return m ? Number(m[1]) : undefined;
}

/**
 * HTML's "body element fills the html element" quirk: in quirks mode, a body without a height of its own is as tall
 * as the viewport less its margins, so a percentage height in it resolves against that (an e-mail's `<table
 * height="100%">` fills the page with its background). The body's height as a style, or undefined where the page
 * sets a height on `<html>` or `<body>`, the viewport's height is not known, or the margins are not in px.
 */
export function bodyFillsViewport(
  htmlDeclared: (property: string) => string | undefined,
  bodyDeclared: (property: string) => string | undefined,
  viewportHeight: number | undefined,
): Record<string, string> | undefined {
  if (viewportHeight === undefined) return undefined;
  if (['height', 'min-height'].some((p) => htmlDeclared(p) !== undefined || bodyDeclared(p) !== undefined))
    return undefined;
  const top = bodyMargin(bodyDeclared, 'top');
  const bottom = bodyMargin(bodyDeclared, 'bottom');
  if (top === undefined || bottom === undefined) return undefined;
  const height = Math.max(0, viewportHeight - top - bottom);
  const border = ['border', 'border-top', 'border-bottom'].some((p) => bodyDeclared(p) !== undefined);
  const padding = [bodyPadding(bodyDeclared, 'top'), bodyPadding(bodyDeclared, 'bottom')];
  // Pictor (quirks-body-padding): the fill is the body's border box; its padding comes off as a content-box height,
  // since border-box sizing would also make the body's width and max-width count the padding (new.css's
  // `body { max-width: 750px; padding: 2rem }` came out 64 px narrower in a page without a doctype).
  if (!border && padding.every((p) => p !== undefined)) {
    const inner = padding.filter((p) => p !== '0');
    return {
      height: inner.length ? `calc(${height}px - ${inner.join(' - ')})` : `${height}px`,
      boxSizing: 'content-box',
    };
  }
  return { height: `${height}px`, boxSizing: 'border-box' };
}

/**
 * A vertical padding of the body as a length calc() takes (`0` when none is declared), or undefined for a
 * percentage (of the width, not the height) or anything else.
 */
function bodyPadding(
  declared: (property: string) => string | undefined,
  side: 'top' | 'bottom',
): string | undefined {
  const shorthand = declared('padding')?.trim().split(/\s+/);
  const value = (
    declared(`padding-${side}`) ??
    (shorthand && (side === 'top' ? shorthand[0] : (shorthand[2] ?? shorthand[0]))) ??
    '0'
  )
    .trim()
    .toLowerCase();
  if (/^0+(?:\.0*)?$/.test(value)) return '0';
  return /^\d*\.?\d+(?:px|r?em|pt|pc|in|cm|mm|q|vh|vw|vmin|vmax|ch|ex)$/.test(value) ? value : undefined;
}
