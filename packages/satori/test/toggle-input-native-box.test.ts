// Pictor change toggle-input-native-box: a checkbox or radio button that keeps Chrome's painted look keeps none of the
// page's padding or border, and its glyph is a square of the box's smaller side, centred (tacit's
// `input { padding: .6em }` with `input[type=radio] { height: 1.86rem }`). Chromium repro:
// packages/core/test/repros/toggle-input-native-box.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, hp, render } from './render.js';

const sheet = (css: string) => ({ type: 'style', props: { children: css } });

async function svgOf(css: string, type: string) {
  return render(
    h(
      'div',
      { display: 'flex', width: 120, height: 60, background: '#fff' },
      sheet(css),
      hp('input', { type }),
    ) as never,
    { width: 120, height: 60 },
  );
}

/** The size of the glyph's picture in the SVG (the painted look's background image). */
function glyphSize(svg: string): [number, number] {
  const image = /<image[^>]*href="data:image\/svg\+xml[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="([\d.]+)"/.exec(image)?.[1]);
  const height = Number(/\sheight="([\d.]+)"/.exec(image)?.[1]);
  return [width, height];
}

describe('toggle inputs that keep the painted look', () => {
  for (const type of ['checkbox', 'radio']) {
    it(`${type}: the page's padding and border are not applied; the glyph stays 13 px square in a taller box`, async () => {
      const svg = await svgOf(
        'input { padding: 10px; border: 3px solid #123456; height: 30px; margin: 0 }',
        type,
      );
      expect(glyphSize(svg)).toEqual([13, 13]);
      expect(svg).not.toContain('#123456');
    });
  }

  it('a checkbox set vertical-align: middle keeps its 3 px bottom margin in the line', async () => {
    const svg = await render(
      h(
        'div',
        { display: 'flex', flexDirection: 'column', width: 120, height: 80, background: '#fff' },
        sheet('input { height: 30px; vertical-align: middle }'),
        hp('div', {}, hp('input', { type: 'checkbox' })),
        hp('div', { style: { height: 10, background: '#123456' } }),
      ) as never,
      { width: 120, height: 80 },
    );
    // The line holds the checkbox's margin box: 3 + 30 + 3 px.
    expect(/<rect[^>]*y="([\d.]+)"[^>]*fill="#123456"/.exec(svg)?.[1]).toBe('36');
  });

  it('a square box of the page draws the glyph at its size', async () => {
    const svg = await svgOf('input { width: 24px; height: 24px; margin: 0 }', 'checkbox');
    expect(glyphSize(svg)).toEqual([24, 24]);
  });
});
