// Pictor change one-value-edges: a padding or margin longhand with more than one value is invalid CSS, dropped by
// browsers (the earlier declaration stays): MkDocs' Read the Docs theme writes
// `.wy-menu-vertical li.current > a { padding: .4045em 1.618em; …; padding-left: 1.618em -4px }`, and Chromium keeps
// the 1.618em. satori laid the list out as a padding of 0 and said nothing, so a style sheet's cascade could not drop
// it. Chromium repro: packages/core/test/repros/one-value-edges.html.
import { describe, expect, it } from 'vitest';
import { h, render } from './render.js';

async function textStart(style: Record<string, unknown>, errors: string[]) {
  const svg = await render(h('div', { display: 'flex', width: 200, ...style }, 'Hi'), {
    width: 200,
    height: 40,
    onStyleError: (e: Error) => errors.push(e.message),
  });
  return Number(/<path[^>]* d="M([\d.]+)/.exec(svg)?.[1]);
}

describe('a padding or margin longhand with a list of values', () => {
  it('is reported as invalid (a style sheet drops it)', async () => {
    for (const name of ['paddingLeft', 'paddingTop', 'marginLeft', 'marginBottom']) {
      const errors: string[] = [];
      await textStart({ [name]: '1.618em -4px' }, errors);
      expect(errors.join(), name).toContain(name);
    }
  });

  it('leaves one value, calc() included, as it was', async () => {
    const errors: string[] = [];
    const base = await textStart({}, errors);
    expect((await textStart({ paddingLeft: 'calc(10px + 2px)' }, errors)) - base).toBeCloseTo(12, 0);
    expect((await textStart({ marginLeft: '-4px', paddingLeft: '16px' }, errors)) - base).toBeCloseTo(12, 0);
    expect(errors).toEqual([]);
  });
});
