/**
 * Pictor (mathml-not-laid-out): MathML is laid out only in part. Chromium lays a `<math>` element out by MathML
 * Core: scripts (`<msub>`, `<msup>`) smaller and shifted, fractions stacked over a rule, `<mtable>` as a table, roots
 * with their radical sign, operators spaced by the operator dictionary, single-letter identifiers in mathematical
 * italic. Pictor converts its elements as unknown inline elements (their text on one line, in order), but for
 * `<mtable>` (a CSS table: mathml-tables), the space of common operators (mathml-operator-spacing), and scripts and
 * fractions (mathml-scripts-fractions: the UA sheet and `stackedScripts`). The warning names the layout elements of
 * the document's math that are still drawn as inline text, once per document, so a page of formulas says what is
 * missing.
 */
import { type Element, isElement, isText } from '../dom.js';
import { ANONYMOUS_PROP } from '../anonymous.js';
import type { SatoriChild, SatoriElement } from '../types.js';

/** MathML elements whose layout (not only their text) makes the formula; drawn as plain inline text. */
const LAYOUT_ELEMENTS = new Set([
  'mmultiscripts',
  'mover',
  'mpadded',
  'mroot',
  'msqrt',
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
  const missing =
    names.length > 0
      ? `the layout of ${names.join(', ')} (roots, under- and overscripts and the like) and mathematical italic`
      : 'mathematical italic';
  // Pictor (mathml-tables): a table is laid out, its rows as tall as their lines (Chromium: their glyphs' ink).
  const table = all.includes('mtable')
    ? '; <mtable> rows are as tall as their lines, not as their glyphs'
    : '';
  return `MathML is laid out only in part: the text of <math> is drawn inline, common operators spaced, scripts and fractions stacked; not drawn: ${missing}${table}`;
}

/** Pictor (mathml-tables): the CSS table display of MathML's table elements (MathML Core's UA sheet). */
export function mathTableDisplay(el: Element): string | undefined {
  if (el.tagName === 'mtable') return 'inline-table';
  if (el.tagName === 'mtr' || el.tagName === 'mlabeledtr') return 'table-row';
  if (el.tagName === 'mtd') return 'table-cell';
  return undefined;
}

/** Relations: 5/18 em on each side in MathML Core's operator dictionary (infix). */
const RELATIONS = new Set([...'=<>≤≥≠≈≡∼≃≅∝→←↔⇒⇐⇔∈∉∋⊂⊃⊆⊇≪≫≺≻⊥∣∥↦⟶⟹≔⩽⩾~']);
/** Binary operators: 4/18 em on each side (infix); none before or after as a prefix. */
const BINARY = new Set([...'+−-±∓×÷·∗∘∙∪∩⊕⊗⊖∧∨⋅⋆∖']);
/** Prefix forms with no space (a sign: `-x`). */
const SIGNS = new Set([...'+−-±∓']);
/** Separators: none before, 3/18 em after. */
const SEPARATORS = new Set([...',;']);
/** 3/18 em on each side (measured in Chromium). */
const NARROW = new Set([...'@']);

/**
 * Pictor (mathml-operator-spacing): the space around an `<mo>` by MathML Core's operator dictionary, as Chromium
 * puts it (its lspace and rspace): a relation (`=`) 5/18 em on each side, a binary operator (`+`) 4/18 em, none
 * after a sign (a `+` or `−` first of several in its row: the prefix form), a comma none before and 3/18 em after.
 * Undefined for operators not listed (fences, others: drawn as before).
 */
export function operatorSpacing(mo: Element): { marginLeft: string; marginRight: string } | undefined {
  const text = mo.childNodes
    .map((node) => (isText(node) ? node.value : ''))
    .join('')
    .trim();
  if ([...text].length !== 1) return undefined;
  const siblings = mo.parentNode ? mo.parentNode.childNodes.filter(isElement) : [mo];
  const prefix = siblings.length > 1 && siblings[0] === mo;
  if (prefix && SIGNS.has(text)) return { marginLeft: '0', marginRight: '0' };
  const space = (left: number, right: number) => ({
    marginLeft: left === 0 ? '0' : `${(left / 18).toFixed(4)}em`,
    marginRight: right === 0 ? '0' : `${(right / 18).toFixed(4)}em`,
  });
  if (RELATIONS.has(text)) return space(5, 5);
  if (BINARY.has(text)) return space(4, 4);
  if (SEPARATORS.has(text)) return space(0, 3);
  if (NARROW.has(text)) return space(3, 3);
  return undefined;
}

/**
 * Pictor (mathml-scripts-fractions): an `<msubsup>`'s two scripts stacked in one column after its base, the
 * superscript over the subscript (its converted children `base, sub, sup`; white space between them, which
 * MathML does not draw, dropped). The column's baseline is its first line's, the superscript's: it is raised as
 * `<msup>`'s script is (the UA sheet), the subscript below it as far down as `<msub>`'s. Undefined when the
 * element does not hold exactly three children.
 */
export function stackedScripts(kids: SatoriChild[]): SatoriChild[] | undefined {
  const elements = kids.filter((kid) => typeof kid === 'object' && kid !== null);
  if (elements.length !== 3 || kids.length - elements.length !== kids.filter(isBlank).length)
    return undefined;
  const [base, sub, sup] = elements;
  const stack: SatoriElement = {
    type: 'pictor-math-scripts',
    props: {
      [ANONYMOUS_PROP]: '',
      style: {
        display: 'inline-flex',
        flexDirection: 'column',
        fontSize: '71%',
        lineHeight: '1',
        verticalAlign: '0.76em',
        rowGap: '0.12em',
      },
      children: [sup, sub],
    },
  };
  return [base, stack];
}

const isBlank = (kid: SatoriChild) => typeof kid === 'string' && kid.trim() === '';
