/**
 * Pictor (mathml-not-laid-out): MathML is not laid out. Chromium lays a `<math>` element out by MathML Core: scripts
 * (`<msub>`, `<msup>`) smaller and shifted, fractions stacked over a rule, `<mtable>` as a table, roots with their
 * radical sign, operators spaced by the operator dictionary, single-letter identifiers in mathematical italic. Pictor
 * converts its elements as unknown inline elements: their text is drawn on one line, in order. The warning names the
 * layout elements of the document's math, once per document, so a page of formulas says what is missing.
 */
import { type Element, isElement } from '../dom.js';

/** MathML elements whose layout (not only their text) makes the formula; drawn as plain inline text. */
const LAYOUT_ELEMENTS = new Set([
  'mfrac',
  'mmultiscripts',
  'mover',
  'mpadded',
  'mroot',
  'msqrt',
  'msub',
  'msubsup',
  'msup',
  'munder',
  'munderover',
  'menclose',
  'mspace',
]);

/** The MathML layout elements in a `<math>` subtree (and `mtable`, laid out in part), in first-seen order. */
export function mathLayoutElements(math: Element, found: Set<string> = new Set()): Set<string> {
  for (const node of math.childNodes) {
    if (!isElement(node)) continue;
    if (LAYOUT_ELEMENTS.has(node.tagName) || node.tagName === 'mtable') found.add(node.tagName);
    mathLayoutElements(node, found);
  }
  return found;
}

/** The warning for a document's math: what is not drawn, with the layout elements it holds (if any). */
export function mathWarning(elements: Iterable<string>): string {
  const all = [...elements];
  const names = all
    .filter((name) => name !== 'mtable')
    .sort()
    .map((name) => `<${name}>`);
  const what =
    names.length > 0
      ? `its layout (${names.join(', ')}: scripts, fractions, roots) and operator spacing are not drawn`
      : 'its operator spacing and mathematical italic are not drawn';
  // Pictor (mathml-tables): a table is laid out, its rows as tall as their lines (Chromium: their glyphs' ink).
  const table = all.includes('mtable')
    ? '; <mtable> is a table whose rows are as tall as their lines, not as their glyphs'
    : '';
  return `MathML is not laid out: the text of <math> is drawn as plain inline text; ${what}${table}`;
}

/** Pictor (mathml-tables): the CSS table display of MathML's table elements (MathML Core's UA sheet). */
export function mathTableDisplay(el: Element): string | undefined {
  if (el.tagName === 'mtable') return 'inline-table';
  if (el.tagName === 'mtr' || el.tagName === 'mlabeledtr') return 'table-row';
  if (el.tagName === 'mtd') return 'table-cell';
  return undefined;
}
