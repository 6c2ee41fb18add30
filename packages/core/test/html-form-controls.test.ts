/**
 * Issue 41: form controls with Chrome's user-agent look (the satori change `form-controls-ua`): text fields and a text
 * area framed, padded and sized as Chrome draws them (repros/form-controls-ua.html and its Chromium reference). Text
 * at the controls' 13.33 px is antialiased differently by the two rasterisers, so the frames are compared: Chrome's
 * #767676 frame pixels must be frame pixels in ours (85% are: corners and the resize grip differ), and ours no more than Chrome's.
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

/** The positions of the frame's colour (#767676, within antialiasing). */
async function frame(png: Buffer): Promise<Set<number>> {
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = new Set<number>();
  for (let i = 0; i < data.length; i += 3) {
    const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
    if (Math.abs(r - 0x76) < 12 && Math.abs(g - 0x76) < 12 && Math.abs(b - 0x76) < 12) found.add(i / 3);
  }
  return found;
}

describe('form controls', () => {
  it('text fields and a text area have their frames where Chrome draws them', async () => {
    const html = readFileSync(join(dir, 'form-controls-ua.html'), 'utf8');
    const result = await renderer.render({ html, width: 420, height: 150, format: 'png' });
    const ours = await frame(result.data);
    const reference = await frame(readFileSync(join(dir, 'form-controls-ua.chromium.png')));
    const shared = [...reference].filter((p) => ours.has(p)).length;
    expect(reference.size).toBeGreaterThan(1000);
    expect(shared / reference.size).toBeGreaterThan(0.8);
    expect(ours.size).toBeLessThan(reference.size * 1.15);
  });
});
