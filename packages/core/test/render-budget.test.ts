/** Byte budgets (`maxBytes`): the highest quality (png: the most colours) whose file fits, found in few encodes. */
import { afterAll, describe, expect, it } from 'vitest';
import { searchBudget } from '../src/encode/budget.js';
import { createRenderer, PictorError } from '../src/index.js';
import { decodeImage, expectFormatAndSize } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

/** A card with a photo-like gradient and text: enough detail that quality changes the size a lot. */
const CARD = `<div style="display:flex;flex-direction:column;justify-content:center;width:100%;height:100%;padding:32px;background-image:radial-gradient(circle at 20% 30%,#f59e0b,#db2777 40%,#4f46e5 80%);color:white">
  <div style="font-size:56px;font-weight:800">Budgets that hold</div><div style="font-size:26px">AVIF, WebP, JPEG and PNG within maxBytes</div></div>`;
const SIZE = { width: 600, height: 315 };

describe('maxBytes', () => {
  for (const format of ['jpeg', 'webp', 'avif'] as const) {
    it(`${format}: the highest quality that fits, in few encodes`, async () => {
      const plain = await renderer.render({ html: CARD, ...SIZE, format });
      const maxBytes = Math.max(1024, Math.round(plain.data.length * 0.5));
      const result = await renderer.render({ html: CARD, ...SIZE, format, maxBytes });
      await expectFormatAndSize(result.data, { format, ...SIZE });
      expect(result.data.length).toBeLessThanOrEqual(maxBytes);
      const quality = result.budget?.quality as number;
      expect(quality).toBeLessThan(80);
      // One quality point higher no longer fits: the search found the boundary, not just some fit.
      const above = await renderer.render({ html: CARD, ...SIZE, format, quality: quality + 1 });
      expect(above.data.length).toBeGreaterThan(maxBytes);
      const same = await renderer.render({ html: CARD, ...SIZE, format, quality });
      expect(same.data.equals(result.data)).toBe(true);
      expect(result.budget?.encodes).toBeLessThanOrEqual(6);
    });
  }

  it('a budget the asked quality already fits costs one encode and changes nothing', async () => {
    const plain = await renderer.render({ html: CARD, ...SIZE, format: 'webp', quality: 70 });
    const result = await renderer.render({
      html: CARD,
      ...SIZE,
      format: 'webp',
      quality: 70,
      maxBytes: 10_000_000,
    });
    expect(result.budget).toEqual({ quality: 70, encodes: 1 });
    expect(result.data.equals(plain.data)).toBe(true);
  });

  it('png: lossless when it fits, else a palette of the most colours that fit', async () => {
    const lossless = await renderer.render({ html: CARD, ...SIZE, format: 'png' });
    const roomy = await renderer.render({
      html: CARD,
      ...SIZE,
      format: 'png',
      maxBytes: lossless.data.length,
    });
    expect(roomy.budget).toEqual({ encodes: 1 });
    const maxBytes = Math.round(lossless.data.length * 0.4);
    const result = await renderer.render({ html: CARD, ...SIZE, format: 'png', maxBytes });
    await expectFormatAndSize(result.data, { format: 'png', ...SIZE });
    expect(result.data.length).toBeLessThanOrEqual(maxBytes);
    const colours = result.budget?.colours as number;
    expect(colours).toBeGreaterThanOrEqual(2);
    expect(colours).toBeLessThanOrEqual(256);
    // Written with a palette: sharp reports it, and the pixels hold at most that many colours.
    const { pixels } = await decodeImage(result.data);
    const distinct = new Set<number>();
    for (let i = 0; i < pixels.length; i += 4) distinct.add(pixels.readUInt32LE(i));
    expect(distinct.size).toBeLessThanOrEqual(colours);
    expect(result.budget?.encodes).toBeLessThanOrEqual(8);
  });

  it('nothing fits: RENDER_FAILED naming maxBytes and the smallest size reached', async () => {
    const error = await renderer
      .render({ html: CARD, width: 2000, height: 1000, format: 'png', maxBytes: 1024 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PictorError);
    const e = error as PictorError;
    expect(e.code).toBe('RENDER_FAILED');
    expect(e.details?.rule).toBe('maxBytes');
    expect(e.message).toMatch(
      /^maxBytes: the png image does not fit in 1024 bytes even at 2 colours \(smallest \d+ bytes\)/,
    );
    expect(e.details?.smallest as number).toBeGreaterThan(1024);
  });

  it('maxBytes below 1,024 or not an integer is INVALID_INPUT', async () => {
    for (const maxBytes of [1023, 5000.5, '5000']) {
      const error = (await renderer
        .render({ html: CARD, ...SIZE, maxBytes } as never)
        .catch((e: unknown) => e)) as PictorError;
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.message).toBe('maxBytes: must be an integer of at least 1024');
    }
  });
});

describe('searchBudget', () => {
  /** A made-up encoder: bytes = 1000 · e^(0.05 · setting), exactly. */
  const exponential = (setting: number) =>
    Promise.resolve(Buffer.alloc(Math.round(1000 * Math.exp(0.05 * setting))));

  it('finds the exact boundary of a smooth curve in few encodes', async () => {
    for (const maxBytes of [1500, 5000, 20_000, 100_000]) {
      const fit = await searchBudget({ lowest: 0, highest: 100, maxBytes, encode: exponential, slope: 0.03 });
      const boundary = Math.min(100, Math.floor(Math.log(maxBytes / 1000) / 0.05));
      expect(Math.abs(fit.setting - boundary)).toBeLessThanOrEqual(1);
      expect(fit.data.length).toBeLessThanOrEqual(maxBytes);
      expect(fit.encodes).toBeLessThanOrEqual(5);
    }
  });

  it('a step-shaped curve still ends at the highest setting that fits', async () => {
    const steps = (s: number) => Promise.resolve(Buffer.alloc(s < 37 ? 100 : 10_000));
    const fit = await searchBudget({ lowest: 0, highest: 100, maxBytes: 5000, encode: steps, slope: 0.02 });
    expect(fit.setting).toBe(36);
  });
});
