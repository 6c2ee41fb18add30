// Pictor change text-over-shadow-filter (src/text/index.ts, src/text/inline.ts, src/builder/text.ts): text with a
// text-shadow was drawn through the shadow's filter, whose offscreen region drew it lighter than the same text
// without a shadow (Tufte CSS's links, knocked out by twelve background-coloured shadows, lost about 15% of their
// ink). Chromium paints the shadows, then the text as it paints any text. Now the filter draws the shadows alone and
// the text is drawn after them.
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

const SIZE = { width: 240, height: 40 };

/** The ink (255 − luminance, summed) of a picture over white. */
async function ink(svg: string): Promise<number> {
  const data = await pixels(svg);
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = (data[i + 3] as number) / 255;
    // Premultiplied RGBA over white, the green channel as the luminance of grey text.
    sum += 255 - ((data[i + 1] as number) + 255 * (1 - alpha));
  }
  return sum;
}

const white = (textShadow?: string) => ({
  display: 'block',
  backgroundColor: 'white',
  color: '#111',
  fontSize: 24,
  ...(textShadow ? { textShadow } : {}),
});
const KNOCKOUT = '0.03em 0 white, -0.03em 0 white, 0.06em 0 white, -0.06em 0 white, 0 0.03em white';

describe('text with a shadow', () => {
  it('is drawn as the same text without one (block text)', async () => {
    const plain = await ink(await render(h('div', white(), 'Dave Liepmann'), SIZE));
    const shadowed = await render(h('div', white(KNOCKOUT), 'Dave Liepmann'), SIZE);
    expect(shadowed).toContain('<filter');
    // White shadows add no ink: what is drawn is the text alone, as without them.
    expect(Math.abs((await ink(shadowed)) - plain)).toBeLessThan(plain * 0.005);
  });

  it('is drawn as the same text without one (an inline run among other text)', async () => {
    const run = (textShadow?: string) =>
      h('div', white(), 'By ', h('span', textShadow ? { textShadow } : {}, 'Dave Liepmann'), ' here');
    const plain = await ink(await render(run(), SIZE));
    const shadowed = await render(run(KNOCKOUT), SIZE);
    expect(shadowed).toContain('<filter');
    expect(Math.abs((await ink(shadowed)) - plain)).toBeLessThan(plain * 0.005);
  });

  it('still has its shadow, under the text', async () => {
    const svg = await render(h('div', { ...white('4px 0 0 red'), color: 'black' }, 'Shadow'), SIZE);
    const data = await pixels(svg);
    let red = 0;
    for (let i = 0; i < data.length; i += 4)
      if ((data[i] as number) > 200 && (data[i + 1] as number) < 60 && (data[i + 3] as number) > 200) red++;
    expect(red).toBeGreaterThan(50);
  });
});
