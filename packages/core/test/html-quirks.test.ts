/**
 * Quirks mode (no doctype): Chrome's quirks.css and the margin collapsing quirks, as the converter applies them.
 * Their pixels are checked against Chromium by the repro `quirks-tables-margins`.
 */
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/html/parse.js';
import type { SatoriChild, SatoriElement } from '../src/html/types.js';

function findAll(el: SatoriChild, type: string, out: SatoriElement[] = []): SatoriElement[] {
  if (!el || typeof el !== 'object') return out;
  if (el.type === type) out.push(el);
  const c = el.props.children;
  for (const child of Array.isArray(c) ? c : c === undefined ? [] : [c]) findAll(child, type, out);
  return out;
}

const style = (el: SatoriElement) => (el.props.style ?? {}) as Record<string, string>;
const TRANSITIONAL =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
const preamble = (root: SatoriElement) =>
  findAll(root, 'style')
    .map((s) => String(s.props.children))
    .join('\n');

describe('quirks mode', () => {
  const page = (doctype: string, body: string) =>
    parseHtml(`${doctype}<html><body>${body}</body></html>`).root;

  it('tables cut font inheritance (quirks.css) only without a doctype', () => {
    const body = '<table><tr><td>a</td></tr></table>';
    expect(preamble(page('', body))).toContain('font-size:16px');
    expect(preamble(page(TRANSITIONAL, body))).not.toContain('font-size:16px');
    expect(preamble(page('<!doctype html>', body))).not.toContain('font-size:16px');
  });

  it("zeroes the UA top margin of a cell's or the body's first block and the bottom one of a cell's last <p>", () => {
    const root = page(
      '',
      '<style>.m{margin-top:4px}</style><div style="display:none">preheader</div><p id="b">first</p>' +
        '<table><tr><td><div><p id="n">nested</p></div><ul id="u"><li>x</li></ul><p id="l">last</p></td>' +
        '<td><p class="m" id="m">author</p>text<p id="t">after text</p></td>' +
        '<td><div style="padding-top:2px"><p id="pad">padded</p></div></td></tr></table>',
    );
    const byId = Object.fromEntries(findAll(root, 'p').map((p) => [p.props.id as string, style(p)]));
    expect(byId.b!.marginTop).toBe('0px');
    expect(byId.n!.marginTop).toBe('0px');
    expect(byId.l).toMatchObject({ marginBottom: '0px' });
    expect(byId.l!.marginTop).toBeUndefined();
    expect(style(findAll(root, 'ul')[0]!).marginBottom).toBeUndefined();
    // An author margin stays; text before a block makes it no first block; padding stops the collapsing.
    expect(byId.m!.marginTop).toBeUndefined();
    expect(byId.t!.marginTop).toBeUndefined();
    expect(byId.pad!.marginTop).toBeUndefined();
  });

  it('goes on past an empty anchor and an empty block to the first block (repro quirks-margin-past-empty-boxes)', () => {
    const root = page(
      '',
      '<div><a name="top"></a><div class="titlepage"> </div><div><h2 id="first">Name</h2></div></div>' +
        '<table><tr><td><span></span><div></div><p id="cell">a</p></td>' +
        '<td><div style="padding-top:1px"></div><p id="padded">b</p></td>' +
        '<td><a href="#">link</a><p id="text">c</p></td></tr></table>',
    );
    const margins = Object.fromEntries(
      [...findAll(root, 'h2'), ...findAll(root, 'p')].map((el) => [
        el.props.id as string,
        style(el).marginTop,
      ]),
    );
    expect(margins).toEqual({ first: '0px', cell: '0px', padded: undefined, text: undefined });
  });

  it('keeps margins in limited-quirks and standards mode', () => {
    for (const doctype of [TRANSITIONAL, '<!doctype html>']) {
      const root = page(doctype, '<p>a</p><table><tr><td><p>b</p></td></tr></table>');
      for (const p of findAll(root, 'p')) expect(style(p).marginTop).toBeUndefined();
    }
  });

  it("makes a cell's height its border box's", () => {
    const cell = (doctype: string) =>
      style(
        findAll(
          page(doctype, '<table><tr><td height="30" style="padding:6px">a</td></tr></table>'),
          'td',
        )[0]!,
      );
    expect(cell('')).toMatchObject({ minHeight: '30px', boxSizing: 'border-box' });
    expect(cell('<!doctype html>').boxSizing).toBeUndefined();
  });
});

describe("quirks mode's body that fills the viewport", () => {
  const body = (html: string, height?: number) => {
    const { root } = parseHtml(html, height === undefined ? {} : { viewport: { width: 400, height } });
    return style(findAll(root, 'body')[0]!);
  };

  it('is as tall as the viewport less its margins, so percentage heights in it resolve', () => {
    expect(
      body('<html><body><table height="100%"><tr><td>a</td></tr></table></body></html>', 300),
    ).toMatchObject({
      height: '284px',
    });
    expect(body('<html><body style="margin:0 0 10px"><p>a</p></body></html>', 300).height).toBe('290px');
  });

  it("takes a padded body's padding off as content-box height, so its width and max-width keep the page's sizing", () => {
    // new.css without a doctype: `body { margin: 0 auto; max-width: 750px; padding: 2rem }`.
    expect(
      body('<html><body style="margin:0 auto;max-width:750px;padding:2rem"><p>a</p></body></html>', 300),
    ).toMatchObject({ height: 'calc(300px - 2rem - 2rem)', boxSizing: 'content-box' });
    expect(body('<html><body style="padding:4px 0 0"><p>a</p></body></html>', 300)).toMatchObject({
      height: 'calc(284px - 4px)',
      boxSizing: 'content-box',
    });
    // A percentage padding (of the width) or a border: the fill stays a border-box height.
    expect(body('<html><body style="padding:5%"><p>a</p></body></html>', 300)).toMatchObject({
      height: '284px',
      boxSizing: 'border-box',
    });
  });

  it('keeps a height the page sets, an unknown viewport height, and standards mode', () => {
    expect(body('<html><body style="height:50px"><p>a</p></body></html>', 300).height).toBe('50px');
    expect(body('<html><body><p>a</p></body></html>').height).toBeUndefined();
    expect(body('<!doctype html><html><body><p>a</p></body></html>', 300).height).toBeUndefined();
  });
});
