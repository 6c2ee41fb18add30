/**
 * Device scale: layout at the CSS size, drawn by resvg at `scale` × as many pixels (crisp, not an enlarged small
 * image); the result's width/height are the image's pixels and the pixel limits apply to them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer, PictorError } from '../src/index.js';
import { largestCssWithin, scaledPixels } from '../src/raster/scale.js';
import { decodeImage, expectFormatAndSize, expectImageToMatch } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

/** Dark text and a 1px border on white: edges that show whether they were drawn at the pixel size or enlarged. */
const CARD = `<div style="display:flex;flex-direction:column;justify-content:center;box-sizing:border-box;width:100%;height:100%;padding:16px;background:#ffffff;border:1px solid #0f172a;color:#0f172a;font-family:Inter">
  <div style="font-size:30px;font-weight:700">Crisp at 2×</div>
  <div style="font-size:14px">Text and a 1px border, drawn at scale</div>
  <div style="display:flex;margin-top:8px"><div style="padding:2px 8px;border-radius:8px;background:#6366f1;color:white;font-size:12px">device pixels</div></div>
</div>`;

/** Luma (0–255) of decoded RGBA pixels. */
function luma(pixels: Buffer, width: number, height: number): Float64Array {
  const out = new Float64Array(width * height);
  for (let i = 0; i < out.length; i++) {
    out[i] =
      0.299 * (pixels[i * 4] ?? 0) + 0.587 * (pixels[i * 4 + 1] ?? 0) + 0.114 * (pixels[i * 4 + 2] ?? 0);
  }
  return out;
}

/** Sharpness measures of an image: mean squared gradient and mean squared Laplacian of its luma. */
function sharpness(
  pixels: Buffer,
  width: number,
  height: number,
): { gradient: number; laplacian: number; meanAbsGradient: number } {
  const y = luma(pixels, width, height);
  let gradient = 0;
  let absGradient = 0;
  let laplacian = 0;
  let count = 0;
  for (let row = 1; row < height - 1; row++) {
    for (let col = 1; col < width - 1; col++) {
      const i = row * width + col;
      const c = y[i] as number;
      const dx = (y[i + 1] as number) - c;
      const dy = (y[i + width] as number) - c;
      const lap =
        (y[i - 1] as number) +
        (y[i + 1] as number) +
        (y[i - width] as number) +
        (y[i + width] as number) -
        4 * c;
      gradient += dx * dx + dy * dy;
      absGradient += Math.abs(dx) + Math.abs(dy);
      laplacian += lap * lap;
      count++;
    }
  }
  return { gradient: gradient / count, laplacian: laplacian / count, meanAbsGradient: absGradient / count };
}

/** Average each 2×2 block of RGBA pixels: the 2× image seen at 1×. */
function halve(pixels: Buffer, width: number, height: number): Buffer {
  const w = width / 2;
  const h = height / 2;
  const out = Buffer.alloc(w * h * 4);
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      for (let c = 0; c < 4; c++) {
        const at = (r: number, k: number) => pixels[(r * width + k) * 4 + c] ?? 0;
        const sum =
          at(2 * row, 2 * col) +
          at(2 * row, 2 * col + 1) +
          at(2 * row + 1, 2 * col) +
          at(2 * row + 1, 2 * col + 1);
        out[(row * w + col) * 4 + c] = Math.round(sum / 4);
      }
    }
  }
  return out;
}

function meanAbsDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe('scale: the image has scale × the CSS size in pixels', () => {
  for (const format of ['png', 'jpeg', 'webp'] as const) {
    it(`${format}: scale 2 on a 300×150 card gives a 600×300 image`, async () => {
      const result = await renderer.render({ html: CARD, width: 300, height: 150, scale: 2, format });
      expect([result.width, result.height]).toEqual([600, 300]);
      const metadata = await sharp(result.data).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([format, 600, 300]);
    });
  }

  it('scale 1.5: 300×150 → 450×225, and odd sizes round as resvg does (333×77 → 500×116)', async () => {
    const even = await renderer.render({ html: CARD, width: 300, height: 150, scale: 1.5 });
    expect([even.width, even.height]).toEqual([450, 225]);
    await expectFormatAndSize(even.data, { format: 'png', width: 450, height: 225 });
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const odd = await renderer.render({ html: CARD, width: 333, height: 77, scale: 1.5, format });
      expect([odd.width, odd.height]).toEqual([500, 116]);
      await expectFormatAndSize(odd.data, { format, width: 500, height: 116 });
    }
  });

  it('the reported size is the decoded size for scales where rounding in 32-bit floats matters', async () => {
    for (const scale of [1.1, 1.3, 2.7, 3.3, 3.99]) {
      for (const [width, height] of [
        [45, 15],
        [75, 25],
        [101, 37],
      ] as const) {
        const result = await renderer.render({ html: CARD, width, height, scale, format: 'jpeg' });
        const metadata = await sharp(result.data).metadata();
        expect([result.width, result.height]).toEqual([metadata.width, metadata.height]);
        expect([result.width, result.height]).toEqual([
          scaledPixels(width, scale),
          scaledPixels(height, scale),
        ]);
      }
    }
  });

  it('scale absent is scale 1: the same bytes as scale 1', async () => {
    const absent = await renderer.render({ html: CARD, width: 300, height: 150 });
    const one = await renderer.render({ html: CARD, width: 300, height: 150, scale: 1 });
    expect([absent.width, absent.height]).toEqual([300, 150]);
    expect(absent.data.equals(one.data)).toBe(true);
  });

  it('an opaque card stays opaque to its edges at a fractional scale (the canvas covers every pixel)', async () => {
    const result = await renderer.render({ html: CARD, width: 333, height: 77, scale: 1.5 });
    const { pixels, width, height } = await decodeImage(result.data);
    for (const [x, y] of [
      [0, 0],
      [width - 1, 0],
      [0, height - 1],
      [width - 1, height - 1],
    ] as const) {
      expect(pixels[(y * width + x) * 4 + 3]).toBe(255);
    }
  });

  it('matches its reference image (2× card, 600×300)', async () => {
    const result = await renderer.render({ html: CARD, width: 300, height: 150, scale: 2 });
    await expectImageToMatch(result.data, 'scale', 'card-2x', { format: 'png', width: 600, height: 300 });
  });
});

describe('scale: drawn at the pixel size, not enlarged', () => {
  // Measured on this card (libvips 8.18; its enlargement interpolates bicubically for both kernels, so they agree):
  // mean squared Laplacian 2932 at 2× against 590 enlarged (5.0×), mean squared gradient 1449 against 667 (2.2×);
  // the 2× render averaged down to 1× differs from the 1× render by 0.28 of 255 per channel on average.
  // (Mean absolute gradient barely moves, 9.16 against 8.60: a blurred edge climbs the same height in more steps.)
  it('the 2× render has crisper edges than the 1× render enlarged 2×, with the same content', async () => {
    const twice = await decodeImage(
      (await renderer.render({ html: CARD, width: 300, height: 150, scale: 2 })).data,
    );
    const onceData = (await renderer.render({ html: CARD, width: 300, height: 150 })).data;
    const once = await decodeImage(onceData);
    const crisp = sharpness(twice.pixels, 600, 300);
    for (const kernel of ['lanczos3', 'cubic'] as const) {
      const enlarged = await decodeImage(await sharp(onceData).resize(600, 300, { kernel }).png().toBuffer());
      const soft = sharpness(enlarged.pixels, 600, 300);
      expect(crisp.laplacian).toBeGreaterThan(soft.laplacian * 2.5);
      expect(crisp.gradient).toBeGreaterThan(soft.gradient * 1.5);
    }
    expect(meanAbsDifference(halve(twice.pixels, 600, 300), once.pixels)).toBeLessThan(1.5);
  });

  it('a 1px border is two device pixels at 2×, with no blur beside it', async () => {
    const { pixels } = await decodeImage(
      (await renderer.render({ html: CARD, width: 300, height: 150, scale: 2 })).data,
    );
    const at = (x: number, y: number) => [...pixels.subarray((y * 600 + x) * 4, (y * 600 + x) * 4 + 3)];
    for (const x of [0, 1, 598, 599]) expect(at(x, 150)).toEqual([15, 23, 42]);
    for (const x of [2, 597]) expect(at(x, 150)).toEqual([255, 255, 255]);
    for (const y of [0, 1, 298, 299]) expect(at(300, y)).toEqual([15, 23, 42]);
  });
});

describe('scale: validation and limits', () => {
  const html = '<div style="width:10px;height:10px"></div>';
  async function rejection(target: typeof renderer, input: Record<string, unknown>): Promise<PictorError> {
    const error = await target.render({ html, ...input } as never).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PictorError);
    expect((error as PictorError).code).toBe('INVALID_INPUT');
    return error as PictorError;
  }

  const invalid: [string, unknown][] = [
    ['0', 0],
    ['0.5', 0.5],
    ['5', 5],
    ['4.01', 4.01],
    ['-2', -2],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ["'2' (no coercion)", '2'],
    ['null', null],
    ['true', true],
  ];
  for (const [name, scale] of invalid) {
    it(`rejects scale ${name}`, async () => {
      const error = await rejection(renderer, { width: 10, height: 10, scale });
      expect(error.message).toBe('scale: must be a number from 1 to 4');
      expect(error.details).toMatchObject({ field: 'scale', rule: 'range' });
    });
  }

  it('accepts 1, 4 and decimals between', async () => {
    for (const scale of [1, 1.25, 3.5, 4]) {
      const result = await renderer.render({ html, width: 10, height: 10, scale, format: 'jpeg' });
      expect(result.width).toBe(scaledPixels(10, scale));
    }
  });

  it('a width or height that scale pushes past maxDimension is rejected before rendering, naming scale', async () => {
    const wide = await rejection(renderer, { width: 1200, height: 100, scale: 4 });
    expect(wide.message).toBe('width × scale: must be at most 4096 pixels, got 1200 × 4 = 4800');
    expect(wide.details).toMatchObject({ field: 'scale', rule: 'maxDimension' });
    const tall = await rejection(renderer, { width: 100, height: 2731, scale: 1.5 });
    expect(tall.message).toBe('height × scale: must be at most 4096 pixels, got 2731 × 1.5 = 4097');
    // Only the known dimension counts: an auto height is bounded after layout.
    await expect(renderer.render({ html, width: 1200, scale: 4 })).rejects.toMatchObject({
      message: 'width × scale: must be at most 4096 pixels, got 1200 × 4 = 4800',
    });
    // At the limit exactly it renders (1024 × 4 = 4096).
    const edge = await renderer.render({ html, width: 1024, height: 10, scale: 4, format: 'jpeg' });
    expect([edge.width, edge.height]).toEqual([4096, 40]);
  });

  it('a size that scale pushes past maxPixels is rejected before rendering, naming scale', async () => {
    const small = createRenderer({ workers: 0, limits: { maxPixels: 1_000_000 } });
    // 800 × 800 = 640,000 pixels at scale 1 …
    const once = await small.render({ html, width: 800, height: 800, format: 'jpeg' });
    expect([once.width, once.height]).toEqual([800, 800]);
    // … but 1600 × 1600 at scale 2.
    const error = await rejection(small, { width: 800, height: 800, scale: 2 });
    expect(error.message).toBe(
      '(width × scale) × (height × scale): must be at most 1000000 pixels, got 1600 × 1600 = 2560000',
    );
    expect(error.details).toMatchObject({ field: 'scale', rule: 'maxPixels' });
    await small.close();
  });

  it('the CSS dimensions keep their own rule first', async () => {
    const error = await rejection(renderer, { width: 5000, height: 10, scale: 2 });
    expect(error.message).toBe('width: must be an integer from 1 to 4096');
  });
});

describe('scale: auto size', () => {
  const block = '<div style="width:300px;height:100px;background:#e11d48"></div>';

  it('the height comes from the content and is doubled', async () => {
    const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(3);
    const html = `<div style="font-size:20px">${text}</div>`;
    const once = await renderer.render({ html, width: 200 });
    const twice = await renderer.render({ html, width: 200, scale: 2 });
    expect(once.height).toBeGreaterThan(50);
    expect([twice.width, twice.height]).toEqual([400, once.height * 2]);
    await expectFormatAndSize(twice.data, { format: 'png', width: 400, height: once.height * 2 });
  });

  it('both dimensions from the content: 300×100 at 2× and 1.5× (333×77 → 500×116)', async () => {
    const twice = await renderer.render({ html: block, scale: 2, format: 'webp' });
    expect([twice.width, twice.height]).toEqual([600, 200]);
    await expectFormatAndSize(twice.data, { format: 'webp', width: 600, height: 200 });
    const odd = await renderer.render({
      html: '<div style="width:333px;height:77px;background:#e11d48"></div>',
      scale: 1.5,
    });
    expect([odd.width, odd.height]).toEqual([500, 116]);
    const { pixels } = await expectFormatAndSize(odd.data, { format: 'png', width: 500, height: 116 });
    // Red to the last pixel.
    expect([...pixels.subarray(pixels.length - 4)]).toEqual([225, 29, 72, 255]);
  });

  it('content taller than the limit once scaled is cut at the largest size that fits, with a warning', async () => {
    const small = createRenderer({ workers: 0, limits: { maxDimension: 400 } });
    const result = await small.render({
      html: '<div style="width:100px;height:1000px;background:#000"></div>',
      scale: 2,
    });
    expect([result.width, result.height]).toEqual([200, 400]);
    expect(result.warnings.join('\n')).toMatch(
      /1000 \(2000 at scale 2\) pixels tall; cut at 200 \(400 at scale 2\)/,
    );
    // At 1.5, 266 CSS pixels are 399 device pixels and 267 would be 401 (rounded half up): 266 it is.
    const odd = await small.render({
      html: '<div style="width:100px;height:1000px;background:#000"></div>',
      scale: 1.5,
    });
    expect([odd.width, odd.height]).toEqual([150, 399]);
    await small.close();
  });

  it('content wider than the limit once scaled wraps at the largest width that fits', async () => {
    const small = createRenderer({ workers: 0, limits: { maxDimension: 400 } });
    const text = 'wrap me please '.repeat(20);
    const result = await small.render({ html: `<div style="font-size:20px">${text}</div>`, scale: 2 });
    expect(result.width).toBe(400);
    expect(result.height).toBeGreaterThan(100);
    await small.close();
  });

  it('over the pixel limit once scaled, the measured dimension is cut', async () => {
    const small = createRenderer({ workers: 0, limits: { maxPixels: 80_000 } });
    const square = '<div style="width:300px;height:300px;background:#000"></div>';
    // 100 CSS wide → 200 pixels; 80,000 / 200 = 400 pixels tall at most → 200 CSS.
    const tall = await small.render({ html: square, width: 100, scale: 2 });
    expect([tall.width, tall.height]).toEqual([200, 400]);
    const both = await small.render({ html: square, scale: 2 });
    // 600 pixels wide: at most 133 pixels tall → 66 CSS (132 pixels).
    expect([both.width, both.height]).toEqual([600, 132]);
    expect(both.warnings.join('\n')).toMatch(
      /300×300 \(600×600 at scale 2\) pixels; cut at 300×66 \(600×132/,
    );
    await small.close();
  });
});

describe('scale: through every way in', () => {
  it('templates take scale as a request value', async () => {
    const result = await renderer.renderTemplate({
      template: {
        content: '<div style="display:flex;width:100%;height:100%;background:#0ea5e9">{{title}}</div>',
        variables: { title: { type: 'string' } },
        width: 120,
        height: 60,
      },
      variables: { title: 'Hi' },
      scale: 2,
    });
    expect([result.width, result.height]).toEqual([240, 120]);
  });

  it('saveTo writes the scaled image', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pictor-scale-'));
    try {
      const path = join(folder, 'card.webp');
      const result = await renderer.render({
        html: CARD,
        width: 300,
        height: 150,
        scale: 2,
        format: 'webp',
        saveTo: path,
      });
      const saved = readFileSync(path);
      expect(saved.equals(result.data)).toBe(true);
      const metadata = await sharp(saved).metadata();
      expect([metadata.width, metadata.height]).toEqual([600, 300]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('absurd effects stay bounded at scale 4 (regions are bounded in the SVG user units, then zoomed)', async () => {
    for (const style of ['box-shadow:0 0 1e9px 1e9px red', 'filter:blur(1e9px)', 'border:1e9px solid red']) {
      const result = await renderer.render({
        html: `<div style="display:flex;width:60px;height:30px;background:#fff;${style}">x</div>`,
        width: 100,
        height: 50,
        scale: 4,
        format: 'jpeg',
      });
      expect([result.width, result.height]).toEqual([400, 200]);
    }
  });
});

describe('scaled sizes', () => {
  it('largestCssWithin is the largest CSS size whose scaled size fits', () => {
    for (const scale of [1, 1.1, 1.3, 1.5, 2, 2.7, 3.3, 4]) {
      for (const max of [1, 4, 399, 400, 4096]) {
        const css = largestCssWithin(max, scale);
        if (css > 0) expect(scaledPixels(css, scale)).toBeLessThanOrEqual(max);
        expect(scaledPixels(css + 1, scale)).toBeGreaterThan(max);
      }
    }
  });
});

describe('scale: in worker processes and threads (built package)', () => {
  for (const isolation of ['process', 'thread'] as const) {
    it(`${isolation}: scale travels to the worker, with the same pixels as the calling thread`, async () => {
      const built = await import('../dist/index.js');
      const pool = built.createRenderer({ workers: 1, isolation });
      try {
        const result = await pool.render({ html: CARD, width: 300, height: 150, scale: 2 });
        expect([result.width, result.height]).toEqual([600, 300]);
        await expectImageToMatch(result.data, 'scale', 'card-2x', { format: 'png', width: 600, height: 300 });
        await expect(pool.render({ html: CARD, width: 300, height: 150, scale: 5 })).rejects.toMatchObject({
          code: 'INVALID_INPUT',
          message: 'scale: must be a number from 1 to 4',
        });
      } finally {
        await pool.close();
      }
    });
  }
});
