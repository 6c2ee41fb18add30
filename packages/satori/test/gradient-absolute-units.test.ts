// Pictor change gradient-absolute-units: color-stop positions (and radial sizes and centres) in mm, pt, cm, in, pc
// and Q are lengths, as px ones (a certificate's `repeating-linear-gradient(45deg, gold 0 2mm, transparent 2mm 4mm)`
// band was drawn as one smear, and with one position per stop not at all). Chromium repro:
// packages/core/test/repros/certificate-frame.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** RGB at (x, 5) of a 60×10 box with `backgroundImage`. */
async function drawn(backgroundImage: string, xs: number[]) {
  const svg = await render(
    h('div', { display: 'flex', width: 60, height: 10, backgroundColor: '#fff', backgroundImage }),
    { width: 60, height: 10 },
  );
  const px = await pixels(svg);
  return xs.map((x) => Array.from(px.subarray((5 * 60 + x) * 4, (5 * 60 + x) * 4 + 3)));
}

const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];

describe('gradient positions in absolute units', () => {
  it('two positions per stop in mm: stripes 2mm (7.56 px) wide', async () => {
    expect(
      await drawn('repeating-linear-gradient(90deg, #00f 0 2mm, #fff 2mm 4mm)', [3, 11, 18, 26]),
    ).toEqual([BLUE, WHITE, BLUE, WHITE]);
  });

  it('one position per stop in pt (6pt = 8 px)', async () => {
    expect(
      await drawn('repeating-linear-gradient(90deg, #00f 0, #00f 6pt, #fff 6pt, #fff 12pt)', [4, 12, 20, 28]),
    ).toEqual([BLUE, WHITE, BLUE, WHITE]);
  });

  it('a radial size and centre in mm', async () => {
    expect(await drawn('radial-gradient(circle 2mm at 5mm 50%, #00f 99%, #fff 100%)', [19, 30])).toEqual([
      BLUE,
      WHITE,
    ]);
  });
});
