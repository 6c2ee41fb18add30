// Pictor change bar-controls-look: <progress>, <meter> and <input type=range> have Chromium's painted look (an
// 8 px #efefef track with a #b2b2b2 edge, the value in #0075ff or the meter's #107c10, a range's 16 px thumb);
// satori drew nothing for them and gave a range input no box. Chromium repro:
// packages/core/test/repros/bar-controls-look.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp, pixels, render } from './render.js';

const W = 200;
const H = 60;

async function drawn(control: unknown) {
  const root = h('div', { display: 'flex', width: W, height: H, backgroundColor: 'white' }, control);
  const rgba = await pixels(await render(root as never, { width: W, height: H }));
  return (x: number, y: number) => {
    const i = (y * W + x) * 4;
    return [rgba[i], rgba[i + 1], rgba[i + 2]];
  };
}

describe('bar controls', () => {
  it('a progress at 40 %: blue to 64 px, the grey track after it, white above and below the track', async () => {
    const at = await drawn(
      hp('progress', { value: 40, max: 100, style: { display: 'block', width: 160, height: 16 } }),
    );
    expect(at(30, 8)).toEqual([0, 117, 255]);
    expect(at(120, 8)).toEqual([239, 239, 239]);
    expect(at(120, 1)).toEqual([255, 255, 255]);
  });

  it('a meter at 0.6: green', async () => {
    const at = await drawn(hp('meter', { value: 0.6, style: { display: 'block', width: 80, height: 16 } }));
    expect(at(20, 8)).toEqual([16, 124, 16]);
    expect(at(70, 8)).toEqual([239, 239, 239]);
  });

  it('a range: 129 × 16, its thumb in the middle', async () => {
    const root = h('div', { display: 'flex', width: W, height: H }, hp('input', { type: 'range' }));
    const { boxes: found } = await boxes(root as never, { width: W, height: H });
    const input = found.find((b) => b.type === 'input');
    expect([input?.width, input?.height]).toEqual([129, 16]);
    const at = await drawn(hp('input', { type: 'range' }));
    // The thumb's centre at 2 + 8 + 113 / 2; the track's end grey.
    expect(at(66, 2 + 8)).toEqual([0, 117, 255]);
    expect(at(125, 2 + 8)).toEqual([239, 239, 239]);
  });
});
