// Pictor change inside-symbol-marker-width (src/list-marker.ts): an inside disc, circle or square marker takes its
// size + 1em + 1px of the line in Chromium, whatever the font's space (it took 1.1em and a space: JetBrains Mono's
// 0.6em space put the text 3 px to the right at 14 px). Chromium repro:
// packages/core/test/repros/inside-symbol-marker-width.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { fonts, h, latinModern, textPieces } from './render.js';

async function textX(fontFamily: string, fontSize: number, listStyleType: string) {
  const list = h(
    'ul',
    { margin: 0, padding: 0, listStylePosition: 'inside', listStyleType },
    h('li', {}, 'Item'),
  );
  const pieces = await textPieces(h('div', { display: 'block', width: 300, fontFamily, fontSize }, list), {
    width: 300,
    height: 60,
    fonts: [...fonts, latinModern],
    // The marker's copy of the serialized font-family list is refused (it inherits the same family), as in core.
    onStyleError: () => {},
  });
  return pieces.find((p) => p.text.startsWith('Item'))?.x;
}

describe('inside symbol markers', () => {
  it('take size + 1em + 1px, whatever the space of the font', async () => {
    // Latin Modern's space is 0.333em: 20 px → 6.7 px, its ascent 0.806em (16 px: a 5 px disc).
    expect(await textX('Latin Modern', 20, 'disc')).toBeCloseTo(26, 0);
    expect(await textX('Latin Modern', 20, 'square')).toBeCloseTo(26, 0);
    expect(await textX('Latin Modern', 20, 'circle')).toBeCloseTo(26, 0);
  });
  it('Inter at 22 px: a 7 px disc, 30 px', async () => {
    expect(await textX('Inter', 22, 'disc')).toBeCloseTo(30, 0);
  });
});
