/**
 * Radio button groups: when a page marks several radio buttons of one group `checked`, a browser checks only the
 * last one (HTML §4.10.5.1.18: a radio button that becomes checked, or is inserted checked, unchecks the others of
 * its group, so as the parser inserts them in tree order the last one stays). A group is the radio buttons of one
 * form owner (an ancestor `<form>`, or the `<form>` a `form` attribute names; none for both) with the same
 * non-empty `name`. Each radio button unchecked so gets {@link UNCHECKED_PROP}: our satori draws it unchecked and
 * never matches `:checked` on it, while `[checked]` still matches it, as in a browser (the attribute stays).
 */
import { type Element, type Node, type ParentNode, getAttr, isElement } from '../dom.js';

/** The prop of a radio button whose `checked` attribute a later one of its group overrode. */
export const UNCHECKED_PROP = 'data-pictor-unchecked';

/** Whether the source may hold a radio group with more than one checked button (a cheap test before walking). */
export function mayHaveRadioGroups(source: string): boolean {
  return /radio/i.test(source) && /checked/i.test(source);
}

const isRadio = (el: Element): boolean =>
  el.tagName === 'input' && getAttr(el, 'type')?.toLowerCase() === 'radio';

/** Mark every checked radio button under `root` that a later checked one of its group unchecks. */
export function uncheckOverriddenRadios(root: ParentNode): void {
  const ids = new Map<string, Element>();
  const radios: { radio: Element; form: Element | null }[] = [];
  const walk = (node: Node, form: Element | null): void => {
    let owner = form;
    if (isElement(node)) {
      if (node.tagName === 'template') return;
      const id = getAttr(node, 'id');
      if (id && !ids.has(id)) ids.set(id, node);
      if (node.tagName === 'form') owner = node;
      else if (isRadio(node) && getAttr(node, 'checked') !== undefined && getAttr(node, 'name')) {
        radios.push({ radio: node, form });
      }
    }
    if ('childNodes' in node) for (const child of node.childNodes) walk(child, owner);
  };
  walk(root, null);
  if (radios.length < 2) return;
  const lastChecked = new Map<Element | null, Map<string, Element>>();
  for (const { radio, form } of radios) {
    const named = getAttr(radio, 'form');
    // The `form` attribute names the owner by id (the first element with it); no form has that id: no owner.
    const byId = named === undefined ? undefined : ids.get(named);
    const owner = named === undefined ? form : byId?.tagName === 'form' ? byId : null;
    const groups = lastChecked.get(owner) ?? new Map<string, Element>();
    lastChecked.set(owner, groups);
    const name = getAttr(radio, 'name') as string;
    const earlier = groups.get(name);
    if (earlier) earlier.attrs.push({ name: UNCHECKED_PROP, value: '' });
    groups.set(name, radio);
  }
}
