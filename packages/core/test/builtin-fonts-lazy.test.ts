/**
 * The built-in faces' files are read when a render first draws with a face, not when the engine starts: a process
 * that draws Latin sans-serif text reads Inter Regular only (ten files, 3.3 MB, were read into every worker). Each
 * face still draws as the same file given as a custom font does (pixels compared).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { builtinFacesRead } from '../src/fonts/builtin.js';
import { createRenderer } from '../src/index.js';
import { decodeImage, pixelDifference } from './helpers/image-compare.js';

const renderer = createRenderer({
  workers: 0,
  defaultFontFamily: 'sans-serif',
  textPositioning: 'fractional',
});
afterAll(() => renderer.close());

/** The built-in faces: family, weight, style, file. */
const FACES = [
  ['sans-serif', 400, 'normal', 'Inter_400Regular.ttf'],
  ['sans-serif', 500, 'normal', 'Inter_500Medium.ttf'],
  ['sans-serif', 600, 'normal', 'Inter_600SemiBold.ttf'],
  ['sans-serif', 700, 'normal', 'Inter_700Bold.ttf'],
  ['sans-serif', 800, 'normal', 'Inter_800ExtraBold.ttf'],
  ['sans-serif', 400, 'italic', 'Inter_400Regular_Italic.ttf'],
  ['serif', 400, 'normal', 'NotoSerif_400Regular.ttf'],
  ['serif', 700, 'normal', 'NotoSerif_700Bold.ttf'],
  ['monospace', 400, 'normal', 'JetBrainsMono_400Regular.ttf'],
  ['monospace', 700, 'normal', 'JetBrainsMono_700Bold.ttf'],
] as const;

const card = (family: string, weight: number, style: string) =>
  `<div style="display:flex;background:#fff;font-size:28px;font-family:${family};font-weight:${weight};font-style:${style}">Quartz office AVA 0123</div>`;

async function pixels(
  html: string,
  fonts?: { family: string; data: Uint8Array; weight: number; style: 'normal' | 'italic' }[],
) {
  const result = await renderer.render({
    html,
    width: 420,
    height: 50,
    format: 'png',
    ...(fonts ? { fonts } : {}),
  });
  return (await decodeImage(result.data)).pixels;
}

describe('built-in faces read on first use', () => {
  it('a Latin sans-serif card reads one face file', async () => {
    await pixels(card('sans-serif', 400, 'normal'));
    expect(builtinFacesRead()).toBe(1);
  });

  it.each(FACES)('%s %d %s draws as its file given as a custom font', async (family, weight, style, file) => {
    const builtin = await pixels(card(family, weight, style));
    const data = readFileSync(join(assetDir(), 'fonts', file));
    const custom = await pixels(card('Same', weight, style), [{ family: 'Same', data, weight, style }]);
    expect(pixelDifference(builtin, custom)).toEqual({ max: 0, pixels: 0 });
    // Not the default face's pixels (except for the default face itself).
    if (file !== 'Inter_400Regular.ttf') {
      expect(
        pixelDifference(builtin, await pixels(card('sans-serif', 400, 'normal'))).pixels,
      ).toBeGreaterThan(0);
    }
  });

  it('read each drawn face once', () => {
    expect(builtinFacesRead()).toBe(FACES.length);
  });
});
