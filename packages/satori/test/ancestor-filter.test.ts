/**
 * Pictor (ancestor-filter, speed only): a selector whose compounds before a descendant or child combinator name a
 * tag, id or class that no ancestor of the element has is not matched. The same SVG on and off for descendant,
 * child and sibling combinators (a compound before `+` or `~` is a sibling, not an ancestor: `.x + .y .z` must still
 * match), ids, tags, `:is()`/`:not()` arguments (which require nothing), nesting and pseudo-elements; the counts show
 * selectors skipped without being matched. A rule's selectors whose rightmost compound starts with a tag, id or class the
 * element lacks are skipped before the ancestors are looked at (a rule of several selectors, `#369`).
 */
import { describe, expect, it } from 'vitest';
import { ancestorFilterStats, type Element, hp, render } from './render.js';

const sheet = `
  .box { width: 20px; height: 20px; background: #ddd; margin: 2px }
  .nowhere .box, #missing > .box, article .box, .a .b .c .box { background: #f00 }
  .outer .box { border: 2px solid #00f }
  #main > .row > .box { background: #0a0 }
  .x + .y .z { background: #a0a }
  .outer .x ~ .y > .z { border-color: #fa0 }
  section .z::before { content: ''; display: block; width: 6px; height: 6px; background: #000 }
  :is(.nowhere, .outer) .row .box:not(.q) { margin-top: 4px }
  .outer { & .deep { background: #0aa !important } }
  div > div > div > .deep { border-radius: 4px }
  .box.q, #main > .row, span.box, .row > .deep, #main, div#main .x { outline: 1px solid #369 }`;

const box = (className: string) => hp('div', { className: `box ${className}`.trim() });

function page(): Element {
  return hp(
    'div',
    {
      className: 'outer',
      id: 'main',
      style: { display: 'flex', flexDirection: 'column', width: '100%', height: '100%', background: '#fff' },
    },
    hp('style', {}, sheet),
    hp('div', { className: 'row', style: { display: 'flex' } }, box(''), box('q'), box('deep')),
    hp('section', { className: 'x', style: { display: 'flex' } }, box('')),
    hp('section', { className: 'y', style: { display: 'flex' } }, box('z'), hp('div', {}, box('z'))),
  );
}

describe('ancestor filter (tuning ancestorFilter)', () => {
  it('gives the SVG of matching every selector, and skips selectors the ancestors cannot match', async () => {
    const before = ancestorFilterStats?.() ?? { skipped: Number.NaN, passed: Number.NaN };
    const on = await render(page(), { width: 200, height: 120 });
    const middle = ancestorFilterStats?.() ?? { skipped: Number.NaN, passed: Number.NaN };
    const off = await render(page(), { width: 200, height: 120, pictorTunings: { ancestorFilter: false } });
    const after = ancestorFilterStats?.() ?? { skipped: Number.NaN, passed: Number.NaN };
    expect(on).toBe(off);
    expect(middle.skipped - before.skipped).toBeGreaterThan(10);
    expect(middle.passed - before.passed).toBeGreaterThan(5);
    expect(after).toEqual(middle);
    // What matched through the filter: the sibling-then-descendant rule, the nested rule and the id > child rule.
    expect(on).toContain('#a0a');
    expect(on).toContain('#0aa');
    expect(on).toContain('#0a0');
    // A rule of several selectors, matched through the one of the element's own tag, id or class.
    expect(on).toContain('#369');
    expect(on).not.toContain('#f00');
  });
});
