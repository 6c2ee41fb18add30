// Pictor change svg-percent-max-width (src/handler/compute.ts): an inline <svg> with a px width under a percentage
// max-width (`svg { max-width: 100% }`) is as wide as the smaller of the two and adds no min-content width
// (compressible, CSS Sizing 3 §5.2.2), as in Chrome: three `1fr` grid columns stay equal with a 200 px picture in
// one; a px height stays, else the height follows the ratio. Chromium repro:
// packages/core/test/repros/svg-percent-max-width.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const cell = (...children: unknown[]) =>
  h('div', { display: 'block', fontSize: 14 }, ...(children as never[]));

async function columns(svgProps: Record<string, unknown>) {
  const tree = h(
    'div',
    { display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', columnGap: 10, width: 320 },
    cell('one'),
    cell(
      hp(
        'svg',
        { ...svgProps, style: { display: 'block', maxWidth: '100%' } },
        hp('rect', { width: 200, height: 60 }),
      ),
    ),
    cell('three'),
  );
  const { boxes: found } = await boxes(tree, { width: 400, height: 200 });
  const divs = found.filter((b) => b.type === 'div').slice(1);
  const svg = found.find((b) => b.type === 'svg');
  return { widths: divs.map((d) => d.width), svg: svg && [svg.width, svg.height] };
}

describe('an inline <svg> under max-width: 100%', () => {
  it('keeps 1fr columns equal and shrinks into its column, its px height kept', async () => {
    const { widths, svg } = await columns({ width: 200, height: 60, viewBox: '0 0 200 60' });
    expect(widths).toEqual([100, 100, 100]);
    expect(svg).toEqual([100, 60]);
  });

  it('follows its ratio without a height of its own', async () => {
    const { widths, svg } = await columns({ width: 200, viewBox: '0 0 200 60' });
    expect(widths).toEqual([100, 100, 100]);
    expect(svg).toEqual([100, 30]);
  });
});
