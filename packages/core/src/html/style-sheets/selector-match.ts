/**
 * Matches css-tree selectors against parse5 elements, for the few properties the HTML stage must know
 * before satori runs (table borders and spacing, row backgrounds, the body background).
 * Pseudo-elements, interaction pseudo-classes and nesting never match: the answer errs on "not matched".
 */
import type { CssNode } from 'css-tree';
import { unescapeCssIdentifier } from './css-escape.js';
import { type Element, classList, getAttr, isElement, parentElement } from '../dom.js';

type Specificity = [number, number, number];

/** One compound selector and the combinator that links it to the compound on its left. */
interface Compound {
  parts: CssNode[];
  /**
   * What each part compares, worked out once: a class or id selector's name unescaped, a type selector's tag in
   * lower case (undefined for `*` and for other parts).
   */
  names: (string | undefined)[];
  combinator: string | null;
}

/**
 * Each selector's compounds, split once (sheets are parsed once per worker, so their selector nodes live on): the
 * HTML stage matched 18,000 selectors on latex-css-article, each split anew from css-tree's linked list.
 */
const compoundsOf = new WeakMap<CssNode, Compound[]>();

/** How many selectors were split into compounds in this thread (each once: `compoundsOf`). */
let selectorsSplit = 0;

/** The count of selectors split into compounds so far in this thread (for tests: a selector is split once). */
export function selectorsSplitCount(): number {
  return selectorsSplit;
}

function compounds(selector: CssNode): Compound[] {
  let known = compoundsOf.get(selector);
  if (!known) {
    known = splitCompounds(selector);
    compoundsOf.set(selector, known);
    selectorsSplit++;
  }
  return known;
}

function splitCompounds(selector: CssNode): Compound[] {
  const out: Compound[] = [{ parts: [], names: [], combinator: null }];
  if (selector.type !== 'Selector') return out;
  selector.children.forEach((node) => {
    if (node.type === 'Combinator') out.push({ parts: [], names: [], combinator: node.name });
    else {
      const compound = out[out.length - 1]!;
      compound.parts.push(node);
      compound.names.push(comparedName(node));
    }
  });
  // A leading combinator (relative selector) is not supported here.
  return out;
}

/** What `matchCompound` compares a part with (see `Compound.names`). */
function comparedName(part: CssNode): string | undefined {
  if (part.type === 'ClassSelector' || part.type === 'IdSelector') return unescapeCssIdentifier(part.name);
  if (part.type === 'TypeSelector' && part.name !== '*') return part.name.toLowerCase();
  return undefined;
}

function siblingsOf(el: Element): Element[] {
  const parent = el.parentNode;
  return parent ? parent.childNodes.filter(isElement) : [el];
}

/**
 * The first element among `el`'s siblings (itself included) in document order, or the last with `fromEnd`, of
 * `el`'s tag when `sameTag`: found by walking the parent's children from that end, without listing them all.
 */
function edgeSibling(el: Element, fromEnd: boolean, sameTag = false): Element | undefined {
  const nodes = el.parentNode?.childNodes;
  if (!nodes) return el;
  const step = fromEnd ? -1 : 1;
  for (let i = fromEnd ? nodes.length - 1 : 0; i >= 0 && i < nodes.length; i += step) {
    const node = nodes[i];
    if (isElement(node) && (!sameTag || node.tagName === el.tagName)) return node;
  }
  return undefined;
}

/** The element just before `el` among its siblings, or undefined. */
function previousElement(el: Element): Element | undefined {
  const nodes = el.parentNode?.childNodes;
  if (!nodes) return undefined;
  for (let i = nodes.indexOf(el) - 1; i >= 0; i--) {
    const node = nodes[i];
    if (isElement(node)) return node;
  }
  return undefined;
}

/** The arguments of a pseudo-class, listed once per node. */
const argumentsOf = new WeakMap<CssNode, CssNode[]>();

function nthMatches(a: number, b: number, index: number): boolean {
  if (a === 0) return index === b;
  const n = (index - b) / a;
  return Number.isInteger(n) && n >= 0;
}

function parseNth(node: CssNode): { a: number; b: number; of: CssNode | null } | null {
  if (node.type !== 'Nth') return null;
  const nth = node.nth;
  if (nth.type === 'Identifier') {
    if (nth.name === 'odd') return { a: 2, b: 1, of: node.selector };
    if (nth.name === 'even') return { a: 2, b: 0, of: node.selector };
    return null;
  }
  return { a: Number(nth.a ?? 0), b: Number(nth.b ?? 0), of: node.selector };
}

function matchPseudo(el: Element, node: CssNode & { type: 'PseudoClassSelector' }): boolean {
  const name = node.name.toLowerCase();
  let args = argumentsOf.get(node);
  if (!args) {
    args = node.children ? node.children.toArray() : [];
    argumentsOf.set(node, args);
  }
  switch (name) {
    case 'root':
      return parentElement(el) === null || parentElement(el)?.tagName === undefined;
    case 'first-child':
      return edgeSibling(el, false) === el;
    case 'last-child':
      return edgeSibling(el, true) === el;
    case 'only-child':
      return edgeSibling(el, false) === el && edgeSibling(el, true) === el;
    case 'first-of-type':
      return edgeSibling(el, false, true) === el;
    case 'last-of-type':
      return edgeSibling(el, true, true) === el;
    case 'nth-child':
    case 'nth-last-child':
    case 'nth-of-type':
    case 'nth-last-of-type': {
      const nth = args[0] ? parseNth(args[0]) : null;
      if (!nth) return false;
      let list = siblingsOf(el);
      if (name.includes('of-type')) list = list.filter((s) => s.tagName === el.tagName);
      if (nth.of) list = list.filter((s) => matchesSelectorList(s, nth.of!));
      if (name.includes('last')) list = [...list].reverse();
      const index = list.indexOf(el) + 1;
      return index > 0 && nthMatches(nth.a, nth.b, index);
    }
    case 'is':
    case 'where':
    case 'matches':
      return args.some((arg) => matchesSelectorList(el, arg));
    case 'not':
      return !args.some((arg) => matchesSelectorList(el, arg));
    default:
      return false;
  }
}

function matchAttribute(el: Element, node: CssNode & { type: 'AttributeSelector' }): boolean {
  const actual = getAttr(el, node.name.name.toLowerCase());
  if (actual === undefined) return false;
  if (!node.matcher || !node.value) return true;
  const expected = node.value.type === 'String' ? node.value.value : (node.value as { name: string }).name;
  const insensitive = node.flags === 'i';
  const a = insensitive ? actual.toLowerCase() : actual;
  const e = insensitive ? expected.toLowerCase() : expected;
  switch (node.matcher) {
    case '=':
      return a === e;
    case '~=':
      return a.split(/\s+/).includes(e);
    case '|=':
      return a === e || a.startsWith(`${e}-`);
    case '^=':
      return e !== '' && a.startsWith(e);
    case '$=':
      return e !== '' && a.endsWith(e);
    case '*=':
      return e !== '' && a.includes(e);
    default:
      return false;
  }
}

function matchCompound(el: Element, { parts, names }: Compound): boolean {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    switch (part.type) {
      case 'TypeSelector':
        if (names[i] !== undefined && names[i] !== el.tagName) return false;
        break;
      case 'ClassSelector':
        if (!classList(el).includes(names[i]!)) return false;
        break;
      case 'IdSelector':
        if (getAttr(el, 'id') !== names[i]) return false;
        break;
      case 'AttributeSelector':
        if (!matchAttribute(el, part)) return false;
        break;
      case 'PseudoClassSelector':
        if (!matchPseudo(el, part)) return false;
        break;
      default:
        // Pseudo-elements, nesting selectors and anything unknown: not this element.
        return false;
    }
  }
  return true;
}

function matchFrom(el: Element, compounds: Compound[], index: number): boolean {
  const compound = compounds[index]!;
  if (!matchCompound(el, compound)) return false;
  if (index === 0) return true;
  switch (compound.combinator) {
    case '>': {
      const parent = parentElement(el);
      return !!parent && matchFrom(parent, compounds, index - 1);
    }
    case ' ': {
      for (let p = parentElement(el); p; p = parentElement(p))
        if (matchFrom(p, compounds, index - 1)) return true;
      return false;
    }
    case '+': {
      const prev = previousElement(el);
      return !!prev && matchFrom(prev, compounds, index - 1);
    }
    case '~': {
      const siblings = siblingsOf(el);
      return siblings.slice(0, siblings.indexOf(el)).some((s) => matchFrom(s, compounds, index - 1));
    }
    default:
      return false;
  }
}

/** How many times `matchesSelector` was called in this thread. */
let selectorsMatched = 0;

/** The count of `matchesSelector` calls so far in this thread (for tests: the cascade matches a rule once). */
export function selectorsMatchedCount(): number {
  return selectorsMatched;
}

/** True when `el` matches the css-tree `Selector` node. */
export function matchesSelector(el: Element, selector: CssNode): boolean {
  selectorsMatched++;
  const split = compounds(selector);
  return matchFrom(el, split, split.length - 1);
}

/** True when `el` matches any selector of a css-tree `SelectorList` (or single `Selector`). */
export function matchesSelectorList(el: Element, list: CssNode): boolean {
  if (list.type === 'SelectorList') return list.children.some((s) => matchesSelector(el, s));
  return matchesSelector(el, list);
}

/** Specificity (ids, classes, types) of a css-tree `Selector`. */
export function specificity(selector: CssNode): Specificity {
  const result: Specificity = [0, 0, 0];
  const add = (s: Specificity): void => {
    result[0] += s[0];
    result[1] += s[1];
    result[2] += s[2];
  };
  const maxOf = (list: CssNode): Specificity => {
    let best: Specificity = [0, 0, 0];
    const items = list.type === 'SelectorList' ? list.children.toArray() : [list];
    for (const s of items) {
      const sp = specificity(s);
      if (compareSpecificity(sp, best) > 0) best = sp;
    }
    return best;
  };
  if (selector.type !== 'Selector') return result;
  selector.children.forEach((node) => {
    if (node.type === 'IdSelector') result[0]++;
    else if (node.type === 'ClassSelector' || node.type === 'AttributeSelector') result[1]++;
    else if (node.type === 'TypeSelector' && node.name !== '*') result[2]++;
    else if (node.type === 'PseudoElementSelector') result[2]++;
    else if (node.type === 'PseudoClassSelector') {
      const name = node.name.toLowerCase();
      if (name === 'where') return;
      const arg = node.children?.first;
      if ((name === 'is' || name === 'not' || name === 'matches') && arg) add(maxOf(arg));
      else result[1]++;
    }
  });
  return result;
}

/** Orders two specificities: negative, zero or positive. */
export function compareSpecificity(a: Specificity, b: Specificity): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
