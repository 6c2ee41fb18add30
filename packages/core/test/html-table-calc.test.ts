/**
 * Border widths written as `calc()` of custom properties (Tailwind 4's `divide-y`) are worked out before the table
 * translation weighs a collapsed edge: `calc(1px * var(--tw-divide-y-reverse))` with the property 0 is no border.
 * The pixels of such a table are checked against Chromium by the repro `table-collapsed-edges`.
 */
import { describe, expect, it } from 'vitest';
import { resolveCalcPx } from '../src/html/tables/table-model.js';

describe('resolveCalcPx', () => {
  it('works out products, sums and nested calc() of px, rem and numbers', () => {
    expect(resolveCalcPx('calc(1px * 0)')).toBe('0px');
    expect(resolveCalcPx('calc(1px * calc(1 - 0))')).toBe('1px');
    expect(resolveCalcPx('calc(2px * (1 - 1))')).toBe('0px');
    expect(resolveCalcPx('calc(0.25rem * 4)')).toBe('16px');
    expect(resolveCalcPx('calc(10px / 4 + 1px)')).toBe('3.5px');
    expect(resolveCalcPx('calc(3 * 2px) solid red')).toBe('6px solid red');
  });

  it('leaves what it cannot work out as it is', () => {
    expect(resolveCalcPx('calc(100% - 2px)')).toBe('calc(100% - 2px)');
    expect(resolveCalcPx('calc(1em * 2)')).toBe('calc(1em * 2)');
    expect(resolveCalcPx('calc(2px * 3px)')).toBe('calc(2px * 3px)');
    expect(resolveCalcPx('calc(2px / 0)')).toBe('calc(2px / 0)');
    expect(resolveCalcPx('calc(2 * 3)')).toBe('calc(2 * 3)');
    expect(resolveCalcPx('calc(1px +')).toBe('calc(1px +');
    expect(resolveCalcPx('1px solid')).toBe('1px solid');
    expect(resolveCalcPx(undefined)).toBeUndefined();
  });
});
