// Pictor tunings style-sheet-speed and engine-memo (speed only): `<style>` rules matched through an index by the
// rightmost compound of their selectors, each distinct sheet parsed once per thread, one font engine per font
// setting and render. The SVG is the same with each switched off, on a document whose selectors exercise every
// bucket (ids, classes, tags, universal, attribute-only, pseudo-elements, nesting, :is/:where/:not, layers) and has
// invalid declarations, rendered twice so the second render takes the parsed sheet and the declarations' validity
// from the caches.
import { describe, expect, it } from 'vitest';
import { type Element, hp, render } from './render.js';

/** Many rules no element matches, as a framework sheet has, around the ones that do. */
function filler(n: number): string {
  const rules: string[] = [];
  for (let i = 0; i < n; i++) {
    rules.push(`.unused-${i}{color:#${(i * 4099).toString(16).padStart(6, '0').slice(-6)}}`);
    rules.push(`#nope-${i} > span{margin:${i % 7}px}`);
    rules.push(`section.u${i} p:first-child{padding:1px}`);
  }
  return rules.join('\n');
}

const sheet = `
${filler(400)}
* { box-sizing: border-box }
div { display: flex }
.card { padding: 12px; background: #eef; border: 2px solid #99c }
.card.wide { width: 360px }
#title { font-size: 28px; font-weight: 700; color: #123 }
.card > .row span { color: #a30 }
.row span + span { margin-left: 6px }
[data-kind="note"] { background: #ffd }
:is(.a, .b) { font-size: 18px }
:where(.row) { gap: 4px }
.row :not(.b) { text-decoration: underline }
.pill::before { content: "• "; color: #0a0 }
.pill::after { content: " ✓" }
@layer base { .card { border-radius: 8px; background: #fee } }
.parent { .child { color: #00f } & .other { font-weight: 700 } }
span.late { color: #080 }
.late { color: #f0f }
.card.wide { padding: banana; color: notacolor }
#title { margin: 2px; margin: 3pz }
${filler(200)}
`;

function page(n: number): Element {
  return hp(
    'div',
    { style: { flexDirection: 'column', width: 400, height: 300, fontFamily: 'Inter' } },
    hp('style', {}, sheet),
    hp(
      'div',
      { className: 'card wide', style: { flexDirection: 'column' } },
      hp('div', { id: 'title' }, `Title ${n}`),
      hp(
        'div',
        { className: 'row' },
        hp('span', { className: 'a' }, 'alpha'),
        hp('span', { className: 'b late' }, 'beta'),
        hp('span', { className: 'pill' }, 'pill'),
      ),
      hp(
        'div',
        { 'data-kind': 'note', className: 'parent' },
        hp('span', { className: 'child' }, 'child'),
        hp('span', { className: 'other' }, 'other'),
      ),
    ),
  );
}

describe('style-sheet-speed, engine-memo', () => {
  it('gives the same SVG with the index, the sheet cache and the engine memo each off', async () => {
    for (const n of [1, 2]) {
      const on = await render(page(n), { width: 400, height: 300 });
      for (const off of [{ styleSheetIndex: false }, { styleSheetCache: false }, { engineMemo: false }]) {
        const svg = await render(page(n), { width: 400, height: 300, pictorTunings: off });
        expect(svg, JSON.stringify(off)).toBe(on);
      }
    }
  });

  it('applies what the index finds: id, class, descendant, attribute, pseudo-element and nested rules', async () => {
    const svg = await render(page(3), { width: 400, height: 300 });
    const plain = await render(
      hp('div', { style: { width: 400, height: 300, display: 'flex', fontFamily: 'Inter' } }, 'x'),
      { width: 400, height: 300 },
    );
    // The card's background from the unlayered rule (#eef beats the layer's #fee), the note's, the title's colour.
    expect(svg).toContain('#eef');
    expect(svg).not.toContain('#fee');
    expect(svg).toContain('#ffd');
    expect(svg).toContain('#123');
    expect(svg).toContain('#0a0');
    expect(svg).toContain('#00f');
    expect(plain).not.toContain('#eef');
  });

  // Pictor (style-sheet-speed, candidate lists): elements of one tag, class list and id share their candidate rules
  // within a render; an element whose id or pseudo-element differs gets its own list.
  it('gives elements with the same classes but another id or pseudo-element their own rules', async () => {
    const css = `${filler(50)}
      .x { color: #111 }
      #special { color: #0c0 }
      .box .x { font-weight: 700 }
      .x::before { content: "> "; color: #c0c }`;
    const doc = hp(
      'div',
      { style: { flexDirection: 'column', width: 300, height: 200, fontFamily: 'Inter' } },
      hp('style', {}, css),
      hp('span', { className: 'x' }, 'plain'),
      hp('span', { className: 'x', id: 'special' }, 'special'),
      hp('div', { className: 'box' }, hp('span', { className: 'x' }, 'boxed')),
    );
    const on = await render(doc, { width: 300, height: 200 });
    expect(on).toContain('#0c0');
    expect(on).toContain('#c0c');
    expect(await render(doc, { width: 300, height: 200, pictorTunings: { styleSheetIndex: false } })).toBe(
      on,
    );
  });
});
