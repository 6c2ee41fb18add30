// Pictor change toggle-input-pseudo-elements: a checkbox or radio button with `appearance: none` has none of Chrome's
// painted look and keeps its `::before`/`::after` (Pico's switch: a rounded box and a `::before` thumb). Chromium
// repro: packages/core/test/repros/toggle-input-appearance.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, hp, render } from './render.js';

const sheet = (css: string) => ({ type: 'style', props: { children: css } });

async function svgOf(css: string, input: ReturnType<typeof hp>) {
  return render(
    h('div', { display: 'flex', width: 120, height: 60, background: '#fff' }, sheet(css), input) as never,
    {
      width: 120,
      height: 60,
    },
  );
}

describe('toggle inputs styled by the page', () => {
  it('appearance: none drops the painted checkbox image', async () => {
    const css = 'input { appearance: none; width: 40px; height: 20px; background-color: #cbd5e1 }';
    const plain = await svgOf('input { width: 40px; height: 20px }', hp('input', { type: 'checkbox' }));
    const none = await svgOf(css, hp('input', { type: 'checkbox' }));
    expect(plain).toContain('data:image/svg+xml');
    expect(none).not.toContain('data:image/svg+xml');
  });

  it('a checkbox draws its ::before (the switch thumb)', async () => {
    const css =
      'input { appearance: none; width: 40px; height: 20px } input::before { content: ""; display: block; width: 16px; height: 16px; background: #123456 }';
    const svg = await svgOf(css, hp('input', { type: 'checkbox', role: 'switch' }));
    expect(svg).toContain('#123456');
  });

  it('a text field still has no ::before', async () => {
    const css =
      'input::before { content: ""; display: block; width: 16px; height: 16px; background: #123456 }';
    const svg = await svgOf(css, hp('input', { type: 'text' }));
    expect(svg).not.toContain('#123456');
  });
});
