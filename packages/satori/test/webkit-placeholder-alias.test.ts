// Pictor change webkit-placeholder-alias (src/handler/stylesheet.ts, `pseudoElementName`): `::-webkit-input-placeholder`
// is Chrome's own name for `::placeholder`. Bulma styles its placeholders only through it (and the -moz- and -ms-
// names, which Chrome drops); satori knew only `::placeholder`, so Bulma's light placeholders were Chrome's default
// #757575. Chromium repro: packages/core/test/repros/webkit-input-placeholder.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, hp, render } from './render.js';

async function placeholderFill(css: string, className: string) {
  const sheet = { type: 'style', props: { children: css } };
  const svg = await render(
    h('div', { display: 'block', width: 300 }, sheet, hp('input', { className, placeholder: 'Your email' })),
    { width: 300, height: 60 },
  );
  return [...svg.matchAll(/<path fill="([^"]+)"/g)].map((m) => m[1]).at(-1);
}

describe('::-webkit-input-placeholder', () => {
  it('styles the placeholder, as ::placeholder does', async () => {
    expect(await placeholderFill('.a::-webkit-input-placeholder { color: #dc2626 }', 'a')).toBe('#dc2626');
  });

  it('in any case', async () => {
    expect(await placeholderFill('.a::-WEBKIT-Input-Placeholder { color: #dc2626 }', 'a')).toBe('#dc2626');
  });

  it('the -moz- name stays dropped', async () => {
    expect(await placeholderFill('.a::-moz-placeholder { color: #dc2626 }', 'a')).toBe('#757575');
  });
});
