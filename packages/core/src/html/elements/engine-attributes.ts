/**
 * Attributes a document may not set. satori reads `children` and `tw` as props of its own (an attribute
 * `children="x"` was drawn as text, `tw="text-red-500"` styled the element as Tailwind, where Chromium ignores
 * both), and `data-pictor-*` marks the engine's own elements and states (a table's column weights, an anonymous box,
 * an unchecked radio button). The engine adds its markers after this runs.
 */
import { type ParentNode, isElement } from '../dom.js';

/** A source that may hold such an attribute (also one written without a space before it): only then is the tree walked. */
const MAY_HAVE = /children|\btw\b|data-pictor-/i;

/** True for an attribute name the engine keeps for itself. */
export function isEngineAttribute(name: string): boolean {
  return name === 'children' || name === 'tw' || name.startsWith('data-pictor-');
}

/** Remove the engine's attributes from every element under `root` (a parsed document or fragment). */
export function dropEngineAttributes(source: string, root: ParentNode): void {
  if (!MAY_HAVE.test(source)) return;
  const stack: ParentNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as ParentNode;
    for (const child of node.childNodes) {
      if (!isElement(child)) continue;
      if (child.attrs.some((a) => isEngineAttribute(a.name)))
        child.attrs = child.attrs.filter((a) => !isEngineAttribute(a.name));
      stack.push(child);
    }
  }
}
