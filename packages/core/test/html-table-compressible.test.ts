/**
 * A table column that holds only pictures with a percentage `max-width` (e-mail's `img { max-width: 100% }`) has no
 * minimum width of its own, as in Chrome (CSS Sizing 3, 5.2.2: compressible replaced elements contribute no
 * min-content width): the column keeps the width its cell asks for and the picture shrinks into it, instead of the
 * column growing to the picture's natural width and covering the next one. The satori patch `img-width-limits`
 * gives this (the picture's width becomes its percentage, so it adds no min-content width to the grid track).
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

async function photo(): Promise<string> {
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Foundation for Emails' two-column row, as in the sendwithus "meow" templates. */
const row = (image: string, inner = `<a href="#"><img src="${image}" alt=""></a>`) => `<!DOCTYPE html>
<html><head><style>
img { width: auto; max-width: 100%; display: block; }
table { border-spacing: 0; border-collapse: collapse; }
th.narrow { width: 129px; padding: 0 8px 0 16px; }
th.wide { width: 386px; padding: 0 16px 0 8px; text-align: left; font-weight: normal; }
th table { width: 100%; }
</style></head><body style="margin:0;background:#fff">
<table style="width:580px"><tr>
<th class="narrow"><table><tr><th>${inner}</th></tr></table></th>
<th class="wide"><table><tr><th style="font-weight:normal;text-align:left">Feature title and text</th></tr></table></th>
</tr></table></body></html>`;

describe('a column of pictures that shrink with it', () => {
  it('draws the picture as wide as its column (129 px), not at its natural 300 px over the next column', async () => {
    const result = await renderer.render({
      html: row(await photo()),
      width: 600,
      height: 220,
      format: 'png',
    });
    const { data, info } = await sharp(result.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const isPhoto = (x: number, y: number) => {
      const i = (y * info.width + x) * 3;
      return data[i] === 0x1d && data[i + 1] === 0x4e && data[i + 2] === 0xd8;
    };
    // The picture starts after the 16 px padding and ends within the 129 px column (Chrome: x 17–148).
    expect(isPhoto(20, 10)).toBe(true);
    expect(isPhoto(140, 10)).toBe(true);
    for (let x = 150; x < 320; x += 5) expect(isPhoto(x, 10), `x = ${x}`).toBe(false);
    // Its box takes the shrunk width's height (Chrome: 88 px of 200), not its natural 200 px.
    expect(isPhoto(20, 80)).toBe(true);
    expect(isPhoto(20, 95)).toBe(false);
    // The text column starts right after it (Chrome: the first glyph at x 168), not after a 300 px column.
    let firstInk = info.width;
    for (let y = 0; y < 80; y++) {
      for (let x = 150; x < info.width; x++) {
        const i = (y * info.width + x) * 3;
        if ((data[i] as number) < 128 && !isPhoto(x, y)) firstInk = Math.min(firstInk, x);
      }
    }
    expect(firstInk).toBeGreaterThan(155);
    expect(firstInk).toBeLessThan(180);
  });
});
