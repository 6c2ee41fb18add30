/**
 * An encode that frees the raster (`EncodeChoice.release`, tuning/release-buffers.ts): an opaque WebP or AVIF is
 * encoded from an RGB copy of the raster (encode/rgb-copy.ts), the raster freed before the encoder starts and the
 * copy once encoded — the same bytes as the encode from the raster; JPEG and images with alpha are encoded as before.
 */
import { describe, expect, it } from 'vitest';
import { copyRgb } from '../src/encode/rgb-copy.js';
import { encodeImage } from '../src/encode/sharp.js';
import { releaseBuffer } from '../src/tuning/release-buffers.js';
import { decodeImage } from './helpers/image-compare.js';

/** A 300×200 RGBA raster of varied colours, alpha 255 (or `alpha` in its top-left quarter). */
function raster(alpha = 255): { pixels: Buffer; width: number; height: number } {
  const [width, height] = [300, 200];
  const pixels = Buffer.allocUnsafeSlow(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const a = x < 150 && y < 100 ? alpha : 255;
      // Premultiplied, as resvg gives them.
      pixels[at] = Math.round(((x * 255) / width) * (a / 255));
      pixels[at + 1] = Math.round(((y * 255) / height) * (a / 255));
      pixels[at + 2] = Math.round((((x + y) % 64) * 4 * a) / 255);
      pixels[at + 3] = a;
    }
  return { pixels, width, height };
}

describe('an encode that frees the raster', () => {
  it('frees the raster before the encoder starts, then its RGB copy, and writes the same WebP and AVIF bytes', async () => {
    for (const format of ['webp', 'avif'] as const) {
      const plain = await encodeImage(raster(), format, 80, { knownOpaque: true });
      const image = raster();
      const freed: number[] = [];
      const data = await encodeImage(image, format, 80, {
        knownOpaque: true,
        release: (pixels) => {
          freed.push(pixels.length);
          expect(releaseBuffer(pixels)).toBe(true);
        },
      });
      // The raster (RGBA) first, then the RGB copy the writer read, each once.
      expect(freed).toEqual([300 * 200 * 4, 300 * 200 * 3]);
      expect(image.pixels.length).toBe(0);
      expect(Buffer.compare(data, plain)).toBe(0);
      const decoded = await decodeImage(data);
      expect([decoded.width, decoded.height, decoded.format]).toEqual([300, 200, format]);
    }
  });

  it('leaves the raster as it was for JPEG or an image with alpha (freed after, by the caller)', async () => {
    const release = () => undefined;
    for (const [image, format] of [
      [raster(), 'jpeg'],
      [raster(128), 'webp'],
    ] as const) {
      const before = Buffer.from(image.pixels);
      await encodeImage(image, format, 80, { knownOpaque: image.pixels[3] === 255, release });
      expect(Buffer.compare(image.pixels, before)).toBe(0);
    }
  });

  it('copies RGB out for any count of pixels and any alignment', () => {
    for (const count of [1, 3, 4, 5, 1001]) {
      for (const offset of [0, 1]) {
        const whole = Buffer.alloc(count * 4 + offset);
        const pixels = whole.subarray(offset);
        for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37 + 11) % 256;
        const expected = Buffer.alloc(count * 3);
        for (let i = 0; i < count; i++) pixels.copy(expected, i * 3, i * 4, i * 4 + 3);
        const rgb = copyRgb(pixels);
        expect(Buffer.compare(rgb, expected), `${count} pixels at ${offset}`).toBe(0);
        expect([rgb.byteOffset, rgb.buffer.byteLength]).toEqual([0, count * 3]);
      }
    }
  });
});

describe('releaseBuffer', () => {
  it('empties a buffer that is its whole ArrayBuffer, and leaves a view into a larger one', () => {
    const whole = Buffer.allocUnsafeSlow(1 << 20).fill(1);
    expect(releaseBuffer(whole)).toBe(true);
    expect([whole.length, whole.buffer.byteLength]).toEqual([0, 0]);
    const larger = Buffer.alloc(1 << 20);
    const view = larger.subarray(16, 1024);
    expect(releaseBuffer(view)).toBe(false);
    expect(view.length).toBe(1008);
  });
});
