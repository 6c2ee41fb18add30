/** Output formats: each decodes with the asked size; quality changes jpeg/webp, not png. */
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { decodeImage, expectFormatAndSize, expectImageToMatch } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

const CARD = `<div style="display:flex;flex-direction:column;justify-content:center;width:100%;height:100%;padding:32px;background-image:linear-gradient(90deg,#0ea5e9,#6366f1);color:white;font-family:Inter">
  <div style="font-size:48px;font-weight:800">Formats</div><div style="font-size:24px">png · jpeg · webp</div></div>`;

describe('formats', () => {
  for (const format of ['png', 'jpeg', 'webp', 'avif'] as const) {
    it(`${format}: decodes as ${format} at the asked size, with its content type, close to the png pixels`, async () => {
      const result = await renderer.render({ html: CARD, width: 500, height: 260, format });
      expect(result.format).toBe(format);
      expect(result.contentType).toBe(`image/${format}`);
      expect([result.width, result.height]).toEqual([500, 260]);
      await expectFormatAndSize(result.data, { format, width: 500, height: 260 });
      // Lossy formats stay close to the same reference (wider tolerance for compression noise).
      await expectImageToMatch(
        result.data,
        'formats',
        'card',
        { format, width: 500, height: 260 },
        format === 'png' ? {} : { channelTolerance: 48, maxDiffRatio: 0.01 },
      );
    });
  }

  it('odd sizes come out exact in every format', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'avif'] as const) {
      const result = await renderer.render({ html: CARD, width: 333, height: 77, format });
      await expectFormatAndSize(result.data, { format, width: 333, height: 77 });
    }
  });

  for (const format of ['jpeg', 'webp', 'avif'] as const) {
    it(`${format}: a higher quality gives a larger file`, async () => {
      const low = await renderer.render({ html: CARD, width: 500, height: 260, format, quality: 10 });
      const high = await renderer.render({ html: CARD, width: 500, height: 260, format, quality: 95 });
      expect(high.data.length).toBeGreaterThan(low.data.length * 1.5);
      const fallback = await renderer.render({ html: CARD, width: 500, height: 260, format });
      const q80 = await renderer.render({ html: CARD, width: 500, height: 260, format, quality: 80 });
      expect(fallback.data.equals(q80.data)).toBe(true);
    });
  }

  it('quality 0 is the lowest setting of every lossy format, not a failure', async () => {
    for (const format of ['jpeg', 'webp', 'avif'] as const) {
      const zero = await renderer.render({ html: CARD, width: 100, height: 52, format, quality: 0 });
      const one = await renderer.render({ html: CARD, width: 100, height: 52, format, quality: 1 });
      expect(zero.data.equals(one.data)).toBe(true);
    }
  });

  it('png ignores quality', async () => {
    const low = await renderer.render({ html: CARD, width: 500, height: 260, format: 'png', quality: 0 });
    const high = await renderer.render({ html: CARD, width: 500, height: 260, format: 'png', quality: 100 });
    expect(low.data.equals(high.data)).toBe(true);
  });

  it('keeps transparency in png, webp and avif (resvg pixels are premultiplied) and flattens jpeg onto white', async () => {
    const html = '<div style="width:100px;height:100px;background:rgba(255,0,0,0.5)"></div>';
    const pick = async (format: 'png' | 'webp' | 'jpeg' | 'avif') => {
      const { pixels } = await decodeImage(
        (await renderer.render({ html, width: 100, height: 100, format })).data,
      );
      return [...pixels.subarray(50 * 400 + 200, 50 * 400 + 204)];
    };
    const [r, g, b, a] = await pick('png');
    expect(r).toBe(255);
    expect(g).toBe(0);
    expect(b).toBe(0);
    expect(Math.abs((a ?? 0) - 128)).toBeLessThanOrEqual(1);
    const webp = await pick('webp');
    expect(Math.abs((webp[0] ?? 0) - 255)).toBeLessThanOrEqual(8);
    expect(Math.abs((webp[3] ?? 0) - 128)).toBeLessThanOrEqual(8);
    const avif = await pick('avif');
    expect(Math.abs((avif[0] ?? 0) - 255)).toBeLessThanOrEqual(8);
    expect(Math.abs((avif[3] ?? 0) - 128)).toBeLessThanOrEqual(8);
    const jpeg = await pick('jpeg');
    expect(jpeg[0]).toBeGreaterThan(240);
    expect(Math.abs((jpeg[1] ?? 0) - 127)).toBeLessThanOrEqual(8);
    expect(jpeg[3]).toBe(255);
  });
});
