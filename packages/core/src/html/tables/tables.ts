/**
 * `<table>` → CSS grid, which satori lays out: cells are placed explicitly (colspan, rowspan), row groups
 * and rows become `display: contents` so selectors like `tbody tr:nth-child(even) td` still match, row and
 * group backgrounds are drawn by backdrop boxes behind the cells, `border-collapse` is emulated by overlapping
 * cell borders, and columns are sized from their content like the automatic table layout of browsers.
 */
import { type Element, childElements, getAttr, isElement } from '../dom.js';
import {
  bordersCollapse,
  fixedBoxWidth,
  hasDefiniteWidth,
  rootFontSizePx,
  trackList,
  widthSizesColumn,
} from './table-columns.js';
import { fixedTrackList } from './table-fixed-layout.js';
import { isRightToLeft } from './table-direction.js';
import {
  type PlacedCell,
  type TableContext,
  collectRows,
  declaredSide,
  inherited,
  lengthAttr,
  MAX_COLS,
  placeCells,
  resolveCalcPx,
  resolveVars,
  shorthandSide,
  sideBorder,
  spanAttr,
} from './table-model.js';
import type { SatoriChild, SatoriElement } from '../types.js';
import { HTML_TABLE, type TableStructure } from './table-structure.js';
import { ANONYMOUS_PROP } from '../anonymous.js';

export type { TableContext } from './table-model.js';

/** UA styles of table elements (Chrome's, in `:where()` so every author rule wins). */
export const TABLE_PREAMBLE = [
  ':where(table){box-sizing:border-box;text-indent:0;border-color:gray;width:fit-content}',
  ':where(td,th){display:block;padding:1px}',
  // Centred only where the row's text-align is still the initial one (HTML's rendering rules; Chrome's
  // -internal-center, done by the satori patch th-center-unless-aligned).
  ':where(th){font-weight:bold;text-align:-internal-center}',
  ':where(caption){display:block;text-align:center}',
].join('\n');

/** Background declarations of a row or row group, for its backdrop. */
function backdropStyle(el: Element, ctx: TableContext): Record<string, string> | null {
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
  const image = backgroundAttr(el, ctx);
  if (bgcolor && Object.keys(style).length === 0) style.backgroundColor = bgcolor;
  if (image) style.backgroundImage = image;
  return Object.keys(style).length > 0 ? style : null;
}

/**
 * The top or bottom border a row or row group declares (drawn in the collapsing border model only), from the
 * shorthands and the longhands (Tailwind's `divide-y` sets `border-bottom-width`, `-style` and `border-color`), as
 * satori style keys; empty when it declares none.
 */
function rowBorder(el: Element, side: 'top' | 'bottom', ctx: TableContext): Record<string, string> {
  const inline = ctx.inlineOf(el);
  const edge = side === 'top' ? 'start' : 'end';
  /** Of the properties that set the value, the one latest in the cascade (with its value for this side). */
  const latest = (properties: string[], pick: (property: string, value: string) => string) => {
    let best: { property: string; value: string } | undefined;
    for (const property of properties) {
      const value = ctx.styles.declared(el, property, inline);
      if (value === undefined) continue;
      if (!best || ctx.styles.compareCascade(el, property, best.property, inline) > 0)
        best = { property, value: pick(property, value) };
    }
    return best;
  };
  const style: Record<string, string> = {};
  const Side = side === 'top' ? 'Top' : 'Bottom';
  // Pictor (printdocs): logical names (`border-block-end-*`, `border-block`) stand for the physical side too, and
  // of a shorthand and a longhand the later in the cascade wins (`:where(tr) { border-block-end-width: 1px }` under
  // `.marked { border-block: 2px dotted }` leaves the row 2px dotted).
  const shorthand = latest(
    [`border-${side}`, 'border', `border-block-${edge}`, 'border-block'],
    (_, value) => value,
  );
  if (shorthand) style[`border${Side}`] = shorthand.value;
  for (const part of ['width', 'style', 'color'] as const) {
    const longhand = latest(
      [`border-${side}-${part}`, `border-${part}`, `border-block-${edge}-${part}`, `border-block-${part}`],
      (property, value) => {
        if (property === `border-${part}`) return shorthandSide(value, side);
        if (property !== `border-block-${part}`) return value;
        const values = value.trim().split(/\s+(?![^(]*\))/);
        return (edge === 'end' ? values[1] : undefined) ?? values[0]!;
      },
    );
    if (!longhand) continue;
    if (shorthand && ctx.styles.compareCascade(el, longhand.property, shorthand.property, inline) <= 0)
      continue;
    style[`border${Side}${part[0]!.toUpperCase()}${part.slice(1)}`] = longhand.value;
  }
  return style;
}

/**
 * Pictor (table-cell-declared): a cell's display as its CSS writes it. A sheet's `display: table-cell` reaches satori
 * degraded to `block` (LaTeXML's `.ltx_td { display: table-cell }` on its `<td>`s): read as written, it is the cell's
 * own display, not a block that an anonymous cell holds (which stacked every cell of the row in its first column).
 */
function declaredDisplay(el: Element, ctx: TableContext, inline: Record<string, string>): string | undefined {
  return ctx.writtenDisplay?.(el) ?? ctx.styles.declared(el, 'display', inline);
}

/** True when CSS displays a cell as something other than a table cell (not `none`: a hidden cell takes no slot). */
function ownDisplay(el: Element, ctx: TableContext, inline: Record<string, string>): boolean {
  const display = declaredDisplay(el, ctx, inline)?.trim().toLowerCase();
  return (
    display !== undefined &&
    display !== 'table-cell' &&
    display !== 'none' &&
    !/^(?:inherit|initial|unset|revert|revert-layer)$/.test(display)
  );
}

/** True when CSS makes a cell a block-level box (`display: block`), which an anonymous cell holds. */
function blockDisplay(el: Element, ctx: TableContext): boolean {
  const display = declaredDisplay(el, ctx, ctx.inlineOf(el))?.trim().toLowerCase();
  return (
    display !== undefined &&
    /^(?:block|flex|grid|list-item|flow-root|table)$/.test(display.replace(/\s*!important$/, ''))
  );
}

/**
 * Element types of the boxes the table translation adds (a cell's content wrapper, a row's backdrop). They are
 * anonymous boxes in browsers, which no author selector reaches: typed `div`, they took e-mail themes' `td, div
 * { text-align: center }` and the like, so a left-aligned cell's text came out centred.
 */
const ANONYMOUS_CELL_BOX = 'pictor-cell';
const ANONYMOUS_BACKDROP_BOX = 'pictor-backdrop';

/**
 * The prop naming the grid rows a row or row group covers (`2 / span 3`): our satori puts the absolutely
 * positioned `::before`/`::after` of a positioned one in a box over that area (its change table-area-pseudo).
 */
const TABLE_AREA_PROP = 'data-pictor-area';

/** Props naming the columns satori weighs by their cells' max-content widths, and a cell's column (see trackList). */
const TABLE_WEIGHTS_PROP = 'data-pictor-table-weights';
const TABLE_COLUMN_PROP = 'data-pictor-table-column';
/** satori's cell-max-width: the px box width (padding in) a cell's `max-width` caps its column contributions at. */
const TABLE_CELL_MAX_PROP = 'data-pictor-cell-max-width';
/** The prop giving each column's kind, for a table narrower than its columns want (satori's table-narrow-columns). */
const TABLE_FIT_PROP = 'data-pictor-table-fit';
/**
 * The prop of a table made `width: 100%; max-width: <estimate>px` for its percentage columns: satori's
 * table-percent-columns-measured sets the max-width again from its cells' measured max-content widths.
 */
const TABLE_PERCENT_FILL_PROP = 'data-pictor-table-percent-fill';
/**
 * The prop of a caption outside its table's border and padding: its side and the px of the table's border and padding
 * its inner margin holds (satori's caption-outside-box paints the table from there on).
 */
const TABLE_CAPTION_PROP = 'data-pictor-table-caption';

/** A length in px (`0` too), or undefined for another unit. */
function pxOf(value: string): number | undefined {
  if (/^[+-]?0+(?:\.0*)?$/.test(value)) return 0;
  const m = /^(-?[\d.]+)px$/.exec(value);
  return m ? Number(m[1]) : undefined;
}

/** The table's padding plus its border spacing, per side, as a `padding` shorthand. */
function edgeSpacing(table: Element, ctx: TableContext, horizontal: string, vertical: string): string {
  const [top, right, bottom, left] = (['top', 'right', 'bottom', 'left'] as const).map((side) => {
    const spacing = side === 'top' || side === 'bottom' ? vertical : horizontal;
    const padding = resolveCalcPx(
      resolveVars(declaredSide(ctx, table, 'padding', side), table, ctx),
      rootFontSizePx(table, ctx),
    )?.trim();
    const paddingPx = padding === undefined ? 0 : pxOf(padding);
    if (padding === undefined || paddingPx === 0) return spacing;
    const spacingPx = pxOf(spacing);
    if (spacingPx === 0) return padding;
    if (paddingPx !== undefined && spacingPx !== undefined) return `${paddingPx + spacingPx}px`;
    return `calc(${padding} + ${spacing})`;
  });
  return top === bottom && left === right ? `${top} ${left}` : `${top} ${right} ${bottom} ${left}`;
}

/**
 * The table's cascaded width: `width` or `inline-size` (its logical name in horizontal writing), whichever comes later
 * in the cascade, with its `var()`s read. A `var()` of an undefined property without a fallback is invalid at
 * computed-value time: the width is `auto` then.
 */
function declaredTableWidth(
  table: Element,
  ctx: TableContext,
  inline: Record<string, string> | undefined,
): string | undefined {
  // Pictor (tablesize): Vivliostyle's themes write `inline-size: var(--vs--table-size-inline)`, a variable no theme
  // defines: Chrome's table stays shrink-to-fit; read as a width of its own, the table spread across its container.
  const writingMode =
    resolveVars(inherited(table, 'writing-mode', ctx), table, ctx)
      ?.trim()
      .toLowerCase() ?? '';
  const logical =
    writingMode.startsWith('vertical') || writingMode.startsWith('sideways') ? undefined : 'inline-size';
  const property =
    logical &&
    ctx.styles.declared(table, logical, inline) !== undefined &&
    (ctx.styles.declared(table, 'width', inline) === undefined ||
      ctx.styles.compareCascade(table, logical, 'width', inline) > 0)
      ? logical
      : 'width';
  const value = ctx.styles.declared(table, property, inline);
  if (value === undefined) return undefined;
  return resolveVars(value, table, ctx)?.trim().toLowerCase() || 'auto';
}

/**
 * The `border` attribute's outset border of a table, in Chrome's gray, measured: #a8a8a8 on the light sides, #545454
 * on the dark ones (its cells' inset border swaps them).
 */
export const TABLE_OUTSET_BORDER_COLOR = '#a8a8a8 #545454 #545454 #a8a8a8';

/**
 * Translate a table into a satori grid: a `<table>` element, or a CSS table (`ctx.structure`: an element whose CSS
 * display is `table`, or an anonymous table around table boxes, table-structure.ts).
 */
export function convertTable(table: Element, ctx: TableContext): SatoriElement {
  ctx.addPreamble(TABLE_PREAMBLE);
  const structure: TableStructure = ctx.structure ?? HTML_TABLE;
  const tableInline = ctx.inlineOf(table);
  const { groups, rows: allRows } = collectRows(table, structure);
  // A row, group or cell with display: none has no box in browsers: it takes no row or column of the table (a
  // hidden first cell, e-mail's `<td class="hide">`, does not push the others one column along).
  const rows = allRows.filter(({ tr, group }) => !hidden(tr, ctx) && !(group && hidden(group, ctx)));
  // A CSS table's cells are table cells by their display (its degraded value, `block`, says nothing).
  const { cells, columns } = placeCells(
    rows,
    (cell) => hidden(cell, ctx),
    (cell) => structure.html && blockDisplay(cell, ctx),
    structure,
  );
  const caption = structure.children(table).find((c) => structure.part(c) === 'caption');
  // Pictor (caption-side-bottom): `caption-side: bottom` (inherited) puts the caption below the rows, as browsers do.
  const captionBelow =
    caption !== undefined && inherited(caption, 'caption-side', ctx)?.trim().toLowerCase() === 'bottom';
  const offset = caption && !captionBelow ? 1 : 0;
  const captionRow = captionBelow
    ? `${Math.max(rows.length, ...cells.map((cell) => cell.row + cell.rowSpan)) + 1}`
    : '1';
  // HTML's UA sheet sets `border-collapse: separate` and `border-spacing: 2px` on `<table>`; a CSS table inherits
  // both (initially separate and 0).
  const own = (property: string) =>
    structure.html && !structure.wrapper
      ? ctx.styles.declared(table, property, tableInline)
      : inherited(table, property, ctx);
  // Pictor (printdocs): written as a var() too (Vivliostyle: `border-collapse: var(--vs--table-border-collapse)`).
  const collapseDecl = resolveVars(own('border-collapse'), table, ctx);
  const collapse =
    structure.html && !structure.wrapper
      ? bordersCollapse(collapseDecl, table)
      : collapseDecl?.trim() === 'collapse';
  const rtl = collapse && isRightToLeft(table, ctx);

  const spacingDecl = own('border-spacing');
  const cellspacing = lengthAttr(getAttr(structure.wrapper ?? table, 'cellspacing'));
  const spacing = collapse
    ? ['0px']
    : (spacingDecl ?? cellspacing ?? (structure.html ? '2px' : '0px')).trim().split(/\s+/);
  // `table-layout: fixed` with a width of its own: the columns from the first row alone (tracks set below, once the
  // cells' collapsed borders are known), nothing for the layout engine to weigh.
  const fixedLayout =
    columns > 0 &&
    ctx.styles.declared(table, 'table-layout', tableInline)?.trim().toLowerCase() === 'fixed' &&
    hasDefiniteWidth(table, ctx);
  const columnTracks =
    columns > 0 && !fixedLayout
      ? trackList(table, cells, columns, ctx, pxOf(spacing[0]!) ?? 0)
      : { tracks: 'auto', weighted: [], fit: undefined };
  const weighted = new Set(columnTracks.weighted);
  const tableStyle: Record<string, string> = {
    display: 'grid',
    gridTemplateColumns: columnTracks.tracks,
    gridAutoRows: 'auto',
    columnGap: spacing[0]!,
    rowGap: spacing[1] ?? spacing[0]!,
    alignItems: 'stretch',
  };
  // The separated model's spacing at the table's edges lies inside its padding (`* { padding: 0 }` of e-mail resets
  // keeps the 2px); the collapsing model has neither.
  if (collapse) tableStyle.padding = '0px';
  else tableStyle.padding = edgeSpacing(table, ctx, spacing[0]!, spacing[1] ?? spacing[0]!);
  // Pictor (table-display-block): a `<table>` displayed as a block keeps its `border` and `cellpadding` attributes'
  // cell borders and padding for the anonymous table inside it; its own border is the block's (convert.ts).
  const attributes = structure.wrapper ?? table;
  const borderAttr = getAttr(attributes, 'border');
  const borderPx = borderAttr !== undefined ? Number.parseInt(borderAttr || '1', 10) || 0 : 0;
  if (borderPx > 0 && !structure.wrapper && ctx.styles.declared(table, 'border', tableInline) === undefined) {
    tableStyle.border = `${borderPx}px solid`;
    tableStyle.borderColor = TABLE_OUTSET_BORDER_COLOR;
  }
  const widthAttr = lengthAttr(getAttr(table, 'width'));
  const declaredWidth = declaredTableWidth(table, ctx, tableInline);
  if (widthAttr && declaredWidth === undefined) tableStyle.width = widthAttr;
  // A table's `width: auto` is its content's width (shrink-to-fit), not its container's: e-mail buttons are tables
  // with `width: auto` inside a `width: 100%` one. (HTML's UA sheet gives `<table>` that; a CSS table has it anyway.)
  if (declaredWidth === 'auto' || ((!structure.html || structure.wrapper) && declaredWidth === undefined))
    tableStyle.width = 'fit-content';
  // Percentage columns make such a table as wide as they ask, within its container (table-columns.ts percentWidth).
  const percentFill =
    columnTracks.percentFill !== undefined && (declaredWidth === undefined || declaredWidth === 'auto');
  if (percentFill) {
    tableStyle.width = '100%';
    if (Number.isFinite(columnTracks.percentFill)) tableStyle.maxWidth = `${columnTracks.percentFill}px`;
  }
  // A table's height (CSS or attribute) is the least it takes, as in browsers: rows taller than it make it taller
  // (an e-mail's `<table height="30">` round three lines of text must not run into the next table); a taller
  // table gives its rows the rest.
  Object.assign(tableStyle, minimumHeight(table, ctx));
  const trackRows = rowTracks(rows, offset, ctx);
  if (trackRows) tableStyle.gridTemplateRows = trackRows;
  warnUnmapped(table, ctx);
  for (const { tr } of rows) warnUnmapped(tr, ctx);
  const bgcolor = getAttr(table, 'bgcolor');
  if (bgcolor && ctx.styles.declared(table, 'background-color', tableInline) === undefined)
    tableStyle.backgroundColor = bgcolor;
  const tableImage = backgroundAttr(table, ctx);
  if (tableImage) tableStyle.backgroundImage = tableImage;

  const cellpadding = lengthAttr(getAttr(attributes, 'cellpadding'));
  const cellsByElement = new Map(cells.map((c) => [c.el, c]));

  // The cell covering each grid slot, to find a cell's neighbour across a collapsed edge.
  const slots: PlacedCell[][] = [];
  if (collapse)
    for (const cell of cells)
      for (let r = cell.row; r < cell.row + cell.rowSpan; r++) {
        const slotRow = slots[r] ?? [];
        slots[r] = slotRow;
        for (let c = cell.col; c < cell.col + cell.colSpan; c++) slotRow[c] = cell;
      }
  const slotOwner = (row: number, col: number): PlacedCell | undefined => slots[row]?.[col];
  /** The row or group whose top or bottom border a cell without one of its own draws (collapsed model). */
  const rowBorderSource = (cell: PlacedCell, side: 'top' | 'bottom'): Element | undefined => {
    const at = side === 'top' ? cell.row : cell.row + cell.rowSpan - 1;
    const row = rows[at];
    if (!row) return undefined;
    const neighbour = rows[side === 'top' ? at - 1 : at + 1];
    const sources = row.group && neighbour?.group !== row.group ? [row.tr, row.group] : [row.tr];
    return sources.find((el) => sideBorder(ctx, el, side) > 0);
  };
  /** The width in px of the border a cell draws on one side: its own, the `border` attribute's, or its row's. */
  const cellBorder = (cell: PlacedCell, side: 'top' | 'bottom' | 'left' | 'right'): number => {
    if (borderPx > 0 && ctx.styles.declared(cell.el, 'border', ctx.inlineOf(cell.el)) === undefined) return 1;
    const own = sideBorder(ctx, cell.el, side);
    if (own > 0 || (side !== 'top' && side !== 'bottom')) return own;
    const source = rowBorderSource(cell, side);
    return source ? sideBorder(ctx, source, side) : 0;
  };

  /**
   * The border width a collapsed cell counts in its column's max-content width, as in Chrome: half of the winning
   * border on each side (the wider of its own and its neighbour's), whichever of the two cells draws it here.
   */
  const collapsedBorders = (cell: PlacedCell): number => {
    const before = cell.col > 0 ? slotOwner(cell.row, cell.col - 1) : undefined;
    const after = slotOwner(cell.row, cell.col + cell.colSpan);
    const [start, end] = rtl ? (['right', 'left'] as const) : (['left', 'right'] as const);
    const startEdge = Math.max(cellBorder(cell, start), before ? cellBorder(before, end) : 0);
    const endEdge = Math.max(cellBorder(cell, end), after ? cellBorder(after, start) : 0);
    return (startEdge + endEdge) / 2;
  };
  /**
   * Whether a collapsed cell spanning rows has, below its first row, a row where the cell before it (on the `other`
   * side of that cell) draws a border narrower than `own`, or where no cell is before it: its own border wins there.
   */
  const winsLowerDown = (cell: PlacedCell, own: number, other: 'left' | 'right'): boolean => {
    if (cell.col === 0) return false;
    for (let row = cell.row + 1; row < cell.row + cell.rowSpan; row++) {
      const before = slotOwner(row, cell.col - 1);
      if (!before || cellBorder(before, other) < own) return true;
    }
    return false;
  };
  if (fixedLayout)
    tableStyle.gridTemplateColumns = fixedTrackList(
      table,
      cells,
      columns,
      ctx,
      pxOf(spacing[0]!) ?? 0,
      (cell) => (collapse ? collapsedBorders(cell) : cellBorder(cell, 'left') + cellBorder(cell, 'right')),
    );
  // Collapsed, half of the outer cells' start and end borders lies in the table's edge, outside its columns, as in
  // Chrome: the columns share the table's width less those halves, and the outer cells reach into the edge (the
  // first column started half a border early, every column after it by as much). Not with a table border of its own.
  const outerHalf = { start: 0, end: 0 };
  // The number of grid rows the cells take (collapsed-table-border: which cells are on the table's bottom edge).
  let rowCount = 0;
  for (const cell of cells) rowCount = Math.max(rowCount, cell.row + cell.rowSpan);
  const [startSide, endSide] = rtl ? (['right', 'left'] as const) : (['left', 'right'] as const);
  /** Of a collapsed edge between a cell and the one below it: its width, the wider of the two borders. */
  const rowEdge = (upper: PlacedCell, lower: PlacedCell): number =>
    Math.max(cellBorder(upper, 'bottom'), cellBorder(lower, 'top'));
  // Pictor (collapsed-row-edges): the narrowest collapsed edge along each line between two rows (its index is the
  // row below it). Chromium centres every edge on the line; here an edge as narrow as that lies in the row above
  // and a wider one reaches half its extra width into the row below.
  const narrowestEdge: number[] = [];
  if (collapse)
    for (let row = 1; row < rowCount; row++)
      for (let col = 0; col < columns; col++) {
        const upper = slotOwner(row - 1, col);
        const lower = slotOwner(row, col);
        if (!upper || !lower || upper === lower) continue;
        narrowestEdge[row] = Math.min(narrowestEdge[row] ?? Infinity, rowEdge(upper, lower));
      }
  /**
   * How a collapsed edge `width` wide on the line above row `row` lies across it: `below` px of it in the row below
   * the grid line, `above` px in the row above (the whole of it above where the line's edges are all as wide).
   */
  const edgeSplit = (row: number, width: number) => {
    const below = Math.floor((width - Math.min(width, narrowestEdge[row] ?? width)) / 2);
    return { above: width - below, below };
  };
  if (
    collapse &&
    borderPx === 0 &&
    sideBorder(ctx, table, 'left') === 0 &&
    sideBorder(ctx, table, 'right') === 0
  ) {
    for (const cell of cells) {
      if (cell.col === 0) outerHalf.start = Math.max(outerHalf.start, cellBorder(cell, startSide) / 2);
      if (cell.col + cell.colSpan === columns)
        outerHalf.end = Math.max(outerHalf.end, cellBorder(cell, endSide) / 2);
    }
    const [left, right] = rtl ? [outerHalf.end, outerHalf.start] : [outerHalf.start, outerHalf.end];
    if (left > 0 || right > 0) tableStyle.padding = `0px ${right}px 0px ${left}px`;
  }
  // The cells of the columns the layout engine weighs by their max-content widths (satori's table-column-weights).
  const convertCell = (cell: PlacedCell): SatoriElement => {
    const converted = convertCellBox(cell);
    if (weighted.size > 0 || columnTracks.fit !== undefined) {
      const place = `${cell.col} ${cell.colSpan}`;
      converted.props[TABLE_COLUMN_PROP] = collapse ? `${place} ${collapsedBorders(cell)}` : place;
      // Pictor (cell-max-width): a cell's fixed `max-width` caps what it asks of its column (Chromium's cell
      // constraints), though the cell's box fills its column (its max-width is dropped below).
      const maxWidth = ctx.styles.declared(cell.el, 'max-width', ctx.inlineOf(cell.el));
      const maxBox =
        maxWidth === undefined
          ? undefined
          : fixedBoxWidth(maxWidth.replace(/\s*!important$/i, ''), cell.el, table, ctx);
      if (maxBox !== undefined) converted.props[TABLE_CELL_MAX_PROP] = String(maxBox);
    }
    return converted;
  };
  // The painted boxes of baseline-aligned CSS cells, drawn over the rows' backdrops and under the cells' content.
  const cellBoxes: SatoriChild[] = [];
  const convertCellBox = (cell: PlacedCell): SatoriElement => {
    const inline = ctx.inlineOf(cell.el);
    const extra: Record<string, string> = {
      gridRow: `${cell.row + 1 + offset} / span ${cell.rowSpan}`,
      gridColumn: `${cell.col + 1} / span ${cell.colSpan}`,
    };
    // `cellpadding` is a presentational hint: each side the cell's own CSS does not set gets it (a longhand such as
    // `padding-top` in a sheet or the style attribute keeps its side).
    if (cellpadding && ctx.styles.declared(cell.el, 'padding', inline) === undefined)
      for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const)
        if (ctx.styles.declared(cell.el, `padding-${side.toLowerCase()}`, inline) === undefined)
          extra[`padding${side}`] = cellpadding;
    if (borderPx > 0 && ctx.styles.declared(cell.el, 'border', inline) === undefined) {
      extra.border = '1px solid';
      extra.borderColor = '#545454 #a8a8a8 #a8a8a8 #545454';
    }
    // `align` on cells, rows and groups is the converter's (legacy alignment). Margins do not apply to table
    // cells in CSS; the grid items they become would take them.
    extra.margin = '0px';
    // Chrome ignores `max-width` on table cells (`min-width` still counts): e-mail's `width: 200px; max-width: 33.333%`
    // would otherwise hold the grid item to a third of its own column.
    if (ctx.styles.declared(cell.el, 'max-width', inline) !== undefined) extra.maxWidth = 'none';
    // A percentage width sizes the cell's column (the grid track, trackList) and the cell fills the track, as table
    // cells fill their column: kept on the grid item, it would be taken of the track again, and 100% plus padding
    // would overflow it. So does a px width (the column's preferred width, trackList), which may shrink the cell.
    if (ctx.styles.declared(cell.el, 'width', inline)?.trim().endsWith('%') || widthSizesColumn(cell, ctx)) {
      extra.width = 'auto';
      // A sheet's `width: 100% !important` still wins over that: counted with the padding, it fits the track.
      extra.boxSizing = 'border-box';
    }
    const cellBg = getAttr(cell.el, 'bgcolor');
    if (cellBg && ctx.styles.declared(cell.el, 'background-color', inline) === undefined)
      extra.backgroundColor = cellBg;
    const cellImage = backgroundAttr(cell.el, ctx);
    if (cellImage) extra.backgroundImage = cellImage;
    if (
      getAttr(cell.el, 'nowrap') !== undefined &&
      ctx.styles.declared(cell.el, 'white-space', inline) === undefined
    )
      extra.whiteSpace = 'nowrap';
    warnUnmapped(cell.el, ctx);
    const heightAttr = lengthAttr(getAttr(cell.el, 'height'));
    const declaredHeight = ctx.styles.declared(cell.el, 'height', inline);
    // A cell that CSS gives another display (`.container { display: block !important }` of responsive e-mails) is
    // that box inside an anonymous cell, as in browsers: it is no cell, so its margins apply (`margin: 0 auto` on
    // a block of auto width centres nothing), and it is as tall as its content, at the top of its row.
    if (structure.html && ownDisplay(cell.el, ctx, inline)) {
      if (heightAttr && declaredHeight === undefined) extra.height = heightAttr;
      const { gridRow, gridColumn } = extra;
      delete extra.gridRow;
      delete extra.gridColumn;
      delete extra.margin;
      // Its CSS width and max-width are its own (a `display: inline-block; width: 150px` button), not its column's.
      delete extra.width;
      delete extra.boxSizing;
      delete extra.maxWidth;
      return {
        type: ANONYMOUS_CELL_BOX,
        props: {
          'data-pictor-cell': '',
          style: { gridRow: gridRow as string, gridColumn: gridColumn as string, display: 'block' },
          children: ctx.convert(cell.el, extra),
        },
      };
    }
    // A cell's height (CSS or attribute) is the least its row gives it, as in browsers: content taller than that
    // makes the row taller instead of overflowing the cell (airmail's `.status-cell { height: 65px }` round a
    // picture and a label).
    const minHeight = declaredHeight ?? heightAttr;
    if (
      minHeight !== undefined &&
      !/^\s*(?:auto|inherit|initial|unset|revert|revert-layer)?\s*$|%/i.test(minHeight) &&
      ctx.styles.declared(cell.el, 'min-height', inline) === undefined
    ) {
      extra.height = 'auto';
      extra.minHeight = minHeight;
      // Quirks mode: the height is the cell's border box's (HTML's table cell height box sizing quirk). A cell's
      // width is its column's (auto) unless CSS sets another kind.
      if (
        ctx.quirks &&
        (extra.width === 'auto' || ctx.styles.declared(cell.el, 'width', inline) === undefined)
      ) {
        extra.boxSizing = 'border-box';
        // Collapsed, only half of each border lies in Chrome's cell box (the other half in its neighbour's), but
        // the whole of it in ours: a `<td height="5">` rule with a 1px border is 5.5px tall in the row.
        const px = pxOf(minHeight.trim());
        const half = collapse
          ? (sideBorder(ctx, cell.el, 'top') + sideBorder(ctx, cell.el, 'bottom')) / 2
          : 0;
        if (px !== undefined && half > 0) extra.minHeight = `${px + half}px`;
      }
    } else if (heightAttr && declaredHeight === undefined) extra.height = heightAttr;
    if (collapse) {
      // A row's (or, at a group's first and last row, the group's) top and bottom borders are drawn on the edges of
      // its cells where the cell has no border of its own: they take room, as collapsed borders do in browsers.
      for (const side of ['top', 'bottom'] as const) {
        if (extra.border !== undefined || sideBorder(ctx, cell.el, side) > 0) continue;
        const source = rowBorderSource(cell, side);
        if (source) Object.assign(extra, rowBorder(source, side, ctx));
      }
      // A collapsed edge shows one border, the wider of the two (the one above or before it when they are as
      // wide), and is as wide as it, half in each row as in browsers. Where the neighbour's wins, this cell draws
      // none there; where this cell's wins over one the neighbour draws, it overlaps the neighbour's.
      const edges = [
        {
          side: 'top',
          other: 'bottom',
          neighbour: cell.row > 0 ? slotOwner(cell.row - 1, cell.col) : undefined,
        },
        // The column before is on the right of a right-to-left table.
        {
          side: rtl ? 'right' : 'left',
          other: rtl ? 'left' : 'right',
          neighbour: cell.col > 0 ? slotOwner(cell.row, cell.col - 1) : undefined,
        },
      ] as const;
      // Pictor (collapsed-spanning-start-edge): a cell spanning rows whose start border loses to the cell before it
      // in its first row may still win lower down, where the cell before draws a narrower border or none (Furo's
      // `td:last-child { border-right: none }` on a row whose other cells come from the row above): Chromium draws
      // it there. It is drawn along the whole span, over the boundary the cell before draws on.
      let startOverBefore = false;
      for (const { side, other, neighbour } of edges) {
        const own = cellBorder(cell, side);
        const theirs = neighbour ? cellBorder(neighbour, other) : 0;
        if (side !== 'top' && own > 0 && theirs >= own && winsLowerDown(cell, own, other)) {
          startOverBefore = true;
          continue;
        }
        if (side === 'top' && neighbour) {
          // Pictor (collapsed-row-edges): the edge lies across the line between the rows as Chromium centres it.
          const { above, below } = edgeSplit(cell.row, Math.max(own, theirs));
          if (theirs >= own) {
            if (own > 0) extra.borderTopWidth = '0px';
            if (below > 0) extra.marginTop = `${below}px`;
          } else if (theirs > 0 || below > 0) extra.marginTop = `-${above}px`;
          continue;
        }
        if (own === 0 || theirs === 0) continue;
        const Side = side === 'top' ? 'Top' : side === 'left' ? 'Left' : 'Right';
        if (theirs >= own) extra[`border${Side}Width`] = '0px';
        else extra[`margin${Side}`] = `-${theirs}px`;
      }
      // The cell above an edge: it takes as much of the row above as the edge lies in, drawing its own border
      // when it wins (reaching into the row below) or leaving room for the one below when it loses.
      const lower = slotOwner(cell.row + cell.rowSpan, cell.col);
      if (lower) {
        const own = cellBorder(cell, 'bottom');
        const theirs = cellBorder(lower, 'top');
        const { above, below } = edgeSplit(cell.row + cell.rowSpan, Math.max(own, theirs));
        if (own >= theirs) {
          if (below > 0) extra.marginBottom = `-${below}px`;
        } else if ((own > 0 || below > 0) && above !== own)
          extra.marginBottom = above > own ? `${above - own}px` : `-${own - above}px`;
      }
      // Pictor (collapsed-table-border): at the table's outer edges, a table border of its own wider than the cell's
      // wins (CSS 2.1 §17.6.2.1) and is the only one drawn there, as in Chromium; the cell drew its own inside it.
      const outerEdges = [
        ['top', cell.row === 0],
        ['bottom', cell.row + cell.rowSpan === rowCount],
        [startSide, cell.col === 0],
        [endSide, cell.col + cell.colSpan === columns],
      ] as const;
      for (const [side, outer] of outerEdges) {
        const theirs = outer ? sideBorder(ctx, table, side) : 0;
        const Side = `${side[0]!.toUpperCase()}${side.slice(1)}`;
        if (theirs > 0 && cellBorder(cell, side) < theirs) extra[`border${Side}Width`] = '0px';
        // Pictor (collapsed-row-edges): a cell border wider than the table's wins there and is the only one drawn,
        // over the table's (it drew inside it, both showing).
        else if (theirs > 0 && cellBorder(cell, side) > theirs) extra[`margin${Side}`] = `-${theirs}px`;
      }
      // Chrome draws a collapsed border between two columns across their boundary, half in each; here the cell
      // before it draws all of it: the cells move half of it along (the one drawing it reaching into the next column,
      // the next starting later), so the columns keep Chrome's widths and the border and text Chrome's places.
      const margin = (side: 'left' | 'right') => (side === 'left' ? 'marginLeft' : 'marginRight');
      const before = cell.col > 0 ? slotOwner(cell.row, cell.col - 1) : undefined;
      const after = slotOwner(cell.row, cell.col + cell.colSpan);
      const drawnBefore = before ? cellBorder(before, endSide) : 0;
      if (drawnBefore > 0 && drawnBefore >= cellBorder(cell, startSide))
        extra[margin(startSide)] = `${drawnBefore / 2}px`;
      const drawnEnd = cellBorder(cell, endSide);
      if (after && drawnEnd > 0 && drawnEnd >= cellBorder(after, startSide))
        extra[margin(endSide)] = `-${drawnEnd / 2}px`;
      // Pictor (collapsed-row-edges): a start border wider than the one before it (by 2px or more) is centred on
      // the boundary too: the cell starts half of it early, and the cell before leaves room for that half.
      const ownStart = cellBorder(cell, startSide);
      if (before && ownStart - drawnBefore >= 2) extra[margin(startSide)] = `-${ownStart / 2}px`;
      const afterStart = after ? cellBorder(after, startSide) : 0;
      if (after && afterStart - drawnEnd >= 2 && afterStart / 2 !== drawnEnd) {
        const room = afterStart / 2 - drawnEnd;
        extra[margin(endSide)] = room > 0 ? `${room}px` : `-${-room}px`;
      }
      if (startOverBefore) extra[margin(startSide)] = `${drawnBefore / 2 - ownStart}px`;
      if (cell.col === 0 && outerHalf.start > 0) extra[margin(startSide)] = `-${outerHalf.start}px`;
      if (cell.col + cell.colSpan === columns && outerHalf.end > 0)
        extra[margin(endSide)] = `-${outerHalf.end}px`;
    }
    // Cells are vertically centred in browsers (`vertical-align: middle`): a flex column around one
    // wrapper keeps the cell's inline content in one flow.
    const valign = structure.html ? cellVerticalAlign(cell.el, ctx) : cssCellVerticalAlign(cell.el, ctx);
    if (valign === 'middle' || valign === 'bottom') {
      extra.display = 'flex';
      extra.flexDirection = 'column';
      extra.justifyContent = valign === 'middle' ? 'center' : 'flex-end';
      const content = ctx.convert(cell.el, {}, undefined);
      // The line-height quirk's zero for the cell's lines (convert.ts, quirks-inline-text-strut) goes with them.
      const quirkZero = (content.props.style as Record<string, unknown> | undefined)?.lineHeight === '0';
      const wrapper: SatoriElement = {
        type: ANONYMOUS_CELL_BOX,
        props: {
          'data-pictor-cell': '',
          style: quirkZero ? { display: 'block', lineHeight: '0' } : { display: 'block' },
          children: content.props.children,
        },
      };
      // It is no element for the page's selectors: `td > div` (cppreference's declarations), `.cell > p` still match.
      wrapper.props[ANONYMOUS_PROP] = '';
      return ctx.convert(cell.el, extra, [wrapper]);
    }
    // Baseline-aligned, the grid item is only as tall as its content: a cell whose box shows (a background, a
    // border) has it painted by a box of its own that fills the row, as Chromium draws it, and its borders kept
    // transparent around the content.
    if (valign === 'baseline') {
      extra.alignSelf = 'baseline';
      const paint = boxPaint(cell.el, ctx);
      if (paint) {
        cellBoxes.push({
          type: ANONYMOUS_BACKDROP_BOX,
          props: {
            [ANONYMOUS_PROP]: '',
            // Not a cell: an inline table's baseline is its first row's (satori inline-table-backdrop-skipped).
            'data-pictor-backdrop': '',
            style: { display: 'block', ...paint, gridRow: extra.gridRow!, gridColumn: extra.gridColumn! },
          },
        });
        Object.assign(extra, {
          background: 'none',
          backgroundColor: 'transparent',
          backgroundImage: 'none',
          borderColor: 'transparent',
          borderTopColor: 'transparent',
          borderRightColor: 'transparent',
          borderBottomColor: 'transparent',
          borderLeftColor: 'transparent',
          boxShadow: 'none',
        });
      }
    }
    return ctx.convert(cell.el, extra);
  };

  /** The grid rows each row and group covers (for its positioned pseudo-elements, satori's table-area-pseudo). */
  const areas = new Map<Element, { first: number; count: number }>();
  rows.forEach(({ tr, group }, index) => {
    for (const el of group ? [tr, group] : [tr]) {
      const area = areas.get(el);
      if (area) area.count++;
      else areas.set(el, { first: index, count: 1 });
    }
  });
  const areaOf = (el: Element, converted: SatoriElement): SatoriElement => {
    const area = areas.get(el);
    if (area) converted.props[TABLE_AREA_PROP] = `${area.first + 1 + offset} / span ${area.count}`;
    return converted;
  };

  const convertRow = (tr: Element): SatoriElement => {
    const children: SatoriChild[] = [];
    const wrappers = new Map<PlacedCell, SatoriElement>();
    for (const child of structure.children(tr)) {
      const cell = cellsByElement.get(child);
      if (!cell) continue;
      const converted = convertCell(cell);
      const first = cell.sharesSlotOf && wrappers.get(cell.sharesSlotOf);
      // A block after a block cell goes into the same anonymous cell, below it.
      if (first && converted.type === ANONYMOUS_CELL_BOX) {
        const held = first.props.children;
        first.props.children = [
          ...(Array.isArray(held) ? held : [held]),
          converted.props.children as SatoriChild,
        ];
        continue;
      }
      if (converted.type === ANONYMOUS_CELL_BOX) wrappers.set(cell, converted);
      children.push(converted);
    }
    return areaOf(tr, ctx.convert(tr, { display: hidden(tr, ctx) ? 'none' : 'contents' }, children));
  };

  // Row and group backgrounds are painted per cell, as browsers do: a rowspan cell shows the background
  // of the row it starts in, and nothing is painted between separated cells or where a row has no cell.
  const backdrops: SatoriChild[] = [];
  // Pictor (column-backgrounds): column groups' and columns' backgrounds are painted under the rows' (CSS 2.1
  // §17.5.1's layers), on the cells that start in them (a spanning cell whole, as Chromium paints it); they were not
  // painted at all.
  for (const layer of columnLayers(table, ctx))
    for (const cell of cells)
      if (cell.col >= layer.first && cell.col < layer.first + layer.count)
        backdrops.push(backdrop(layer.style, cell, offset));
  const layers: { style: Record<string, string>; rows: Set<Element> }[] = [];
  for (const group of groups) {
    const style = backdropStyle(group, ctx);
    if (style) layers.push({ style, rows: new Set(rows.filter((r) => r.group === group).map((r) => r.tr)) });
  }
  for (const { tr } of rows) {
    const style = backdropStyle(tr, ctx);
    if (style) layers.push({ style, rows: new Set([tr]) });
  }
  const rowOf = new Map(rows.flatMap(({ tr }) => structure.children(tr).map((cell) => [cell, tr] as const)));
  for (const layer of layers)
    for (const cell of cells)
      if (layer.rows.has(rowOf.get(cell.el)!)) backdrops.push(backdrop(layer.style, cell, offset));

  const children: SatoriChild[] = [];
  for (const child of structure.children(table)) {
    const part = structure.part(child);
    if (part === 'caption') {
      if (child === caption) {
        const outside = captionOutside(
          table,
          child,
          captionBelow,
          spacing,
          collapse,
          structure.wrapper ? 0 : borderPx,
          ctx,
        );
        const converted = ctx.convert(child, {
          gridColumn: '1 / -1',
          gridRow: captionRow,
          ...outside.style,
          ...captionWidth(child, outside.style, ctx),
        });
        if (outside.inner > 0)
          converted.props[TABLE_CAPTION_PROP] = `${captionBelow ? 'bottom' : 'top'} ${outside.inner}`;
        children.push(converted);
      }
    } else if (part === 'row') children.push(convertRow(child));
    else if (groups.includes(child))
      children.push(
        areaOf(
          child,
          ctx.convert(
            child,
            { display: hidden(child, ctx) ? 'none' : 'contents' },
            structure
              .children(child)
              .filter((tr) => structure.part(tr) === 'row')
              .map(convertRow),
          ),
        ),
      );
  }
  if (hidden(table, ctx)) tableStyle.display = 'none';
  // An inline table (konsav's two `display: inline-table` floaters side by side) sits on its line. Pictor
  // (inline-table-from-sheet): a sheet's `display: inline-table` is `inline-block` there (degraded for satori) with
  // the value as written beside it, which `writtenDisplay` reads; only a style attribute's counted before.
  else if (
    structure.inline ||
    (ctx.writtenDisplay?.(table) ?? ctx.styles.declared(table, 'display', tableInline))
      ?.trim()
      .toLowerCase() === 'inline-table'
  )
    tableStyle.display = 'inline-grid';
  const grid = ctx.convert(table, tableStyle, [...backdrops, ...cellBoxes, ...children]);
  if (weighted.size > 0) grid.props[TABLE_WEIGHTS_PROP] = columnTracks.weighted.join(' ');
  if (columnTracks.fit !== undefined) grid.props[TABLE_FIT_PROP] = columnTracks.fit;
  // Pictor (table-percent-columns-measured): satori measures the width the percentage columns ask.
  if (percentFill && Number.isFinite(columnTracks.percentFill) && columnTracks.fit !== undefined)
    grid.props[TABLE_PERCENT_FILL_PROP] = '';
  return grid;
}

/**
 * Pictor (caption-outside-spacing, caption-outside-box): a caption lies outside the table's border spacing, padding
 * and border in browsers (in the table wrapper box, above or below the table box, its margins from the wrapper's
 * edges). Its margins take them back on its left, right and outer side, and its inner side's margin gets the table's
 * border and padding on that side (`inner`, in px) so the rows stay where they are; satori paints the table's border
 * and background from the caption's inner edge on (`TABLE_CAPTION_PROP`). The collapsing model has no spacing and no
 * padding; its border (the table's own, drawn by the table box) lies between the caption and the rows too
 * (caption-outside-collapsed-border).
 */
function captionOutside(
  table: Element,
  caption: Element,
  below: boolean,
  spacing: string[],
  collapse: boolean,
  borderAttrPx: number,
  ctx: TableContext,
): { style: Record<string, string>; inner: number } {
  const tableInline = ctx.inlineOf(table);
  const border = (side: Side) =>
    ctx.styles.declared(table, 'border', tableInline) === undefined && sideBorder(ctx, table, side) === 0
      ? borderAttrPx
      : sideBorder(ctx, table, side);
  const padding = (side: Side) => {
    if (collapse) return 0;
    const value = resolveCalcPx(
      resolveVars(declaredSide(ctx, table, 'padding', side), table, ctx),
      rootFontSizePx(table, ctx),
    )?.trim();
    return (value === undefined ? 0 : pxOf(value)) ?? 0;
  };
  const style: Record<string, string> = {};
  // The caption's declared margin on a side (0 without one) plus `add`; `auto` stays.
  const shift = (side: Side, add: string[]) => {
    const parts = add.filter((part) => pxOf(part) !== 0);
    if (parts.length === 0) return;
    const declared = declaredSide(ctx, caption, 'margin', side)?.trim();
    if (declared?.toLowerCase() === 'auto') return;
    const all = declared === undefined || pxOf(declared) === 0 ? parts : [declared, ...parts];
    const px = all.map(pxOf);
    style[`margin${side[0]!.toUpperCase()}${side.slice(1)}`] = px.every((n) => n !== undefined)
      ? `${px.reduce((sum, n) => sum! + n!, 0)}px`
      : `calc(${all.join(' + ')})`;
  };
  const negative = (length: string) => {
    const px = pxOf(length);
    return px === undefined ? `-1 * ${length}` : `${-px}px`;
  };
  const outer: Side = below ? 'bottom' : 'top';
  const inner: Side = below ? 'top' : 'bottom';
  const horizontal = spacing[0]!;
  const vertical = spacing[1] ?? horizontal;
  for (const side of ['left', 'right', outer] as const) {
    const gap = side === outer ? vertical : horizontal;
    shift(side, [negative(gap), `${-(padding(side) + border(side))}px`]);
  }
  // The table's border and padding on the caption's side lie between the caption and the rows.
  const innerEdge = padding(outer) + border(outer);
  shift(inner, [`${innerEdge}px`]);
  return { style, inner: innerEdge };
}

type Side = 'top' | 'right' | 'bottom' | 'left';

/**
 * Pictor (caption-min-content): a caption widens its table only to its min-content width, as in Chromium (the table
 * wrapper is as wide as the table or the caption's min-content, whichever is wider), and is then as wide as the
 * table: a long caption over a narrow table wraps instead of stretching the columns. Its contribution to the grid
 * is its min-content (`width: min-content`); `min-width` (a percentage of its grid area, less the margins that
 * take back the table's border and spacing) stretches it back to the table's width once the columns are known.
 */
function captionWidth(
  caption: Element,
  outsideStyle: Record<string, string>,
  ctx: TableContext,
): Record<string, string> {
  const inline = ctx.inlineOf(caption);
  if (ctx.styles.declared(caption, 'width', inline) !== undefined) return {};
  const contentBox =
    ctx.styles.declared(caption, 'box-sizing', inline)?.trim().toLowerCase() !== 'border-box';
  const lengths = (['left', 'right'] as const).flatMap((side) => {
    const margin =
      outsideStyle[`margin${side[0]!.toUpperCase()}${side.slice(1)}`] ??
      declaredSide(ctx, caption, 'margin', side);
    // `min-width` sizes the content box: the caption's padding and border are outside it.
    const box = contentBox
      ? [declaredSide(ctx, caption, 'padding', side), `${sideBorder(ctx, caption, side)}px`]
      : [];
    return [margin, ...box]
      .map((value) => value?.trim())
      .filter((value): value is string => value !== undefined && pxOf(value) !== 0 && !/^auto$/i.test(value))
      .map((value) => (value.startsWith('calc(') ? value.slice(4) : value));
  });
  return {
    width: 'min-content',
    minWidth: lengths.length ? `calc(100% - (${lengths.join(' + ')}))` : '100%',
  };
}

/** A height that sizes a box: a length, not `auto`, a CSS-wide keyword or a percentage. */
function isLengthHeight(value: string | undefined): value is string {
  return value !== undefined && !/^\s*(?:auto|inherit|initial|unset|revert|revert-layer)?\s*$|%/i.test(value);
}

/**
 * The style that makes a table's or cell's height (CSS, else the `height` attribute) a minimum: `height: auto` and
 * `min-height`, unless CSS sets a `min-height` of its own. A percentage is kept as a height (it needs a definite
 * containing block, where it is one in browsers too).
 */
export function minimumHeight(el: Element, ctx: TableContext): Record<string, string> {
  const inline = ctx.inlineOf(el);
  const declared = ctx.styles.declared(el, 'height', inline);
  const attribute = lengthAttr(getAttr(el, 'height'));
  const height = declared ?? attribute;
  if (isLengthHeight(height) && ctx.styles.declared(el, 'min-height', inline) === undefined)
    return { height: 'auto', minHeight: height };
  return attribute && declared === undefined ? { height: attribute } : {};
}

/**
 * `grid-template-rows` for rows with a height (CSS or the `height` attribute of `<tr>`): the row is at least that
 * tall, as in browsers (a row's height is a minimum); undefined when no row has one. `offset` rows (a caption's)
 * come first.
 */
function rowTracks(rows: { tr: Element }[], offset: number, ctx: TableContext): string | undefined {
  let any = false;
  const tracks = rows.map(({ tr }) => {
    const height = ctx.styles.declared(tr, 'height', ctx.inlineOf(tr)) ?? lengthAttr(getAttr(tr, 'height'));
    if (!isLengthHeight(height)) return 'auto';
    any = true;
    return `minmax(${height.trim()}, auto)`;
  });
  return any ? [...new Array(offset).fill('auto'), ...tracks].join(' ') : undefined;
}

/** Table attributes Chrome draws that the grid translation does not: named in a warning when present. */
const UNMAPPED_ATTRIBUTES: Record<string, readonly string[]> = {
  table: ['bordercolor', 'frame', 'rules'],
  tr: ['bordercolor'],
  td: ['bordercolor'],
  th: ['bordercolor'],
};

/** The `background` attribute (an image URL) as Chrome maps it, `background-image: url(…)`, unless CSS sets one. */
function backgroundAttr(el: Element, ctx: TableContext): string | undefined {
  const url = getAttr(el, 'background')?.trim();
  if (!url) return undefined;
  const inline = ctx.inlineOf(el);
  if (['background', 'background-image'].some((p) => ctx.styles.declared(el, p, inline) !== undefined))
    return undefined;
  return `url(${JSON.stringify(url)})`;
}

function warnUnmapped(el: Element, ctx: TableContext): void {
  for (const name of UNMAPPED_ATTRIBUTES[el.tagName] ?? []) {
    const value = getAttr(el, name)?.trim().toLowerCase();
    // Pictor (table-rules-collapse): `rules` other than groups, rows, cols or all draws no line (`none` only
    // collapses the borders, bordersCollapse; an unknown value is ignored) and `frame="void"` no edge, as in
    // browsers: nothing is left undrawn.
    if (name === 'rules' && value !== undefined && !['groups', 'rows', 'cols', 'all'].includes(value))
      continue;
    if (name === 'frame' && value === 'void') continue;
    if (value !== undefined)
      ctx.warn(`the ${name} attribute of <${el.tagName}> is not drawn; use CSS instead`);
  }
}

/**
 * A cell's vertical alignment: its own `vertical-align` or `valign`, else its row's, else its row group's (cells
 * inherit them in Chrome's UA sheet), else `middle`.
 */
function cellVerticalAlign(cell: Element, ctx: TableContext): string {
  const chain: Element[] = [cell];
  const tr = cell.parentNode as Element | null;
  if (tr && isElement(tr) && tr.tagName === 'tr') {
    chain.push(tr);
    const group = tr.parentNode as Element | null;
    if (group && isElement(group) && ['thead', 'tbody', 'tfoot'].includes(group.tagName)) chain.push(group);
  }
  for (const el of chain) {
    const value = ctx.styles.declared(el, 'vertical-align', ctx.inlineOf(el)) ?? getAttr(el, 'valign');
    if (value !== undefined && value.trim() !== '') return value.trim().toLowerCase();
  }
  return 'middle';
}

/** Properties that paint a cell's box, in satori's names: Chromium draws them across the cell's whole row. */
const BOX_PAINT: Record<string, string> = {
  background: 'background',
  'background-color': 'backgroundColor',
  'background-image': 'backgroundImage',
  border: 'border',
  'border-top': 'borderTop',
  'border-right': 'borderRight',
  'border-bottom': 'borderBottom',
  'border-left': 'borderLeft',
  'border-width': 'borderWidth',
  'border-style': 'borderStyle',
  'border-color': 'borderColor',
  'border-radius': 'borderRadius',
  'box-shadow': 'boxShadow',
  // Pictor (baseline-cell-border-longhands): and the sides' longhands, as Tachyons writes its borders
  // (`.br { border-right-style: solid; border-right-width: 1px }` with `.b--black-10 { border-color: … }`).
  ...Object.fromEntries(
    ['top', 'right', 'bottom', 'left'].flatMap((side) =>
      ['width', 'style', 'color'].map((part) => [
        `border-${side}-${part}`,
        `border${side[0]!.toUpperCase()}${side.slice(1)}${part[0]!.toUpperCase()}${part.slice(1)}`,
      ]),
    ),
  ),
};

/** What CSS paints of a cell's box (see `BOX_PAINT`), as satori style, or undefined when it paints nothing. */
function boxPaint(cell: Element, ctx: TableContext): Record<string, string> | undefined {
  const inline = ctx.inlineOf(cell);
  const declared: [property: string, key: string, value: string][] = [];
  for (const [property, key] of Object.entries(BOX_PAINT)) {
    const value = ctx.styles.declared(cell, property, inline);
    if (value !== undefined) declared.push([property, key, value.replace(/\s*!important\s*$/i, '')]);
  }
  // Pictor (baseline-cell-border-longhands): in the order of the cascade, so that a shorthand and a longhand that
  // overlap resolve as in CSS (a later `border: 0` clears an earlier `border-right-width`, and the other way).
  declared.sort(([a], [b]) => ctx.styles.compareCascade(cell, a, b, inline));
  const style: Record<string, string> = {};
  for (const [, key, value] of declared) style[key] = value;
  const shows = Object.entries(style).some(
    ([key, value]) =>
      key !== 'borderRadius' && !/^\s*(?:none|transparent|0|0px|initial|unset)\s*$/i.test(value),
  );
  return shows ? style : undefined;
}

/** A CSS table cell's vertical alignment: its own `vertical-align` (not inherited), else `baseline`. */
function cssCellVerticalAlign(cell: Element, ctx: TableContext): string {
  return ctx.styles.declared(cell, 'vertical-align', ctx.inlineOf(cell))?.trim().toLowerCase() || 'baseline';
}

/** True when the author hides the element (`display: none`), which the grid translation must keep. */
function hidden(el: Element, ctx: TableContext): boolean {
  return ctx.styles.declared(el, 'display', ctx.inlineOf(el))?.trim().toLowerCase() === 'none';
}

/**
 * The backgrounds of a table's column groups and columns with the columns each covers (`span`), in paint order:
 * groups first, then columns.
 */
function columnLayers(
  table: Element,
  ctx: TableContext,
): { style: Record<string, string>; first: number; count: number }[] {
  const structure = ctx.structure ?? HTML_TABLE;
  const groups: { style: Record<string, string>; first: number; count: number }[] = [];
  const columns: { style: Record<string, string>; first: number; count: number }[] = [];
  let index = 0;
  for (const group of structure.children(table).filter((c) => structure.part(c) === 'column-group')) {
    if (hidden(group, ctx)) continue;
    const first = index;
    const cols = childElements(group).filter((c) => structure.part(c) === 'column');
    if (cols.length === 0) index += Math.max(1, spanAttr(group, 'span', MAX_COLS));
    for (const col of cols) {
      const count = Math.max(1, spanAttr(col, 'span', MAX_COLS));
      const style = hidden(col, ctx) ? null : backdropStyle(col, ctx);
      if (style) columns.push({ style, first: index, count });
      index += count;
    }
    const style = backdropStyle(group, ctx);
    if (style) groups.push({ style, first, count: index - first });
  }
  return [...groups, ...columns];
}

function backdrop(style: Record<string, string>, cell: PlacedCell, offset: number): SatoriElement {
  return {
    type: ANONYMOUS_BACKDROP_BOX,
    props: {
      style: {
        display: 'block',
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
