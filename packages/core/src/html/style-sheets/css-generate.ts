/**
 * CSS text from a css-tree AST that satori's value parser reads back. css-tree writes a number followed by a signed
 * one without the space between them (`margin: 0 -15px` becomes `margin:0-15px`, Bootstrap 3's `.row`), and a
 * string without the spaces around it (`font: 12px "Times New Roman", serif` becomes `font:12px"Times New
 * Roman",serif`, `grid-template-areas: "a b" "c d"` becomes `"a b""c d"`): valid CSS, as a tokenizer splits it
 * again, but satori splits values at white space and drops the whole declaration. It also writes a percentage, a
 * `url()` or a function with nothing after it (`font: 140% Helvetica, Arial` becomes `font:140%Helvetica,Arial`,
 * `margin: 10% auto` `10%auto`, `background: url(a.png) no-repeat` `url(a.png)no-repeat`, `box-shadow: rgba(0,0,0,.5)
 * 0 1px` `rgba(0,0,0,.5)0 1px`).
 */
import * as csstree from 'css-tree';

const NUMERIC = new Set(['Number', 'Dimension', 'Percentage']);

/** Tokens that need no space beside a string: a comma or slash, or a space already there. */
const BESIDE_STRING = new Set(['Operator', 'WhiteSpace']);

/** Tokens css-tree writes with no space after them: a percentage, a `url()`, a function's closing parenthesis. */
const CLOSED = new Set(['Percentage', 'Url', 'Function']);

/**
 * Put a space between a number and a signed number after it, between a string and a token next to it, and after a
 * percentage, `url()` or function followed by another token, in every value and function of `node` (in place).
 */
function separateTokens(node: csstree.CssNode): void {
  csstree.walk(node, (child: csstree.CssNode) => {
    if (!('children' in child) || !child.children || child.type === 'StyleSheet' || child.type === 'Block')
      return;
    const list = child.children as csstree.List<csstree.CssNode>;
    list.forEach((item, listItem) => {
      const after = listItem.next;
      const next = after?.data;
      if (!after || !next) return;
      const signedAfterNumber =
        NUMERIC.has(item.type) && NUMERIC.has(next.type) && /^[-+]/.test((next as csstree.NumberNode).value);
      const besideString =
        (item.type === 'String' || next.type === 'String') &&
        !BESIDE_STRING.has(item.type) &&
        !BESIDE_STRING.has(next.type);
      // Pictor (css-generate-closed-tokens): `140%Helvetica` and `url(a)no-repeat` are one component to satori.
      const afterClosed = CLOSED.has(item.type) && !BESIDE_STRING.has(next.type);
      if (signedAfterNumber || besideString || afterClosed)
        list.insertData({ type: 'WhiteSpace', value: ' ' }, after);
    });
  });
}

/** `csstree.generate`, with the spaces satori needs between the components of a value (see above). */
export function generateCss(node: csstree.CssNode): string {
  separateTokens(node);
  return csstree.generate(node);
}
