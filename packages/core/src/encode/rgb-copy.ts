/**
 * Opaque RGBA pixels copied out as RGB, three quarters of their size: an encoder that holds the whole image (libvips's
 * WebP and AVIF writers copy it whole, and libwebp converts that copy once more) gets them while the raster itself is
 * freed first, so its fourth byte per pixel is not held beside the encoder's copies. Reads four pixels as 32-bit words
 * and writes them as three.
 */
import { LITTLE_ENDIAN } from './byte-order.js';

/** `pixels` (RGBA, alpha ignored) as RGB in a new buffer of its own (a whole ArrayBuffer: it can be freed at once). */
export function copyRgb(pixels: Buffer): Buffer {
  const count = pixels.length >>> 2;
  const rgb = Buffer.allocUnsafeSlow(count * 3);
  let done = 0;
  if (LITTLE_ENDIAN && pixels.byteOffset % 4 === 0) {
    const quads = count >>> 2;
    const from = new Uint32Array(pixels.buffer, pixels.byteOffset, quads * 4);
    const to = new Uint32Array(rgb.buffer, rgb.byteOffset, quads * 3);
    for (let q = 0, s = 0, d = 0; q < quads; q++, s += 4, d += 3) {
      const a = from[s] as number;
      const b = from[s + 1] as number;
      const c = from[s + 2] as number;
      const e = from[s + 3] as number;
      to[d] = (a & 0xffffff) | (b << 24);
      to[d + 1] = ((b >>> 8) & 0xffff) | (c << 16);
      to[d + 2] = ((c >>> 16) & 0xff) | (e << 8);
    }
    done = quads * 4;
  }
  for (let i = done; i < count; i++) {
    rgb[i * 3] = pixels[i * 4] as number;
    rgb[i * 3 + 1] = pixels[i * 4 + 1] as number;
    rgb[i * 3 + 2] = pixels[i * 4 + 2] as number;
  }
  return rgb;
}
