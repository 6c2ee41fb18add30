/** Random tag soup, tables with random spans and CSS satori rejects: parsed and laid out without a throw. */
import { describe, expect, it } from 'vitest';
import { FontRegistry } from '../src/fonts/registry.js';
import { parseHtml } from '../src/html/parse.js';
import { describeStyleError } from '../src/html/style-sheets/style-errors.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';

/** Small deterministic PRNG (mulberry32), so a failure is reproducible from its seed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS = [
  'div',
  'span',
  'p',
  'b',
  'i',
  'a',
  'ul',
  'ol',
  'li',
  'pre',
  'code',
  'h1',
  'h3',
  'table',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'sup',
  'q',
  'hr',
  'br',
  'img',
  'section',
  'blockquote',
  'dl',
  'dt',
  'dd',
  'caption',
  'my-widget',
];
const STYLES = [
  'display:table',
  'display:table-cell',
  'display:ruby',
  'display:inline flow-root',
  'display:grid;grid-template-columns:subgrid',
  'color:nonsense',
  'width:calc(100% - )',
  'font-family:Inter, sans-serif',
  'border-collapse:collapse;border:1px solid',
  'font:bold',
  'background:url(',
  'white-space:pre-wrap',
  'flex:1 1 0',
  'margin:-20px',
  'list-style:square inside',
  '--x:1px;padding:var(--x)',
  // An image layer that names no picture (unloadable-url-image, none-background-layer).
  'background:#161f27 url(#p)',
  'mask-image:url(#m)',
  'background-image:url(a b), none, linear-gradient(red, blue)',
  '--i:url(#i);background-image:var(--i)',
  // A gradient over several lines (gradient-line-breaks).
  'background:linear-gradient(\n  to right,\n  red,\n  blue\n)',
];
const SHEETS = [
  'td{border:1px solid red}',
  'li::marker{color:red}',
  '.a::before{content:"»"}',
  'tr:nth-child(even){background:#eee}',
  '@font-face{font-family:X;src:url(nope.woff2)}',
  'table{display:table;border-spacing:4px 2px}',
  '.x{ & .y { color: red } }',
];

function soup(rand: () => number, depth = 0): string {
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
  let out = '';
  const n = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.3 || depth > 5)
      out += pick(['text ', ' spaced  words ', '\n  ', '&amp; &nbsp;', '<!-- c -->', 'é 漢字 ']);
    else {
      const tag = pick(TAGS);
      const attrs = [
        rand() < 0.4 ? ` style="${pick(STYLES)}"` : '',
        rand() < 0.3
          ? ` class="${pick(['a', 'x', 'flex gap-2 p-4', 'grid grid-cols-3 bg-[#0b1020]', 'y'])}"`
          : '',
        rand() < 0.2 ? ` colspan="${Math.floor(rand() * 5)}" rowspan="${Math.floor(rand() * 4)}"` : '',
      ].join('');
      out += `<${tag}${attrs}>${soup(rand, depth + 1)}${rand() < 0.9 ? `</${tag}>` : ''}`;
    }
  }
  return out;
}

describe('robustness', () => {
  it('parses 500 random documents without throwing', () => {
    const rand = random(1);
    for (let i = 0; i < 500; i++) {
      const html = `${rand() < 0.5 ? '<!doctype html>' : ''}<style>${SHEETS[i % SHEETS.length]}</style>${soup(rand)}`;
      expect(() => parseHtml(html), html).not.toThrow();
    }
  });

  it('lays out 40 random documents with satori (style errors become warnings, never a failed render)', async () => {
    const registry = new FontRegistry();
    const rand = random(7);
    for (let i = 0; i < 40; i++) {
      const html = `<!doctype html><html><head><style>${SHEETS[i % SHEETS.length]}</style></head><body>${soup(rand)}</body></html>`;
      const parsed = parseHtml(html, { defaultFontFamily: 'sans-serif' });
      const warnings: string[] = [];
      await expect(
        layoutToSvg(parsed.root, {
          width: 300,
          height: 200,
          fonts: registry.fontsFor([]),
          onStyleError: (e) => {
            const w = describeStyleError(e);
            if (w) warnings.push(w);
          },
        }),
        html,
      ).resolves.toMatchObject({ width: 300, height: 200 });
    }
  });
});
