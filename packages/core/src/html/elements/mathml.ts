/**
 * Pictor (mathml-not-laid-out): MathML is laid out only in part. Chromium lays a `<math>` element out by MathML
 * Core: scripts (`<msub>`, `<msup>`) smaller and shifted, fractions stacked over a rule, `<mtable>` as a table, roots
 * with their radical sign, operators spaced by the operator dictionary, single-letter identifiers in mathematical
 * italic. Pictor converts its elements as unknown inline elements (their text on one line, in order), but for
 * `<mtable>` (a CSS table: mathml-tables), the space of common operators (mathml-operator-spacing), scripts and
 * fractions (mathml-scripts-fractions: the UA sheet and `stackedScripts`), and under- and overscripts
 * (mathml-under-over: `underOver`). The warning names the layout elements of
 * the document's math that are still drawn as inline text, once per document, so a page of formulas says what is
 * missing.
 */
import { type Element, getAttr, isElement, isText, parentElement } from '../dom.js';
import { ANONYMOUS_PROP } from '../anonymous.js';
import type { SatoriChild, SatoriElement } from '../types.js';

/** MathML elements whose layout (not only their text) makes the formula; drawn as plain inline text. */
const LAYOUT_ELEMENTS = new Set(['mmultiscripts', 'mpadded', 'mroot', 'msqrt', 'menclose', 'mspace']);

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
      ? `the layout of ${names.join(', ')} (roots, multiscripts and the like) and mathematical italic`
      : 'mathematical italic';
  // Pictor (mathml-tables): a table is laid out, its rows as tall as their lines (Chromium: their glyphs' ink).
  const table = all.includes('mtable')
    ? '; <mtable> rows are as tall as their lines, not as their glyphs'
    : '';
  return `MathML is laid out only in part: the text of <math> is drawn inline, common operators spaced, scripts, fractions, limits and accents stacked; not drawn: ${missing}${table}`;
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
/** 3/18 em on each side (measured in Chromium); large operators (`∑`) too, also around their limits (underOver). */
const NARROW = new Set([...'@∑∏∐⋀⋁⋂⋃⨀⨁⨂⨄⨆']);

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
  // A large operator with limits is spaced with them, around its `<munder>`/`<mover>`/`<munderover>` (underOver).
  const parent = mo.parentNode && 'tagName' in mo.parentNode ? (mo.parentNode as Element) : undefined;
  if (parent && MOVABLE_LIMITS.has(text) && /^(munder|mover|munderover)$/.test(parent.tagName))
    return undefined;
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

/** An anonymous box of `style` holding `children` (no selector matches it; its children match as its parent's). */
function anonymous(type: string, style: Record<string, string>, children: SatoriChild[]): SatoriElement {
  return { type, props: { [ANONYMOUS_PROP]: '', style, children } };
}

/** The element children of a MathML layout element, or undefined unless there are `count` and only white space. */
function mathChildren(kids: SatoriChild[], count: number): SatoriChild[] | undefined {
  const elements = kids.filter((kid) => typeof kid === 'object' && kid !== null);
  const blank = kids.filter((kid) => typeof kid === 'string' && kid.trim() === '').length;
  return elements.length === count && elements.length + blank === kids.length ? elements : undefined;
}

/** A script one level smaller (MathML Core's scale without a MATH table), as the UA sheet sizes `<msup>`'s. */
const SCRIPT = { fontSize: '71%', lineHeight: '0' };

/** A column of superscript over subscript, raised as a superscript (its baseline is the first line's). */
const scriptColumn = (sup: SatoriChild, sub: SatoriChild) =>
  anonymous(
    'pictor-math-scripts',
    {
      display: 'inline-flex',
      flexDirection: 'column',
      fontSize: '71%',
      lineHeight: '1',
      verticalAlign: '0.76em',
      rowGap: '0.12em',
    },
    [sup, sub],
  );

/**
 * Pictor (mathml-scripts-fractions): an `<msubsup>`'s two scripts stacked in one column after its base, the
 * superscript over the subscript (its converted children `base, sub, sup`; white space between them, which
 * MathML does not draw, dropped). The column's baseline is its first line's, the superscript's: it is raised as
 * `<msup>`'s script is (the UA sheet), the subscript below it as far down as `<msub>`'s. Undefined when the
 * element does not hold exactly three children.
 */
export function stackedScripts(kids: SatoriChild[]): SatoriChild[] | undefined {
  const elements = mathChildren(kids, 3);
  if (!elements) return undefined;
  const [base, sub, sup] = elements as [SatoriChild, SatoriChild, SatoriChild];
  return [base, scriptColumn(sup, sub)];
}

/** Large operators whose limits move to the scripts' place in inline math (MathML Core's `movablelimits`). */
const MOVABLE_LIMITS = new Set([...'∑∏∐⋀⋁⋂⋃⨀⨁⨂⨄⨆']);

/** Whether the first child of `el` is an `<mo>` of a large operator (`∑`): spaced with its limits as one operator. */
export function isLargeOperator(el: Element): boolean {
  const base = el.childNodes.find(isElement);
  if (base?.tagName !== 'mo') return false;
  const text = base.childNodes
    .map((node) => (isText(node) ? node.value : ''))
    .join('')
    .trim();
  return MOVABLE_LIMITS.has(text);
}

/**
 * Whether an `<munder>`/`<mover>`/`<munderover>` is drawn with its scripts as sub- and superscripts: in inline math
 * (not in a `<math display="block">`), when its base is an `<mo>` with movable limits (a large operator, or
 * `movablelimits="true"`; never with `movablelimits="false"`).
 */
export function limitsAsScripts(el: Element): boolean {
  const base = el.childNodes.find(isElement);
  if (base?.tagName !== 'mo') return false;
  const movable = getAttr(base, 'movablelimits')?.trim().toLowerCase();
  if (movable === 'false' || !(movable === 'true' || isLargeOperator(el))) return false;
  for (let e: Element | null = el; e; e = parentElement(e))
    if (e.tagName === 'math') return getAttr(e, 'display')?.trim().toLowerCase() !== 'block';
  return true;
}

/**
 * Pictor (mathml-under-over): an `<munder>`, `<mover>` or `<munderover>`'s converted children as MathML Core lays
 * them out: the base with its underscript below and its overscript above, centred on it, in an anonymous column
 * whose baseline is the base's (a column for the underscript, whose first item is the base; a reversed column for
 * the overscript, whose start item is the base); the scripts one level smaller unless `accent`/`accentunder` is
 * true. With `asScripts` (limitsAsScripts) they are drawn as `<msubsup>`'s. Undefined when the children are not
 * the element's two or three.
 */
export function underOver(
  tag: 'munder' | 'mover' | 'munderover',
  kids: SatoriChild[],
  options: { accent: boolean; accentUnder: boolean; asScripts: boolean; largeOperator: boolean },
): SatoriChild[] | undefined {
  const laidOut = stackedUnderOver(tag, kids, options);
  // A large operator's space (3/18 em each side) goes around it with its limits: the embellished operator.
  return laidOut && options.largeOperator
    ? [anonymous('pictor-math-operator', { marginLeft: '0.1667em', marginRight: '0.1667em' }, laidOut)]
    : laidOut;
}

function stackedUnderOver(
  tag: 'munder' | 'mover' | 'munderover',
  kids: SatoriChild[],
  options: { accent: boolean; accentUnder: boolean; asScripts: boolean },
): SatoriChild[] | undefined {
  const elements = mathChildren(kids, tag === 'munderover' ? 3 : 2);
  if (!elements) return undefined;
  const [base, first, second] = elements as [SatoriChild, SatoriChild, SatoriChild | undefined];
  const under = tag === 'mover' ? undefined : first;
  const over = tag === 'mover' ? first : second;
  if (options.asScripts) {
    if (under !== undefined && over !== undefined)
      return [
        base,
        anonymous('pictor-math-scripts', { paddingRight: '0.17em' }, [scriptColumn(over, under)]),
      ];
    const shift = under !== undefined ? '-0.4em' : '0.76em';
    return [
      base,
      anonymous('pictor-math-script', { ...SCRIPT, verticalAlign: shift }, [(under ?? over) as SatoriChild]),
    ];
  }
  // An operator over the base (a bar, a hat, an arrow) has its ink high in its line: with no height of its own it
  // is drawn just over the base's box, where Chromium puts its ink (by the glyph's bounds, not its line).
  const sized = (script: SatoriChild, accent: boolean, above: boolean) => {
    const flat = above && typeof script === 'object' && script !== null && script.type === 'mo';
    const style: Record<string, string> = accent ? {} : { fontSize: '71%' };
    if (flat) style.lineHeight = '0';
    return Object.keys(style).length > 0
      ? anonymous('pictor-math-script', { display: 'block', ...style }, [script])
      : script;
  };
  const column = (direction: string, children: SatoriChild[]) =>
    anonymous(
      'pictor-math-stack',
      { display: 'inline-flex', flexDirection: direction, alignItems: 'center', lineHeight: '1' },
      children,
    );
  const withUnder =
    under !== undefined ? column('column', [base, sized(under, options.accentUnder, false)]) : base;
  return [
    over !== undefined ? column('column-reverse', [withUnder, sized(over, options.accent, true)]) : withUnder,
  ];
}
