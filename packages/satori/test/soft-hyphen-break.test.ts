// Pictor change soft-hyphen-break: a line broken at a soft hyphen (&shy;, `hyphens: manual`, the default) shows a
// hyphen there, and the word before it fits only with that hyphen, as in Chromium. satori 0.63.2 broke there but drew
// nothing. Chromium repro: packages/core/test/repros/soft-hyphen-break.html.
import { describe, expect, it } from 'vitest';
import { h, textPieces } from './render.js';

const box = (text: string) =>
  h(
    'div',
    { display: 'flex', width: 240 },
    h('div', { width: 240, fontFamily: 'Inter', fontSize: 16 }, text),
  );

describe('soft hyphens', () => {
  it('show a hyphen at the end of a line broken there', async () => {
    const pieces = await textPieces(box('extraordinary never con\u00ADfig\u00ADu\u00ADra\u00ADtion only'), {
      width: 240,
      height: 120,
    });
    const texts = pieces.map((p) => p.text).join('|');
    expect(texts).toContain('\u2010');
    expect(texts).not.toContain('\u00AD\u2010');
  });

  it('show nothing where the line does not break', async () => {
    const pieces = await textPieces(box('con\u00ADfig\u00ADu\u00ADra\u00ADtion'), { width: 240, height: 60 });
    expect(pieces.map((p) => p.text).join('')).not.toContain('\u2010');
  });
});
