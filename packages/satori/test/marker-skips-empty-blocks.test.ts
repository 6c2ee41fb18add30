// Pictor change marker-skips-empty-blocks (src/pictor-marker-empty.ts, src/list-marker.ts findMarkerTarget): an
// outside list marker stands on the first line box of its item, past children that make none (`<li><p></p><p>…`,
// as résumé themes' Markdown helpers write highlights; an empty spacer div; an empty flex row). satori put it into
// the empty block, which then made a line of its own above the text. Chromium repro:
// packages/core/test/repros/marker-skips-empty-blocks.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

/** The baselines (y) of the marker "1." (its "1") and of the piece holding "Create" in an outside-marker item. */
async function ys(...content: unknown[]) {
  const tree = h(
    'div',
    { display: 'block', width: 300, fontSize: 16, lineHeight: '20px' },
    h('ol', { marginTop: 0 }, h('li', {}, ...content)),
  );
  const svg = await render(tree, { fonts, embedFont: false, width: 300, height: 120 });
  const pieces = [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)];
  const y = (text: string) =>
    Number(/ y="([\d.-]+)"/.exec(pieces.find((m) => m[2].includes(text))?.[1] ?? '')?.[1]);
  return { marker: y('1'), text: y('Create') };
}

const p = (...children: unknown[]) => h('p', { display: 'block', margin: 0 }, ...children);

describe('an outside list marker', () => {
  it('skips an empty first paragraph to the first line', async () => {
    const plain = await ys(p('Create it'));
    const after = await ys(p(), p('Create it'), p());
    expect(after.text).toBeCloseTo(plain.text, 1);
    expect(after.marker).toBeCloseTo(after.text, 1);
  });

  it('skips a sized empty block and nested empty blocks', async () => {
    const spacer = await ys(h('div', { display: 'block', height: 30 }), p('Create it'));
    expect(spacer.marker).toBeCloseTo(spacer.text, 1);
    const nested = await ys(
      h('div', { display: 'block' }, h('div', { display: 'flex' }), ' '),
      p('Create it'),
    );
    expect(nested.marker).toBeCloseTo(nested.text, 1);
  });

  it('stays before an inline-block, which makes a line', async () => {
    const box = await ys(h('span', { display: 'inline-block', width: 10, height: 10 }), p('Create it'));
    expect(box.text).toBeGreaterThan(box.marker + 10);
  });
});
