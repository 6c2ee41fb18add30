// Pictor change fieldset-legend-in-border: a fieldset's rendered legend sits at the fieldset's top, set into its
// border (its own top margin ignored, shrink-to-fit), and the fieldset's padding and content follow the legend and
// its bottom margin; satori laid it out inside the border and padding, with its top margin (tacit: the whole form
// 18 px lower). Chromium repro: packages/core/test/repros/fieldset-legend-in-border.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

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
