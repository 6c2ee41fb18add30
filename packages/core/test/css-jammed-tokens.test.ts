/**
 * Minified sheets write a hash or a number against the token before it (`text-shadow: 0 1px 0#123`,
 * `border: 1px solid#ddd`, `rgba(…)3px`). CSS's tokens need no space there and Chromium draws them; Pictor dropped
 * the declaration (repro jammed-tokens-spaced, compared with Chromium).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { spaceJammedTokens } from '../src/html/style-sheets/css-values.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

describe('spaceJammedTokens', () => {
  it('spaces a hash after a number, word or ")", and a number after ")"', () => {
    expect(spaceJammedTokens('0 1px 0#123')).toBe('0 1px 0 #123');
    expect(spaceJammedTokens('3px 3px 0#0a0,-3px -3px 0#00c')).toBe('3px 3px 0 #0a0,-3px -3px 0 #00c');
    expect(spaceJammedTokens('1px solid#ddd')).toBe('1px solid #ddd');
    expect(spaceJammedTokens('50%#fff')).toBe('50% #fff');
    expect(spaceJammedTokens('rgba(0,0,0,.5)0 1px 2px')).toBe('rgba(0,0,0,.5) 0 1px 2px');
    expect(spaceJammedTokens('rgb(0 0 0)#fff')).toBe('rgb(0 0 0) #fff');
  });

  it('leaves everything else as written', () => {
    for (const value of [
      '0 1px 0 #123',
      'url(a.svg#frag) no-repeat',
      '"a#b"',
      '#fff 0 1px',
      '1px solid',
      'calc(100% - 2px)',
      'rgba(0,0,0,.5), 0 0 1px #000',
      'var(--a)',
    ])
      expect(spaceJammedTokens(value)).toBe(value);
  });
});

async function colourAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('a minified shadow or border', () => {
  it('is drawn as Chromium draws it, without a warning', async () => {
    const html = readFileSync(join(dir, 'jammed-tokens-spaced.html'), 'utf8');
    const result = await renderer.render({ html, width: 320, height: 220, format: 'png' });
    expect(result.warnings).toEqual([]);
    // The box's left border (#06c, 3 px from x 10) is drawn.
    expect(await colourAt(result.data, 11, 86)).toEqual([0x00, 0x66, 0xcc]);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'jammed-tokens-spaced.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});
