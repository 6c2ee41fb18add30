/**
 * Pictor (own-selectors, validate-rules-once; speed only): elements of one tag, classes and id share their candidate
 * rules, so which of those rules' selectors their own tag, id and classes can match is worked out once per candidate
 * list, not once per element; and a rule matched by many elements has its declarations gathered for validation once.
 * The SVG is the one of the unfiltered matcher (tuning `ancestorFilter` off), on a page of 40 alike items whose rules
 * have many selectors for other elements, pseudo-elements, an invalid declaration (dropped, an earlier one applies),
 * ids and nesting; the counts show the work done.
 */
import { describe, expect, it } from 'vitest';
import { type Element, hp, matchStats, render } from './render.js';

const others = Array.from({ length: 30 }, (_x, i) => `.other-${i}`).join(', ');
const sheet = `
  .item, ${others}, #nowhere .item { display: flex; width: 18px; height: 8px; margin: 1px; background: #9bd }
  ${others}, .list > .item:nth-child(3n) { background: #d73 }
  .item::before, ${others} { content: ''; display: block; width: 4px; height: 4px; background: #123 }
  .item span, ${others} { color: #a00 }
  .item.odd, ${others} { border-left: 2px solid #0a0; border-left: 2px solid banana }
  #list .item:last-child { background: #fc0 }`;

function page(): Element {
  const items = Array.from({ length: 40 }, (_x, i) =>
    hp('div', { className: i % 2 ? 'item odd' : 'item' }, hp('span', {}, '')),
  );
  return hp(
    'div',
    {
      id: 'list',
      className: 'list',
      style: { display: 'flex', flexWrap: 'wrap', width: 200, height: 100, background: '#fff' },
    },
    hp('style', {}, sheet),
    ...items,
  );
}

describe('matching work (own-selectors, validate-rules-once)', () => {
  it('checks own selectors once per candidate list and validates each matched rule once, with the same SVG', async () => {
    const before = matchStats?.() ?? { ownChecks: Number.NaN, rulesValidated: Number.NaN };
    const on = await render(page(), { width: 200, height: 100 });
    const after = matchStats?.() ?? { ownChecks: Number.NaN, rulesValidated: Number.NaN };
    const off = await render(page(), { width: 200, height: 100, pictorTunings: { ancestorFilter: false } });
    expect(on === off).toBe(true);
    expect(on.includes('#fc0')).toBe(true);
    expect(on.includes('#0a0')).toBe(true);
    expect(on.includes('banana')).toBe(false);
    // A few candidate lists (the container, `.item`, `.item.odd`, `span`, each for the element and its pseudo-elements):
    // 223 checks; once per element, 2,080.
    expect(after.ownChecks - before.ownChecks).toBeLessThan(1000);
    // Six rules match; each is gathered once (154 times when gathered per element and pseudo-element).
    expect(after.rulesValidated - before.rulesValidated).toBeLessThanOrEqual(6);
  });
});
