/** Small helpers over parse5's default tree: element access by tag, attributes, text content. */
import type { DefaultTreeAdapterTypes } from 'parse5';

export type Node = DefaultTreeAdapterTypes.Node;
export type ParentNode = DefaultTreeAdapterTypes.ParentNode;
export type Element = DefaultTreeAdapterTypes.Element;
export type TextNode = DefaultTreeAdapterTypes.TextNode;

/** True for element nodes (not text, comments or the document). */
export function isElement(node: Node | null | undefined): node is Element {
  return !!node && 'tagName' in node;
}

/** True for text nodes. */
export function isText(node: Node): node is TextNode {
  return node.nodeName === '#text';
}

/** The value of attribute `name`, or undefined. */
export function getAttr(el: Element, name: string): string | undefined {
  for (const attr of el.attrs) if (attr.name === name) return attr.value;
  return undefined;
}

/** Element children of a node, in order. */
export function childElements(node: ParentNode): Element[] {
  return node.childNodes.filter(isElement);
}

/** The element parent of a node, or null at the top. */
export function parentElement(el: Element): Element | null {
  const parent = el.parentNode;
  return isElement(parent as Node) ? (parent as Element) : null;
}

/** Concatenated text of a subtree, whitespace collapsed. */
export function textContent(node: Node): string {
  const parts: string[] = [];
  const walk = (n: Node): void => {
    if (isText(n)) parts.push(n.value);
    else if ('childNodes' in n) for (const c of n.childNodes) walk(c);
  };
  walk(node);
  // HTML's white space only: a no-break space (which `\s` and `trim` would take) is text.
  return parts
    .join('')
    .replace(/[ \t\n\r\f]+/g, ' ')
    .replace(/^ | $/g, '');
}

/**
 * The text of a node as the lines its `<br>`s force, each with HTML's white space collapsed as in `textContent`: a
 * cell's max-content width is its longest line's.
 */
export function textLines(node: Node): string[] {
  const lines: string[][] = [[]];
  const walk = (n: Node): void => {
    if (isText(n)) (lines.at(-1) as string[]).push(n.value);
    else if (isElement(n) && n.tagName === 'br') lines.push([]);
    else if ('childNodes' in n) for (const c of n.childNodes) walk(c);
  };
  walk(node);
  return lines.map((parts) =>
    parts
      .join('')
      .replace(/[ \t\n\r\f]+/g, ' ')
      .replace(/^ | $/g, ''),
  );
}

/** Each element's class attribute as last split: the text it was split from and its names. */
const classLists = new WeakMap<Element, { source: string; names: readonly string[] }>();

const NO_CLASSES: readonly string[] = [];

/**
 * Class names of an element (shared: do not change the list). Split once per attribute text: the HTML stage's
 * cascade asks for them for every rule it matches; an attribute changed since is split again.
 */
export function classList(el: Element): readonly string[] {
  const value = getAttr(el, 'class');
  if (!value) return NO_CLASSES;
  const known = classLists.get(el);
  if (known && known.source === value) return known.names;
  const names = value.split(/\s+/).filter(Boolean);
  classLists.set(el, { source: value, names });
  return names;
}

/** The mark of an element the converter makes that is not in the document (an anonymous box of CSS). */
const ANONYMOUS = Symbol('pictor.anonymous');

/** Mark `el` as an anonymous box: no style rule matches it (it has only what it inherits). */
export function markAnonymous(el: Element): Element {
  (el as Element & { [ANONYMOUS]?: true })[ANONYMOUS] = true;
  return el;
}

/** True for an anonymous box (see `markAnonymous`). */
export function isAnonymous(el: Element): boolean {
  return (el as Element & { [ANONYMOUS]?: true })[ANONYMOUS] === true;
}
