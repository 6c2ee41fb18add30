/** `scrollbar-gutter: stable` on `<html>`: the viewport keeps a scrollbar's width free at its right edge, as Chromium. */
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { decodeImage } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

const BLUE = [0, 0, 255];
const RED = [255, 0, 0];
const WHITE = [255, 255, 255];

/** The colours at x = `xs` on the row y = 10 of a 100×40 render of a full-width blue bar under `htmlStyle`. */
async function row(htmlStyle: string, xs: number[]): Promise<{ colours: number[][]; warnings: string[] }> {
  const html = `<!doctype html><html style="${htmlStyle}"><body style="margin: 0; background: #fff">
    <div style="height: 20px; background: #00f"></div></body></html>`;
  const result = await renderer.render({ html, width: 100, height: 40, format: 'png' });
  const { pixels, width } = await decodeImage(result.data);
  const colours = xs.map((x) => [...pixels.subarray((10 * width + x) * 4, (10 * width + x) * 4 + 3)]);
  return { colours, warnings: result.warnings };
}

describe('scrollbar-gutter on the root', () => {
  it('stable: the page lays out 15 px narrower, the gutter at the right', async () => {
    const { colours, warnings } = await row('scrollbar-gutter: stable', [2, 84, 86, 98]);
    expect(colours).toEqual([BLUE, BLUE, WHITE, WHITE]);
    expect(warnings).toEqual([]);
  });

  it('the canvas background runs under the gutter', async () => {
    const { colours } = await row('scrollbar-gutter: stable; background: #f00', [84, 98]);
    expect(colours).toEqual([BLUE, RED]);
  });

  it('both-edges: a gutter at each side; thin: 10 px; none: no gutter', async () => {
    expect((await row('scrollbar-gutter: stable both-edges', [13, 16, 84, 86])).colours).toEqual([
      WHITE,
      BLUE,
      BLUE,
      WHITE,
    ]);
    expect((await row('scrollbar-gutter: stable; scrollbar-width: thin', [89, 91])).colours).toEqual([
      BLUE,
      WHITE,
    ]);
    expect((await row('scrollbar-gutter: stable; scrollbar-width: none', [98])).colours).toEqual([BLUE]);
  });

  it("the root's own padding in px is added to (a reset's padding: 0 is none)", async () => {
    expect((await row('scrollbar-gutter: stable; padding: 0', [84, 86])).colours).toEqual([BLUE, WHITE]);
    expect((await row('scrollbar-gutter: stable; padding-right: 5px', [79, 81])).colours).toEqual([
      BLUE,
      WHITE,
    ]);
  });

  it('auto (the initial value) keeps the whole width', async () => {
    expect((await row('scrollbar-gutter: auto', [98])).colours).toEqual([BLUE]);
  });
});
