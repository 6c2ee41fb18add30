// Pictor change quotes-property: `open-quote` and `close-quote` take their marks from the `quotes` property
// (declared or inherited) at the quote's nesting depth, and nested quotes default to ‘ ’ (Chromium, English).
// satori 0.63.2 always wrote “ ”. Chromium repro: packages/core/test/repros/quotes-property.html.
import { describe, expect, it } from 'vitest';
import { hp, textPieces } from './render.js';

const qCss = 'q::before { content: open-quote } q::after { content: close-quote }';

async function texts(css: string, ...children: unknown[]) {
  const el = hp(
    'div',
    { style: { display: 'flex', flexDirection: 'column', width: 400 } },
    hp('style', {}, `${qCss} ${css}`),
    ...children,
  );
  return (await textPieces(el, { width: 400, height: 120 })).map((p) => p.text).join('');
}

describe('quote marks', () => {
  it('nest as ‘ ’ inside “ ” by default', async () => {
    expect(await texts('', hp('p', {}, hp('q', {}, 'a ', hp('q', {}, 'b'))))).toBe('“a‘b’”');
  });

  it('come from an inherited quotes declaration, the last pair repeating deeper', async () => {
    const css = '.fr { quotes: "«" "»" "‹" "›" }';
    expect(
      await texts(css, hp('p', { className: 'fr' }, hp('q', {}, 'a ', hp('q', {}, 'b ', hp('q', {}, 'c'))))),
    ).toBe('«a‹b‹c››»');
  });

  it('are empty under quotes: none', async () => {
    expect(await texts('p { quotes: none }', hp('p', {}, hp('q', {}, 'a')))).toBe('a');
  });
});
