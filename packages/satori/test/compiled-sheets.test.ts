// Pictor tuning compiled-sheets (speed only): the rules compiled from the same parsed style sheets at the same
// viewport are kept for the next render. The SVG is the same as compiled afresh (switch off), on the second render
// (from the kept rules) as on the first; a render at another viewport compiles its own (media queries), and a
// sheet's `@supports`, layers and `@property` come out as before.
import { describe, expect, it } from 'vitest';
import { type Element, hp, render } from './render.js';

const sheet = `
  @layer base, theme;
  @layer theme { .box { background: #3366cc } }
  @layer base { .box { background: #cc3333; width: 40px; height: 40px } }
  @property --size { syntax: '<length>'; inherits: false; initial-value: 30px }
  .inner { width: var(--size); height: 10px; background: #111 }
  @media (min-width: 300px) { .box { border: 4px solid #0a0 } }
  @supports (display: grid) { .box { margin-left: 8px } }
  @supports (not-a-property: 1) { .box { margin-top: 50px } }
  .row > .box + .box { margin-left: 20px }`;

function page(n: number): Element {
  return hp(
    'div',
    {
      style: { display: 'flex', flexDirection: 'column', background: '#fff', width: '100%', height: '100%' },
    },
    hp('style', {}, sheet),
    hp(
      'div',
      { className: 'row', style: { display: 'flex' } },
      ...[0, 1, 2].map(() => hp('div', { className: 'box' }, hp('div', { className: 'inner' }))),
    ),
    `render ${n}`,
  );
}

describe('compiled rules kept for the same sheets (tuning compiledSheets)', () => {
  it('gives the SVG a fresh compilation gives, at each viewport', async () => {
    for (const width of [400, 200]) {
      const off = await render(page(width), { width, height: 100, pictorTunings: { compiledSheets: false } });
      const first = await render(page(width), { width, height: 100 });
      const second = await render(page(width), { width, height: 100 });
      expect(first).toBe(off);
      expect(second).toBe(off);
    }
    // The media query holds at 400 px only.
    const wide = await render(page(1), { width: 400, height: 100 });
    const narrow = await render(page(1), { width: 200, height: 100 });
    expect(wide).toContain('#0a0');
    expect(narrow).not.toContain('#0a0');
    // The theme layer wins over base.
    expect(wide).toMatch(/#3366cc|rgb\(51,102,204\)/i);
  });
});
