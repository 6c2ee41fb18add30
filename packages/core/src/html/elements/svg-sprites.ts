/**
 * SVG sprites: `<svg><use href="#check"/></svg>` drawing a `<symbol>` (or any element) defined elsewhere in the
 * document, as Bootstrap Icons and most icon sprites are used. satori serialises each `<svg>` on its own, so a
 * reference outside it drew nothing: each such `<use>` is replaced by a copy of what it refers to, as SVG renders
 * it (SVG 2 §5.6.2): a `<symbol>` (or `<svg>`) as a nested `<svg>` with its `viewBox` and `preserveAspectRatio`,
 * sized by the `<use>`'s `width`/`height` (100% when absent), any other element in a `<g>` moved by the `<use>`'s
 * `x`/`y`. The `<use>`'s other attributes (fill, class, style, transform) go on a wrapping `<g>`.
 *
 * Safely: only same-document references (`#id`); a reference to another file is dropped with a warning, never
 * loaded. References inside copies are resolved too, to a depth of {@link MAX_USE_DEPTH} (a cycle ends there),
 * and no more than {@link MAX_COPIED_NODES} nodes are copied per document (a warning says when uses were left out).
 */
import type { DefaultTreeAdapterTypes } from 'parse5';
import { type Element, type Node, type ParentNode, getAttr, isElement } from '../dom.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** How deep `<use>` inside copied content is followed. */
export const MAX_USE_DEPTH = 8;
/** How many nodes all copies of one document may add. */
export const MAX_COPIED_NODES = 20_000;

/** The `<use>`'s reference: `href`, or SVG 1.1's `xlink:href` (parse5 keeps its prefix apart). */
function reference(use: Element): string | undefined {
  const attr =
    use.attrs.find((a) => a.name === 'href' && !a.prefix) ??
    use.attrs.find((a) => a.name === 'href' || a.name === 'xlink:href');
  return attr?.value.trim();
}

function attr(name: string, value: string): Element['attrs'][number] {
  return { name, value };
}

function element(tagName: string, attrs: Element['attrs'][number][], parent: ParentNode): Element {
  return {
    nodeName: tagName,
    tagName,
    attrs,
    namespaceURI: SVG_NS as Element['namespaceURI'],
    childNodes: [],
    parentNode: parent,
  } as Element;
}

/** The ids of the document, the first element with each, and its `<use>` elements inside `<svg>`, in order. */
function index(root: ParentNode): { ids: Map<string, Element>; uses: Element[] } {
  const ids = new Map<string, Element>();
  const uses: Element[] = [];
  const walk = (node: Node, inSvg: boolean): void => {
    if (!isElement(node) && !('childNodes' in node)) return;
    let svg = inSvg;
    if (isElement(node)) {
      const id = getAttr(node, 'id');
      if (id && !ids.has(id)) ids.set(id, node);
      if (node.tagName === 'svg') svg = true;
      if (svg && node.tagName === 'use') uses.push(node);
      if (node.tagName === 'template') return;
    }
    for (const child of (node as ParentNode).childNodes) walk(child, svg);
  };
  walk(root as Node, false);
  return { ids, uses };
}

/** A deep copy of `node` under `parent`, without `id` attributes (ids stay unique); counts into `budget`. */
function copy(node: Node, parent: ParentNode, budget: { left: number }): Node | null {
  if (budget.left <= 0) return null;
  budget.left--;
  if (!isElement(node)) {
    return 'value' in node ? ({ ...node, parentNode: parent } as Node) : null;
  }
  const clone = element(
    node.tagName,
    node.attrs.filter((a) => a.name !== 'id').map((a) => ({ ...a })),
    parent,
  );
  for (const child of node.childNodes) {
    const c = copy(child, clone, budget);
    if (c) clone.childNodes.push(c as DefaultTreeAdapterTypes.ChildNode);
  }
  return clone;
}

/** What replaces a `<use>` that refers to `target`. */
function replacement(use: Element, target: Element, parent: ParentNode, budget: { left: number }): Element {
  const own = (name: string) => getAttr(use, name);
  const passed = use.attrs.filter(
    (a) =>
      !['href', 'xlink:href', 'x', 'y', 'width', 'height', 'id'].includes(a.name) && a.prefix !== 'xlink',
  );
  const group = element('g', passed, parent);
  const x = own('x') ?? '0';
  const y = own('y') ?? '0';
  let body: Element;
  if (target.tagName === 'symbol' || target.tagName === 'svg') {
    const attrs = [
      attr('x', x),
      attr('y', y),
      attr('width', own('width') ?? '100%'),
      attr('height', own('height') ?? '100%'),
    ];
    for (const name of ['viewBox', 'preserveAspectRatio']) {
      const value = getAttr(target, name);
      if (value !== undefined) attrs.push(attr(name, value));
    }
    // A symbol's presentation attributes (fill, stroke) apply to its content.
    for (const a of target.attrs)
      if (
        !['id', 'viewBox', 'preserveAspectRatio', 'x', 'y', 'width', 'height', 'class', 'style'].includes(
          a.name,
        )
      )
        attrs.push({ ...a });
    body = element('svg', attrs, group);
    for (const child of target.childNodes) {
      const c = copy(child, body, budget);
      if (c) body.childNodes.push(c as DefaultTreeAdapterTypes.ChildNode);
    }
  } else {
    body = element('g', x === '0' && y === '0' ? [] : [attr('transform', `translate(${x} ${y})`)], group);
    const c = copy(target, body, budget);
    if (c) body.childNodes.push(c as DefaultTreeAdapterTypes.ChildNode);
  }
  group.childNodes.push(body);
  return group;
}

/**
 * Replaces every `<use href="#id">` inside an `<svg>` of `root` by a copy of the element it refers to, in place.
 * `warn` hears of references to other files (not loaded) and of copies left out at the bound.
 */
export function resolveSvgUses(root: ParentNode, warn: (message: string) => void): void {
  const { ids, uses } = index(root);
  if (uses.length === 0) return;
  const budget = { left: MAX_COPIED_NODES };
  let pending = uses.map((use) => ({ use, depth: 0 }));
  for (let depth = 0; pending.length > 0 && depth <= MAX_USE_DEPTH; depth++) {
    const next: { use: Element; depth: number }[] = [];
    for (const { use } of pending) {
      const parent = use.parentNode;
      if (!parent) continue;
      const ref = reference(use);
      if (!ref) continue;
      const at = parent.childNodes.indexOf(use as DefaultTreeAdapterTypes.ChildNode);
      const target = ref.startsWith('#') ? ids.get(decodeURIComponent(ref.slice(1))) : undefined;
      if (!ref.startsWith('#'))
        warn(`<use href="${ref}"> refers to another file, which is not loaded; it draws nothing`);
      if (!target || budget.left <= 0 || isInside(use, target)) {
        if (target && budget.left <= 0)
          warn(`SVG <use> copies stop at ${MAX_COPIED_NODES} nodes; the rest draw nothing`);
        parent.childNodes.splice(at, 1);
        continue;
      }
      const group = replacement(use, target, parent, budget);
      parent.childNodes.splice(at, 1, group);
      next.push(...index(group).uses.map((u) => ({ use: u, depth: depth + 1 })));
    }
    pending = next;
  }
  // Past the depth bound (a cycle): the remaining references draw nothing.
  for (const { use } of pending) {
    const parent = use.parentNode;
    if (parent)
      parent.childNodes.splice(parent.childNodes.indexOf(use as DefaultTreeAdapterTypes.ChildNode), 1);
  }
}

/** Whether `use` is inside `target` (a reference to an ancestor would copy itself forever). */
function isInside(use: Element, target: Element): boolean {
  for (let p: ParentNode | null = use; p; p = (p as Element).parentNode ?? null)
    if (p === target) return true;
  return false;
}
