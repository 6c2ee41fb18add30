// Pictor change fieldset-block: a `<fieldset>` is a block with Chrome's margins, padding and groove border; satori
// had no preset for it, so it was inline and a block inside it (Pico's `<label>`) got an empty line before it, 24 px
// of a 16 px/24 px page. Chromium repro: packages/core/test/repros/fieldset-block.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const sheet = (css: string) => ({ type: 'style', props: { children: css } });

async function labelTop(css: string) {
  const root = h(
    'div',
    { display: 'block', width: 200, height: 100, fontSize: 16, lineHeight: '24px' },
    sheet(css),
    hp('fieldset', {}, hp('label', { style: { display: 'block' } }, 'Xyz')),
  );
  const { boxes: found } = await boxes(root as never, { width: 200, height: 100 });
  const fieldset = found.find((b) => b.type === 'fieldset');
  const label = found.find((b) => b.type === 'label');
  return { fieldset: fieldset && { top: fieldset.top, width: fieldset.width }, label: label?.top };
}

describe('fieldset', () => {
  it('reset by the page (Pico), its block content starts at its top', async () => {
    expect(await labelTop('fieldset { margin: 0; margin-bottom: 16px; padding: 0; border: 0 }')).toEqual({
      fieldset: { top: 0, width: 200 },
      label: 0,
    });
  });

  it("with Chrome's own style: 2 px side margins, a 2 px border and 0.35em / 0.75em padding", async () => {
    const { fieldset, label } = await labelTop('');
    expect(fieldset).toEqual({ top: 0, width: 196 });
    // 2 px of border and 0.35em of padding, on the layout's whole pixels.
    expect(Math.abs((label ?? 0) - (2 + 5.6))).toBeLessThanOrEqual(0.5);
  });
});
