// Pictor tuning overflow-mask-as-clip (speed only): an `overflow: hidden` box without borders and rounded corners
// gives its descendants its clip path only, not also a content mask repeating it (resvg draws every masked element
// into a layer of its own); the content mask satori wrote for every box that clips nothing is left out too. Boxes
// with a border or rounded corners keep their mask (it holds the border's inner edge), and a plain box inside one
// passes that mask on. The pixels are the same as with the masks.
import { describe, expect, it } from 'vitest';
import { type Element, h, pixels, render } from './render.js';

const cell = (background: string) => h('div', { width: 90, height: 90, background, flexShrink: 0 });

/** Three clipping boxes side by side: plain, bordered, rounded; in the bordered one a plain one at a fraction. */
function page(): Element {
  const clip = (style: Record<string, unknown>, ...children: unknown[]) =>
    h(
      'div',
      { display: 'flex', width: 60, height: 50, overflow: 'hidden', marginRight: 10, ...style },
      ...children,
    );
  return h(
    'div',
    { display: 'flex', width: 240, height: 80, background: '#fff', padding: 10 },
    clip({}, cell('#c33')),
    clip(
      { border: '4px solid #333' },
      clip({ width: 40.4, height: 30.6, marginLeft: 3.3, marginTop: 2.7, overflowX: 'hidden' }, cell('#3a3')),
    ),
    clip({ borderRadius: 12 }, cell('#33c')),
  );
}

const maskRefs = (svg: string) => [...svg.matchAll(/mask="url\(#(satori_om-[^)]*)\)"/g)].map((m) => m[1]);
const maskDefs = (svg: string) => [...svg.matchAll(/<mask id="(satori_om-[^"]*)"/g)].map((m) => m[1]);

describe('overflow: hidden without borders or rounded corners is clipped without a mask', () => {
  it('writes the clip path and no mask for a plain box; bordered and rounded boxes keep theirs', async () => {
    const svg = await render(page(), { width: 240, height: 80 });
    const off = await render(page(), {
      width: 240,
      height: 80,
      pictorTunings: { overflowMaskAsClip: false },
    });
    // Each clipping box still has its clip path, and its content is drawn under it.
    const clips = [...svg.matchAll(/<clipPath id="(satori_cp-[^"]*)"/g)].map((m) => m[1]);
    expect(clips).toHaveLength(4);
    for (const id of clips) expect(svg).toContain(`clip-path="url(#${id})"`);
    // Masks: only the bordered and the rounded box's, defined once and used; the plain box inside the bordered one
    // passes the bordered box's mask on to its content.
    expect(new Set(maskRefs(svg)).size).toBe(2);
    expect(maskDefs(svg).sort()).toEqual([...new Set(maskRefs(svg))].sort());
    expect(maskDefs(off).length).toBeGreaterThan(maskDefs(svg).length);
    expect(new Set(maskRefs(off)).size).toBe(4);
    const green = /<rect[^>]*fill="#3a3"[^>]*>|<rect[^>]*fill="rgb\(51,170,51\)"[^>]*>/.exec(svg)?.[0] ?? '';
    expect(green).toMatch(/mask="url\(#satori_om-/);
    const red = /<rect[^>]*fill="(#c33|rgb\(204,51,51\))"[^>]*>/.exec(svg)?.[0] ?? '';
    expect(red).toMatch(/clip-path="url\(#satori_cp-/);
    expect(red).not.toMatch(/mask=/);
  });

  it('gives the same pixels as the masks did', async () => {
    const on = await pixels(await render(page(), { width: 240, height: 80 }));
    const off = await pixels(
      await render(page(), { width: 240, height: 80, pictorTunings: { overflowMaskAsClip: false } }),
    );
    expect(on.length).toBe(off.length);
    let worst = 0;
    for (let i = 0; i < on.length; i++) worst = Math.max(worst, Math.abs((on[i] ?? 0) - (off[i] ?? 0)));
    expect(worst).toBeLessThanOrEqual(2);
  });
});
