/** Degrades `display` values satori throws on (tables, ruby, two-value syntax) to the nearest value it lays out. */

const SUPPORTED = new Set([
  'block',
  'flow-root',
  'list-item',
  'flex',
  '-webkit-flex',
  '-webkit-box',
  'grid',
  'inline',
  'inline-block',
  'inline-flex',
  '-webkit-inline-flex',
  // Pictor (webkit-inline-box): the legacy flexible box laid out inline (satori lays it out along -webkit-box-orient).
  '-webkit-inline-box',
  'inline-grid',
  'contents',
  'none',
]);

const NEAREST: Record<string, string> = {
  // A table is a formatting context of its own: it holds its floats, and margins never collapse through it, even
  // empty (Bootstrap's clearfix `::before { content: " "; display: table }` keeps a first child's top margin in).
  table: 'flow-root',
  'inline-table': 'inline-block',
  'table-row-group': 'contents',
  'table-header-group': 'contents',
  'table-footer-group': 'contents',
  'table-row': 'flex',
  'table-cell': 'block',
  'table-caption': 'block',
  'table-column': 'none',
  'table-column-group': 'none',
  ruby: 'inline',
  'ruby-base': 'inline',
  'ruby-text': 'inline',
  'ruby-base-container': 'inline',
  'ruby-text-container': 'inline',
  'run-in': 'block',
  'inline-list-item': 'inline-block',
  math: 'inline',
  'block math': 'block',
  'inline math': 'inline',
};

/** Global keywords, which satori handles itself. */
const GLOBAL = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);

/**
 * The value satori should get for a `display` value: the value itself when supported, the nearest
 * supported one otherwise (`table` → `flow-root`, `table-row` → `flex`, `inline flow-root` → `inline-block`), or null when
 * the value is not a display value at all.
 */
export function degradeDisplay(value: string): { display: string } | null {
  const v = value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (SUPPORTED.has(v) || GLOBAL.has(v) || v.startsWith('var(')) return { display: v };
  if (v in NEAREST) return { display: NEAREST[v]! };
  const words = v.split(' ');
  if (words.length === 2 || words.length === 3) {
    const outer = words.includes('inline') ? 'inline' : 'block';
    const inner = words.find((w) => w !== 'inline' && w !== 'block' && w !== 'list-item') ?? 'flow';
    if (words.includes('list-item')) return { display: 'list-item' };
    const map: Record<string, [string, string]> = {
      flow: ['block', 'inline'],
      'flow-root': ['flow-root', 'inline-block'],
      flex: ['flex', 'inline-flex'],
      grid: ['grid', 'inline-grid'],
      table: ['flow-root', 'inline-block'],
      ruby: ['block', 'inline'],
    };
    const pair = map[inner];
    if (pair) return { display: outer === 'inline' ? pair[1] : pair[0] };
  }
  return null;
}

/** True when satori accepts the value as it is. */
export function isSupportedDisplay(value: string): boolean {
  const v = value.trim().toLowerCase();
  return SUPPORTED.has(v) || GLOBAL.has(v) || v.startsWith('var(');
}
