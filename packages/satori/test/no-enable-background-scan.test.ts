// Pictor tuning no-enable-background-scan (speed only): no `enable-background` on the root (resvg ignores it), so
// the document is not searched for a backdrop filter. Also covered by packages/core/test/satori-svg-root.test.ts.
import { describe, expect, it } from 'vitest';
import { h, pixels, render } from './render.js';

const element = h(
  'div',
  { display: 'flex', width: 200, height: 100, backgroundColor: '#3a6' },
  h('div', { display: 'flex', width: 120, height: 60, backdropFilter: 'blur(4px)' }, 'Blurred'),
);

describe('no-enable-background-scan', () => {
  it('writes no enable-background; off, the attribute is back and the pixels are the same', async () => {
    const on = await render(element, { width: 200, height: 100 });
    const off = await render(element, {
      width: 200,
      height: 100,
      pictorTunings: { noEnableBackgroundScan: false },
    });
    expect(off).toContain('filter="url(#satori_bf-');
    expect(off).toContain('enable-background="new"');
    expect(on).not.toContain('enable-background');
    expect(Buffer.compare(await pixels(on), await pixels(off))).toBe(0);
  });
});
