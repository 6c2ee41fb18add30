// Pictor change column-rule-dashes (src/pictor-multicol.ts `ruleSVG`, src/builder/border.ts `openDashArray`): a
// dashed column rule is dashed as Chrome dashes a border side — dashes of 3× the width (2× from 3 px), gaps of 2× (1×)
// stretched so that the rule starts and ends with a dash. It was dashed 3× on, 3× off, ending anywhere.
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

/** Two balanced columns 90 px tall with a `width` px dashed red rule: its SVG and whether each row of the rule is red. */
async function rule(width: number) {
  const svg = await render(
    h(
      'div',
      {
        display: 'block',
        width: 200,
        columns: 2,
        columnGap: 20,
        columnRule: `${width}px dashed #ff0000`,
      },
      ...Array.from({ length: 6 }, () =>
        h('div', { display: 'block', height: 30, backgroundColor: '#00ff00' }),
      ),
    ),
    { width: 200, height: 120 },
  );
  const px = await pixels(svg);
  const rows = Array.from({ length: 90 }, (_, y) => {
    const i = (y * 200 + 100) * 4;
    return px[i]! > 200 && px[i + 1]! < 100;
  });
  return { svg, rows };
}

describe('a dashed column rule', () => {
  it('has Chrome’s dashes and a gap fitted to its length, a dash at each end', async () => {
    const { svg, rows } = await rule(2);
    // 90 px: 9 dashes of 6 px, 8 gaps of (90 - 54) / 8 px.
    const [dash, gap] = /stroke-dasharray="([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number);
    expect(dash).toBe(6);
    expect(gap).toBe(4.5);
    expect(rows[0]).toBe(true);
    expect(rows[89]).toBe(true);
  });

  it('has dashes twice its width from 3 px', async () => {
    const { svg } = await rule(4);
    expect(/stroke-dasharray="([\d.]+) /.exec(svg)?.[1]).toBe('8');
  });
});
