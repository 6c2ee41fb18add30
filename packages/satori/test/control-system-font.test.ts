// Pictor change control-system-font: text fields, buttons and selects use Chromium's control font family (its
// `-webkit-small-control` system font, computed as Arial), not the page's: on a serif page satori drew their text
// in the serif. Chromium repro: packages/core/test/repros/control-system-font.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { fonts, h, hp, render } from './render.js';

async function families(control: unknown) {
  const root = h('div', { display: 'block', width: 300, height: 60, fontFamily: 'Times' }, control);
  const svg = await render(root as never, { fonts, embedFont: false, width: 300, height: 60 });
  return [...svg.matchAll(/<text[^>]*font-family="([^"]*)"/g)].map((m) => m[1]);
}

describe('the control font', () => {
  for (const [name, control] of [
    ['a text field', hp('input', { type: 'text', value: 'Value' })],
    ['a button', hp('button', {}, 'Press')],
    ['a select', hp('select', {}, hp('option', {}, 'Option'))],
  ] as const)
    it(`${name} on a serif page: Arial, not the page's family`, async () => {
      const found = await families(control);
      expect(found.length).toBeGreaterThan(0);
      for (const family of found) expect(family).toMatch(/arial/i);
    });

  it("an author's font-family still wins", async () => {
    const found = await families(
      hp('input', { type: 'text', value: 'Value', style: { fontFamily: 'inherit' } }),
    );
    for (const family of found) expect(family).not.toMatch(/arial/i);
  });
});
