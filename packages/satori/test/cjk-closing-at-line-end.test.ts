/**
 * Pictor (cjk-closing-at-line-end): a fullwidth closing bracket at the end of a line that would overflow the line by
 * at most its blank half is set half-width (the font's `halt`) and stays on the line, as Chromium's
 * `text-spacing-trim: normal` (allow-end) sets it; one that fits keeps its em; 。 is never trimmed there. Pinned
 * against Chromium by packages/core/test/repros/cjk-closing-at-line-end.html.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boxes, type Element, fonts, h } from './render.js';

const require = createRequire(import.meta.url);
const japanese = [
  ...fonts,
  {
    name: 'Noto Sans JP',
    data: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
    ),
    weight: 400 as const,
    style: 'normal' as const,
  },
];

/** The number of 28 px lines `text` takes at 20 px in Noto Sans JP in a block `width` wide. */
async function lines(text: string | Element[], width: number): Promise<number> {
  const style = { width, fontSize: 20, lineHeight: '28px', fontFamily: 'Noto Sans JP' };
  const paragraph =
    typeof text === 'string' ? h('div', style, text) : h('div', { ...style, display: 'block' }, ...text);
  const { boxes: found } = await boxes(h('div', { display: 'flex', alignItems: 'flex-start' }, paragraph), {
    width: 200,
    height: 100,
    fonts: japanese,
  });
  return found[1].height / 28;
}

describe('a CJK closing bracket at a line end', () => {
  it('stays on the line, half-width, when it overflows by at most half an em', async () => {
    expect(await lines('あいうえお」', 110)).toBe(1);
    expect(await lines('あいうえお）', 110)).toBe(1);
    expect(await lines('あいうえお」かき', 110)).toBe(2);
  });

  it('wraps with the character before it when it overflows by more; 。 is never trimmed', async () => {
    expect(await lines('あいうえお」', 105)).toBe(2);
    expect(await lines('あいうえお。', 110)).toBe(2);
    expect(await lines('あいうえお」', 120)).toBe(1);
  });

  it('also in a paragraph with inline elements', async () => {
    const bold = (text: string) => h('span', { fontWeight: 700 }, text);
    expect(await lines([bold('あい'), 'うえお」' as unknown as Element], 110)).toBe(1);
    expect(await lines([bold('あい'), 'うえお」' as unknown as Element], 105)).toBe(2);
  });
});
