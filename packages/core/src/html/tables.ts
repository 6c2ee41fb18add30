/**
 * `<table>` → CSS grid, which satori lays out: cells are placed explicitly (colspan, rowspan), row groups
 * and rows become `display: contents` so selectors like `tbody tr:nth-child(even) td` still match, row and
 * group backgrounds are drawn by backdrop boxes behind the cells, `border-collapse` is emulated by overlapping
 * cell borders, and columns are sized from their content like the automatic table layout of browsers.
 */
import { type Element, childElements, getAttr, isElement, textContent } from './dom.js';
import type { DocumentStyles } from './stylesheet.js';
import type { SatoriChild, SatoriElement } from './types.js';

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
}

/** UA styles of table elements (Chrome's, in `:where()` so every author rule wins). */
export const TABLE_PREAMBLE = [
  ':where(table){box-sizing:border-box;text-indent:0;border-color:gray;width:fit-content}',
  ':where(td,th){display:block;padding:1px}',
  ':where(th){font-weight:bold;text-align:center}',
  ':where(caption){display:block;text-align:center}',
].join('\n');

interface PlacedCell {
  el: Element;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

const MAX_COLS = 1000;
const MAX_ROWSPAN = 65534;

function spanAttr(el: Element, name: string, max: number): number {
  const n = Number.parseInt(getAttr(el, name) ?? '1', 10);
  if (!Number.isFinite(n) || n < 0) return 1;
  return Math.min(n, max);
}

/** Rows in visual order: `thead` rows first, `tfoot` rows last. */
function collectRows(table: Element): { groups: Element[]; rows: { tr: Element; group: Element | null }[] } {
  const head: { tr: Element; group: Element | null }[] = [];
  const body: { tr: Element; group: Element | null }[] = [];
  const foot: { tr: Element; group: Element | null }[] = [];
  const groups: Element[] = [];
  for (const child of childElements(table)) {
    if (child.tagName === 'tr') body.push({ tr: child, group: null });
    else if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') {
      groups.push(child);
      const target = child.tagName === 'thead' ? head : child.tagName === 'tfoot' ? foot : body;
      for (const tr of childElements(child)) if (tr.tagName === 'tr') target.push({ tr, group: child });
    }
  }
  return { groups, rows: [...head, ...body, ...foot] };
}

/** The HTML table model: each cell's row, column and spans, skipping slots taken by rowspans above. */
function placeCells(rows: { tr: Element; group: Element | null }[]): {
  cells: PlacedCell[];
  columns: number;
} {
  const taken: boolean[][] = [];
  const cells: PlacedCell[] = [];
  let columns = 0;
  rows.forEach(({ tr, group }, r) => {
    let col = 0;
    const groupEnd = group ? rows.findLastIndex((x) => x.group === group) : rows.length - 1;
    for (const cell of childElements(tr)) {
      if (cell.tagName !== 'td' && cell.tagName !== 'th') continue;
      while (taken[r]?.[col]) col++;
      const colSpan = Math.max(1, spanAttr(cell, 'colspan', MAX_COLS));
      const rawRowSpan = spanAttr(cell, 'rowspan', MAX_ROWSPAN);
      const rowSpan =
        rawRowSpan === 0 ? groupEnd - r + 1 : Math.max(1, Math.min(rawRowSpan, groupEnd - r + 1));
      for (let y = r; y < r + rowSpan; y++) {
        taken[y] ??= [];
        for (let x = col; x < col + colSpan; x++) taken[y]![x] = true;
      }
      cells.push({ el: cell, row: r, col, rowSpan, colSpan });
      col += colSpan;
      columns = Math.max(columns, col);
    }
  });
  return { cells, columns: Math.min(columns, MAX_COLS) };
}

/** First length of a border shorthand or width, in px (0 when none). */
function borderWidthPx(value: string | undefined): number {
  if (!value || /\b(none|hidden)\b/.test(value)) return 0;
  const m = /(-?[\d.]+)px/.exec(value);
  if (m) return Number(m[1]);
  if (/\bthin\b/.test(value)) return 1;
  if (/\bmedium\b/.test(value)) return 3;
  if (/\bthick\b/.test(value)) return 5;
  return /\b(solid|dashed|dotted|double|groove|ridge|inset|outset)\b/.test(value) ? 3 : 0;
}

function sideBorder(ctx: TableContext, el: Element, side: 'left' | 'top'): number {
  const inline = ctx.inlineOf(el);
  const width = ctx.styles.declared(el, `border-${side}-width`, inline);
  if (width !== undefined) return borderWidthPx(width);
  const sideValue = ctx.styles.declared(el, `border-${side}`, inline);
  if (sideValue !== undefined) return borderWidthPx(sideValue);
  const all = ctx.styles.declared(el, 'border-width', inline) ?? ctx.styles.declared(el, 'border', inline);
  return all === undefined
    ? 0
    : borderWidthPx(all.split(/\s+/).length > 1 && /^[\d.]/.test(all) ? all.split(/\s+/)[0] : all);
}

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

function lengthAttr(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return `${v}px`;
  if (/^\d+(\.\d+)?%$/.test(v)) return v;
  return undefined;
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

function trackList(table: Element, cells: PlacedCell[], columns: number, ctx: TableContext): string {
  const widths = columnWidths(table, cells, columns, ctx);
  const definite = hasDefiniteWidth(table, ctx);
  const weights = new Array(columns).fill(1);
  for (const cell of cells)
    if (cell.colSpan === 1) weights[cell.col] = Math.max(weights[cell.col], estimateWidth(cell.el, ctx));
  return widths
    .map((width, i) => {
      if (width?.endsWith('%')) return width;
      if (width) return `minmax(${width}, auto)`;
      return definite ? `minmax(min-content, ${weights[i]}fr)` : 'auto';
    })
    .join(' ');
}

/** Background and row-border declarations of a row or row group, for its backdrop. */
function backdropStyle(el: Element, ctx: TableContext, collapse: boolean): Record<string, string> | null {
  const inline = ctx.inlineOf(el);
  const style: Record<string, string> = {};
  for (const [prop, key] of [
    ['background', 'background'],
    ['background-color', 'backgroundColor'],
    ['background-image', 'backgroundImage'],
  ] as const) {
    const value = ctx.styles.declared(el, prop, inline);
    if (value !== undefined) style[key] = value;
  }
  const bgcolor = getAttr(el, 'bgcolor');
  if (bgcolor && Object.keys(style).length === 0) style.backgroundColor = bgcolor;
  if (collapse) {
    for (const [prop, key] of [
      ['border-top', 'borderTop'],
      ['border-bottom', 'borderBottom'],
      ['border', 'border'],
    ] as const) {
      const value = ctx.styles.declared(el, prop, inline);
      if (value !== undefined) style[key] = value;
    }
    if (style.border) {
      style.borderTop ??= style.border;
      style.borderBottom ??= style.border;
      delete style.border;
    }
  }
  return Object.keys(style).length > 0 ? style : null;
}

/** Translate a `<table>` element into a satori grid. */
export function convertTable(table: Element, ctx: TableContext): SatoriElement {
  ctx.addPreamble(TABLE_PREAMBLE);
  const tableInline = ctx.inlineOf(table);
  const { groups, rows } = collectRows(table);
  const { cells, columns } = placeCells(rows);
  const caption = childElements(table).find((c) => c.tagName === 'caption');
  const offset = caption ? 1 : 0;
  const collapse = ctx.styles.declared(table, 'border-collapse', tableInline)?.trim() === 'collapse';

  const spacingDecl = ctx.styles.declared(table, 'border-spacing', tableInline);
  const cellspacing = lengthAttr(getAttr(table, 'cellspacing'));
  const spacing = collapse ? ['0px'] : (spacingDecl ?? cellspacing ?? '2px').trim().split(/\s+/);
  const tableStyle: Record<string, string> = {
    display: 'grid',
    gridTemplateColumns: columns > 0 ? trackList(table, cells, columns, ctx) : 'auto',
    gridAutoRows: 'auto',
    columnGap: spacing[0]!,
    rowGap: spacing[1] ?? spacing[0]!,
    alignItems: 'stretch',
  };
  const hasPadding = ['padding', 'padding-top', 'padding-left'].some(
    (p) => ctx.styles.declared(table, p, tableInline) !== undefined,
  );
  if (collapse) tableStyle.padding = '0px';
  else if (!hasPadding) tableStyle.padding = `${spacing[1] ?? spacing[0]} ${spacing[0]}`;
  const borderAttr = getAttr(table, 'border');
  const borderPx = borderAttr !== undefined ? Number.parseInt(borderAttr || '1', 10) || 0 : 0;
  if (borderPx > 0 && ctx.styles.declared(table, 'border', tableInline) === undefined) {
    tableStyle.border = `${borderPx}px solid`;
    // Chrome's outset and inset gray, measured: #a8a8a8 on the light sides, #545454 on the dark ones.
    tableStyle.borderColor = '#a8a8a8 #545454 #545454 #a8a8a8';
  }
  const widthAttr = lengthAttr(getAttr(table, 'width'));
  if (widthAttr && ctx.styles.declared(table, 'width', tableInline) === undefined)
    tableStyle.width = widthAttr;
  const bgcolor = getAttr(table, 'bgcolor');
  if (bgcolor && ctx.styles.declared(table, 'background-color', tableInline) === undefined)
    tableStyle.backgroundColor = bgcolor;

  const cellpadding = lengthAttr(getAttr(table, 'cellpadding'));
  const cellsByElement = new Map(cells.map((c) => [c.el, c]));

  const convertCell = (cell: PlacedCell): SatoriElement => {
    const inline = ctx.inlineOf(cell.el);
    const extra: Record<string, string> = {
      gridRow: `${cell.row + 1 + offset} / span ${cell.rowSpan}`,
      gridColumn: `${cell.col + 1} / span ${cell.colSpan}`,
    };
    if (cellpadding && ctx.styles.declared(cell.el, 'padding', inline) === undefined)
      extra.padding = cellpadding;
    if (borderPx > 0 && ctx.styles.declared(cell.el, 'border', inline) === undefined) {
      extra.border = '1px solid';
      extra.borderColor = '#545454 #a8a8a8 #a8a8a8 #545454';
    }
    const align = getAttr(cell.el, 'align') ?? getAttr(cell.el.parentNode as Element, 'align');
    if (align && ctx.styles.declared(cell.el, 'text-align', inline) === undefined)
      extra.textAlign = align.toLowerCase();
    const cellBg = getAttr(cell.el, 'bgcolor');
    if (cellBg && ctx.styles.declared(cell.el, 'background-color', inline) === undefined)
      extra.backgroundColor = cellBg;
    const height = lengthAttr(getAttr(cell.el, 'height'));
    if (height && ctx.styles.declared(cell.el, 'height', inline) === undefined) extra.height = height;
    if (collapse) {
      if (cell.col > 0) {
        const left = sideBorder(ctx, cell.el, 'left');
        if (left > 0) extra.marginLeft = `-${left}px`;
      }
      if (cell.row > 0) {
        const top = sideBorder(ctx, cell.el, 'top');
        if (top > 0) extra.marginTop = `-${top}px`;
      }
    }
    // Cells are vertically centred in browsers (`vertical-align: middle`): a flex column around one
    // wrapper keeps the cell's inline content in one flow.
    if (hidden(cell.el, ctx)) return ctx.convert(cell.el, { ...extra, display: 'none' });
    const valign = (
      ctx.styles.declared(cell.el, 'vertical-align', inline) ??
      getAttr(cell.el, 'valign') ??
      'middle'
    )
      .trim()
      .toLowerCase();
    if (valign === 'middle' || valign === 'bottom') {
      extra.display = 'flex';
      extra.flexDirection = 'column';
      extra.justifyContent = valign === 'middle' ? 'center' : 'flex-end';
      const content = ctx.convert(cell.el, {}, undefined);
      const wrapper: SatoriElement = {
        type: 'div',
        props: { 'data-pictor-cell': '', children: content.props.children },
      };
      return ctx.convert(cell.el, extra, [wrapper]);
    }
    return ctx.convert(cell.el, extra);
  };

  const convertRow = (tr: Element): SatoriElement => {
    const children: SatoriChild[] = [];
    for (const child of childElements(tr)) {
      const cell = cellsByElement.get(child);
      if (cell) children.push(convertCell(cell));
    }
    return ctx.convert(tr, { display: hidden(tr, ctx) ? 'none' : 'contents' }, children);
  };

  // Row and group backgrounds are painted per cell, as browsers do: a rowspan cell shows the background
  // of the row it starts in, and nothing is painted between separated cells or where a row has no cell.
  const backdrops: SatoriChild[] = [];
  const layers: { style: Record<string, string>; rows: Set<Element> }[] = [];
  for (const group of groups) {
    const style = backdropStyle(group, ctx, collapse);
    if (style) layers.push({ style, rows: new Set(rows.filter((r) => r.group === group).map((r) => r.tr)) });
  }
  for (const { tr } of rows) {
    const style = backdropStyle(tr, ctx, collapse);
    if (style) layers.push({ style, rows: new Set([tr]) });
  }
  const rowOf = new Map(rows.flatMap(({ tr }) => childElements(tr).map((cell) => [cell, tr] as const)));
  for (const layer of layers)
    for (const cell of cells)
      if (layer.rows.has(rowOf.get(cell.el)!)) backdrops.push(backdrop(layer.style, cell, offset));

  const children: SatoriChild[] = [];
  for (const child of childElements(table)) {
    if (child.tagName === 'caption')
      children.push(ctx.convert(child, { gridColumn: '1 / -1', gridRow: '1' }));
    else if (child.tagName === 'tr') children.push(convertRow(child));
    else if (groups.includes(child))
      children.push(
        ctx.convert(
          child,
          { display: hidden(child, ctx) ? 'none' : 'contents' },
          childElements(child)
            .filter((tr) => tr.tagName === 'tr')
            .map(convertRow),
        ),
      );
  }
  if (hidden(table, ctx)) tableStyle.display = 'none';
  return ctx.convert(table, tableStyle, [...backdrops, ...children]);
}

/** True when the author hides the element (`display: none`), which the grid translation must keep. */
function hidden(el: Element, ctx: TableContext): boolean {
  return ctx.styles.declared(el, 'display', ctx.inlineOf(el))?.trim().toLowerCase() === 'none';
}

function backdrop(style: Record<string, string>, cell: PlacedCell, offset: number): SatoriElement {
  return {
    type: 'div',
    props: {
      style: {
        ...style,
        gridRow: `${cell.row + 1 + offset} / span ${cell.rowSpan}`,
        gridColumn: `${cell.col + 1} / span ${cell.colSpan}`,
      },
      'data-pictor-backdrop': '',
    },
  };
}

/** True for the elements whose whitespace-only text never renders (table structure). */
export function isTableStructure(el: Element | null): boolean {
  return !!el && isElement(el) && ['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup'].includes(el.tagName);
}
