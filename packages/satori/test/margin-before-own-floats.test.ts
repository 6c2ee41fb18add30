// Pictor change margin-before-own-floats (src/layout-engine/pictor-clearance.ts, `needsClearanceCarrier`): a block
// whose float adjoins its top margin (through a first child without one), that margin collapsing with the bottom
// margin of the block before it. The
// engine counted the margin twice, so the float reached that much further down than drawn and pushed the lines
// after it to its side (Scholarly HTML's floated `ol::before` labels and the next section's heading). Chromium
// repro: packages/core/test/repros/margin-before-own-floats.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, textPieces } from './render.js';

const list = (label: string, text: string, marginTop: number) =>
  h(
    'div',
    { display: 'block', margin: `${marginTop}px 0 14px` },
    h('div', { display: 'block', float: 'left', width: 150 }, label),
    h('span', {}, text),
  );

describe('a block whose float adjoins its collapsed top margin', () => {
  it('ends its float where it is drawn', async () => {
    const tree = h(
      'div',
      { display: 'block', width: 400, fontSize: 16, lineHeight: '20px' },
      h('div', { display: 'block', marginBottom: 24 }, 'Title'),
      h(
        'div',
        { display: 'block', margin: '30px 0' },
        list('Authors', 'Robin', 0),
        list('Affiliations', 'science', 14),
      ),
      h('div', { display: 'block' }, 'Abstract'),
    );
    const pieces = await textPieces(tree, { width: 400, height: 200 });
    const heading = pieces.find((piece) => piece.text === 'Abstract');
    // 30 px below the lists' floats: at the left, not beside them.
    expect(heading?.x).toBe(0);
  });
});
