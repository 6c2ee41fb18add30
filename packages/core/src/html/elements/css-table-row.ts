/**
 * CSS tables made of elements other than `<table>` (`.detail { display: table } .icon, .info { display: table-cell }`,
 * as résumé and invoice themes build two columns): Chromium sets the cells of a row side by side, in an anonymous row
 * when the cells are children of the table itself or of a block. Table displays are degraded to block ones
 * (display.ts), which stacked such cells; a box whose element children are all cells is laid out here as a flex row
 * instead: cells with a fixed width keep it, the others share the rest as the auto table layout shares it, each cell
 * placed by its `vertical-align` (baseline, the initial value, unless it says top, middle or bottom).
 */

/** HTML's table elements, which the table layer lays out (tables/tables.ts). */
export const TABLE_TAGS = new Set([
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
]);

/** The custom property beside a degraded table display in a sheet: the display as written (stylesheet.ts). */
export const CSS_TABLE_DISPLAY = '--pictor-css-display';

const TABLE_DISPLAYS = new Set([
  'table',
  'inline-table',
  'table-row',
  'table-cell',
  'table-row-group',
  'table-header-group',
  'table-footer-group',
  'table-caption',
  'table-column',
  'table-column-group',
]);

/** Whether a `display` value is one of the table displays. */
export function isCssTableDisplay(value: string): boolean {
  return TABLE_DISPLAYS.has(value.trim().toLowerCase());
}

/** The boxes that can hold a row of cells: a table, or a block (the cells then get an anonymous table). */
const ROW_HOLDERS = new Set(['table', 'inline-table', 'block', 'flow-root', '']);

const ALIGN: Record<string, string> = {
  top: 'flex-start',
  'text-top': 'flex-start',
  middle: 'center',
  bottom: 'flex-end',
  'text-bottom': 'flex-end',
};

/** What the row layout needs to know of a cell: its display as written, vertical-align and width. */
export interface CellFacts {
  display: string | undefined;
  verticalAlign: string | undefined;
  width: string | undefined;
}

/**
 * The style a box gets as a row of its cells (`display` as written, `''` when unset), or undefined when its element
 * children are not all table cells; with the style of each cell.
 */
export function cssTableRow(
  display: string | undefined,
  cells: CellFacts[],
): { row: Record<string, string>; cells: Record<string, string>[] } | undefined {
  const own = (display ?? '').trim().toLowerCase();
  if (!ROW_HOLDERS.has(own) || cells.length === 0) return undefined;
  if (!cells.every((cell) => cell.display?.trim().toLowerCase() === 'table-cell')) return undefined;
  return {
    row: {
      display: own === 'inline-table' ? 'inline-flex' : 'flex',
      flexDirection: 'row',
      flexWrap: 'nowrap',
      alignItems: 'baseline',
    },
    cells: cells.map((cell) => {
      const style: Record<string, string> = {};
      const align = ALIGN[cell.verticalAlign?.trim().toLowerCase() ?? ''];
      if (align) style.alignSelf = align;
      const width = cell.width?.trim().toLowerCase();
      if (width && width !== 'auto' && !width.endsWith('%')) style.flexShrink = '0';
      return style;
    }),
  };
}
