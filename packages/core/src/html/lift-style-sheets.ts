/**
 * Long `<style>` sheets lifted out of the HTML before parse5 tokenises it, and put back in the parsed tree (tuning
 * `styleSheetCache`): parse5 walks a sheet one character at a time, 18 ms for Bootstrap's 232 KB on every render,
 * where `indexOf` finds its end at once (and the sheet cache has it parsed already). Only a sheet parse5 would keep
 * as written in any context is lifted — none of `<`, `&`, CR or NUL in it, the characters parse5 could end a token
 * on, decode or normalise there — so the restored tree is the one parse5 builds from the original source.
 */
import type { Node } from './dom.js';
import { type LiftedSource, restoreTree } from './lift-data-uris.js';

/** Shorter sheets are left to parse5: lifting them would save nothing measurable. */
const MIN_LIFTED_LENGTH = 2048;
const STYLE_START = /<style\b[^>]*>/gi;
/** What ends a `<style>`'s raw text (an end tag named style, case-insensitively). */
const STYLE_END = /<\/style[\s/>]/gi;
const NOT_VERBATIM = /[<&\r\0]/;

/** Lift long `<style>` sheets out of `source`; `undefined` when there is none (parse the source as it is). */
export function liftStyleSheets(source: string): LiftedSource | undefined {
  if (source.length < MIN_LIFTED_LENGTH) return undefined;
  const nonce = Math.random().toString(36).slice(2, 10);
  const prefix = `pictor-sheet-${nonce}-`;
  const sheets: string[] = [];
  const parts: string[] = [];
  let copied = 0;
  STYLE_START.lastIndex = 0;
  for (let start = STYLE_START.exec(source); start; start = STYLE_START.exec(source)) {
    const from = start.index + start[0].length;
    STYLE_END.lastIndex = from;
    const end = STYLE_END.exec(source)?.index ?? -1;
    if (end < 0) break;
    const sheet = source.slice(from, end);
    if (sheet.length >= MIN_LIFTED_LENGTH && !NOT_VERBATIM.test(sheet)) {
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
  return { source: parts.join(''), restore: (root: Node) => restoreTree(root, put) };
}
