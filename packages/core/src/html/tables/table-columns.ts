/**
 * Column sizes of a translated table: widths from `<col>` and cells, otherwise grid tracks weighted by an
 * estimate of each column's max-content width (browsers share a table's free width in that proportion).
 */
import { dataUriImageSize } from '../elements/data-uri-image-size.js';
import { type Element, childElements, getAttr, parentElement, textLines } from '../dom.js';
import {
  MAX_COLS,
  type PlacedCell,
  type TableContext,
  inherited,
  lengthAttr,
  resolveVars,
  sideBorder,
  spanAttr,
} from './table-model.js';
import { HTML_TABLE } from './table-structure.js';
import { shorthandFontSize } from '../style-sheets/font-shorthand.js';

/**
 * Advance widths in em of U+0020–U+007E in Inter Regular, the built-in sans-serif (its hmtx, read through HarfBuzz
 * without kerning): the text of most cells is printable ASCII, and the columns are weighed by its width.
 */
const ASCII_EM = [
  0.281, 0.288, 0.466, 0.633, 0.642, 0.982, 0.644, 0.3, 0.365, 0.365, 0.501, 0.662, 0.288, 0.46, 0.288, 0.36,
  0.631, 0.407, 0.61, 0.618, 0.646, 0.593, 0.62, 0.566, 0.619, 0.62, 0.288, 0.302, 0.662, 0.662, 0.662, 0.511,
  0.966, 0.69, 0.654, 0.73, 0.722, 0.601, 0.59, 0.746, 0.743, 0.269, 0.571, 0.672, 0.565, 0.903, 0.753, 0.765,
  0.639, 0.765, 0.644, 0.642, 0.646, 0.744, 0.69, 0.985, 0.682, 0.679, 0.629, 0.365, 0.36, 0.365, 0.471,
  0.456, 0.323, 0.562, 0.612, 0.571, 0.612, 0.583, 0.37, 0.613, 0.591, 0.242, 0.242, 0.549, 0.242, 0.876,
  0.591, 0.6, 0.612, 0.612, 0.376, 0.528, 0.327, 0.591, 0.562, 0.818, 0.546, 0.562, 0.552, 0.426, 0.333,
  0.426, 0.662,
];

/** Advance width of a character in em: Inter's for printable ASCII, else roughly; used only to weigh columns. */
function charEm(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code >= 0x20 && code <= 0x7e) return ASCII_EM[code - 0x20] as number;
  if (ch === '\u00a0') return 0.281;
  if (/[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch)) return 1;
  return 0.55;
}

/** A px length (px, rem of `rem` px, or em of `em` px), or undefined. */
function toPx(value: string | undefined, em = 16, rem = 16): number | undefined {
  if (!value) return undefined;
  const m = /^(-?[\d.]+)(px|rem|em)?$/.exec(value.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2] === 'rem' ? n * rem : m[2] === 'em' ? n * em : n;
}

/**
 * A length for the estimate: `var(--x)` replaced by the nearest declared value (Tailwind 4's `--spacing`), then a
 * product `calc(a * b)` of a length and a number worked out. Other `calc()`s stay (and are not read).
 */
function resolveLength(value: string | undefined, el: Element, ctx: TableContext): string | undefined {
  const v = resolveVars(value, el, ctx);
  const product = v && /^calc\(\s*([\d.]+(?:px|rem|em)?)\s*\*\s*([\d.]+(?:px|rem|em)?)\s*\)$/.exec(v.trim());
  if (!product) return v;
  const [a, b] = [product[1] as string, product[2] as string];
  const [length, factor] = /[a-z]/.test(a) ? [a, b] : [b, a];
  const m = /^([\d.]+)([a-z]*)$/.exec(length) as RegExpExecArray;
  return `${Number(m[1]) * Number(factor)}${m[2]}`;
}

/**
 * How much wider the cell's text is at its font weight than at 400: Inter's Medium, SemiBold and Bold are 1.2%, 2.4%
 * and 3.6% wider than its Regular (a line of table text shaped by HarfBuzz), about 0.012% a weight unit. A `<th>`
 * without a weight of its own is bold; `var()` is resolved (Tailwind 4's `--font-weight-medium`).
 */
function weightFactor(el: Element, ctx: TableContext): number {
  const own = ctx.styles.declared(el, 'font-weight', ctx.inlineOf(el));
  const value = resolveLength(
    own ?? (el.tagName === 'th' ? 'bold' : inherited(el, 'font-weight', ctx)),
    el,
    ctx,
  )
    ?.trim()
    .toLowerCase();
  const weight = value === 'bold' || value === 'bolder' ? 700 : Number(value) || 400;
  return 1 + Math.max(0, weight - 400) * 0.00012;
}

/** Horizontal padding of a cell in px (`fallback` where CSS sets none: the UA's 1px, or the table's cellpadding). */
function horizontalPadding(el: Element, ctx: TableContext, fontPx: number, fallback = '1px'): number {
  const inline = ctx.inlineOf(el);
  const declared = (property: string) => resolveLength(ctx.styles.declared(el, property, inline), el, ctx);
  const parts = (declared('padding') ?? fallback).trim().split(/\s+/);
  const rem = rootFontSizePx(el, ctx);
  let right = toPx(parts[1] ?? parts[0], fontPx, rem) ?? 1;
  let left = toPx(parts[3] ?? parts[1] ?? parts[0], fontPx, rem) ?? 1;
  const inlineParts = declared('padding-inline')?.trim().split(/\s+/);
  if (inlineParts) {
    left = toPx(inlineParts[0], fontPx, rem) ?? left;
    right = toPx(inlineParts[1] ?? inlineParts[0], fontPx, rem) ?? right;
  }
  left = toPx(declared('padding-left') ?? declared('padding-inline-start'), fontPx, rem) ?? left;
  right = toPx(declared('padding-right') ?? declared('padding-inline-end'), fontPx, rem) ?? right;
  return left + right;
}

/**
 * A rough max-content width of a cell in px, from its text, font size, text-transform, letter-spacing and
 * padding. Used only as the flex weight of its column: browsers share the free width of a table in
 * proportion to the max-content widths of its columns.
 */
function estimateWidth(el: Element, ctx: TableContext, collapsed: boolean, padding = '1px'): number {
  // Pictor (table-font-size-chain): the cell's computed font size (em, %, keywords and the `font` shorthand up the
  // tree); the nearest declared size read alone took `0.8em` as 12.8px and `90%` or `small` as 16px.
  const fontPx = fontSizePx(el, ctx);
  const upper = /uppercase/.test(inherited(el, 'text-transform', ctx) ?? '');
  const bold = weightFactor(el, ctx);
  const spacing = toPx(inherited(el, 'letter-spacing', ctx), fontPx, rootFontSizePx(el, ctx)) ?? 0;
  // The longest of the lines its `<br>`s force (an address, an invoice's dates), not all of them in one line.
  let text = 0;
  for (const line of textLines(el)) {
    let em = 0;
    for (const ch of upper ? line.toUpperCase() : line) em += charEm(ch);
    text = Math.max(text, em * fontPx * bold + spacing * line.length);
  }
  const inlineContent = text + inlinePictures(el, ctx);
  const content = Math.max(inlineContent, preferredFixedWidth(el, ctx));
  // Borders: whole in the separated model, half of each in the collapsed one (a neighbour holds the other half).
  const borders = (sideBorder(ctx, el, 'left') + sideBorder(ctx, el, 'right')) * (collapsed ? 0.5 : 1);
  return Math.round(content + horizontalPadding(el, ctx, fontPx, padding) + borders);
}

/** The padding of a cell where CSS sets none: HTML's UA sheet gives `<td>` 1px, a CSS table cell has none. */
function uaCellPadding(ctx: TableContext): string {
  return (ctx.structure ?? HTML_TABLE).html ? '1px' : '0px';
}

/** A length in px: `120px`, `12.5px`. */
const PX_LENGTH = /^(\d+(?:\.\d+)?)px$/;

/** A length in px, em or rem: `120px`, `12em`, `2.5rem` (a cell width that sizes its column). */
const FIXED_LENGTH = /^(\d+(?:\.\d+)?)(?:px|em|rem)$/;

/** A px `width` of an element (CSS, else the attribute), or undefined. */
function pxWidth(el: Element, ctx: TableContext): number | undefined {
  const width = ctx.styles.declared(el, 'width', ctx.inlineOf(el)) ?? lengthAttr(getAttr(el, 'width'));
  const m = width ? PX_LENGTH.exec(width.trim()) : null;
  return m ? Number(m[1]) : undefined;
}

/**
 * The width of an `<img>` in px: its px width, else the natural width of a `data:` image that nothing sizes or that
 * a percentage sizes (within a px `max-width`): a percentage resolves against nothing in an auto-width column, so the
 * picture counts with its natural width there, as in Chrome (sparksuite's invoice logo, `width: 100%; max-width:
 * 300px`). Undefined otherwise: a remote image's size is known only once it is loaded.
 */
function imageWidth(img: Element, ctx: TableContext): number | undefined {
  const fixed = pxWidth(img, ctx);
  if (fixed !== undefined) return fixed;
  const inline = ctx.inlineOf(img);
  const width = ctx.styles.declared(img, 'width', inline) ?? getAttr(img, 'width');
  if (width !== undefined && !/^(?:auto|[\d.]+%)$/i.test(width.trim())) return undefined;
  const natural = dataUriImageSize(getAttr(img, 'src') ?? '')?.width;
  const max = PX_LENGTH.exec(ctx.styles.declared(img, 'max-width', inline)?.trim() ?? '');
  return natural !== undefined && max ? Math.min(natural, Number(max[1])) : natural;
}

/**
 * The summed widths of the pictures on an element's lines (not those CSS displays as blocks, nor those in nested
 * tables): a row of icons is as wide as its icons together, beside its text.
 */
function inlinePictures(el: Element, ctx: TableContext): number {
  let sum = 0;
  for (const child of childElements(el)) {
    if (child.tagName === 'table') continue;
    if (child.tagName !== 'img') sum += inlinePictures(child, ctx);
    else if (
      !/^(?:block|flex|grid|table)$/.test(
        ctx.styles.declared(child, 'display', ctx.inlineOf(child))?.trim() ?? '',
      )
    )
      sum += imageWidth(child, ctx) ?? 0;
  }
  return sum;
}

/**
 * The widest picture (see `imageWidth`) or table of fixed width in an element, in px: a nested table's own px
 * width, else its widest row's cells' px widths (or their content's) summed. Part of a cell's max-content width: a
 * column that holds a table of 60 px and 40 px cells is about 100 px wide by preference, though its minimum is only
 * its content's.
 */
function preferredFixedWidth(el: Element, ctx: TableContext): number {
  let widest = 0;
  for (const child of childElements(el)) {
    if (child.tagName === 'img') widest = Math.max(widest, imageWidth(child, ctx) ?? 0);
    else if (child.tagName === 'table')
      widest = Math.max(widest, pxWidth(child, ctx) ?? widestRow(child, ctx));
    else widest = Math.max(widest, preferredFixedWidth(child, ctx));
  }
  return widest;
}

/** The sum of the preferred widths of a table's cells, for its widest row. */
function widestRow(table: Element, ctx: TableContext): number {
  let widest = 0;
  const rows = childElements(table).flatMap((c) => (c.tagName === 'tr' ? [c] : childElements(c)));
  for (const tr of rows) {
    if (tr.tagName !== 'tr') continue;
    let sum = 0;
    for (const cell of childElements(tr)) sum += pxWidth(cell, ctx) ?? preferredFixedWidth(cell, ctx);
    widest = Math.max(widest, sum);
  }
  return widest;
}

/**
 * The width that sizes a column from a `<col>` or cell: its CSS width, else its `width` attribute. Pictor
 * (cell-width-auto): a CSS `width: auto` (LaTeXML's `.ltx_eqn_cell { width: auto }`) is no width, and it wins over
 * the attribute as any author value does; it was taken for a width, which made the column `minmax(auto, auto)` and
 * left the table without its Chromium column fit: LaTeXML's equations, between `width: 50%` padding cells, sat
 * 20-40 px right of Chromium's.
 */
function sizingWidth(declared: string | undefined, el: Element): string | undefined {
  if (declared === undefined) return lengthAttr(getAttr(el, 'width'));
  const value = declared
    .replace(/\s*!important$/i, '')
    .trim()
    .toLowerCase();
  return value === 'auto' || value === 'initial' || value === 'unset' ? undefined : declared;
}

/** Width of a column from `<col>` or its single-column cells: a percentage, a fixed length, or none. */
export function columnWidths(
  table: Element,
  cells: PlacedCell[],
  columns: number,
  ctx: TableContext,
): (string | undefined)[] {
  const widths: (string | undefined)[] = new Array(columns).fill(undefined);
  let index = 0;
  const structure = ctx.structure ?? HTML_TABLE;
  for (const group of structure.children(table).filter((c) => structure.part(c) === 'column-group')) {
    const cols = childElements(group).filter((c) => structure.part(c) === 'column');
    const list = cols.length > 0 ? cols : [group];
    for (const col of list) {
      const span = Math.max(1, spanAttr(col, 'span', MAX_COLS));
      const width = sizingWidth(ctx.styles.declared(col, 'width', ctx.inlineOf(col)), col);
      for (let i = 0; i < span && index < columns; i++, index++) if (width) widths[index] = width;
    }
  }
  for (const cell of cells) {
    if (cell.colSpan !== 1 || widths[cell.col]) continue;
    const width = sizingWidth(ctx.styles.declared(cell.el, 'width', ctx.inlineOf(cell.el)), cell.el);
    if (width) widths[cell.col] = width;
  }
  return widths;
}

export function hasDefiniteWidth(table: Element, ctx: TableContext): boolean {
  const inline = ctx.inlineOf(table);
  const width = ctx.styles.declared(table, 'width', inline) ?? lengthAttr(getAttr(table, 'width'));
  const tw = getAttr(table, 'class') ?? '';
  return (
    (width !== undefined && !/^(auto|fit-content|max-content|min-content)$/.test(width)) ||
    /\bw-(full|\[|\d)/.test(tw)
  );
}

/**
 * The width of a column's cell box in px for a px `width` (CSS or attribute) on its cell: the width is the content
 * box's unless the cell is `box-sizing: border-box`, so the padding (CSS, else the table's cellpadding, else the
 * UA's 1px) is added; `em` and `rem` widths too. Undefined for other widths (`auto`, `calc()`).
 */
export function fixedBoxWidth(
  width: string,
  cell: Element | undefined,
  table: Element,
  ctx: TableContext,
): number | undefined {
  // Pictor (cell-em-width): `em` (of the cell's font size, else the table's) and `rem` widths are lengths like px
  // ones: a cell's is its column's preferred content width, a fixed-layout `<col>`'s its width. They were read as
  // minimums that grew to the content (auto layout) or left out (fixed layout: the column shared the rest equally).
  const m = /^(\d+(?:\.\d+)?)(px|em|rem)?$/.exec(width.trim());
  if (!m) return undefined;
  const length = Number(m[1]);
  const content =
    m[2] === 'em'
      ? Number((length * fontSizePx(cell ?? table, ctx)).toFixed(3))
      : m[2] === 'rem'
        ? // Pictor (rem-of-root): `rem` is of the root's font size (`html { font-size: 62.5% }`), not 16px.
          length * rootFontSizePx(cell ?? table, ctx)
        : length;
  if (!cell || ctx.styles.declared(cell, 'box-sizing', ctx.inlineOf(cell))?.trim() === 'border-box')
    return content;
  // Pictor (table-font-size-chain): em padding of the cell's computed font size.
  const fontPx = fontSizePx(cell, ctx);
  const cellpadding = lengthAttr(getAttr(ctx.structure?.wrapper ?? table, 'cellpadding'));
  return content + horizontalPadding(cell, ctx, fontPx, cellpadding ?? uaCellPadding(ctx));
}

/** Font sizes of CSS's absolute keywords in px (Chrome's, for a 16px medium). */
const FONT_SIZE_KEYWORDS: Record<string, number> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
};

/** An element's own font size as declared (`font-size`, or the `font` shorthand when it comes later), lowercased. */
function declaredFontSize(el: Element, ctx: TableContext): string | undefined {
  const inline = ctx.inlineOf(el);
  const size = resolveVars(ctx.styles.declared(el, 'font-size', inline), el, ctx);
  const font = resolveVars(ctx.styles.declared(el, 'font', inline), el, ctx);
  const fromShorthand =
    font !== undefined &&
    (size === undefined || ctx.styles.compareCascade(el, 'font', 'font-size', inline) > 0);
  return (fromShorthand ? shorthandFontSize(font) : size)?.trim().toLowerCase();
}

/**
 * The font size of an element in px, from the declared sizes of it and its ancestors (px, pt, keywords, and `em` /
 * `%` of the parent's, `rem` of the root's; the `font` shorthand's too); 16px where nothing is declared or a size is
 * not read.
 */
function fontSizePx(el: Element, ctx: TableContext): number {
  let factor = 1;
  for (let p: Element | null = el; p; p = parentElement(p)) {
    const value = declaredFontSize(p, ctx);
    if (value === undefined) continue;
    const m = /^((?:\d*\.)?\d+)(px|pt|em|rem|%)$/.exec(value);
    if (m?.[2] === 'px') return factor * Number(m[1]);
    if (m?.[2] === 'pt') return (factor * Number(m[1]) * 4) / 3;
    if (m?.[2] === 'rem') {
      // Pictor (table-font-size-chain): `rem` is of the root's size (`html { font-size: 62.5% }`), not 16px.
      return factor * Number(m[1]) * (rootOf(p) === p ? 16 : rootFontSizePx(p, ctx));
    }
    if (m?.[2] === 'em') factor *= Number(m[1]);
    else if (m?.[2] === '%') factor *= Number(m[1]) / 100;
    else if (value === 'smaller' || value === 'larger') factor *= value === 'smaller' ? 5 / 6 : 1.2;
    else return factor * (FONT_SIZE_KEYWORDS[value] ?? 16);
  }
  return factor * 16;
}

/** The top of the tree `el` is in. */
function rootOf(el: Element): Element {
  let root = el;
  while (parentElement(root)) root = parentElement(root) as Element;
  return root;
}

/** The root font sizes found, per document's styles (a table asks for it once per cell and side). */
const ROOT_FONT_SIZES = new WeakMap<TableContext['styles'], number>();

/**
 * Pictor (rem-of-root): the px size of `rem` for `el`: the font size of the document's `html` element (16px when
 * the tree has none, as a fragment without an `html` root).
 */
export function rootFontSizePx(el: Element, ctx: TableContext): number {
  const root = rootOf(el);
  if (root.tagName !== 'html') return 16;
  let px = ROOT_FONT_SIZES.get(ctx.styles);
  if (px === undefined) {
    px = fontSizePx(root, ctx);
    ROOT_FONT_SIZES.set(ctx.styles, px);
  }
  return px;
}

/**
 * The border-box width in px of the columns a `<col>` (or `<colgroup>`) width of px, `em` or `rem` sets: Chrome
 * sizes the column's cells' border boxes to it (no padding on top, unlike a cell's width). `em` is of the table's
 * font size (a column inherits it). Undefined for other widths.
 */
function colBoxWidth(width: string | undefined, table: Element, ctx: TableContext): number | undefined {
  return width === undefined ? undefined : fixedBoxWidth(width, undefined, table, ctx);
}

/** The values of a `<table>`'s `rules` attribute that browsers honour (ASCII case-insensitive). */
const RULES_VALUES = new Set(['none', 'groups', 'rows', 'cols', 'all']);

/**
 * Whether a table's borders collapse: its `border-collapse` (declared, vars resolved), else — Pictor
 * (table-rules-collapse): a presentational hint of HTML's rendering rules, below any CSS — a `<table>` with a valid
 * `rules` attribute collapses (Docutils' HTML4 writer writes `rules="none"` on every table: without it the 2px
 * spacing made each row 2px taller than Chromium's).
 */
export function bordersCollapse(declared: string | undefined, table: Element): boolean {
  if (declared !== undefined) return declared.trim().toLowerCase() === 'collapse';
  const rules = table.tagName === 'table' ? getAttr(table, 'rules') : undefined;
  return rules !== undefined && RULES_VALUES.has(rules.trim().toLowerCase());
}

/**
 * `grid-template-columns` of a table (`columnGap`: its horizontal border spacing in px): percentages kept, other
 * columns sized from content. A px width is a column's preferred width, not its minimum, as in Chrome's auto table
 * layout: the column shrinks to its content's minimum when the table is too narrow for the widths. When every column
 * has one and the table a width of its own, the columns share the table's width in proportion to them (Chrome
 * spreads the difference so, both ways).
 */
export function trackList(
  table: Element,
  cells: PlacedCell[],
  columns: number,
  ctx: TableContext,
  columnGap = 0,
): ColumnTracks {
  const widths = columnWidths(table, cells, columns, ctx);
  let definite = hasDefiniteWidth(table, ctx);
  const collapsed = bordersCollapse(
    resolveVars(ctx.styles.declared(table, 'border-collapse', ctx.inlineOf(table)), table, ctx),
    table,
  );
  const weights = new Array(columns).fill(0);
  const firstCell: (Element | undefined)[] = new Array(columns).fill(undefined);
  for (const cell of cells) {
    if (cell.colSpan !== 1) continue;
    weights[cell.col] = Math.max(
      weights[cell.col],
      estimateWidth(cell.el, ctx, collapsed, uaCellPadding(ctx)),
    );
    firstCell[cell.col] ??= cell.el;
  }
  // A table without a width of its own that has percentage columns is as wide as they ask (below); its columns
  // then share that width as a definite table's do. Pictor (table-percent-columns-fill): HTML tables too.
  const percentFill = definite ? undefined : percentWidth(widths, weights);
  if (percentFill !== undefined) definite = true;
  // An empty column (no content, padding or border) weighs next to nothing: Chrome gives it no width when another
  // column has content, and an equal share when none has. (Weights summing to under 1 would leave free space.)
  const anyContent = weights.some((weight) => weight > 0);
  for (let i = 0; i < columns; i++) if (weights[i] === 0) weights[i] = anyContent ? 0.01 : 1;
  spanningPercentages(cells, widths, weights, ctx);
  // Pictor (col-border-box-width): a `<col>` width (px, em, rem) is its column's border-box width, an exact
  // preferred width as a cell's px one is: the column did not have the padding on top, and an `em` one was a minimum
  // (`minmax(12em, auto)`) that grew to the content and took a share of the table's free width.
  const colBoxes = columnWidths(table, [], columns, ctx).map((width) => colBoxWidth(width, table, ctx));
  const boxes = widths.map(
    (width, i) =>
      colBoxes[i] ??
      (width && !width.endsWith('%') ? fixedBoxWidth(width, firstCell[i], table, ctx) : undefined),
  );
  const percent = widths.map((width) => percentOf(width));
  // Pictor (cell-width-borders): a cell's width (content box) sizes its column with its padding and its side borders
  // (half of each in the collapsing model), as in Chrome; the track left the borders out, 2px narrower for 1px ones.
  // (`fit` kinds stay without them: the layout engine adds those it counts.)
  const trackBoxes = boxes.map((box, i) => {
    const cell = firstCell[i];
    if (box === undefined || colBoxes[i] !== undefined || !cell) return box;
    if (ctx.styles.declared(cell, 'box-sizing', ctx.inlineOf(cell))?.trim() === 'border-box') return box;
    const borders = (sideBorder(ctx, cell, 'left') + sideBorder(ctx, cell, 'right')) * (collapsed ? 0.5 : 1);
    return Number((box + borders).toFixed(3));
  });
  // Chrome's auto table layout gives the width left over (a definite table wider than its columns want) to the
  // auto columns; without any, to the fixed ones in proportion to their widths; without those, to the percentage
  // columns in proportion to their percentages (css-tables-3 width distribution, Blink's
  // DistributeInlineSizeToComputedInlineSizeAuto). A grid gives leftover width only to `fr` tracks, so the columns
  // that take it are `fr` tracks weighted so (e-mail's lone `width: 87.5%` cell fills its table).
  const growFixed = definite && boxes.every((box, i) => box !== undefined || percent[i] !== undefined);
  const growPercent = growFixed && boxes.every((box) => box === undefined);
  const weighted: number[] = [];
  // Each column's kind for the layout engine's width distribution when the table turns out narrower than its
  // columns want (satori's table-narrow-columns); none when a column has a width of another kind (`calc()`, `ch`).
  const kinds = widths.map((width, i) => {
    if (percent[i] !== undefined) return `${percent[i]}%`;
    // A border-box cell's width has its borders in; otherwise the layout engine adds those it counts.
    const cell = firstCell[i];
    const borderBox =
      colBoxes[i] !== undefined ||
      (cell && ctx.styles.declared(cell, 'box-sizing', ctx.inlineOf(cell))?.trim() === 'border-box');
    if (boxes[i] !== undefined) return `${borderBox ? '=' : ''}${boxes[i]}px`;
    return width ? undefined : 'a';
  });
  const fit = columns > 1 && kinds.every((kind) => kind !== undefined) ? kinds.join(' ') : undefined;
  const tracks = widths
    .map((width, i) => {
      const share = percent[i];
      // Pictor (table-zero-percent-columns): a `0%` column (cppreference's `td:first-child { width: 0% }`) is as
      // wide as its min-content, as in Chrome, whose percentage columns never go under it; when every column is
      // one, they share the table's width equally above it. As a 0% track it was nothing wide, its text under the
      // next column's.
      if (share === 0)
        return growPercent && percent.every((p) => p === 0) ? 'minmax(min-content, 1fr)' : 'min-content';
      if (share !== undefined) {
        if (growPercent) return `minmax(min-content, ${share}fr)`;
        // Chrome resolves a column's percentage against the table's width less its border spacing; a grid's
        // percentage is of the width with the gaps.
        const gaps = (columnGap * (columns - 1) * share) / 100;
        return gaps > 0 ? `calc(${share}% - ${Number(gaps.toFixed(3))}px)` : width;
      }
      const box = trackBoxes[i];
      if (box !== undefined) return `minmax(min-content, ${box}${growFixed ? 'fr' : 'px'})`;
      if (width) return `minmax(${width}, auto)`;
      if (!definite) return 'auto';
      weighted.push(i);
      return `minmax(min-content, ${weights[i]}fr)`;
    })
    .join(' ');
  return { tracks, weighted, fit, percentFill };
}

/**
 * The width a table without one of its own takes for its percentage columns, in px (Chrome's auto table layout,
 * LayoutNG's ComputeGridInlineMinMax): each percentage column asks for its max-content width ÷ its share, the other
 * columns for their max-content widths ÷ what the percentages leave; at least the columns' max-content widths.
 * Undefined without percentage columns; infinite (the container's width) when a percentage column's content is not
 * estimated. A `0%` column asks for nothing more: such a table is as wide as its columns' max-content widths, as in
 * Chrome, with the `0%` columns at their min-content widths and the others sharing the rest. Bootstrap 3's `.nav-justified > li { display: table-cell; width: 1% }` asks
 * for 100 times its content, so its anonymous table fills its container, as the trick intends.
 */
function percentWidth(widths: (string | undefined)[], weights: number[]): number | undefined {
  const shares = widths.map((width) => percentOf(width));
  if (shares.every((share) => share === undefined)) return undefined;
  // The estimate sees only text and pictures: a percentage column whose content it cannot see (an icon of a sized
  // inline-block, an <svg>) would ask for nothing, so such a table fills its container (as the 1% trick intends).
  if (shares.some((share, i) => share !== undefined && share > 0 && !(weights[i]! > 0)))
    return Number.POSITIVE_INFINITY;
  const total = Math.min(
    100,
    shares.reduce<number>((sum, share) => sum + (share ?? 0), 0),
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  const others = weights.reduce((a, weight, i) => a + (shares[i] === undefined ? weight : 0), 0);
  let width = sum;
  shares.forEach((share, i) => {
    if (share !== undefined && share > 0) width = Math.max(width, (weights[i]! * 100) / share);
  });
  if (others > 0)
    width = Math.max(width, total < 100 ? (others * 100) / (100 - total) : Number.POSITIVE_INFINITY);
  return Math.ceil(width);
}

/**
 * A table's `grid-template-columns`, and the columns whose `fr` weight is the estimate of their max-content width:
 * the layout engine measures their cells with the real fonts and weighs them again (satori's table-column-weights).
 */
export interface ColumnTracks {
  tracks: string;
  weighted: number[];
  /** One word per column (`a`, `<n>px`, `=<n>px`, `<n>%`) for satori's table-narrow-columns, if each has a kind. */
  fit?: string;
  /**
   * The width in px that a CSS table without one of its own takes for its percentage columns (at most its
   * container's; infinite when they leave the other columns no room), see `percentWidth`.
   */
  percentFill?: number;
}

/** The percentage of a `50%` width, or undefined for another value. */
export function percentOf(width: string | undefined): number | undefined {
  const m = width ? /^\s*(\d+(?:\.\d+)?)%\s*$/.exec(width) : null;
  return m ? Number(m[1]) : undefined;
}

/**
 * A percentage width of a cell spanning columns goes to the columns it spans, as in Chrome: what the columns' own
 * percentages leave of it, to the others (fixed ones too), in proportion to their width or content (equally when all
 * are empty). `widths` is updated in place.
 */
function spanningPercentages(
  cells: PlacedCell[],
  widths: (string | undefined)[],
  weights: number[],
  ctx: TableContext,
): void {
  for (const cell of cells) {
    if (cell.colSpan === 1) continue;
    const declared = percentOf(
      ctx.styles.declared(cell.el, 'width', ctx.inlineOf(cell.el)) ?? lengthAttr(getAttr(cell.el, 'width')),
    );
    if (declared === undefined) continue;
    const spanned = Array.from({ length: cell.colSpan }, (_, k) => cell.col + k).filter(
      (i) => i < widths.length,
    );
    // Columns of a fixed width take a share too: they become percentage columns, as in Chrome.
    const free = spanned.filter((i) => percentOf(widths[i]) === undefined);
    if (free.length === 0) continue;
    const left = declared - spanned.reduce((sum, i) => sum + (percentOf(widths[i]) ?? 0), 0);
    if (left <= 0) continue;
    const weight = (i: number) => {
      const fixed = /^(\d+(?:\.\d+)?)(?:px)?$/.exec(widths[i]?.trim() ?? '');
      return fixed ? Number(fixed[1]) : weights[i]!;
    };
    const total = free.reduce((sum, i) => sum + weight(i), 0);
    for (const i of free) {
      const share = total > 0 ? (left * weight(i)) / total : left / free.length;
      widths[i] = `${Number(share.toFixed(4))}%`;
    }
  }
}

/** True when a cell's px, em or rem width sizes its column (see `trackList`): the cell then fills the track instead. */
export function widthSizesColumn(cell: PlacedCell, ctx: TableContext): boolean {
  const width = ctx.styles.declared(cell.el, 'width', ctx.inlineOf(cell.el));
  return cell.colSpan === 1 && width !== undefined && FIXED_LENGTH.test(width.trim());
}
