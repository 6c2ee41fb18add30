// Pictor change flex-text-align: text directly in a column flex container (its anonymous flex item stretched to the
// container's width) is aligned by text-align, as in Chromium (Vivliostyle's academic theme: `.cover h1 { display:
// flex; flex-direction: column }` with `text-align: center`). Chromium repro:
// packages/core/test/repros/flex-column-text-align.html.
import { describe, expect, it } from 'vitest';
import { hp, textPieces } from './render.js';

const left = async (style: Record<string, unknown>) =>
  (
    await textPieces(hp('div', { style: { width: 200, fontSize: 20, ...style } }, 'Title'), {
      width: 200,
      height: 40,
    })
  )[0]?.x;

describe('text-align of text in a flex container', () => {
  it('centres text in a column flex container', async () => {
    const x = await left({ display: 'flex', flexDirection: 'column', textAlign: 'center' });
    expect(x).toBeGreaterThan(60);
    expect(x).toBeLessThan(90);
  });

  it('right-aligns it too, and leaves it at the start in a row (the item is as wide as its text)', async () => {
    expect(await left({ display: 'flex', flexDirection: 'column', textAlign: 'right' })).toBeGreaterThan(140);
    expect(await left({ display: 'flex', textAlign: 'center' })).toBe(0);
  });
});
