/** `@media` on width, height, aspect-ratio and orientation, evaluated against the render's CSS size (issue 44). */
import { afterAll, describe, expect, it } from 'vitest';
import { matchesMediaQueries } from '../src/html/style-sheets/media-queries.js';
import { createRenderer } from '../src/index.js';
import { decodeImage } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

const LANDSCAPE = { width: 1200, height: 630 };
const SQUARE = { width: 1080, height: 1080 };
const PORTRAIT = { width: 1080, height: 1920 };

describe('matchesMediaQueries', () => {
  const cases: [string, typeof LANDSCAPE, boolean][] = [
    ['(orientation: portrait)', PORTRAIT, true],
    ['(orientation: portrait)', LANDSCAPE, false],
    ['(orientation: portrait)', SQUARE, true],
    ['(orientation: landscape)', LANDSCAPE, true],
    ['(min-width: 1200px)', LANDSCAPE, true],
    ['(min-width: 1201px)', LANDSCAPE, false],
    ['(max-height: 700px)', LANDSCAPE, true],
    ['(width: 1080px)', SQUARE, true],
    ['(min-aspect-ratio: 16/9)', LANDSCAPE, true],
    ['(aspect-ratio: 1/1)', SQUARE, true],
    ['(aspect-ratio: 1)', SQUARE, true],
    ['(max-aspect-ratio: 9/16)', PORTRAIT, true],
    ['(width >= 1200px)', LANDSCAPE, true],
    ['(width > 1200px)', LANDSCAPE, false],
    ['(1000px < width <= 1200px)', LANDSCAPE, true],
    ['(1000px < width <= 1200px)', PORTRAIT, true],
    ['(600px <= height < 1000px)', PORTRAIT, false],
    ['(aspect-ratio < 1)', PORTRAIT, true],
    ['(75em <= width)', LANDSCAPE, true],
    ['screen and (orientation: portrait)', PORTRAIT, true],
    ['print and (orientation: portrait)', PORTRAIT, false],
    ['not print', LANDSCAPE, true],
    ['only screen and (min-width: 1px)', LANDSCAPE, true],
    ['not (orientation: portrait)', LANDSCAPE, true],
    ['(orientation: portrait) and (min-height: 1900px)', PORTRAIT, true],
    ['(orientation: portrait) and (min-height: 2000px)', PORTRAIT, false],
    ['(max-width: 500px) or (orientation: portrait)', PORTRAIT, true],
    ['(max-width: 500px), (orientation: landscape)', LANDSCAPE, true],
    ['(color)', LANDSCAPE, false],
    ['(prefers-color-scheme: dark)', LANDSCAPE, false],
    ['(min-width: banana)', LANDSCAPE, false],
    ['(width >= 600px', LANDSCAPE, false],
  ];
  for (const [query, viewport, expected] of cases) {
    it(`${query} at ${viewport.width}×${viewport.height}: ${expected}`, () => {
      expect(matchesMediaQueries(query, viewport)).toBe(expected);
    });
  }

  it('an auto-sized dimension matches no query on it', () => {
    expect(matchesMediaQueries('(min-width: 1px)', { height: 100 })).toBe(false);
    expect(matchesMediaQueries('(orientation: portrait)', { width: 100 })).toBe(false);
    expect(matchesMediaQueries('(min-height: 1px)', { height: 100 })).toBe(true);
  });
});

/** A card whose background and layout change with the render's shape. */
const CARD = `<style>
  .card { display: flex; width: 100%; height: 100%; background: #1d4ed8; flex-direction: row }
  .side { width: 50%; height: 100%; background: #f59e0b }
  @media (orientation: portrait) {
    .card { background: #16a34a; flex-direction: column }
    .side { width: 100%; height: 50% }
  }
  @media (aspect-ratio: 1/1) { .card { background: #dc2626 } }
</style><div class="card"><div class="side"></div></div>`;

async function pixel(width: number, height: number, x: number, y: number): Promise<number[]> {
  const result = await renderer.render({ html: CARD, width, height, format: 'png' });
  const { pixels, width: w } = await decodeImage(result.data);
  const i = (y * w + x) * 4;
  return [...pixels.subarray(i, i + 3)];
}

describe('@media in a render', () => {
  it('landscape: blue card, the side panel on the left half', async () => {
    expect(await pixel(400, 210, 390, 100)).toEqual([0x1d, 0x4e, 0xd8]);
    expect(await pixel(400, 210, 10, 100)).toEqual([0xf5, 0x9e, 0x0b]);
  });

  it('portrait: green card, the side panel across the top half', async () => {
    expect(await pixel(210, 400, 100, 390)).toEqual([0x16, 0xa3, 0x4a]);
    expect(await pixel(210, 400, 200, 10)).toEqual([0xf5, 0x9e, 0x0b]);
  });

  it('square: both queries match, the later rule wins (red), laid out as portrait', async () => {
    expect(await pixel(300, 300, 150, 290)).toEqual([0xdc, 0x26, 0x26]);
    expect(await pixel(300, 300, 290, 10)).toEqual([0xf5, 0x9e, 0x0b]);
  });

  it('with scale, queries see the CSS size, not the pixels', async () => {
    const result = await renderer.render({ html: CARD, width: 210, height: 400, scale: 2, format: 'png' });
    const { pixels, width } = await decodeImage(result.data);
    const i = (780 * width + 200) * 4;
    expect([...pixels.subarray(i, i + 3)]).toEqual([0x16, 0xa3, 0x4a]);
  });
});

describe('@media in the engine own cascade', () => {
  it('table column widths (computed by core from the cascade) follow @media', async () => {
    const html = `<style>
      table { width: 100%; height: 100%; border-collapse: collapse }
      td { padding: 0 } .a { width: 25%; background: #dc2626 } .b { background: #2563eb }
      @media (orientation: portrait) { .a { width: 75% } }
    </style><table><tr><td class="a">a</td><td class="b">b</td></tr></table>`;
    const at = async (width: number, height: number, x: number) => {
      const result = await renderer.render({ html, width, height, format: 'png' });
      const decoded = await decodeImage(result.data);
      const i = (Math.floor(height / 2) * decoded.width + x) * 4;
      return [...decoded.pixels.subarray(i, i + 3)];
    };
    expect(await at(400, 200, 200)).toEqual([0x25, 0x63, 0xeb]);
    expect(await at(200, 400, 100)).toEqual([0xdc, 0x26, 0x26]);
  });
});
