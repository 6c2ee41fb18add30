// Pictor change inherit-from-parent: `inherit` on a property that is not inherited (display, gap,
// grid-template-columns, padding…) takes the parent's computed value, as in browsers; satori gave it the initial
// value. JSON Resume's "even" theme places its header in the page grid's columns with `.masthead { display:
// inherit; gap: inherit; grid-template-columns: inherit }`. Chromium repro:
// packages/core/test/repros/grid-inherit-template.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const page = (headerStyle: Record<string, unknown>) =>
  h(
    'div',
    {
      display: 'grid',
      width: 400,
      columnGap: 20,
      gridTemplateColumns: '[full-start] 1fr [content-start] 200px [content-end] 1fr [full-end]',
    },
    hp(
      'div',
      { id: 'header', style: { gridColumn: 'full', ...headerStyle } },
      hp('div', { id: 'name', style: { gridColumn: 'content', height: 10 } }),
    ),
  );

async function nameBox(headerStyle: Record<string, unknown>) {
  const { boxes: found } = await boxes(page(headerStyle), { width: 400, height: 100 });
  // The name is the third element laid out: page, header, name.
  return found[2];
}

describe('inherit on a property that is not inherited', () => {
  it("takes the parent's grid: display, gap and the named column lines", async () => {
    const name = await nameBox({ display: 'inherit', columnGap: 'inherit', gridTemplateColumns: 'inherit' });
    expect(name).toMatchObject({ left: 100, width: 200 });
  });

  it('takes a shorthand as its longhands', async () => {
    const name = await nameBox({ display: 'inherit', gap: 'inherit', gridTemplateColumns: 'inherit' });
    expect(name).toMatchObject({ left: 100, width: 200 });
  });

  it('is the initial value under a parent without one', async () => {
    const { boxes: found } = await boxes(
      h(
        'div',
        { display: 'flex', width: 100 },
        h('div', { display: 'flex', paddingLeft: 'inherit', width: 10 }),
      ),
      { width: 100, height: 20 },
    );
    expect(found[1]).toMatchObject({ left: 0, width: 10 });
  });
});
