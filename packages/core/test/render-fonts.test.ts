/** Built-in fonts: generic names, lazy CJK, emoji file names, per-glyph fallback from custom fonts. */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { setLoaded } from '../src/fonts/optional-sets.js';
import { emojiFileCandidates, loadEmoji } from '../src/fonts/emoji.js';
import { createRenderer } from '../src/index.js';
import { decodeImage } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

const woff2 = readFileSync(new URL('./fixtures/fonts/JetBrainsMono-Regular.woff2', import.meta.url));

async function pixels(html: string, fonts?: { family: string; data: Uint8Array }[]): Promise<Buffer> {
  const result = await renderer.render({ html, width: 320, height: 60, ...(fonts ? { fonts } : {}) });
  return (await decodeImage(result.data)).pixels;
}

describe('built-in fonts', () => {
  it('hands satori the same Buffer objects every time (satori caches parsed fonts by identity)', () => {
    const first = getBuiltinFonts();
    expect(getBuiltinFonts()).toBe(first);
    const inter = first.filter((font) => font.name === 'Inter');
    expect(inter.map((font) => `${font.weight}${font.style === 'italic' ? 'i' : ''}`).sort()).toEqual([
      '400',
      '400i',
      '500',
      '600',
      '700',
      '800',
    ]);
    // Each generic name shares the Buffer of its family.
    const sans = first.find((font) => font.name === 'sans-serif' && font.weight === 700);
    expect(sans?.data).toBe(first.find((font) => font.name === 'Inter' && font.weight === 700)?.data);
  });

  it('maps generic names: system-ui = sans-serif = Inter, monospace = JetBrains Mono, serif ≠ sans-serif', async () => {
    const text = (family: string) => `<div style="font-family:${family};font-size:28px">Hamburg 0O1l</div>`;
    const sans = await pixels(text('sans-serif'));
    expect((await pixels(text('system-ui'))).equals(sans)).toBe(true);
    expect((await pixels(text('Inter'))).equals(sans)).toBe(true);
    expect((await pixels(text('monospace'))).equals(await pixels(text('JetBrains Mono')))).toBe(true);
    expect((await pixels(text('serif'))).equals(sans)).toBe(false);
    expect((await pixels(text('serif'))).equals(await pixels(text('Noto Serif')))).toBe(true);
  });

  it('loads the CJK fonts only when a render has CJK text, then keeps them', async () => {
    await pixels('<div>Latin only</div>');
    expect(setLoaded('cjk')).toBe(false);
    const first = await renderer.render({ html: '<div>你好</div>', width: 100, height: 30 });
    expect(setLoaded('cjk')).toBe(true);
    const again = await renderer.render({ html: '<div>你好</div>', width: 100, height: 30 });
    expect(again.data.equals(first.data)).toBe(true);
    // Kept: the first render loaded them (its `fonts` stage ran), the second had nothing to load (`fonts` is 0).
    expect(first.timings.fonts).toBeGreaterThan(0);
    expect(again.timings.fonts).toBe(0);
  });

  it("loads a script's face (@pictor/fonts-world) only when a render has text in it, then keeps it", async () => {
    await pixels('<div>Latin only</div>');
    expect(setLoaded('arabic')).toBe(false);
    const first = await renderer.render({
      html: '<div style="font-size:30px">مرحبا</div>',
      width: 120,
      height: 80,
    });
    expect(first.warnings).toEqual([]);
    expect(setLoaded('arabic')).toBe(true);
    expect(setLoaded('thai')).toBe(false);
    expect(first.timings.fonts).toBeGreaterThan(0);
    const again = await renderer.render({
      html: '<div style="font-size:30px">مرحبا</div>',
      width: 120,
      height: 80,
    });
    expect(again.timings.fonts).toBe(0);
    expect(again.data.equals(first.data)).toBe(true);
    // Drawn with glyphs: not an empty picture.
    const blank = await renderer.render({ html: '<div></div>', width: 120, height: 80 });
    expect(first.data.equals(blank.data)).toBe(false);
  });

  it('draws Hangul with Noto Sans KR and Han under lang="zh-TW" in its Traditional forms (Noto Sans TC)', async () => {
    const hangul = await renderer.render({
      html: '<div style="font-size:30px">안녕하세요</div>',
      width: 200,
      height: 80,
    });
    expect(hangul.warnings).toEqual([]);
    expect(setLoaded('korean')).toBe(true);
    const han = (lang: string) => `<div${lang} style="font-size:40px">骨角直</div>`;
    const plain = await pixels(han(''));
    expect(setLoaded('chinese-traditional')).toBe(false);
    expect((await pixels(han(' lang="zh-TW"'))).equals(plain)).toBe(false);
    expect(setLoaded('chinese-traditional')).toBe(true);
  });

  it('draws Han characters in their Japanese forms under lang="ja" (Noto Sans JP), Chinese forms otherwise', async () => {
    const han = (lang: string) => `<div${lang} style="font-size:40px">直骨角</div>`;
    const plain = await pixels(han(''));
    expect((await pixels(han(' lang="zh-CN"'))).equals(plain)).toBe(true);
    expect((await pixels(han(' lang="ja"'))).equals(plain)).toBe(false);
  });

  it('falls back per glyph from a custom font to the built-in fonts (CJK and emoji included)', async () => {
    const custom = [{ family: 'Brand', data: woff2 }];
    const mixed = '<div style="font-family:Brand;font-size:24px">你好😀</div>';
    const builtIn = '<div style="font-size:24px">你好😀</div>';
    // Neither glyph is in the custom font: both renders draw them with the same built-in fonts. (A space between
    // them would be the custom font's, as in Chromium: the first font that has it.)
    expect((await pixels(mixed, custom)).equals(await pixels(builtIn))).toBe(true);
    // Latin glyphs do come from the custom font.
    const latin = '<div style="font-family:Brand;font-size:24px">Brand 0O1l</div>';
    expect((await pixels(latin, custom)).equals(await pixels(latin))).toBe(false);
  });
});

describe('emoji', () => {
  it('names files the way twemoji does: hex code points, FE0F dropped unless the file keeps it', () => {
    expect(emojiFileCandidates('😀')).toEqual(['1f600.svg']);
    expect(emojiFileCandidates('❤️')).toEqual(['2764-fe0f.svg', '2764.svg']);
    expect(emojiFileCandidates('#️⃣')).toEqual(['23-fe0f-20e3.svg', '23-20e3.svg']);
    expect(emojiFileCandidates('🏳️‍🌈')).toEqual(['1f3f3-fe0f-200d-1f308.svg', '1f3f3-200d-1f308.svg']);
  });

  it('finds an SVG for plain, FE0F, keycap, skin-tone, flag and ZWJ emoji; none for plain text', () => {
    for (const emoji of ['😀', '❤️', '#️⃣', '👍🏽', '🇯🇵', '🏳️‍🌈', '👩‍💻', '👁️‍🗨️']) {
      expect(loadEmoji(emoji), emoji).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    expect(loadEmoji('a')).toBeUndefined();
  });
});
