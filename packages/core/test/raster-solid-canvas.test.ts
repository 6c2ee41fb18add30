/**
 * The solid canvas (tuning `solidCanvas`, raster/solid-canvas.ts): an SVG left with one opaque colour over the whole
 * canvas (as satori writes a plain card once the text layer took its text) is filled without resvg, with exactly the
 * pixels resvg draws; anything else is left to resvg.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { rasterize } from '../src/raster/resvg.js';
import { paintSolidCanvas } from '../src/raster/solid-canvas.js';
import { decodeImage, pixelDifference } from './helpers/image-compare.js';

const root = (body: string, width = 120, height = 63) =>
  `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
/** What satori leaves of a plain two-line card after the text layer: unused overflow masks, empty groups. */
const PLAIN_CARD = root(
  '<mask id="satori_om-id"><rect x="0" y="0" width="120" height="63" fill="#fff"/></mask><rect x="0" y="0" width="120" height="63" fill="#f0f4ff"/><mask id="satori_om-id-0"><rect x="6" y="6" width="108" height="13" fill="#fff"/></mask><g></g><g></g>',
);

describe('solid canvas', () => {
  it.each([
    ['a plain card', PLAIN_CARD, 1],
    ['a plain card at scale 2', PLAIN_CARD, 2],
    ['a three-digit colour', root('<rect x="0" y="0" width="120" height="63" fill="#0a3"/>'), 1],
    [
      'nothing that paints',
      root('<mask id="m"><rect x="0" y="0" width="1" height="1" fill="#fff"/></mask><g></g>'),
      1,
    ],
  ])('%s: the pixels resvg draws', (_name, svg, scale) => {
    const solid = paintSolidCanvas(svg, scale);
    expect(solid).toBeDefined();
    const drawn = rasterize(svg, scale);
    expect([solid!.width, solid!.height]).toEqual([drawn.width, drawn.height]);
    expect(Buffer.compare(solid!.pixels, drawn.pixels)).toBe(0);
  });

  it.each([
    ['a rectangle short of the canvas', root('<rect x="0" y="0" width="119" height="63" fill="#fff"/>')],
    [
      'a translucent colour',
      root('<rect x="0" y="0" width="120" height="63" fill="#fff" fill-opacity="0.5"/>'),
    ],
    [
      'something else that paints',
      root('<rect x="0" y="0" width="120" height="63" fill="#fff"/><path d="M0 0L9 9Z"/>'),
    ],
    [
      'a mask in use',
      root(
        '<mask id="m"><rect x="0" y="0" width="9" height="9" fill="#fff"/></mask><g mask="url(#m)"><rect x="0" y="0" width="120" height="63" fill="#fff"/></g>',
      ),
    ],
    [
      'a picture',
      root(
        '<rect x="0" y="0" width="120" height="63" fill="#fff"/><image href="x.png" width="9" height="9"/>',
      ),
    ],
  ])('%s: left to resvg', (_name, svg) => {
    expect(paintSolidCanvas(svg, 1)).toBeUndefined();
  });

  it('leaves a canvas whose user units are not CSS pixels to resvg', () => {
    const svg = PLAIN_CARD.replace('viewBox="0 0 120 63"', 'viewBox="0 0 240 126"');
    expect(paintSolidCanvas(svg, 1)).toBeUndefined();
  });

  it('leaves a fractional scale to resvg', () => {
    expect(paintSolidCanvas(PLAIN_CARD, 1.5)).toBeUndefined();
  });
});

describe('a card whose text runs past its bottom', () => {
  const renderer = createRenderer({ workers: 0 });
  const resvgText = createRenderer({ workers: 0, tunings: { textLayer: false } });
  afterAll(async () => {
    await Promise.all([renderer.close(), resvgText.close()]);
  });
  const lines = Array.from(
    { length: 12 },
    (_, i) => `<div style="display:flex">Line ${i + 1} of a long card</div>`,
  );
  // Lines 40 px apart from y 20, the canvas's bottom at 185: between the 4th line's glyphs and the 5th's.
  const input = {
    html: `<div style="display:flex;flex-direction:column;box-sizing:border-box;width:400px;height:185px;padding:20px 20px 0 20px;background:#fefce8;color:#1e293b;font-size:20px;line-height:40px">${lines.join('')}</div>`,
    width: 400,
    height: 185,
    format: 'png' as const,
  };

  it('is filled without resvg (the lines off the canvas paint nothing), with the pixels resvg draws', async () => {
    const [solid, drawn] = await Promise.all([renderer.render(input), resvgText.render(input)]);
    expect(solid.tuningsUsed).toContain('solidCanvas');
    expect(drawn.tuningsUsed).not.toContain('solidCanvas');
    const [a, b] = await Promise.all([decodeImage(solid.data), decodeImage(drawn.data)]);
    expect([a.width, a.height]).toEqual([400, 185]);
    // The text layer blends glyphs one by one where resvg fills their union: a few shared pixels may differ.
    const diff = pixelDifference(a.pixels, b.pixels);
    expect(diff.pixels).toBeLessThanOrEqual(4);
    expect(diff.max).toBeLessThanOrEqual(32);
  });
});
