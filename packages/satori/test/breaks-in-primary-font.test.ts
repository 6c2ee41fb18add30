// Pictor change breaks-in-primary-font: a tab, line feed or carriage return kept by `white-space: pre` is in no
// font; Blink shapes it as a space, in the first font that has one. satori 0.63.2 took the last face of the font list
// for it, so under `line-height: normal` the line after a line feed took that face's ascent and descent (Noto Sans
// Arabic's 1.37 em beside Inter's 1.21 em). Chromium repro: packages/core/test/repros/breaks-in-primary-font.html.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h, rtlFonts } from './render.js';

async function heightOf(text: string, fontList: unknown[]) {
  const { boxes: found } = await boxes(
    h(
      'div',
      { display: 'flex', flexDirection: 'column', width: 400 },
      h('div', { fontFamily: 'Inter', fontSize: 16, whiteSpace: 'pre' }, text),
    ),
    { width: 400, height: 200, fonts: fontList },
  );
  return found[1]!.height;
}

describe('line feeds and tabs in preformatted text', () => {
  it('leave the line after a line feed as tall as the element font makes it, whatever faces follow in the list', async () => {
    const alone = await heightOf('new that\nor well each', fonts);
    expect(await heightOf('new that\nor well each', [...fonts, ...rtlFonts])).toBe(alone);
  });
});
