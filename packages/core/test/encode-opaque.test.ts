import { describe, expect, it } from 'vitest';
import { isOpaque } from '../src/encode/sharp.js';

/** An opaque RGBA buffer of `pixels` pixels (varied colours, alpha 255). */
function opaque(pixels: number): Buffer {
  const buffer = Buffer.alloc(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    buffer[i * 4] = i % 251;
    buffer[i * 4 + 1] = (i * 7) % 253;
    buffer[i * 4 + 2] = (i * 13) % 255;
    buffer[i * 4 + 3] = 255;
  }
  return buffer;
}

describe('isOpaque', () => {
  it('is true for an opaque image, of any length (the unrolled loop and its tail)', () => {
    for (const pixels of [1, 7, 8, 9, 1023, 1200 * 630]) expect(isOpaque(opaque(pixels))).toBe(true);
  });

  it('finds one pixel with alpha below 255 wherever it is', () => {
    const pixels = 1200 * 630 + 5;
    for (const at of [0, 1, 7, 8, 4095, 4096, 300_000, pixels - 6, pixels - 5, pixels - 1]) {
      for (const alpha of [0, 254, 127]) {
        const buffer = opaque(pixels);
        buffer[at * 4 + 3] = alpha;
        expect(isOpaque(buffer), `pixel ${at}, alpha ${alpha}`).toBe(false);
      }
    }
  });

  it('is not fooled by colour bytes of 255 or 0 next to the alpha byte', () => {
    const buffer = opaque(64).fill(255);
    buffer[10 * 4 + 3] = 0;
    expect(isOpaque(buffer)).toBe(false);
    const dark = opaque(64);
    for (let i = 0; i < 64; i++) dark.fill(0, i * 4, i * 4 + 3);
    expect(isOpaque(dark)).toBe(true);
  });

  it('reads buffers that do not start on a 4-byte boundary', () => {
    const backing = Buffer.alloc(4 * 100 + 1);
    const view = backing.subarray(1);
    view.set(opaque(100));
    expect(isOpaque(view)).toBe(true);
    view[50 * 4 + 3] = 200;
    expect(isOpaque(view)).toBe(false);
  });
});
