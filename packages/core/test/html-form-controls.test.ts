/**
 * Issue 41: form controls with Chrome's user-agent look (the satori change `form-controls-ua`): text fields, a text
 * area, buttons, checkboxes and radio buttons framed, padded, sized and aligned as Chrome draws them
 * (repros/form-controls-ua.html and its Chromium reference). Text at the controls' 13.33 px is antialiased
 * differently by the two rasterisers, so the frames and the checked marks are compared: each colour's pixels in
 * Chrome's image must be that colour in ours (over 80%: corners and the text area's resize grip differ), and ours
 * at most 15% more.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

/** The positions of a colour (#767676 the frames, #0075ff the checked boxes; within antialiasing). */
async function pixelsOf(png: Buffer, [cr, cg, cb]: [number, number, number]): Promise<Set<number>> {
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = new Set<number>();
  for (let i = 0; i < data.length; i += 3) {
    const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
    if (Math.abs(r - cr) < 12 && Math.abs(g - cg) < 12 && Math.abs(b - cb) < 12) found.add(i / 3);
  }
  return found;
}

describe('form controls', () => {
  it.each([
    ['frames (text fields, text area, buttons, boxes)', [0x76, 0x76, 0x76]],
    ['checked checkbox and radio button', [0x00, 0x75, 0xff]],
  ] as const)('%s are where Chrome draws them', async (_, color) => {
    const html = readFileSync(join(dir, 'form-controls-ua.html'), 'utf8');
    const result = await renderer.render({ html, width: 420, height: 210, format: 'png' });
    const ours = await pixelsOf(result.data, [...color]);
    const reference = await pixelsOf(readFileSync(join(dir, 'form-controls-ua.chromium.png')), [...color]);
    const shared = [...reference].filter((p) => ours.has(p)).length;
    expect(reference.size).toBeGreaterThan(100);
    expect(shared / reference.size).toBeGreaterThan(0.8);
    expect(ours.size).toBeLessThan(reference.size * 1.15);
  });

  // Text fields without a width: `size` average characters of the control font (its OS/2 average, counted as the
  // whole pixel it rounds up to when it does) plus its widest glyph less one average, as Chromium sizes them
  // (repros/input-default-width.html; 94% of the frames shared when Pictor did not count the whole pixel).
  it('text fields without a width are as wide as Chrome makes them, at several sizes', async () => {
    const html = readFileSync(join(dir, 'input-default-width.html'), 'utf8');
    const result = await renderer.render({ html, width: 400, height: 270, format: 'png' });
    const frame = [0x76, 0x76, 0x76] as [number, number, number];
    const ours = await pixelsOf(result.data, frame);
    const reference = await pixelsOf(readFileSync(join(dir, 'input-default-width.chromium.png')), frame);
    const shared = [...reference].filter((p) => ours.has(p)).length;
    expect(reference.size).toBeGreaterThan(1000);
    expect(shared / reference.size).toBeGreaterThan(0.97);
    expect(ours.size).toBeLessThan(reference.size * 1.05);
  });
});
