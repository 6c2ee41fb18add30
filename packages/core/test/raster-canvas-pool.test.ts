/**
 * Raster buffers kept between renders (tuning `canvasReuse`, raster/canvas-pool.ts): a buffer given back is taken
 * again by the next render of its size, and a render on a buffer that held another card's pixels is the same picture
 * as one on a fresh buffer (every byte is written again); the buffers kept stay within `keptCanvasMb` together, so a
 * large raster is not held between renders.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { giveBackCanvas, keptBytes, takeCanvas } from '../src/raster/canvas-pool.js';
import { createRenderEnvironment, renderHtml } from '../src/render.js';
import { resolveLimits, validateRenderInput } from '../src/validate.js';
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

describe('kept canvases within keptCanvasMb', () => {
  it('keeps buffers within the budget together, the oldest going first, and none larger than it', () => {
    // Empty what earlier tests kept: buffers of a size no test uses, each the whole budget.
    for (let i = 0; i < 3; i++) giveBackCanvas(takeCanvas(999), 999);
    const budget = 10_000;
    const [a, b, c] = [takeCanvas(4000), takeCanvas(5000), takeCanvas(3000)];
    giveBackCanvas(a as Buffer, budget);
    giveBackCanvas(b as Buffer, budget);
    expect(keptBytes()).toBe(9000);
    // 12,000 bytes would be kept with c: a (the oldest) goes.
    giveBackCanvas(c as Buffer, budget);
    expect(keptBytes()).toBe(8000);
    expect(takeCanvas(4000)).not.toBe(a);
    expect(takeCanvas(5000)).toBe(b);
    giveBackCanvas(takeCanvas(budget + 4), budget);
    expect(keptBytes()).toBe(3000);
  });

  it('a 2400×1260 card is not kept by default, and is with keptCanvasMb 16', async () => {
    const input = {
      html: card('#f0f4ff', 'A large card'),
      width: 2400,
      height: 1260,
      format: 'jpeg' as const,
    };
    const byDefault = createRenderer({ workers: 0 });
    const keeping = createRenderer({ workers: 0, keptCanvasMb: 16 });
    try {
      for (let i = 0; i < 3; i++) giveBackCanvas(takeCanvas(999), 999);
      const small = await byDefault.render(input);
      expect(small.tuningsUsed).toContain('canvasReuse');
      expect(keptBytes()).toBe(999);
      const large = await keeping.render(input);
      expect(keptBytes()).toBe(999 + 2400 * 1260 * 4);
      const [x, y] = await Promise.all([decodeImage(small.data), decodeImage(large.data)]);
      expect([x.width, x.height]).toEqual([2400, 1260]);
      expect(Buffer.compare(x.pixels, y.pixels)).toBe(0);
    } finally {
      await Promise.all([byDefault.close(), keeping.close()]);
    }
  });

  it('a thread that frees large rasters (a worker) frees its kept canvases before a raster too large to keep', async () => {
    const env = createRenderEnvironment({ limits: resolveLimits() });
    const render = (width: number, height: number, releases: boolean) =>
      renderHtml(
        env,
        validateRenderInput(
          { html: card('#f0f4ff', 'A card'), width, height, format: 'webp' },
          env.options.limits,
        ),
        undefined,
        { releasesRaster: () => releases },
      );
    for (let i = 0; i < 3; i++) giveBackCanvas(takeCanvas(999), 999);
    const kept = takeCanvas(999);
    giveBackCanvas(kept);
    await render(600, 315, true);
    expect(keptBytes()).toBe(999 + 600 * 315 * 4);
    // Without the hook's word (workers: 0, or a raster it would not free), they stay.
    await render(2400, 1260, false);
    expect(keptBytes()).toBe(999 + 600 * 315 * 4);
    const large = await render(2400, 1260, true);
    expect(keptBytes()).toBe(0);
    // Freed at once (detached), not left to a collection.
    expect(kept.length).toBe(0);
    expect((await decodeImage(large.data)).width).toBe(2400);
    // The next small card takes a fresh canvas, and keeps it.
    await render(600, 315, true);
    expect(keptBytes()).toBe(600 * 315 * 4);
  });

  it('refuses a keptCanvasMb that is not an integer from 0 to 1024', () => {
    for (const keptCanvasMb of [-1, 1025, 1.5, '4'])
      expect(() => createRenderer({ workers: 0, keptCanvasMb } as never)).toThrow(
        /keptCanvasMb: must be an integer from 0 to 1024/,
      );
    for (const keptCanvasMb of [0, 1024]) createRenderer({ workers: 0, keptCanvasMb });
  });
});
