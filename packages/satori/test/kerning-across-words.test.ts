// Pictor change kerning-across-words: a font's kerning between a space and the next word's first letter moves the
// next word, as Chromium shapes a run of text whole (vivliostyle-gutenberg-sherlock: Libre Baskerville's " w" made
// lines longer by 0.45 px each, so they broke before their last word). Roboto Flex kerns " T" by -40/2048 em: at 40 px
// each "To" after a space sits 0.78 px further left (3.9 px at 200 px) than words measured one by one put it. Chromium repro:
// packages/core/test/repros/word-kerning.html (core's html-word-kerning.test.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

const require = createRequire(import.meta.url);
const fonts = [
  {
    name: 'Flex',
    data: readFileSync(
      require.resolve('@fontsource-variable/roboto-flex/files/roboto-flex-latin-wght-normal.woff2'),
    ),
    weight: 400,
  },
];
const KERN = (-40 / 2048) * 200;

/** The width of a shrink-to-fit box around `content` at 200 px (boxes are whole pixels: the kerning is 3.9 px). */
async function width(...content: unknown[]) {
  const root = h(
    'div',
    { display: 'flex', alignItems: 'flex-start' },
    h('div', { display: 'block', fontFamily: 'Flex', fontSize: 200 }, ...content),
  );
  const { boxes: found } = await boxes(root, { width: 1200, height: 300, fonts });
  return found[1].width;
}

describe('kerning between a space and the next word', () => {
  it('moves the next word as in a text shaped whole', async () => {
    // "o T" and "o H" differ by T's and H's advances and by the kerning of " T" (H has none with the space).
    const apart = (await width('T')) - (await width('H'));
    expect(Math.abs((await width('o T')) - (await width('o H')) - apart - KERN)).toBeLessThan(1.2);
  });

  it('across an inline box without width, in the same font', async () => {
    const apart = (await width('T')) - (await width('H'));
    const kerned = (await width('o ', h('span', {}, 'T'))) - (await width('o ', h('span', {}, 'H')));
    expect(Math.abs(kerned - apart - KERN)).toBeLessThan(1.2);
  });
});
