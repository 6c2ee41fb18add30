/**
 * Columns of a table with `table-layout: fixed` (and a width of its own): sized from its `<col>`s and its first row
 * alone, whatever the later rows hold, as in Chrome (css-tables-3 fixed table layout, Blink's
 * `SynchronizeAssignableTableInlineSizeAndColumnsFixed`): fixed and percentage columns take their widths, the auto
 * columns share what is left equally; without auto columns the fixed ones (else the percentage ones) grow to the
 * table's width in proportion. Content never widens a column.
 */
import { type Element, getAttr } from '../dom.js';
import { columnWidths, fixedBoxWidth, percentOf } from './table-columns.js';
import { type PlacedCell, type TableContext, lengthAttr } from './table-model.js';

/** A column's width in the fixed layout: a cell box width in px, a percentage (plus the cell's px), or none. */
interface FixedColumn {
  px?: number;
  percent?: number;
}

/**
 * `grid-template-columns` for a fixed-layout table. `borders(cell)` is the border width a cell counts in its
 * column (half of each collapsed border, the whole of separated ones); `columnGap` the horizontal border spacing.
 */
export function fixedTrackList(
  table: Element,
  cells: PlacedCell[],
  columns: number,
  ctx: TableContext,
  columnGap: number,
  borders: (cell: PlacedCell) => number,
): string {
  const fixed: FixedColumn[] = columnWidths(table, [], columns, ctx).map((width) => {
    const percent = percentOf(width);
    if (percent !== undefined) return { percent };
    const px = width === undefined ? undefined : fixedBoxWidth(width, undefined, table, ctx);
    return px === undefined ? {} : { px };
  });
  for (const cell of cells) {
    if (cell.row !== 0) continue;
    const spanned = Array.from({ length: cell.colSpan }, (_, k) => cell.col + k).filter((i) => i < columns);
    if (spanned.every((i) => fixed[i]?.px !== undefined || fixed[i]?.percent !== undefined)) continue;
    const width =
      ctx.styles.declared(cell.el, 'width', ctx.inlineOf(cell.el)) ?? lengthAttr(getAttr(cell.el, 'width'));
    if (width === undefined) continue;
    const percent = percentOf(width);
    // The cell's padding and borders come on top of a percentage, as of a px width (content-box cells).
    const box = fixedBoxWidth(percent === undefined ? width : '0px', cell.el, table, ctx);
    if (box === undefined) continue;
    const borderBox =
      ctx.styles.declared(cell.el, 'box-sizing', ctx.inlineOf(cell.el))?.trim() === 'border-box';
    const px = box + (borderBox ? 0 : borders(cell));
    const gaps = columnGap * (spanned.length - 1);
    for (const i of spanned) {
      if (fixed[i]?.px !== undefined || fixed[i]?.percent !== undefined) continue;
      fixed[i] =
        percent === undefined
          ? { px: (px - gaps) / spanned.length }
          : { percent: percent / spanned.length, px: px / spanned.length };
    }
  }
  const hasAuto = fixed.some((c) => c.px === undefined && c.percent === undefined);
  const hasFixed = fixed.some((c) => c.px !== undefined && c.percent === undefined);
  const round = (n: number) => Number(n.toFixed(3));
  return fixed
    .map((c) => {
      if (c.percent !== undefined) {
        if (!hasAuto && !hasFixed) return `minmax(0px, ${round(c.percent)}fr)`;
        // Of the table's width less its border spacing, as Chrome resolves it, plus the cell's padding and borders.
        const extra = (c.px ?? 0) - (columnGap * (columns - 1) * c.percent) / 100;
        return extra === 0 ? `${round(c.percent)}%` : `calc(${round(c.percent)}% + ${round(extra)}px)`;
      }
      if (c.px !== undefined) return hasAuto ? `${round(c.px)}px` : `minmax(0px, ${round(c.px)}fr)`;
      return 'minmax(0px, 1fr)';
    })
    .join(' ');
}
