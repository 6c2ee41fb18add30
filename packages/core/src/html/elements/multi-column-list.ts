/**
 * Multi-column lists (`ul { columns: 2 }`: a résumé's courses, a skills list). The engine has no multi-column
 * layout; a list whose children are all items is the common case and is laid out here as Chromium balances it when
 * its items are alike: the items in order, as many in each column as fit the first (ceil(n / count)), the columns
 * side by side as equal flex columns (anonymous blocks: no author selector reaches them) with the `column-gap` (`normal` is 1em). Other content keeps one column, as
 * the style sheet's warning says.
 */
import type { SatoriChild, SatoriElement } from '../types.js';
import { ANONYMOUS_BLOCK, isBlankText } from './float-breaks.js';

/** The column count a `column-count` or `columns` value asks for (2 or more), else undefined. */
export function columnCount(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const count = value
    .trim()
    .split(/\s+/)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN))
    .find((n) => Number.isFinite(n));
  return count !== undefined && count >= 2 ? count : undefined;
}

/**
 * The children of a list in `count` columns (divs), or undefined when some child is not a list item (`isItem`) or
 * there are fewer items than columns would need.
 */
export function listInColumns(
  kids: SatoriChild[],
  count: number,
  isItem: (kid: SatoriElement) => boolean,
): SatoriChild[] | undefined {
  const items: SatoriElement[] = [];
  for (const kid of kids) {
    if (typeof kid === 'string' && isBlankText(kid)) continue;
    if (!kid || typeof kid !== 'object' || !isItem(kid)) return undefined;
    items.push(kid);
  }
  if (items.length < 2) return undefined;
  const perColumn = Math.ceil(items.length / count);
  const columns: SatoriChild[] = [];
  for (let start = 0; start < items.length; start += perColumn) {
    columns.push({
      type: ANONYMOUS_BLOCK,
      props: {
        style: { display: 'block', flex: '1 1 0', minWidth: 0 },
        children: items.slice(start, start + perColumn),
      },
    });
  }
  // Columns left empty (3 items in 4 columns) still take their share of the width.
  while (columns.length < count)
    columns.push({
      type: ANONYMOUS_BLOCK,
      props: { style: { display: 'block', flex: '1 1 0', minWidth: 0 } },
    });
  return columns;
}
