/**
 * Long `<style>` sheets lifted out of the HTML before parse5 tokenises it, and put back in the parsed tree (tuning
 * `styleSheetCache`): parse5 walks a sheet one character at a time, 18 ms for Bootstrap's 232 KB on every render,
 * where `indexOf` finds its end at once (and the sheet cache has it parsed already). Only a sheet parse5 would keep
 * as written is lifted — none of `&`, CR or NUL in it, which parse5 could decode or normalise — so the restored tree
 * is the one parse5 builds from the original source. A sheet without `<` is kept as written in any context. One with
 * a `<` (AdminLTE's `<http://adminlte.io>` in a comment) is kept as written only as the raw text of an HTML `<style>`,
 * where nothing but its end tag ends it: it is lifted too, and the tree is taken only when its marker came out as the
 * whole text of such an element (otherwise — inside `<svg>`, a comment, a `<textarea>`… — the source is parsed again
 * with those sheets left in place).
 */
import type { Node } from './dom.js';
import { type LiftedSource, restoreTree } from './lift-data-uris.js';

/** Shorter sheets are left to parse5: lifting them would save nothing measurable. */
const MIN_LIFTED_LENGTH = 2048;
const STYLE_START = /<style\b[^>]*>/gi;
/** What ends a `<style>`'s raw text (an end tag named style, case-insensitively). */
const STYLE_END = /<\/style[\s/>]/gi;
const NOT_VERBATIM = /[&\r\0]/;
/** What parse5 reads as markup outside raw text. */
const MARKUP = /</;
/** parse5's namespace of HTML elements. */
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

/** Lifted sheets; `restore` says false when a sheet with `<` did not come out as the raw text of an HTML `<style>`. */
export interface LiftedSheets extends LiftedSource {
  restore(root: Node): boolean;
}

/**
 * Parse `source` (with `parse`) with its long sheets lifted and put back: parse5's own tree of `source`. Parsed a
 * second time, with the sheets that hold `<` left in place, when one of those was not in raw text.
 */
export function parseLiftingSheets<T extends object>(source: string, parse: (text: string) => T): T {
  const sheets = liftStyleSheets(source);
  if (!sheets) return parse(source);
  const tree = parse(sheets.source);
  if (sheets.restore(tree as Node)) return tree;
  const verbatim = liftStyleSheets(source, { withMarkup: false });
  const again = parse(verbatim?.source ?? source);
  verbatim?.restore(again as Node);
  return again;
}

/**
 * Lift long `<style>` sheets out of `source`; `undefined` when there is none (parse the source as it is).
 * `withMarkup: false` leaves the sheets with `<` in place.
 */
export function liftStyleSheets(
  source: string,
  { withMarkup = true }: { withMarkup?: boolean } = {},
): LiftedSheets | undefined {
  if (source.length < MIN_LIFTED_LENGTH) return undefined;
  const nonce = Math.random().toString(36).slice(2, 10);
  const prefix = `pictor-sheet-${nonce}-`;
  const sheets: string[] = [];
  /** The markers of the sheets with `<`, which must come out as the whole raw text of an HTML `<style>`. */
  const checked = new Set<string>();
  const parts: string[] = [];
  let copied = 0;
  STYLE_START.lastIndex = 0;
  for (let start = STYLE_START.exec(source); start; start = STYLE_START.exec(source)) {
    const from = start.index + start[0].length;
    STYLE_END.lastIndex = from;
    const end = STYLE_END.exec(source)?.index ?? -1;
    if (end < 0) break;
    const sheet = source.slice(from, end);
    const markup = MARKUP.test(sheet);
    if (sheet.length >= MIN_LIFTED_LENGTH && !NOT_VERBATIM.test(sheet) && (withMarkup || !markup)) {
      if (markup) checked.add(`${prefix}${sheets.length}`);
      parts.push(source.slice(copied, from), `${prefix}${sheets.length}`);
      sheets.push(sheet);
      copied = end;
    }
    STYLE_START.lastIndex = end;
  }
  if (sheets.length === 0) return undefined;
  parts.push(source.slice(copied));
  const marker = new RegExp(`pictor-sheet-${nonce}-(\\d+)`, 'g');
  const put = (value: string): string =>
    value.includes(prefix) ? value.replace(marker, (_, index: string) => sheets[Number(index)] ?? '') : value;
  return {
    source: parts.join(''),
    restore: (root: Node) => {
      if (checked.size > 0 && !inRawText(root, checked, marker, prefix)) return false;
      restoreTree(root, put);
      return true;
    },
  };
}

/**
 * True when each of the `checked` markers is the whole text of an HTML `<style>` element, once, and no other text,
 * comment or attribute value holds one of them. `marker` finds the lifted sheets' markers (their number captured).
 */
function inRawText(root: Node, checked: ReadonlySet<string>, marker: RegExp, prefix: string): boolean {
  const found = new Set<string>();
  const holdsChecked = (value: string) =>
    value.includes(prefix) && [...value.matchAll(marker)].some(([whole]) => checked.has(whole));
  let elsewhere = false;
  const visit = (node: Node, parent: Node | undefined): void => {
    const any = node as unknown as {
      tagName?: string;
      namespaceURI?: string;
      attrs?: { value: string }[];
      value?: string;
      data?: string;
      childNodes?: Node[];
      content?: Node;
    };
    if (any.attrs?.some((attr) => holdsChecked(attr.value))) elsewhere = true;
    if (typeof any.data === 'string' && holdsChecked(any.data)) elsewhere = true;
    if (typeof any.value === 'string' && holdsChecked(any.value)) {
      const style = parent as typeof any | undefined;
      const whole =
        checked.has(any.value) &&
        !found.has(any.value) &&
        style?.tagName === 'style' &&
        style.namespaceURI === HTML_NAMESPACE &&
        style.childNodes?.length === 1;
      if (whole) found.add(any.value);
      else elsewhere = true;
    }
    if (any.childNodes) for (const child of any.childNodes) visit(child, node);
    if (any.content) visit(any.content, node);
  };
  visit(root, undefined);
  return !elsewhere && found.size === checked.size;
}
