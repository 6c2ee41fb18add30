/**
 * Raster buffers kept between renders (tuning `canvasReuse`, raster/canvas-pool.ts): a buffer given back is taken
 * again by the next render of its size, and a render on a buffer that held another card's pixels is the same picture
 * as one on a fresh buffer (every byte is written again).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { giveBackCanvas, takeCanvas } from '../src/raster/canvas-pool.js';
import { paintSolidCanvas } from '../src/raster/solid-canvas.js';
import { decodeImage } from './helpers/image-compare.js';

const reusing = createRenderer({ workers: 0 });
const fresh = createRenderer({ workers: 0, tunings: { canvasReuse: false } });
afterAll(async () => {
  await Promise.all([reusing.close(), fresh.close()]);
});

const card = (background: string, text: string) =>
  `<div style="display:flex;flex-direction:column;box-sizing:border-box;width:100%;height:100%;padding:30px;background:${background};color:#123;font-size:36px"><b>${text}</b><span>A second line</span></div>`;

describe('canvas reuse', () => {
  it('takes a buffer given back for the next raster of its size, and only of its size', () => {
    const first = takeCanvas(4000);
    giveBackCanvas(first);
    expect(takeCanvas(4004)).not.toBe(first);
    expect(takeCanvas(4000)).toBe(first);
    expect(takeCanvas(4000)).not.toBe(first);
  });

  it('fills a kept buffer whole: a transparent canvas after a coloured one', () => {
    const svg = (body: string) =>
      `<svg width="10" height="5" viewBox="0 0 10 5" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
    const coloured = paintSolidCanvas(
      svg('<rect x="0" y="0" width="10" height="5" fill="#f00"/>'),
      1,
      takeCanvas,
    );
    giveBackCanvas(coloured!.pixels);
    const clear = paintSolidCanvas(svg(''), 1, takeCanvas);
    expect(clear!.pixels).toBe(coloured!.pixels);
    expect(clear!.pixels.every((byte) => byte === 0)).toBe(true);
  });

  it('renders each card as on a fresh buffer, one after another on kept ones', async () => {
    const inputs = [
      { html: card('#f0f4ff', 'First card'), width: 600, height: 315 },
      { html: card('#fef3c7', 'Second card, other words'), width: 600, height: 315 },
      { html: card('#ecfccb', 'Third'), width: 600, height: 315 },
    ];
    for (const format of ['png', 'webp'] as const) {
      for (const input of inputs) {
        const [a, b] = await Promise.all([
          reusing.render({ ...input, format }),
          fresh.render({ ...input, format }),
        ]);
        expect(a.tuningsUsed).toContain('canvasReuse');
        expect(b.tuningsUsed).not.toContain('canvasReuse');
        const [x, y] = await Promise.all([decodeImage(a.data), decodeImage(b.data)]);
        expect(Buffer.compare(x.pixels, y.pixels)).toBe(0);
      }
    }
  });
});
