/** Loaded custom fonts drawn by satori + resvg: every container of one font gives the same pixels, unlike Inter. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from '@pictor/satori';
import { describe, expect, it } from 'vitest';
import { loadFontBytes } from '../src/fonts/custom.js';
import { encodeWoff } from './fixtures/woff.js';

const require = createRequire(import.meta.url);
const ttf = readFileSync(
  require.resolve('@expo-google-fonts/jetbrains-mono/400Regular/JetBrainsMono_400Regular.ttf'),
);
const woff2 = readFileSync(new URL('./fixtures/fonts/JetBrainsMono-Regular.woff2', import.meta.url));
const inter = readFileSync(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'));

async function draw(font: Buffer): Promise<Uint8Array> {
  const tree = {
    type: 'div',
    props: {
      style: {
        display: 'flex',
        width: 200,
        height: 40,
        background: '#fff',
        color: '#000',
        fontSize: 24,
        fontFamily: 'F',
      },
      children: 'Hello, il1 0O {}',
    },
  };
  const svg = await satori(tree as never, {
    width: 200,
    height: 40,
    fonts: [{ name: 'F', data: font, weight: 400, style: 'normal' }],
  });
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
}

function differingPixels(a: Uint8Array, b: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 30)
      count++;
  }
  return count;
}

describe('custom fonts through satori and resvg', () => {
  it('draws the same glyphs from TTF, WOFF and WOFF2, and visibly different ones from Inter', async () => {
    const fromTtf = await draw(await loadFontBytes(ttf, 'Mono'));
    const fromWoff = await draw(await loadFontBytes(encodeWoff(ttf), 'Mono'));
    const fromWoff2 = await draw(await loadFontBytes(woff2, 'Mono'));
    const fromInter = await draw(await loadFontBytes(inter, 'Inter'));
    expect(differingPixels(fromTtf, fromWoff)).toBe(0);
    expect(differingPixels(fromTtf, fromWoff2)).toBe(0);
    // The text inks ~1,000 of 8,000 pixels; drawn in Inter, ~1,800 pixels differ (measured).
    expect(differingPixels(fromTtf, fromInter)).toBeGreaterThan(300);
    const ink = differingPixels(fromTtf, new Uint8Array(fromTtf.length).fill(255));
    expect(ink).toBeGreaterThan(300);
  });
});
