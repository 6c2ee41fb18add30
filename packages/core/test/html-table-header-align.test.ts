/**
 * Issue 17: a header cell is centred only where its row's text-align is the initial one (HTML's rendering rules,
 * Chrome's `-internal-center`; the satori patch th-center-unless-aligned). Each case is a 300 px header cell; where
 * its text's ink starts tells left, centre and right apart.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

/** The first column with ink (a pixel darker than mid-grey), or -1. */
async function firstInkColumn(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  for (let x = 0; x < info.width; x++) {
    for (let y = 0; y < info.height; y++) if ((data[y * info.width + x] as number) < 128) return x;
  }
  return -1;
}

const STYLE =
  '<style>body{margin:0;background:#fff;font:16px Inter}table{border-collapse:collapse}th{width:300px;padding:0}</style>';

describe('<th> alignment', () => {
  const cases = [
    { name: 'no text-align anywhere: centred', html: '<table><tr><th>Head</th></tr></table>', at: 'centre' },
    {
      name: 'text-align: left on the thead: left',
      html: '<table><thead style="text-align:left"><tr><th>Head</th></tr></thead></table>',
      at: 'left',
    },
    {
      name: 'a class on the table sets right: right',
      html: '<style>.r{text-align:right}</style><table class="r"><tr><th>Head</th></tr></table>',
      at: 'right',
    },
    {
      name: 'align="left" on the row: left',
      html: '<table><tr align="left"><th>Head</th></tr></table>',
      at: 'left',
    },
    {
      name: 'text-align: start on the row (the initial value): centred',
      html: '<table><tr style="text-align:start"><th>Head</th></tr></table>',
      at: 'centre',
    },
    {
      name: 'its own text-align wins: left',
      html: '<table style="text-align:right"><tr><th style="text-align:left">Head</th></tr></table>',
      at: 'left',
    },
  ];
  it.each(cases)('$name', async ({ html, at }) => {
    const result = await renderer.render({ html: STYLE + html, width: 300, height: 30, format: 'png' });
    const x = await firstInkColumn(result.data);
    if (at === 'left') expect(x).toBeLessThan(10);
    else if (at === 'right') expect(x).toBeGreaterThan(240);
    else {
      expect(x).toBeGreaterThan(110);
      expect(x).toBeLessThan(150);
    }
  });
});
