/**
 * Pictor (import-rules-loaded): the `@import` rules of a style sheet, read as Chromium reads them. Only those at the
 * start of the sheet count (after `@charset` and `@layer` statements; one after any other rule is ignored), each
 * with its URL, its `layer` / `layer(name)`, its `supports(…)` condition and its media list. The sheets they name
 * are loaded by load-document-resources.ts and put before the importing sheet, wrapped in their conditions.
 */
import * as csstree from 'css-tree';

/** One `@import` rule: what it names and under which conditions the sheet applies. */
export interface ImportRule {
  url: string;
  /** `@layer` name the sheet goes into: '' for the anonymous `layer`, undefined for none. */
  layer?: string;
  /** A `supports(…)` condition as written inside its parentheses. */
  supports?: string;
  /** The media query list, as written; undefined or '' for every medium. */
  media?: string;
}

/** The text of the prelude from `from` to its end, with the index after the parenthesised group at `from`. */
function group(text: string, from: number): { inner: string; end: number } | undefined {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0)
      return { inner: text.slice(text.indexOf('(', from) + 1, i), end: i + 1 };
  }
  return undefined;
}

/** One `@import` prelude (`url(a.css) layer(x) supports(display: grid) screen`) as a rule, or undefined if invalid. */
export function readImportPrelude(prelude: string): ImportRule | undefined {
  let rest = prelude.trim();
  let url: string;
  const quoted = /^(["'])((?:\\.|(?!\1)[^\\])*)\1/.exec(rest);
  if (quoted) {
    url = quoted[2] as string;
    rest = rest.slice(quoted[0].length);
  } else if (/^url\(/i.test(rest)) {
    const inner = group(rest, 3);
    if (!inner) return undefined;
    url = inner.inner.trim().replace(/^(["'])([\s\S]*)\1$/, '$2');
    rest = rest.slice(inner.end);
  } else return undefined;
  const rule: ImportRule = { url: url.trim() };
  rest = rest.trim();
  const layer = /^layer(\(|\b)/i.exec(rest);
  if (layer) {
    if (layer[1] === '(') {
      const inner = group(rest, 5);
      if (!inner) return undefined;
      rule.layer = inner.inner.trim();
      rest = rest.slice(inner.end).trim();
    } else {
      rule.layer = '';
      rest = rest.slice(5).trim();
    }
  }
  if (/^supports\(/i.test(rest)) {
    const inner = group(rest, 8);
    if (!inner) return undefined;
    rule.supports = inner.inner.trim();
    rest = rest.slice(inner.end).trim();
  }
  if (rest) rule.media = rest;
  return rule;
}

/** The `@import` rules at the start of `css`, in order (none when it cannot be parsed). */
export function readImportRules(css: string): ImportRule[] {
  if (!/@import\b/i.test(css)) return [];
  let ast: csstree.CssNode;
  try {
    ast = csstree.parse(css, { parseAtrulePrelude: false, parseRulePrelude: false, parseValue: false });
  } catch {
    return [];
  }
  if (ast.type !== 'StyleSheet') return [];
  const rules: ImportRule[] = [];
  for (const node of ast.children) {
    if (node.type === 'Atrule') {
      const name = node.name.toLowerCase();
      if (name === 'charset' || (name === 'layer' && !node.block)) continue;
      if (name === 'import') {
        if (node.block) continue;
        const prelude = node.prelude ? csstree.generate(node.prelude) : '';
        const rule = readImportPrelude(prelude);
        if (rule) rules.push(rule);
        continue;
      }
    }
    // Comments and whitespace aside, the first other rule ends the imports.
    if (node.type === 'Comment' || node.type === 'WhiteSpace') continue;
    break;
  }
  return rules;
}

/** `css` inside the import's conditions: `@media`, `@supports` and `@layer` blocks, outermost the media list. */
export function wrapImported(css: string, rule: ImportRule): string {
  let out = css;
  if (rule.layer !== undefined) out = `@layer ${rule.layer}{\n${out}\n}`;
  if (rule.supports) {
    const condition = /^[a-z-]+\s*:/i.test(rule.supports) ? `(${rule.supports})` : rule.supports;
    out = `@supports ${condition}{\n${out}\n}`;
  }
  if (rule.media && rule.media.toLowerCase() !== 'all') out = `@media ${rule.media}{\n${out}\n}`;
  return out;
}
