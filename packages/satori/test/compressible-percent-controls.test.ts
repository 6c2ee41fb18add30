// Pictor change compressible-percent-controls (src/pictor-form-controls.ts `compressPercentWidth`): a text field,
// select or text area whose width is a percentage contributes nothing to min-content (CSS Sizing's compressible
// replaced elements), so as a flex item it shrinks beside its neighbours, as in Chromium (Spectre's docs header: a
// `width: 100%` search field and two buttons in a 14rem row); it kept its 20 characters and pushed them out.
// Chromium repro: packages/core/test/repros/percent-width-field-in-flex.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

async function row(field: ReturnType<typeof hp>) {
  const root = h(
    'div',
    { display: 'flex', width: 280, fontFamily: 'Inter' },
    field,
    h('div', { flex: 'none', width: 100, height: 20 }),
  );
  const { boxes: found } = await boxes(root, { width: 300, height: 60 });
  return found.find((b) => b.type === field.type)?.width;
}

describe('a form field of a percentage width in a flex row', () => {
  it.each([
    ['a text field', hp('input', { type: 'text', placeholder: 'Search Docs', style: { width: '100%' } })],
    ['a search field', hp('input', { type: 'search', style: { width: '100%', boxSizing: 'border-box' } })],
    ['a select', hp('select', { style: { width: '100%' } }, hp('option', {}, 'A long option to choose'))],
  ])('%s shrinks to what its neighbours leave', async (_name, field) => {
    expect(await row(field)).toBe(180);
  });

  it('keeps a min-width of the page', async () => {
    expect(await row(hp('input', { type: 'text', style: { width: '100%', minWidth: 200 } }))).toBe(208); // content box + 2px 3px padding + 1px border
  });
});
