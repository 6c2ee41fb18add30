/**
 * Issue 41 (jsonresume-theme-kate's section names): when Pictor rewrites a sheet (here for a `-webkit-` alias),
 * css-tree writes a percentage, a `url()` or a function with no space before the next component, which satori reads
 * as one invalid component and drops the declaration. The sheet must come out with the space kept.
 */
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/html/parse.js';

describe('a rewritten sheet', () => {
  it('keeps a percentage, url() or function apart from the component after it', () => {
    const { root } = parseHtml(
      `<style>.a { -webkit-box-shadow: none; font: 140% Helvetica, Arial; margin: 10% auto; transform-origin: 50% 0 }
       .b { background: url(a.png) no-repeat; box-shadow: rgba(0,0,0,.5) 0 1px; background-image: linear-gradient(#fff 0%, #000 100%) }</style><p class="a b">x</p>`,
    );
    const sheet = JSON.stringify(root);
    expect(sheet).toContain('font:140% Helvetica,Arial');
    expect(sheet).toContain('margin:10% auto');
    expect(sheet).toContain('transform-origin:50% 0');
    expect(sheet).toContain('url(a.png) no-repeat');
    expect(sheet).toContain('rgba(0,0,0,.5) 0 1px');
    expect(sheet).toContain('linear-gradient(#fff 0%,#000 100%)');
  });
});
