// Pictor change line-width-absolute-units: border and outline widths in absolute units (mm, pt, cm, in, pc, Q) are
// lengths like px ones (`border-bottom: .2mm solid`, WeasyPrint's and Indico's invoices and receipts; the whole
// declaration was dropped). Chromium repro: packages/core/test/repros/border-width-print-units.html
// (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** RGB of pixel (x, y) of a 60×40 white canvas holding a 40×20 box at (10, 10) with `style`. */
async function drawn(style: Record<string, unknown>, [x, y]: [number, number]) {
  const box = h('div', { display: 'flex', width: 40, height: 20, marginLeft: 10, marginTop: 10, ...style });
  const svg = await render(h('div', { display: 'flex', width: 60, height: 40, background: '#fff' }, box), {
    width: 60,
    height: 40,
  });
  const px = await pixels(svg);
  return Array.from(px.subarray((y * 60 + x) * 4, (y * 60 + x) * 4 + 3));
}

describe('line widths in absolute units', () => {
  it('border: 1mm solid draws a 3 px border (1mm = 3.78px, snapped down)', async () => {
    expect(await drawn({ border: '1mm solid #00f' }, [11, 20])).toEqual([0, 0, 255]);
    expect(await drawn({ border: '1mm solid #00f' }, [14, 20])).toEqual([255, 255, 255]);
  });

  it('border-bottom: .2mm solid draws a 1 px line (a width under 1px is one device pixel)', async () => {
    expect(await drawn({ borderBottom: '.2mm solid #00f' }, [30, 30])).toEqual([0, 0, 255]);
  });

  it('pt and in in a longhand and in outline', async () => {
    expect(
      await drawn({ borderStyle: 'solid', borderColor: '#f00', borderLeftWidth: '3pt' }, [13, 20]),
    ).toEqual([255, 0, 0]);
    expect(await drawn({ outline: '0.03in solid #0f0' }, [9, 20])).toEqual([0, 255, 0]);
  });
});
