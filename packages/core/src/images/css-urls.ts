/** Finding and rewriting `url(...)` references in CSS text (inline style values and `<style>` sheets). */

/** `url(x)`, `url("x")`, `url('x')`, with optional spaces; group 1/2/3 hold the raw URL. */
const URL_TOKEN =
  /url\(\s*(?=[^\s])(?:"((?:[^"\\\n]|\\[\s\S])*)"|'((?:[^'\\\n]|\\[\s\S])*)'|((?:[^)"'\s\\]|\\(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{1,5}(?![0-9a-fA-F]))\s?|\\[^0-9a-fA-F])*))\s*\)/gi;

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
 * Pictor (import-rule-whole): where an `@import` rule ends: after the `;` (or block) that closes its prelude, skipping
 * strings, comments and parentheses, or before the `}` that closes the block around it. A `;` inside an unquoted
 * `url(data:image/png;base64,…)` is not its end: cut there (as it was), the rest of the URL became part of the next
 * rule's selector, and that rule was lost (a `body { margin: 0 }`, Furo's visually-hidden labels); Chromium ignores
 * such an import and keeps every later rule.
 */
function importRuleEnd(css: string, from: number): number {
  let depth = 0;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c && css[i] !== '\n'; i++) if (css[i] === '\\') i++;
    } else if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 1;
    } else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (depth === 0 && c === ';') return i + 1;
    else if (depth === 0 && c === '}') return i;
    else if (depth === 0 && c === '{') {
      // An at-rule with a block ends with it (an invalid import, dropped whole).
      let braces = 0;
      for (let j = i; j < css.length; j++) {
        if (css[j] === '{') braces++;
        else if (css[j] === '}' && --braces === 0) return j + 1;
      }
      return css.length;
    }
  }
  return css.length;
}

/** `css` without its `@import` rules, each removed whole (`importRuleEnd`). */
export function withoutImportRules(css: string): string {
  const start = /@import\b/gi;
  let out = '';
  let from = 0;
  for (let match = start.exec(css); match; match = start.exec(css)) {
    out += css.slice(from, match.index);
    from = importRuleEnd(css, match.index + match[0].length);
    start.lastIndex = from;
  }
  return out + css.slice(from);
}

/**
 * Remove `@font-face` and `@import` rules from a style sheet: satori applies neither, and their URLs (fonts,
 * sheets) must not be mistaken for images. Fonts and imported sheets are loaded by the HTML stage instead.
 */
export function stripUnusedAtRules(css: string): string {
  const withoutImports = withoutImportRules(css);
  const fontFace = /@font-face\s*\{/gi;
  let out = '';
  let from = 0;
  for (let match = fontFace.exec(withoutImports); match; match = fontFace.exec(withoutImports)) {
    out += withoutImports.slice(from, match.index);
    let depth = 0;
    let end = withoutImports.length;
    for (let i = match.index + match[0].length - 1; i < withoutImports.length; i++) {
      if (withoutImports[i] === '{') depth++;
      else if (withoutImports[i] === '}' && --depth === 0) {
        end = i + 1;
        break;
      }
    }
    from = end;
    fontFace.lastIndex = end;
  }
  return out + withoutImports.slice(from);
}
