// Pictor tuning custom-properties-chain (speed only): an element that declares custom properties layers them over
// the inherited ones (the inherited object as prototype) instead of copying them all. The SVG is the same with the
// switch off, on a page whose custom properties nest several levels deep, are overridden, reset with `initial`,
// kept with `inherit`, read through a fallback and from inside an `<svg>` (whose own variables merge with the
// layered ones), as a framework sheet declares ~600 on :root and a few on each component.
import { describe, expect, it } from 'vitest';
import { type Element, h, hp, render } from './render.js';

const many = Array.from(
  { length: 300 },
  (_, i) => `--k-${i}: #${(i * 4099).toString(16).padStart(6, '0').slice(-6)};`,
);
const css = `
  .root { ${many.join(' ')} --a: #111111; --b: #222222; --c: #555555 }
  .over { --a: #333333; --d: var(--c) }
  .deeper { --c: #666666; --b: inherit }
  .reset { --b: initial }
  .cell { width: 8px; height: 8px }
  .one { background: var(--a) }
  .two { background: var(--b, #444444) }
  .three { background: var(--d, #777777) }
  .four { background: var(--k-250) }`;

function page(): Element {
  const cells = ['one', 'two', 'three', 'four'].map((c) => hp('div', { className: `cell ${c}` }));
  const svg = hp(
    'svg',
    { width: 8, height: 8, viewBox: '0 0 8 8', style: { '--e': '#888888' } },
    hp('rect', { width: 4, height: 8, fill: 'var(--a)' }),
    hp('rect', { x: 4, width: 4, height: 8, fill: 'var(--e)' }),
  );
  return h(
    'div',
    { display: 'flex', width: 120, height: 40, background: '#fff', fontFamily: 'Inter' },
    { type: 'style', props: { children: css } },
    hp(
      'div',
      { className: 'root', style: { display: 'flex' } },
      ...cells,
      hp(
        'div',
        { className: 'over', style: { display: 'flex' } },
        ...cells,
        hp('div', { className: 'deeper', style: { display: 'flex' } }, ...cells, svg),
        hp('div', { className: 'reset', style: { display: 'flex' } }, ...cells),
      ),
    ),
  );
}

describe('custom properties layered over the inherited ones (tuning customPropertiesChain)', () => {
  it('gives the SVG the copies gave', async () => {
    const on = await render(page(), { width: 120, height: 40 });
    const off = await render(page(), {
      width: 120,
      height: 40,
      pictorTunings: { customPropertiesChain: false },
    });
    expect(on).toBe(off);
    const fills = new Set([...on.matchAll(/fill="(#[0-9a-f]{6})"/gi)].map((m) => m[1]?.toLowerCase()));
    // --a at the root and overridden; --b, inherited through `inherit`, reset by `initial` to the fallback; --d
    // computed from --c where it is declared (#555555, not the deeper #666666); one of the 300 root properties.
    for (const colour of ['#111111', '#222222', '#333333', '#444444', '#555555', '#777777'])
      expect(fills).toContain(colour);
    expect(fills).toContain(`#${(250 * 4099).toString(16).padStart(6, '0').slice(-6)}`);
    // The <svg> (a picture of its own) reads --a through the layers and its own --e.
    const pictures = [...on.matchAll(/href="data:image\/svg\+xml;utf8,([^"]*)"/g)].map((m) =>
      decodeURIComponent(m[1] ?? ''),
    );
    expect(pictures.join(' ')).toMatch(/#333333|#333\b|rgb\(51,51,51\)/i);
    expect(pictures.join(' ')).toMatch(/#888888|#888\b|rgb\(136,136,136\)/i);
  });
});
