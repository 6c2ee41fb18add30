/** The inline direction a table is laid out in, for the side its columns follow each other on. */
import { type Element, getAttr, parentElement } from '../dom.js';
import type { TableContext } from './table-model.js';

/**
 * Whether `el` is right to left: its `direction`, from its style sheets and `style` attribute, or else its `dir`
 * attribute, or else its parent's (`direction` is inherited; `dir="auto"` and other values are left to the parent).
 */
export function isRightToLeft(el: Element, ctx: TableContext): boolean {
  for (let node: Element | null = el; node; node = parentElement(node)) {
    const direction = ctx.styles.declared(node, 'direction', ctx.inlineOf(node))?.trim().toLowerCase();
    if (direction === 'rtl' || direction === 'ltr') return direction === 'rtl';
    const dir = getAttr(node, 'dir')?.trim().toLowerCase();
    if (dir === 'rtl' || dir === 'ltr') return dir === 'rtl';
  }
  return false;
}
