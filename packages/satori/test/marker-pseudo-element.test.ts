// Pictor change marker-pseudo-element (src/pictor-marker-style.ts, src/handler/stylesheet.ts, src/layout.ts): a list
// item's `::marker` rules give its marker their colour (and font weight and style), as in Chrome
// (`li::marker { color: … }`, Tailwind Typography's bullets); the rules matched nothing before, the marker kept the
// item's colour. Chromium repro: packages/core/test/repros/marker-pseudo-element.html.
import { describe, expect, it } from 'vitest';
import { hp, render } from './render.js';

async function listSvg(css: string, listType: string) {
  return render(
    hp(
      'div',
      { style: { display: 'block', width: 240, color: '#222222' } },
      hp('style', {}, css),
      hp(
        listType,
        { style: { display: 'block', fontSize: 16, paddingLeft: 40 } },
        hp('li', { style: { display: 'list-item' } }, 'Item'),
      ),
    ),
    { width: 240, height: 60 },
  );
}

describe('::marker', () => {
  it('colours a disc and a number, and only the marker', async () => {
    for (const list of ['ul', 'ol']) {
      const svg = await listSvg('li::marker { color: #dd1111 }', list);
      expect(svg.toLowerCase()).toMatch(/#d11|#dd1111|rgb\(221,\s*17,\s*17\)/);
      // The item's text keeps its own colour.
      expect(svg.toLowerCase()).toMatch(/#222|rgb\(34,\s*34,\s*34\)/);
    }
  });

  it('keeps the item colour for a marker rule with a var() or currentcolor', async () => {
    const svg = await listSvg('li::marker { color: currentcolor }', 'ul');
    expect(svg.toLowerCase()).not.toMatch(/#d11|rgb\(221/);
  });
});
