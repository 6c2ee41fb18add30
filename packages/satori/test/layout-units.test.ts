// Pictor change layout-units: lengths reach the layout engine in whole 64ths of a pixel cut toward zero, as Chrome
// holds them (its LayoutUnit). mnjul's résumé puts a 6.4in column and a 2.1in sidebar, both floated, in an 8.5in
// page: 614.4 + 201.6 px fill 816 px exactly in Chrome, but as 32-bit floats they came out a hair wider and the
// sidebar dropped below the column. Chromium: benchmarks/fidelity/wider/mnjul-resume.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

async function floats(main: string, side: string, page: string) {
  const tree = h(
    'div',
    { display: 'block', width: page },
    h('div', { float: 'left', width: main, height: 10 }),
    h('div', { float: 'right', width: side, height: 10 }),
  );
  const { boxes: found } = await boxes(tree, { width: 816, height: 40 });
  return found.slice(1, 3);
}

describe('floats that fill their container exactly', () => {
  it('sit side by side in inches', async () => {
    const [main, side] = await floats('6.4in', '2.1in', '8.5in');
    expect(main).toMatchObject({ left: 0, top: 0, width: 614 });
    expect(side).toMatchObject({ top: 0, left: 614 });
  });

  it('sit side by side in points', async () => {
    const [, side] = await floats('460.8pt', '151.2pt', '612pt');
    expect(side).toMatchObject({ top: 0 });
  });
});
