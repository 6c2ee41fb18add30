/**
 * Pictor (cjk-punctuation-trim): of two fullwidth punctuation marks side by side, one loses the blank half of its
 * em (the font's `halt`), as Chromium's `text-spacing-trim: normal` sets them: `：「`, `。「`, `」「`, `「「`, `」」`
 * take 1.5 em, so `あ：「あ` is 3.5 em wide. Pinned against Chromium by
 * packages/core/test/repros/cjk-punctuation-trim.html.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fonts, h, render, svgSize } from './render.js';

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

/** The width of `text` at 32 px in Noto Sans JP (the root sized to its content). */
async function width(text: string): Promise<number> {
  const svg = await render(h('div', { display: 'flex', fontSize: 32, fontFamily: 'Noto Sans JP' }, text), {
    fonts: japanese,
  });
  return svgSize(svg).width;
}

describe('adjacent CJK punctuation', () => {
  it('takes one and a half em for a pair, two ems apart', async () => {
    expect(await width('あいうえ')).toBe(128);
    for (const pair of ['：「', '。「', '」「', '「「', '」」', '）。', '、「']) {
      expect(await width(`あ${pair}あ`), pair).toBe(112);
    }
    // Apart, each keeps its em.
    expect(await width('あ「あ」あ')).toBe(160);
  });

  it('keeps a closing mark and the opening mark after it on one line (trimmed together)', async () => {
    const { splitByBreakOpportunities } = await import('../src/utils.js');
    expect(splitByBreakOpportunities('ました。「はい」', 'normal').words).toEqual([
      'ま',
      'し',
      'た。「は',
      'い」',
    ]);
  });
});
