/**
 * An encode that may free the raster (`EncodeChoice.release`, tuning/release-buffers.ts): an opaque WebP or AVIF is
 * encoded from an RGB copy, the raster freed before the encoder runs and the copy once encoded — the same bytes as
 * the encode from the raster; JPEG and images with alpha are encoded as before and free nothing.
 */
import { describe, expect, it } from 'vitest';
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
  it('frees the raster and its RGB copy, and writes the same WebP and AVIF bytes', async () => {
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
      // The raster (4 bytes a pixel), then the copy (3).
      expect(freed).toEqual([300 * 200 * 4, 300 * 200 * 3]);
      expect(image.pixels.length).toBe(0);
      expect(Buffer.compare(data, plain)).toBe(0);
      const decoded = await decodeImage(data);
      expect([decoded.width, decoded.height, decoded.format]).toEqual([300, 200, format]);
    }
  });

  it('frees nothing for JPEG or an image with alpha', async () => {
    const freed: Buffer[] = [];
    const release = (pixels: Buffer) => freed.push(pixels);
    await encodeImage(raster(), 'jpeg', 80, { knownOpaque: true, release });
    await encodeImage(raster(128), 'webp', 80, { release });
    expect(freed).toEqual([]);
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
