/** The HTML table model: rows in visual order, each cell's row, column and spans (colspan, rowspan), border widths. */
import { type Element, getAttr } from '../dom.js';
import type { DocumentStyles } from '../style-sheets/stylesheet.js';
import { nearestDeclared, substituteVars } from '../style-sheets/var-substitution.js';
import type { SatoriChild, SatoriElement } from '../types.js';
import { HTML_TABLE, type TableStructure } from './table-structure.js';

/** What the table translation needs from the element converter. */
export interface TableContext {
  styles: DocumentStyles;
  /** The CSS declarations of an element's `style` attribute. */
  inlineOf(el: Element): Record<string, string>;
  /** Convert an element (its own style, attributes and children), adding `extra` to its style. */
  convert(el: Element, extra: Record<string, string>, children?: SatoriChild[]): SatoriElement;
  /** Register a UA rule (zero specificity) in the document's preamble sheet. */
  addPreamble(css: string): void;
  warn(message: string): void;
  /**
   * An element's `display` as written, a table display a sheet degraded for satori included (`inline-table` where the
   * sheet now says `inline-block`, `table-cell` where it says `block`: table-cell-declared); undefined when none is
   * declared.
   */
  writtenDisplay?(el: Element): string | undefined;
  /** The document is in quirks mode (a cell's height is its border box's, HTML's table cell height quirk). */
  quirks?: boolean;
  /** How the table's parts are found: by tag (an HTML table, the default) or by CSS display (table-structure.ts). */
  structure?: TableStructure;
}

/** A cell and the grid area it covers (0-based row and column). */
export interface PlacedCell {
  el: Element;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  /**
   * The cell whose slot this one shares: consecutive cells that CSS makes blocks (Inky's vertical menu, `th.menu-item
   * { display: block }`) are blocks in one anonymous cell in browsers, stacked, not a column each.
   */
  sharesSlotOf?: PlacedCell;
}

/** Spans are clamped like browsers clamp them (colspan ≤ 1000, rowspan ≤ 65534). */
export const MAX_COLS = 1000;
const MAX_ROWSPAN = 65534;

/** A non-negative integer span attribute (`colspan`, `rowspan`, `span`), 1 when absent or invalid. */
export function spanAttr(el: Element, name: string, max: number): number {
  const n = Number.parseInt(getAttr(el, name) ?? '1', 10);
  if (!Number.isFinite(n) || n < 0) return 1;
  return Math.min(n, max);
}

/** Rows in visual order: header group rows first, footer group rows last. */
export function collectRows(
  table: Element,
  structure: TableStructure = HTML_TABLE,
): {
  groups: Element[];
  rows: { tr: Element; group: Element | null }[];
} {
  const head: { tr: Element; group: Element | null }[] = [];
  const body: { tr: Element; group: Element | null }[] = [];
  const foot: { tr: Element; group: Element | null }[] = [];
  const groups: Element[] = [];
  for (const child of structure.children(table)) {
    const part = structure.part(child);
    if (part === 'row') body.push({ tr: child, group: null });
    else if (part === 'header-group' || part === 'row-group' || part === 'footer-group') {
      groups.push(child);
      const target = part === 'header-group' ? head : part === 'footer-group' ? foot : body;
      for (const tr of structure.children(child))
        if (structure.part(tr) === 'row') target.push({ tr, group: child });
    }
  }
  return { groups, rows: [...head, ...body, ...foot] };
}

/**
 * The HTML table model: each cell's row, column and spans, skipping slots taken by rowspans above. Cells for which
 * `skip` holds (display: none) are left out, as if absent; consecutive cells for which `isBlock` holds (CSS makes
 * them blocks) share the first one's slot.
 */
export function placeCells(
  rows: { tr: Element; group: Element | null }[],
  skip: (cell: Element) => boolean = () => false,
  isBlock: (cell: Element) => boolean = () => false,
  structure: TableStructure = HTML_TABLE,
): {
  cells: PlacedCell[];
  columns: number;
} {
  const taken: boolean[][] = [];
  const cells: PlacedCell[] = [];
  let columns = 0;
  rows.forEach(({ tr, group }, r) => {
    let col = 0;
    const groupEnd = group ? rows.findLastIndex((x) => x.group === group) : rows.length - 1;
    let blockRun: PlacedCell | undefined;
    for (const cell of structure.children(tr)) {
      if (structure.part(cell) !== 'cell' || skip(cell)) continue;
      const block = isBlock(cell);
      if (block && blockRun) {
        cells.push({ el: cell, row: r, col: blockRun.col, rowSpan: 1, colSpan: 1, sharesSlotOf: blockRun });
        continue;
      }
      while (taken[r]?.[col]) col++;
      const colSpan = Math.max(1, spanAttr(cell, 'colspan', MAX_COLS));
      const rawRowSpan = spanAttr(cell, 'rowspan', MAX_ROWSPAN);
      const rowSpan =
        rawRowSpan === 0 ? groupEnd - r + 1 : Math.max(1, Math.min(rawRowSpan, groupEnd - r + 1));
      for (let y = r; y < r + rowSpan; y++) {
        taken[y] ??= [];
        for (let x = col; x < col + colSpan; x++) taken[y]![x] = true;
      }
      const placed: PlacedCell = { el: cell, row: r, col, rowSpan, colSpan };
      cells.push(placed);
      blockRun = block ? placed : undefined;
      col += colSpan;
      columns = Math.max(columns, col);
    }
  });
  return { cells, columns: Math.min(columns, MAX_COLS) };
}

/** An HTML length attribute (`120`, `50%`) as CSS (`120px`, `50%`), or undefined. */
export function lengthAttr(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return `${v}px`;
  if (/^\d+(\.\d+)?%$/.test(v)) return v;
  return undefined;
}

/** First length of a border shorthand or width, in px (0 when none). */
export function borderWidthPx(value: string | undefined): number {
  if (!value || /\b(none|hidden)\b/.test(value)) return 0;
  // A unitless width can only be 0 (`border: 0 solid`, Tailwind's preflight).
  if (value.trim().split(/\s+/).includes('0')) return 0;
  const m = /(-?[\d.]+)px/.exec(value);
  if (m) return Number(m[1]);
  if (/\bthin\b/.test(value)) return 1;
  if (/\bmedium\b/.test(value)) return 3;
  if (/\bthick\b/.test(value)) return 5;
  return /\b(solid|dashed|dotted|double|groove|ridge|inset|outset)\b/.test(value) ? 3 : 0;
}

/**
 * The declared value of a top or bottom border property written with the block axis's logical names (horizontal
 * writing: top = block-start, bottom = block-end): `border-block-end-width`, `border-block-end`, the two-value
 * `border-block-width` (start end) and `border-block` (both sides); undefined when none is declared. `part` is
 * `width`, `style` or `color`, or undefined for the side's shorthand.
 */
export function logicalBlockBorder(
  ctx: TableContext,
  el: Element,
  side: 'top' | 'bottom',
  part?: 'width' | 'style' | 'color',
): { property: string; value: string } | undefined {
  const inline = ctx.inlineOf(el);
  const edge = side === 'top' ? 'start' : 'end';
  const names = part
    ? [`border-block-${edge}-${part}`, `border-block-${part}`]
    : [`border-block-${edge}`, 'border-block'];
  for (const property of names) {
    const value = ctx.styles.declared(el, property, inline);
    if (value === undefined) continue;
    // `border-block-width: 1px 0` is start then end; one value is both.
    if (property === `border-block-${part}`) {
      const values = value.trim().split(/\s+(?![^(]*\))/);
      return { property, value: (edge === 'end' ? values[1] : undefined) ?? values[0]! };
    }
    return { property, value };
  }
  return undefined;
}

/** The width in px of one side's border of an element, from the longhands or the shorthands. */
export function sideBorder(
  ctx: TableContext,
  el: Element,
  side: 'left' | 'right' | 'top' | 'bottom',
): number {
  const inline = ctx.inlineOf(el);
  const resolve = (value: string | undefined) => resolveCalcPx(resolveVars(value, el, ctx));
  const declared = (property: string) => resolve(ctx.styles.declared(el, property, inline));
  const physical = (): { property: string; px: number } | undefined => {
    for (const property of [`border-${side}-width`, `border-${side}`]) {
      const value = declared(property);
      if (value !== undefined) return { property, px: borderWidthPx(value) };
    }
    const widths = declared('border-width');
    if (widths !== undefined)
      return { property: 'border-width', px: borderWidthPx(shorthandSide(widths, side)) };
    const all = declared('border');
    return all === undefined ? undefined : { property: 'border', px: borderWidthPx(all) };
  };
  const found = physical();
  if (side === 'left' || side === 'right') return found?.px ?? 0;
  // Pictor (printdocs): a row's (or cell's) border written with logical names — Vivliostyle's themes draw the lines
  // between rows with `tr:not(:last-child) { border-block-end-width: … }` — is the same border; of a physical and a
  // logical declaration, the later in the cascade wins.
  const logical = logicalBlockBorder(ctx, el, side, 'width') ?? logicalBlockBorder(ctx, el, side, undefined);
  if (!logical) return found?.px ?? 0;
  const logicalPx = borderWidthPx(resolve(logical.value));
  if (!found) return logicalPx;
  return ctx.styles.compareCascade(el, logical.property, found.property, inline) > 0 ? logicalPx : found.px;
}

/**
 * The value one side of a box property (`padding`, `margin`) declares, from its longhand or its shorthand (one to
 * four values, missing ones repeating the opposite side or the first); undefined when neither is declared.
 */
export function declaredSide(
  ctx: TableContext,
  el: Element,
  property: 'padding' | 'margin',
  side: 'top' | 'right' | 'bottom' | 'left',
): string | undefined {
  const inline = ctx.inlineOf(el);
  const longhand = ctx.styles.declared(el, `${property}-${side}`, inline);
  const shorthand = ctx.styles.declared(el, property, inline);
  // The one later in the cascade wins (`padding-left: 15px; padding: 10px` is 10px on the left).
  if (longhand !== undefined) {
    const later =
      shorthand !== undefined && ctx.styles.compareCascade(el, property, `${property}-${side}`, inline) > 0;
    if (!later) return longhand;
  }
  return shorthand === undefined ? undefined : shorthandSide(shorthand, side);
}

/**
 * One side's value of a one-to-four-value box shorthand (`1px 2px`): top, right, bottom, left, a missing one
 * repeating the opposite side, or the first. Spaces inside `calc()` and `var()` do not split.
 */
export function shorthandSide(value: string, side: 'top' | 'right' | 'bottom' | 'left'): string {
  const values = value.trim().split(/\s+(?![^(]*\))/);
  const index = { top: 0, right: 1, bottom: 2, left: 3 }[side];
  return (values[index] ?? values[index - 2] ?? values[0]) as string;
}

/** The nearest declared value of `property` on `el` or an ancestor (custom properties and inherited ones). */
export function inherited(el: Element, property: string, ctx: TableContext): string | undefined {
  return nearestDeclared(el, property, (p, name) => ctx.styles.declared(p, name, ctx.inlineOf(p)));
}

/** `value` with each `var(--x, fallback)` replaced by the nearest declared `--x` (or the fallback), 4 levels deep. */
export function resolveVars(value: string | undefined, el: Element, ctx: TableContext): string | undefined {
  return value === undefined ? undefined : substituteVars(value, (name) => inherited(el, name, ctx));
}

/**
 * `value` with every outermost `calc()` of px/rem lengths and numbers worked out as px (Tailwind 4's
 * `calc(1px * calc(1 - 0))`), `rem` being `rem` px (the root's font size where the caller knows it); a `calc()` this
 * cannot work out (%, em, viewport units) stays as it is.
 */
export function resolveCalcPx(value: string | undefined, rem = 16): string | undefined {
  if (!value?.includes('calc(')) return value;
  let out = '';
  let i = 0;
  for (;;) {
    const start = value.indexOf('calc(', i);
    if (start < 0) return out + value.slice(i);
    let depth = 0;
    let end = start + 4;
    for (; end < value.length; end++) {
      if (value[end] === '(') depth++;
      else if (value[end] === ')' && --depth === 0) break;
    }
    const expression = value.slice(start, end + 1);
    const px = evaluateCalc(expression, rem);
    out += value.slice(i, start) + (px === undefined ? expression : `${px}px`);
    i = end + 1;
  }
}

/** A term of a calc() expression: a number, or a length in px. */
interface CalcTerm {
  value: number;
  length: boolean;
}

const CALC_TOKEN = /\s*(?:(calc\(|\()|(\))|([*/+-])|(-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(px|rem)?)/iy;

/** The px length a `calc()` of px/rem lengths and numbers comes to, or undefined (another unit, bad syntax, a number). */
function evaluateCalc(expression: string, rem: number): number | undefined {
  const tokens: string[] = [];
  CALC_TOKEN.lastIndex = 0;
  while (CALC_TOKEN.lastIndex < expression.length) {
    const m = CALC_TOKEN.exec(expression);
    if (!m) {
      if (/^\s*$/.test(expression.slice(CALC_TOKEN.lastIndex))) break;
      return undefined;
    }
    if (m[1]) tokens.push('(');
    else if (m[2]) tokens.push(')');
    else if (m[3]) tokens.push(m[3]);
    else
      tokens.push(m[5] ? `${Number(m[4]) * (m[5].toLowerCase() === 'rem' ? rem : 1)}px` : (m[4] as string));
  }
  let at = 0;
  const primary = (): CalcTerm | undefined => {
    const token = tokens[at++];
    if (token === '(') {
      const inner = sum();
      return tokens[at++] === ')' ? inner : undefined;
    }
    if (token === undefined || !/\d/.test(token)) return undefined;
    return { value: Number.parseFloat(token), length: token.endsWith('px') };
  };
  const product = (): CalcTerm | undefined => {
    let left = primary();
    while (left && (tokens[at] === '*' || tokens[at] === '/')) {
      const op = tokens[at++];
      const right = primary();
      if (!right || (left.length && right.length) || (op === '/' && (right.length || right.value === 0)))
        return undefined;
      left = {
        value: op === '*' ? left.value * right.value : left.value / right.value,
        length: left.length || right.length,
      };
    }
    return left;
  };
  const sum = (): CalcTerm | undefined => {
    let left = product();
    while (left && (tokens[at] === '+' || tokens[at] === '-')) {
      const op = tokens[at++];
      const right = product();
      if (!right || right.length !== left.length) return undefined;
      left = { value: op === '+' ? left.value + right.value : left.value - right.value, length: left.length };
    }
    return left;
  };
  const result = sum();
  return result?.length && at === tokens.length && Number.isFinite(result.value) ? result.value : undefined;
}
