/**
 * Table displays written in CSS on elements other than HTML's table elements (`.detail { display: table }`,
 * Bootstrap 3's `.nav-justified > li { display: table-cell }`). Satori has no table layout: the style sheets degrade
 * these displays (display.ts) and keep the value as written beside them (`CSS_TABLE_DISPLAY`), and the converter lays
 * such boxes out with the table layer (tables/tables.ts), with the anonymous tables, rows and cells CSS 2.1 §17.2.1
 * adds (tables/table-structure.ts).
 */

/** HTML's table elements, which the table layer lays out by their tags (tables/tables.ts). */
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

/** Displays whose boxes lay their children out as flex or grid items: a table box among those is blockified. */
export const ITEM_PARENT_DISPLAY = /^(?:-webkit-)?(?:inline-)?(?:flex|grid|box)$/;
