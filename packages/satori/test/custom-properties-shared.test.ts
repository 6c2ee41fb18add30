// Pictor change custom-properties-shared (speed only): custom properties are one object per computed style, shared
// with children that declare none (Bulma 1.0's ~600 `--bulma-*` properties were copied at every element). What var()
// resolves to must not change: inherited, overridden below, `inherit`/`initial`, a fallback, and in an `<svg>`.
import { describe, expect, it } from 'vitest';
import { h, hp, render } from './render.js';

const sheet = (css: string) => ({ type: 'style', props: { children: css } });

describe('custom properties shared between elements', () => {
  it('resolve as before: inherited, overridden, initial, fallback, in an svg', async () => {
    const css = `
      .root { --a: #111111; --b: #222222 }
      .over { --a: #333333 }
      .reset { --b: initial }
      .one { width: 10px; height: 10px; background: var(--a) }
      .two { width: 10px; height: 10px; background: var(--b, #444444) }`;
    const cell = (cls: string) => hp('div', { className: cls });
    const svg = await render(
      h(
        'div',
        { display: 'flex', width: 100, height: 40, background: '#fff' },
        sheet(css),
        hp(
          'div',
          { className: 'root', style: { display: 'flex' } },
          cell('one'),
          cell('two'),
          hp('div', { className: 'over', style: { display: 'flex' } }, cell('one'), cell('two')),
          hp('div', { className: 'reset', style: { display: 'flex' } }, cell('two')),
          hp(
            'svg',
            { width: 10, height: 10, viewBox: '0 0 10 10' },
            hp('rect', { width: 10, height: 10, fill: 'var(--a)' }),
          ),
        ),
      ) as never,
      { width: 100, height: 40 },
    );
    const fills = [...svg.matchAll(/fill="(#[0-9a-f]{6})"/gi)].map((m) => m[1]?.toLowerCase());
    expect(fills).toEqual(expect.arrayContaining(['#111111', '#222222', '#333333', '#444444']));
    // The first cell's fill, and the <svg>'s rect (drawn as a picture of its own) filled with var(--a).
    expect(svg.split('111111').length - 1).toBeGreaterThanOrEqual(2);
  });
});
