// Pictor change legend-cuts-border-only: a fieldset with a background has its border cut behind the rendered legend
// and its background kept under it, as in Chromium; satori left such a fieldset's border whole (the legend's text
// struck through by it). Chromium repro: packages/core/test/repros/legend-cuts-border-only.html.
import { describe, expect, it } from 'vitest';
import { h, hp, pixels, render } from './render.js';

const sheet = (css: string) => ({ type: 'style', props: { children: css } });

describe('a fieldset with a background and a rendered legend', () => {
  it('has its border cut behind the legend and its background under it', async () => {
    const root = h(
      'div',
      {
        display: 'block',
        width: 300,
        height: 80,
        fontSize: 16,
        lineHeight: '20px',
        backgroundColor: 'white',
      },
      sheet(
        'fieldset { margin: 0; border: 4px solid red; padding: 0 10px; background: rgb(0, 0, 255) } legend { padding: 0; color: transparent }',
      ),
      hp('fieldset', {}, hp('legend', {}, 'Legend'), 'Content'),
    );
    const rgba = await pixels(await render(root as never, { width: 300, height: 80 }));
    const at = (x: number, y: number) => {
      const i = (y * 300 + x) * 4;
      return [rgba[i], rgba[i + 1], rgba[i + 2]];
    };
    // The border's top side runs from y 8 to 12 (through the legend's middle); the legend from x 14.
    expect(at(250, 10)).toEqual([255, 0, 0]);
    expect(at(8, 10)).toEqual([255, 0, 0]);
    expect(at(30, 10)).toEqual([0, 0, 255]);
    // Above the border: the page, not the fieldset's background.
    expect(at(30, 4)).toEqual([255, 255, 255]);
  });
});
