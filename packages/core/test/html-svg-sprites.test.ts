/**
 * Issue 41: SVG sprites. `<use href="#id">` referring to a `<symbol>` elsewhere in the document (Bootstrap Icons)
 * drew nothing; each is replaced by a copy of what it refers to (html/elements/svg-sprites.ts). The drawing is
 * checked against Chromium by html-chromium-repros.test.ts (repros/svg-sprite-use.html); here, that it is safe:
 * other files are never referenced, cycles and copies are bounded.
 */
import { describe, expect, it } from 'vitest';
import { MAX_COPIED_NODES } from '../src/html/elements/svg-sprites.js';
import { parseHtml } from '../src/html/parse.js';
import type { SatoriChild, SatoriElement } from '../src/html/types.js';

/** Every element of the tree, depth first. */
function elements(node: SatoriChild, out: SatoriElement[] = []): SatoriElement[] {
  if (!node || typeof node !== 'object') return out;
  out.push(node);
  const kids = node.props.children;
  for (const kid of Array.isArray(kids) ? kids : [kids]) elements(kid as SatoriChild, out);
  return out;
}

const sprite =
  '<svg style="display:none"><symbol id="s" viewBox="0 0 16 16"><path d="M0 0h16v16z"/></symbol></svg>';

describe('SVG <use> references', () => {
  it('a symbol becomes a nested svg with its viewBox, sized by the use (href and xlink:href)', () => {
    for (const use of ['<use href="#s"/>', '<use xlink:href="#s" width="8" height="8"/>']) {
      const { root } = parseHtml(
        `<!doctype html><body>${sprite}<svg width="16" height="16">${use}</svg></body>`,
      );
      const all = elements(root);
      expect(all.some((e) => e.type === 'use')).toBe(false);
      const nested = all.find((e) => e.type === 'svg' && e.props.viewBox === '0 0 16 16' && 'x' in e.props);
      expect(nested).toBeDefined();
      expect(elements(nested as SatoriElement).some((e) => e.type === 'path')).toBe(true);
    }
  });

  it('a reference to another file is dropped with a warning, never loaded', () => {
    const { root, warnings } = parseHtml(
      '<!doctype html><body><svg width="16" height="16"><use href="https://example.com/icons.svg#s"/></svg></body>',
    );
    expect(elements(root).some((e) => e.type === 'use')).toBe(false);
    expect(warnings.join('\n')).toContain('another file');
  });

  it('a cycle (a symbol using itself, two using each other) ends', () => {
    const html = `<!doctype html><body><svg style="display:none">
      <symbol id="a" viewBox="0 0 1 1"><use href="#b"/><use href="#a"/></symbol>
      <symbol id="b" viewBox="0 0 1 1"><use href="#a"/></symbol></svg>
      <svg width="10" height="10"><use href="#a"/></svg></body>`;
    const { root } = parseHtml(html);
    expect(elements(root).length).toBeLessThan(5000);
  });

  it(`copies at most ${MAX_COPIED_NODES} nodes, then warns`, () => {
    const big = `<symbol id="big" viewBox="0 0 1 1">${'<rect width="1" height="1"/>'.repeat(2000)}</symbol>`;
    const uses = '<use href="#big"/>'.repeat(20);
    const { root, warnings } = parseHtml(
      `<!doctype html><body><svg style="display:none">${big}</svg><svg width="10" height="10">${uses}</svg></body>`,
    );
    expect(elements(root).length).toBeLessThan(2000 + MAX_COPIED_NODES + 100);
    expect(warnings.join('\n')).toContain('copies stop');
  });
});
