import { describe, expect, it } from 'vitest';
import { findCssUrls, replaceCssUrls, stripUnusedAtRules, unescapeCss } from '../src/resources/css-urls.js';

describe('CSS url() handling', () => {
  it('finds quoted, unquoted, escaped and upper-case url() tokens, leaving #fragments out', () => {
    const css = `a{background:url(a.png), URL( "b.png" ), url('c\\'d.png'), url(#grad), url(http\\3a //x/e.png)}`;
    expect(findCssUrls(css)).toEqual(['a.png', 'b.png', "c'd.png", 'http://x/e.png']);
  });

  it('replaces each URL and escapes quotes in the replacement', () => {
    const out = replaceCssUrls(
      `x{a:url(a.png) no-repeat; b:url(#g); c:url('b.png')}`,
      (url) => `data:${url}"`,
    );
    expect(out).toBe(`x{a:url("data:a.png\\"") no-repeat; b:url(#g); c:url("data:b.png\\"")}`);
  });

  it('unescapes CSS hex and character escapes', () => {
    expect(unescapeCss('http\\3a //x\\/y\\ z')).toBe('http://x/y z');
    expect(unescapeCss('\\0 \\110000')).toBe('\ufffd\ufffd');
  });

  it('drops @font-face (nested braces included) and @import rules', () => {
    const css = `@import url(x.css) screen;
@font-face{font-family:A;src:url(a.woff2)}
.a{color:red}
@FONT-FACE { src: url(b.woff) ; unicode-range: U+0-7F }
.b{background:url(c.png)}`;
    const out = stripUnusedAtRules(css);
    expect(out).not.toMatch(/font-face|import|woff/i);
    expect(findCssUrls(out)).toEqual(['c.png']);
    expect(out).toContain('.a{color:red}');
  });
});
