// Pictor change background-layers-without-image: the `background` shorthand sets its position, size and repeat
// whether or not it names an image, as Chromium does. W3C report sheets say `background: white top left fixed
// no-repeat` on body and a later rule adds the status strip with `background-image`: the strip was tiled over the
// whole page instead of drawn once at the top left.
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** RGB at (x, 5) of a 60×10 box styled `style` (keys in cascade order). */
async function drawn(style: Record<string, unknown>, xs: number[]) {
  const svg = await render(
    h('div', { display: 'flex', width: 60, height: 10 }, h('div', { width: 60, height: 10, ...style })),
    { width: 60, height: 10 },
  );
  const px = await pixels(svg);
  return xs.map((x) => Array.from(px.subarray((5 * 60 + x) * 4, (5 * 60 + x) * 4 + 3)));
}

const blue = 'linear-gradient(#00f, #00f)';

describe('the background shorthand without an image', () => {
  it('keeps its no-repeat and position for a later background-image: one 10 px tile at the left', async () => {
    const style = {
      background: '#fff top left no-repeat',
      backgroundSize: '10px 10px',
      backgroundImage: blue,
    };
    expect(await drawn(style, [5, 30, 55])).toEqual([
      [0, 0, 255],
      [255, 255, 255],
      [255, 255, 255],
    ]);
  });

  it('keeps its position (right) and size for a later background-image', async () => {
    const style = { background: '#fff right center / 10px 10px no-repeat', backgroundImage: blue };
    expect(await drawn(style, [5, 30, 55])).toEqual([
      [255, 255, 255],
      [255, 255, 255],
      [0, 0, 255],
    ]);
  });

  it('a colour alone still resets repeat: a later image with a size tiles', async () => {
    const style = { background: '#fff', backgroundSize: '10px 10px', backgroundImage: blue };
    expect(await drawn(style, [5, 30, 55])).toEqual([
      [0, 0, 255],
      [0, 0, 255],
      [0, 0, 255],
    ]);
  });
});
