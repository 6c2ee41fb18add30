/**
 * Column sizes of a translated table: widths from `<col>` and cells, otherwise grid tracks weighted by an
 * estimate of each column's max-content width (browsers share a table's free width in that proportion).
 */
import { type Element, childElements, getAttr, isElement, textContent } from './dom.js';
import { MAX_COLS, type PlacedCell, type TableContext, lengthAttr, spanAttr } from './table-model.js';

/** Advance width of a character in em, roughly (sans-serif text); used only to weigh columns. */
function charEm(ch: string): number {
  if (ch === ' ') return 0.28;
  if (/[iljtfI.,:;'|!()[\]]/.test(ch)) return 0.32;
  if (/[mwMW@%]/.test(ch)) return 0.85;
  if (/[0-9$€£]/.test(ch)) return 0.62;
  if (/[A-Z]/.test(ch)) return 0.68;
  if (/[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch)) return 1;
  return 0.55;
}

/** A px length (px, rem, or em of 16px), or undefined. */
function toPx(value: string | undefined, em = 16): number | undefined {
  if (!value) return undefined;
  const m = /^(-?[\d.]+)(px|rem|em)?$/.exec(value.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2] === 'rem' ? n * 16 : m[2] === 'em' ? n * em : n;
}

/** The first authored value of `property` on `el` or its ancestors. */
function inherited(el: Element, property: string, ctx: TableContext): string | undefined {
  for (
    let p: Element | null = el;
    p;
    p = isElement(p.parentNode as Element) ? (p.parentNode as Element) : null
  ) {
    const value = ctx.styles.declared(p, property, ctx.inlineOf(p));
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Horizontal padding of a cell in px (UA default 1px each side). */
function horizontalPadding(el: Element, ctx: TableContext, fontPx: number): number {
  const inline = ctx.inlineOf(el);
  const parts = (ctx.styles.declared(el, 'padding', inline) ?? '1px').trim().split(/\s+/);
  let right = toPx(parts[1] ?? parts[0], fontPx) ?? 1;
  let left = toPx(parts[3] ?? parts[1] ?? parts[0], fontPx) ?? 1;
  left = toPx(ctx.styles.declared(el, 'padding-left', inline), fontPx) ?? left;
  right = toPx(ctx.styles.declared(el, 'padding-right', inline), fontPx) ?? right;
  return left + right;
}

/**
 * A rough max-content width of a cell in px, from its text, font size, text-transform, letter-spacing and
 * padding. Used only as the flex weight of its column: browsers share the free width of a table in
 * proportion to the max-content widths of its columns.
 */
function estimateWidth(el: Element, ctx: TableContext): number {
  const fontPx = toPx(inherited(el, 'font-size', ctx)) ?? 16;
  let text = textContent(el);
  if (/uppercase/.test(inherited(el, 'text-transform', ctx) ?? '')) text = text.toUpperCase();
  const bold = el.tagName === 'th' || /bold|[6-9]00/.test(inherited(el, 'font-weight', ctx) ?? '') ? 1.06 : 1;
  const spacing = toPx(inherited(el, 'letter-spacing', ctx), fontPx) ?? 0;
  let em = 0;
  for (const ch of text) em += charEm(ch);
  return Math.max(
    1,
    Math.round(em * fontPx * bold + spacing * text.length + horizontalPadding(el, ctx, fontPx)),
  );
}

/** Width of a column from `<col>` or its single-column cells: a percentage, a fixed length, or none. */
function columnWidths(
  table: Element,
  cells: PlacedCell[],
  columns: number,
  ctx: TableContext,
): (string | undefined)[] {
  const widths: (string | undefined)[] = new Array(columns).fill(undefined);
  let index = 0;
  for (const group of childElements(table).filter((c) => c.tagName === 'colgroup')) {
    const cols = childElements(group).filter((c) => c.tagName === 'col');
    const list = cols.length > 0 ? cols : [group];
    for (const col of list) {
      const span = Math.max(1, spanAttr(col, 'span', MAX_COLS));
      const width = ctx.styles.declared(col, 'width', ctx.inlineOf(col)) ?? lengthAttr(getAttr(col, 'width'));
      for (let i = 0; i < span && index < columns; i++, index++) if (width) widths[index] = width;
    }
  }
  for (const cell of cells) {
    if (cell.colSpan !== 1 || widths[cell.col]) continue;
    const width =
      ctx.styles.declared(cell.el, 'width', ctx.inlineOf(cell.el)) ?? lengthAttr(getAttr(cell.el, 'width'));
    if (width) widths[cell.col] = width;
  }
  return widths;
}

function hasDefiniteWidth(table: Element, ctx: TableContext): boolean {
  const inline = ctx.inlineOf(table);
  const width = ctx.styles.declared(table, 'width', inline) ?? lengthAttr(getAttr(table, 'width'));
  const tw = getAttr(table, 'class') ?? '';
  return (
    (width !== undefined && !/^(auto|fit-content|max-content|min-content)$/.test(width)) ||
    /\bw-(full|\[|\d)/.test(tw)
  );
}

/** `grid-template-columns` of a table: percentages and fixed widths kept, other columns sized from content. */
export function trackList(table: Element, cells: PlacedCell[], columns: number, ctx: TableContext): string {
  const widths = columnWidths(table, cells, columns, ctx);
  const definite = hasDefiniteWidth(table, ctx);
  const weights = new Array(columns).fill(1);
  for (const cell of cells) {
    if (cell.colSpan !== 1) continue;
    weights[cell.col] = Math.max(weights[cell.col], estimateWidth(cell.el, ctx));
  }
  return widths
    .map((width, i) => {
      if (width?.endsWith('%')) return width;
      if (width) return `minmax(${width}, auto)`;
      if (!definite) return 'auto';
      return `minmax(min-content, ${weights[i]}fr)`;
    })
    .join(' ');
}
