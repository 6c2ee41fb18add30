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
    ['(prefers-color-scheme: dark)', LANDSCAPE, false],
    // A screen with a browser's defaults (media-screen-defaults), as Chromium answers each.
    ['(prefers-color-scheme: light)', LANDSCAPE, true],
    ['(prefers-color-scheme)', LANDSCAPE, true],
    ['(prefers-reduced-motion: no-preference)', LANDSCAPE, true],
    ['(prefers-reduced-motion: reduce)', LANDSCAPE, false],
    ['(prefers-reduced-motion)', LANDSCAPE, false],
    ['(prefers-contrast: more)', LANDSCAPE, false],
    ['(forced-colors: none)', LANDSCAPE, true],
    ['(forced-colors)', LANDSCAPE, false],
    ['(hover: hover) and (pointer: fine)', LANDSCAPE, true],
    ['(hover: none)', LANDSCAPE, false],
    ['(any-pointer: coarse)', LANDSCAPE, false],
    ['(color)', LANDSCAPE, true],
    ['(min-color: 8)', LANDSCAPE, true],
    ['(min-color: 9)', LANDSCAPE, false],
    ['(monochrome)', LANDSCAPE, false],
    ['(monochrome: 0)', LANDSCAPE, true],
    ['(color-gamut: srgb)', LANDSCAPE, true],
    ['(color-gamut: p3)', LANDSCAPE, false],
    ['(resolution: 1dppx)', LANDSCAPE, true],
    ['(min-resolution: 2dppx)', LANDSCAPE, false],
    ['(min-resolution: 96dpi)', LANDSCAPE, true],
    ['(resolution < 1.5x)', LANDSCAPE, true],
    ['(-webkit-min-device-pixel-ratio: 2)', LANDSCAPE, false],
    ['(-webkit-device-pixel-ratio: 1)', LANDSCAPE, true],
    ['(min-device-pixel-ratio: 1)', LANDSCAPE, false],
    ['(update: fast)', LANDSCAPE, true],
    ['(min-hover: hover)', LANDSCAPE, false],
    ['(min-width: banana)', LANDSCAPE, false],
    ['(width >= 600px', LANDSCAPE, false],
  ];
  for (const [query, viewport, expected] of cases) {
    it(`${query} at ${viewport.width}×${viewport.height}: ${expected}`, () => {
      expect(matchesMediaQueries(query, viewport)).toBe(expected);
    });
  }

  it('resolution reads the render scale', () => {
    expect(matchesMediaQueries('(min-resolution: 2dppx)', { ...LANDSCAPE, scale: 2 })).toBe(true);
    expect(matchesMediaQueries('(-webkit-min-device-pixel-ratio: 1.5)', { ...LANDSCAPE, scale: 2 })).toBe(
      true,
    );
    expect(matchesMediaQueries('(max-resolution: 1dppx)', { ...LANDSCAPE, scale: 2 })).toBe(false);
  });

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

describe('@media on what a screen answers (media-screen-defaults)', () => {
  // github-markdown-css sets its light palette under (prefers-color-scheme: light), its dark one under dark.
  const PALETTE = `<style>
    .box { width: 100%; height: 100%; background: var(--bg, #000) }
    @media (prefers-color-scheme: dark) { .box { --bg: #0d1117 } }
    @media (prefers-color-scheme: light) { .box { --bg: #f6f8fa } }
    @media (hover: hover) and (pointer: fine) { .box { border-top: 10px solid #2563eb } }
    @media (min-resolution: 2dppx) { .box { border-top-color: #dc2626 } }
  </style><div class="box"></div>`;
  const at = async (scale: number, x: number, y: number) => {
    const result = await renderer.render({ html: PALETTE, width: 100, height: 60, scale, format: 'png' });
    const decoded = await decodeImage(result.data);
    const i = (y * scale * decoded.width + x * scale) * 4;
    return [...decoded.pixels.subarray(i, i + 3)];
  };

  it('the light palette and the hover styles apply, as in a browser with its defaults', async () => {
    expect(await at(1, 50, 40)).toEqual([0xf6, 0xf8, 0xfa]);
    expect(await at(1, 50, 5)).toEqual([0x25, 0x63, 0xeb]);
  });

  it('resolution follows the render scale', async () => {
    expect(await at(2, 50, 5)).toEqual([0xdc, 0x26, 0x26]);
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
