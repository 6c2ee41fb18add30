/**
 * Issue 41 (pandoc's default CSS, `table { display: block; width: 100%; overflow-x: auto }`): a `<table>` that CSS
 * makes a block container is a block in Chromium, its caption and rows in an anonymous table inside it sized to its
 * content (CSS 2.1 §17.2.1). Core converts it so (table-display-block, html/elements/convert.ts `tableAsBlock`; repro `table-display-block`;
 * `inherit` in its rows and cells: repro anonymous-table-inherits).
 */
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/html/parse.js';
import type { SatoriElement } from '../src/html/types.js';
import { all, kids } from './helpers/tree.js';

const style = (el: SatoriElement) => (el.props.style ?? {}) as Record<string, unknown>;

function table(html: string): SatoriElement {
  return all(parseHtml(html).root, 'table')[0]!;
}

describe('a <table> displayed as a block', () => {
  it('is a block holding an anonymous table of its caption and rows, sized to its content', () => {
    const t = table(`<style>table { display: block; width: 100%; border-collapse: collapse }</style>
      <table><caption>Cap</caption><tr><td>a</td><td>b</td></tr></table>`);
    // The sheet's `display: block` stays the element's (no grid of the table translation on it).
    expect(style(t).display).toBeUndefined();
    expect(style(t).gridTemplateColumns).toBeUndefined();
    const inner = kids(t);
    expect(inner).toHaveLength(1);
    const anonymous = inner[0] as SatoriElement;
    expect(anonymous.type).toBe('pictor-table');
    // The anonymous table inherits the element's border-collapse (no spacing) and is as wide as its content.
    expect(style(anonymous)).toMatchObject({ display: 'grid', columnGap: '0px', width: 'fit-content' });
    expect(all(anonymous, 'caption')).toHaveLength(1);
    expect(all(anonymous, 'td').map((td) => style(td).gridColumn)).toEqual(['1 / span 1', '2 / span 1']);
  });

  it('is as wide as a block without a width of its own, and keeps its width attribute, border and bgcolor', () => {
    expect(style(table('<table style="display:block"><tr><td>a</td></tr></table>')).width).toBe('auto');
    const t = table(
      '<table style="display:block" width="200" border="2" bgcolor="#fcc"><tr><td>a</td></tr></table>',
    );
    expect(style(t)).toMatchObject({ width: '200px', border: '2px solid', backgroundColor: '#fcc' });
    // The cells keep the border attribute's 1px borders; the anonymous table draws no border of its own.
    expect(style(all(t, 'pictor-table')[0]!).border).toBeUndefined();
    expect(style(all(t, 'td')[0]!).borderWidth ?? style(all(t, 'td')[0]!).border).toBeDefined();
  });

  it('lets its rows and cells inherit from the <table> element: the anonymous table inherits its box sizing (anonymous-table-inherits)', () => {
    const t = table(`<style>html { box-sizing: border-box } *, ::before, ::after { box-sizing: inherit }
      table { display: inline-block } th { min-width: 100px; padding: 0 16px }</style>
      <table><tr><th>a</th></tr></table>`);
    expect(style(all(t, 'pictor-table')[0]!).boxSizing).toBe('inherit');
  });

  it('leaves a table, flex or grid display to the table translation', () => {
    for (const display of ['table', 'flex', 'grid'])
      expect(style(table(`<table style="display:${display}"><tr><td>a</td></tr></table>`)).display).not.toBe(
        'block',
      );
  });
});
