/**
 * `overflow` on `<html>`, or on `<body>` when the root's is `visible`, belongs to the viewport (CSS Overflow 3 §3.3):
 * that element does not clip to its own box. Pixels against Chromium: repros root-overflow-viewport and
 * body-overflow-viewport (html-chromium-repros.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { parseHtml } from '../src/html/parse.js';
import type { SatoriChild, SatoriElement } from '../src/html/types.js';
import { createRenderer } from '../src/index.js';
import { decodeImage } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

function body(root: SatoriElement): SatoriElement {
  const c = root.props.children as SatoriChild[];
  return c.find((k): k is SatoriElement => typeof k === 'object' && k?.type === 'body')!;
}

const page = (css: string) =>
  `<!doctype html><html><head><style>${css}</style></head><body><p>x</p></body></html>`;
const style = (el: SatoriElement) => (el.props.style ?? {}) as Record<string, unknown>;

describe('overflow of the root and the body goes to the viewport', () => {
  it('the root never clips: its overflow is visible whatever the sheets say', () => {
    const { root } = parseHtml(
      page('html { overflow-x: hidden; overflow-y: scroll } body { overflow: hidden }'),
    );
    expect(style(root).overflow).toBe('visible');
    // The root's went to the viewport: the body's stays its own.
    expect(style(body(root)).overflow).toBeUndefined();
  });

  it("the body's goes to the viewport when the root's is visible (unset or said so)", () => {
    for (const css of ['body { overflow: hidden }', 'html { overflow: visible } body { overflow-y: auto }']) {
      const { root } = parseHtml(page(css));
      expect(style(body(root)).overflow, css).toBe('visible');
    }
  });

  it("a root's value the sheets cannot tell (a custom property) leaves the body's as it is", () => {
    const { root } = parseHtml(
      page(':root { --o: hidden } html { overflow: var(--o) } body { overflow: hidden }'),
    );
    expect(style(body(root)).overflow).toBeUndefined();
  });

  it('a fragment is no document: its root element still clips (a rounded card)', async () => {
    const html =
      '<div style="width:100px;height:100px;overflow:hidden;border-radius:50px"><div style="width:100px;height:100px;background:#dc2626"></div></div>';
    expect(style(parseHtml(html).root).overflow).toBe('hidden');
    const { pixels, width } = await decodeImage(
      (await renderer.render({ html, width: 100, height: 100, format: 'png' })).data,
    );
    const alpha = (x: number, y: number) => pixels[(y * width + x) * 4 + 3];
    expect(alpha(2, 2)).toBe(0);
    expect(alpha(50, 50)).toBe(255);
  });
});
