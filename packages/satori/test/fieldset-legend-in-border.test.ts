// Pictor change fieldset-legend-in-border: a fieldset's rendered legend sits at the fieldset's top, set into its
// border (its own top margin ignored, shrink-to-fit), and the fieldset's padding and content follow the legend and
// its bottom margin; satori laid it out inside the border and padding, with its top margin (tacit: the whole form
// 18 px lower). Chromium repro: packages/core/test/repros/fieldset-legend-in-border.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp, pixels, render } from './render.js';

const sheet = (css: string) => ({ type: 'style', props: { children: css } });

async function placed(css: string) {
  const root = h(
    'div',
    { display: 'block', width: 300, height: 200, fontSize: 16, lineHeight: '20px' },
    sheet(css),
    hp('fieldset', {}, hp('legend', {}, 'Legend'), hp('div', { id: 'c' }, 'Content')),
  );
  const { boxes: found } = await boxes(root as never, { width: 300, height: 200 });
  const fieldset = found.find((b) => b.type === 'fieldset');
  const legend = found.find((b) => b.type === 'legend');
  const content = found.filter((b) => b.type === 'div').at(-1);
  return {
    legendTop: (legend?.top ?? 0) - (fieldset?.top ?? 0),
    legendWidth: legend?.width ?? 0,
    contentTop: (content?.top ?? 0) - (fieldset?.top ?? 0),
    height: fieldset?.height ?? 0,
  };
}

describe('a fieldset’s rendered legend', () => {
  it("with Chrome's own style: at the top, the padding after it", async () => {
    const { legendTop, contentTop, height, legendWidth } = await placed('fieldset { margin: 0 }');
    expect(legendTop).toBe(0);
    // 20 px of legend, then 0.35em of padding (Chromium: 25.6); 0.625em and 2 px of border below the content.
    expect(Math.abs(contentTop - 25.6)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(height - 57.6)).toBeLessThanOrEqual(0.5);
    // Shrink-to-fit, not the fieldset's width.
    expect(legendWidth).toBeLessThan(100);
  });

  it('ignores its top margin and keeps its bottom margin (tacit)', async () => {
    const { legendTop, contentTop } = await placed(
      'fieldset { margin: 0; border: 0; padding: 0 } legend { display: block; margin: 18px 0 }',
    );
    expect(legendTop).toBe(0);
    expect(contentTop).toBe(38);
  });

  it("the content's top margin adds to its bottom margin and the padding", async () => {
    const { contentTop } = await placed(
      'fieldset { margin: 0; border-width: 4px; padding: 7px } legend { margin: 5px 0 20px } fieldset div { margin-top: 30px }',
    );
    // Chromium: 20 + 20 + 7 + 30 (satori: 4 + 7 + 5 + 20 + 30, the margins collapsed).
    expect(contentTop).toBe(77);
  });
});

describe('a fieldset with a rendered legend is painted', () => {
  // A 300 × 80 fieldset at the top left, a 4 px red border, a 20 px legend 10 px from its left border.
  const drawn = async () => {
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
      sheet('fieldset { margin: 0; border: 4px solid red; padding: 0 10px } legend { padding: 0 }'),
      hp('fieldset', {}, hp('legend', {}, 'Legend'), 'Content'),
    );
    const rgba = await pixels(await render(root as never, { width: 300, height: 80 }));
    const red = (x: number, y: number) => {
      const i = (y * 300 + x) * 4;
      return rgba[i] > 200 && rgba[i + 1] < 60 && rgba[i + 2] < 60;
    };
    return red;
  };

  it('with its top border through the legend’s middle (8 px down: (20 − 4) / 2)', async () => {
    const red = await drawn();
    expect([red(2, 2), red(150, 2), red(250, 2)]).toEqual([false, false, false]);
    expect([red(2, 10), red(250, 10)]).toEqual([true, true]);
  });

  it('with its top border cut behind the legend', async () => {
    const red = await drawn();
    // The legend starts at 4 + 10 px; its text is 45 px wide or more.
    expect(red(30, 10)).toBe(false);
    expect(red(8, 10)).toBe(true);
  });
});
