// Pictor change emoji-box: an emoji drawn as a picture (graphemeImages) is an em square from 0.875 em above the
// baseline to 0.125 em below, and gives its line the box of Twemoji's colour font, as Chromium sets the same
// artwork; satori centred it on the line box of the last fallback font (none has it), so after Noto Sans Arabic it
// was 3 px high at 16 px, and a line of Inter with an emoji grew from 20 to 22 px. Repro emoji-line-position.
import { describe, expect, it } from 'vitest';
import { boxes, fonts, h, rtlFonts } from './render.js';

const emoji = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#fc0"/></svg>',
)}`;
const options = {
  width: 300,
  height: 100,
  fonts: [...fonts, ...rtlFonts],
  graphemeImages: { '👍': emoji },
};

/** The `<image>` of the emoji: its y and height. */
function picture(svg: string) {
  const tag = /<image[^>]*>/.exec(svg)?.[0] ?? '';
  return { y: Number(/ y="([\d.-]+)"/.exec(tag)?.[1]), height: Number(/ height="([\d.-]+)"/.exec(tag)?.[1]) };
}

const paragraph = (family: string, ...children: unknown[]) =>
  h('div', { display: 'block', width: 300, fontFamily: family, fontSize: 16 }, ...children);

describe('an emoji on its line', () => {
  it('sits 14 px above the baseline of a line of Inter (baseline 16), and the line stays 20 px high', async () => {
    const { svg, boxes: laidOut } = await boxes(paragraph('Inter', 'Thumbs 👍 up'), options);
    expect(picture(svg)).toEqual({ y: 2, height: 16 });
    expect(laidOut[0].height).toBe(20);
  });

  it('sits on the baseline of a line of Noto Sans Arabic (baseline 22)', async () => {
    const { svg } = await boxes(paragraph('Arabic', 'شكراً 👍 جزيلاً'), options);
    expect(picture(svg)).toEqual({ y: 8, height: 16 });
  });

  it('in inline layout too (text beside an inline element)', async () => {
    const { svg, boxes: laidOut } = await boxes(
      paragraph('Arabic', h('b', {}, 'شكراً'), ' 👍 جزيلاً'),
      options,
    );
    expect(picture(svg)).toEqual({ y: 8, height: 16 });
    expect(laidOut[0].height).toBe(34);
  });
});
