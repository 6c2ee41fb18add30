/**
 * Pictor (line-breaks-by-language): Thai (and Lao, Khmer, Myanmar) breaks at its dictionary's word boundaries, as
 * Chromium breaks it with ICU; satori 0.63.2 found no break inside a run of Thai, so a paragraph stayed on one line
 * and overflowed. `word-break: keep-all` keeps CJK letters together but breaks at spaces and after punctuation
 * (satori split such text at Intl.Segmenter's dictionary words); small kana may start a line unless
 * `line-break: strict`; `line-break: anywhere` breaks anywhere. Pinned against Chromium by
 * packages/core/test/repros/line-breaks-by-language.html.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { splitByBreakOpportunities } from '../src/utils.js';
import { boxes, fonts, h } from './render.js';

const require = createRequire(import.meta.url);
const thaiFonts = [
  ...fonts,
  {
    name: 'Noto Sans Thai',
    data: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
    ),
    weight: 400 as const,
    style: 'normal' as const,
  },
];
const THAI = 'สวัสดีครับผมชื่อสมชายยินดีที่ได้รู้จักครับวันนี้อากาศดีมาก';

describe('line breaks by language', () => {
  it('wraps a paragraph of Thai without spaces at word boundaries, within its box', async () => {
    const { boxes: laidOut } = await boxes(
      h(
        'div',
        { display: 'flex', width: 400 },
        h('div', { width: 170, fontSize: 18, lineHeight: '30px' }, THAI),
      ),
      { width: 400, fonts: thaiFonts },
    );
    const paragraph = laidOut.find((box) => box.type === 'div' && box.width === 170);
    // About 520 px of text in 170 px lines: four lines (one line, 30 px, without the change).
    expect(paragraph?.height).toBeGreaterThanOrEqual(90);
  });

  it('splits Thai, Lao, Khmer and Myanmar at dictionary words; not inside a word', () => {
    expect(splitByBreakOpportunities('สวัสดีครับ ผม', 'normal').words).toEqual(['สวัสดี', 'ครับ ', 'ผม']);
    expect(splitByBreakOpportunities('ສະບາຍດີ ຂ້ອຍຊື່', 'normal').words).toEqual(['ສະບາຍດີ ', 'ຂ້ອຍ', 'ຊື່']);
    expect(splitByBreakOpportunities('សួស្តីពិភពលោក', 'normal').words).toEqual(['សួស្តី', 'ពិភពលោក']);
    expect(splitByBreakOpportunities('Hello world', 'normal').words).toEqual(['Hello ', 'world']);
  });

  it('keep-all: CJK letters stay together, breaks at spaces and after punctuation; Latin as usual', () => {
    expect(splitByBreakOpportunities('안녕하세요 저는', 'keep-all').words).toEqual(['안녕하세요 ', '저는']);
    expect(splitByBreakOpportunities('今天天气很好，我们走吧。', 'keep-all').words).toEqual([
      '今天天气很好，',
      '我们走吧。',
    ]);
    expect(splitByBreakOpportunities('well-known words', 'keep-all').words).toEqual([
      'well-',
      'known ',
      'words',
    ]);
  });

  it('small kana may start a line (line-break normal, as Chromium’s auto), not under line-break: strict', () => {
    expect(splitByBreakOpportunities('カフェ', 'normal').words).toEqual(['カ', 'フ', 'ェ']);
    expect(splitByBreakOpportunities('カフェ', 'normal', 'strict').words).toEqual(['カ', 'フェ']);
    expect(splitByBreakOpportunities('コーヒー', 'normal').words).toEqual(['コ', 'ー', 'ヒ', 'ー']);
  });

  it('keeps the required breaks where they were', () => {
    const { words, requiredBreaks } = splitByBreakOpportunities('สวัสดีครับ\nผมชื่อ', 'normal');
    expect(words).toEqual(['สวัสดี', 'ครับ\n', 'ผม', 'ชื่อ']);
    expect(requiredBreaks).toEqual([false, false, true, false, false]);
  });
});
