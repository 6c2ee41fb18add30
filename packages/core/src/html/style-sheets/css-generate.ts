/**
 * CSS text from a css-tree AST that satori's value parser reads back. css-tree writes a number followed by a signed
 * one without the space between them (`margin: 0 -15px` becomes `margin:0-15px`, Bootstrap 3's `.row`): valid CSS,
 * as a tokenizer splits it again, but satori splits values at white space and drops the whole declaration.
 */
import * as csstree from 'css-tree';

const NUMERIC = new Set(['Number', 'Dimension', 'Percentage']);

/** Put a space between a number and a signed number after it, in every value and function of `node` (in place). */
function separateSignedNumbers(node: csstree.CssNode): void {
  csstree.walk(node, (child: csstree.CssNode) => {
    if (!('children' in child) || !child.children || child.type === 'StyleSheet' || child.type === 'Block')
      return;
    const list = child.children as csstree.List<csstree.CssNode>;
    list.forEach((item, listItem) => {
      const after = listItem.next;
      const next = after?.data;
      if (
        after &&
        next &&
        NUMERIC.has(item.type) &&
        NUMERIC.has(next.type) &&
        /^[-+]/.test((next as csstree.NumberNode).value)
      )
        list.insertData({ type: 'WhiteSpace', value: ' ' }, after);
    });
  });
}

/** `csstree.generate`, with a number and a signed number after it kept apart by a space. */
export function generateCss(node: csstree.CssNode): string {
  separateSignedNumbers(node);
  return csstree.generate(node);
}
