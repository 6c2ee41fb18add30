// Pictor change svg-fixed-size-no-ratio: an inline <svg> with both its width and its height fixed is that size
// whatever its viewBox's ratio (the viewBox is fitted inside by preserveAspectRatio), as in Chrome; satori still gave
// the layout engine the viewBox's ratio, which raised the height of an atomic inline to width ÷ ratio: Font
// Awesome's `<svg width="16" height="16" viewBox="0 0 320 512">` (JSON Resume theme eventide's map pin) was
// 16 × 26 and made its line 5 px taller. Chromium repro: packages/core/test/repros/svg-fixed-size-tall-viewbox.html.
import { describe, expect, it } from 'vitest';
import { h, hp, render } from './render.js';

/** The size of the picture satori drew for the <svg>, inline in a line of text. */
async function iconSize(props: Record<string, unknown>, style: Record<string, unknown> = {}) {
  const svg = await render(
    h(
      'div',
      { display: 'block', width: 100, fontSize: 14, lineHeight: 1.5 },
      hp('svg', { ...props, style }, hp('rect', { width: 320, height: 512, fill: '#0a0' })),
      ' pin',
    ),
  );
  const image = /<image [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(svg);
  return { width: Number(image?.[1]), height: Number(image?.[2]) };
}

describe('an inline <svg> of fixed size with a tall viewBox', () => {
  it('width="16" height="16" viewBox="0 0 320 512" is 16 × 16', async () => {
    expect(await iconSize({ width: 16, height: 16, viewBox: '0 0 320 512' })).toEqual({
      width: 16,
      height: 16,
    });
  });

  it('so is one sized by CSS', async () => {
    expect(await iconSize({ viewBox: '0 0 320 512' }, { width: 16, height: 16 })).toEqual({
      width: 16,
      height: 16,
    });
  });

  it('with only a width it still follows the ratio (16 × 25.6)', async () => {
    const { width, height } = await iconSize({ width: 16, viewBox: '0 0 320 512' });
    expect(width).toBe(16);
    expect(height).toBeCloseTo(25.6, 0);
  });
});
