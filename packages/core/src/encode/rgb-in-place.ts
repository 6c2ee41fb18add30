/**
 * Opaque RGBA pixels packed to RGB over their own memory: an encoder that holds the whole image (libvips's WebP and
 * AVIF writers) gets it without a second copy of the image beside the raster (a 2400×1260 one is 12 MB). Reads four
 * pixels as 32-bit words and writes them as three, at indices the reads have passed.
 */
import { LITTLE_ENDIAN } from './byte-order.js';

/** `pixels` (RGBA, alpha ignored) rewritten as RGB in their first three quarters; that part returned. */
export function packRgbInPlace(pixels: Buffer): Buffer {
  const count = pixels.length >>> 2;
  let done = 0;
  if (LITTLE_ENDIAN && pixels.byteOffset % 4 === 0) {
    const words = new Uint32Array(pixels.buffer, pixels.byteOffset, count);
    const quads = count >>> 2;
    for (let q = 0, s = 0, d = 0; q < quads; q++, s += 4, d += 3) {
      const a = words[s] as number;
      const b = words[s + 1] as number;
      const c = words[s + 2] as number;
      const e = words[s + 3] as number;
      words[d] = (a & 0xffffff) | (b << 24);
      words[d + 1] = ((b >>> 8) & 0xffff) | (c << 16);
      words[d + 2] = ((c >>> 16) & 0xff) | (e << 8);
    }
    done = quads * 4;
  }
  for (let i = done; i < count; i++) {
    pixels[i * 3] = pixels[i * 4] as number;
    pixels[i * 3 + 1] = pixels[i * 4 + 1] as number;
    pixels[i * 3 + 2] = pixels[i * 4 + 2] as number;
  }
  return pixels.subarray(0, count * 3);
}
