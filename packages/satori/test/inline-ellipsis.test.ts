// Pictor change inline-ellipsis (src/text/inline.ts, `cutWithEllipsis`): `text-overflow: ellipsis` cuts a line with
// inline elements (a link, bold words) as it cuts plain text; the line was drawn clipped, without the ellipsis.
// Chromium repro: packages/core/test/repros/inline-ellipsis.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

/** The text of the drawn pieces (spaces are not drawn as pieces) of a one-line paragraph of `content`, 200 px wide, cut with an ellipsis. */
async function drawnText(...content: unknown[]) {
  const tree = h(
    'div',
    {
      display: 'block',
      width: 200,
      fontSize: 16,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    ...content,
  );
  const svg = await render(tree, { fonts, embedFont: false, width: 300, height: 60 });
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
}

describe('text-overflow: ellipsis with inline elements', () => {
  it('ends a line with bold words in the middle in an ellipsis, and draws nothing after it', async () => {
    const text = await drawnText(
      'Text with ',
      h('b', {}, 'bold words in the middle'),
      ' that is far too long',
    );
    expect(text.endsWith('\u2026')).toBe(true);
    expect(text).toMatch(/^Textwithbold/);
    expect(text).not.toContain('far');
  });

  it('leaves a line that fits as it is', async () => {
    expect(await drawnText('Short ', h('i', {}, 'line'))).toBe('Shortline');
  });
});
