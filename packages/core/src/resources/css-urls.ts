/** Finding and rewriting `url(...)` references in CSS text (inline style values and `<style>` sheets). */

/** `url(x)`, `url("x")`, `url('x')`, with optional spaces; group 1/2/3 hold the raw URL. */
const URL_TOKEN =
  /url\(\s*(?:"((?:[^"\\\n]|\\[\s\S])*)"|'((?:[^'\\\n]|\\[\s\S])*)'|((?:[^)"'\s\\]|\\[0-9a-fA-F]{1,6}\s?|\\[\s\S])*))\s*\)/gi;

/** Undo CSS escapes (`\"`, `\29 `, `\/`) in a URL taken out of CSS. */
export function unescapeCss(text: string): string {
  return text.replace(
    /\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g,
    (_, hex: string | undefined, char: string | undefined) => {
      if (hex) {
        const code = Number.parseInt(hex, 16);
        return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
          ? '\ufffd'
          : String.fromCodePoint(code);
      }
      return char === '\n' ? '' : (char ?? '');
    },
  );
}

/** True for references to something inside the same document (`url(#gradient)`), which are never fetched. */
export function isFragmentUrl(url: string): boolean {
  return url.trim().startsWith('#');
}

/** The URLs referenced by `url(...)` in CSS text, unescaped, in order (fragment references left out). */
export function findCssUrls(css: string): string[] {
  const urls: string[] = [];
  for (const match of css.matchAll(URL_TOKEN)) {
    const url = unescapeCss(match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (url && !isFragmentUrl(url)) urls.push(url);
  }
  return urls;
}

/**
 * Replace every non-fragment `url(...)` token in `css` by what `token(url)` returns for its unescaped URL
 * (the whole token is replaced; fragment references like `url(#gradient)` are kept).
 */
export function replaceCssUrlTokens(css: string, token: (url: string) => string): string {
  return css.replace(
    URL_TOKEN,
    (whole, dq: string | undefined, sq: string | undefined, bare: string | undefined) => {
      const url = unescapeCss(dq ?? sq ?? bare ?? '').trim();
      if (!url || isFragmentUrl(url)) return whole;
      return token(url);
    },
  );
}

/**
 * Replace every non-fragment `url(...)` in `css` by `url("<replacement>")`, where `replace` maps the unescaped
 * URL to its replacement (a data: URI); quotes and backslashes in the replacement are escaped.
 */
export function replaceCssUrls(css: string, replace: (url: string) => string): string {
  return replaceCssUrlTokens(css, (url) => `url(${cssString(replace(url))})`);
}

/** A double-quoted CSS string of `value` (quotes, backslashes and line breaks escaped). */
export function cssString(value: string): string {
  return `"${value.replace(/["\\\n\r\f]/g, (c) => (c === '"' || c === '\\' ? `\\${c}` : `\\${c.charCodeAt(0).toString(16)} `))}"`;
}

/**
 * Remove `@font-face` and `@import` rules from a style sheet: satori applies neither, and their URLs (fonts,
 * sheets) must not be mistaken for images. Fonts and imported sheets are loaded by the HTML stage instead.
 */
export function stripUnusedAtRules(css: string): string {
  let out = css.replace(/@import\b[^;{}]*;?/gi, '');
  for (;;) {
    const match = /@font-face\s*\{/i.exec(out);
    if (!match) return out;
    let depth = 0;
    let end = out.length;
    for (let i = match.index + match[0].length - 1; i < out.length; i++) {
      if (out[i] === '{') depth++;
      else if (out[i] === '}' && --depth === 0) {
        end = i + 1;
        break;
      }
    }
    out = out.slice(0, match.index) + out.slice(end);
  }
}
