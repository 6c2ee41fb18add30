// Pictor change rendered-legend-blockified: a fieldset's rendered legend is block-level whatever its display
// (`inline`, `inline-block`), so it is set into the border as a block legend is; satori laid an inline legend out
// in the fieldset's first line, beside its text. Chromium repro: packages/core/test/repros/rendered-legend-blockified.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const sheet = (css: string) => ({ type: 'style', props: { children: css } });

async function placed(display: string) {
  const root = h(
    'div',
    { display: 'block', width: 300, height: 200, fontSize: 16, lineHeight: '20px' },
    sheet(`fieldset { margin: 0 } legend { display: ${display} }`),
    hp('fieldset', {}, hp('legend', {}, 'Legend'), hp('div', {}, 'Content')),
  );
  const { boxes: found } = await boxes(root as never, { width: 300, height: 200 });
  const fieldset = found.find((b) => b.type === 'fieldset');
  const legend = found.find((b) => b.type === 'legend');
  const content = found.filter((b) => b.type === 'div').at(-1);
  return {
    legendTop: (legend?.top ?? 0) - (fieldset?.top ?? 0),
    contentTop: (content?.top ?? 0) - (fieldset?.top ?? 0),
  };
}

describe('a rendered legend whatever its display', () => {
  for (const display of ['inline', 'inline-block', 'block'])
    it(`display: ${display}: at the fieldset's top, the content below it (Chromium 25.6)`, async () => {
      const { legendTop, contentTop } = await placed(display);
      expect(legendTop).toBe(0);
      expect(Math.abs(contentTop - 25.6)).toBeLessThanOrEqual(0.5);
    });
});
