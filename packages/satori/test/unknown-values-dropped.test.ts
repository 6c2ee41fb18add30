// Pictor change unknown-values-dropped: a value satori does not take (`text-align: -moz-foo`, `color: 12px`,
// `clip-path: 0.5`, `mask-image: 3px`) is reported to onStyleError and dropped where the style is computed, instead
// of failing the layout; `text-align: -webkit-match-parent` (Bootstrap 5's th) aligns as the parent does. Chromium
// repro: packages/core/test/repros/unknown-values-dropped.html (html-unknown-values.test.ts).
import { describe, expect, it } from 'vitest';
import { h, render } from './render.js';

/** Where the first glyph starts (x of the first path's first point). */
async function textStart(
  parent: Record<string, unknown>,
  child: Record<string, unknown>,
  errors: string[] = [],
) {
  const svg = await render(
    h('div', { display: 'flex', width: 200, ...parent }, h('div', { width: 200, ...child }, 'Hi')),
    {
      width: 200,
      height: 40,
      onStyleError: (e: Error) => errors.push(e.message),
    },
  );
  return Number(/<path[^>]* d="M([\d.]+)/.exec(svg)?.[1]);
}

describe('values satori does not take', () => {
  it('an unknown text-align is reported and dropped, the inherited alignment stays', async () => {
    const errors: string[] = [];
    expect(await textStart({ textAlign: 'right' }, { textAlign: '-moz-foo' }, errors)).toBeGreaterThan(150);
    expect(errors.join()).toContain('-moz-foo');
  });

  it('-webkit-match-parent aligns as the parent, start and end by its direction', async () => {
    expect(await textStart({}, { textAlign: '-webkit-match-parent' })).toBeLessThan(5);
    expect(await textStart({ textAlign: 'center' }, { textAlign: '-webkit-match-parent' })).toBeGreaterThan(
      80,
    );
    expect(
      await textStart({ textAlign: 'end' }, { textAlign: 'match-parent', direction: 'ltr' }),
    ).toBeGreaterThan(150);
    expect(
      await textStart({ direction: 'rtl' }, { textAlign: 'match-parent', direction: 'ltr' }),
    ).toBeGreaterThan(150);
  });

  it('a length where a colour, a shape or an image belongs is reported, not a failed layout', async () => {
    for (const style of [
      { color: '12px' },
      { clipPath: '0.5' },
      { maskImage: '3px' },
      { backgroundImage: '2' },
    ]) {
      const errors: string[] = [];
      await expect(textStart({}, style, errors)).resolves.toBeGreaterThanOrEqual(0);
      expect(errors.length).toBe(1);
    }
  });
});
