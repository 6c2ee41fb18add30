/**
 * `overflow` on `<html>` or `<body>` belongs to the viewport (CSS Overflow 3, §3.3 "Overflow Viewport Propagation"):
 * the root's value is applied to the viewport, or, when the root's is `visible`, the body's; the element it came from
 * then has `visible` itself. The viewport of an image is its canvas, which clips anyway, so what remains is that
 * neither element clips its content to its own box: Bulma's `html { overflow-x: hidden; overflow-y: scroll }` does not
 * cut a page at the html box, as it does not in a browser — and does not put a clip and a mask of the whole canvas on
 * every element of the page, which cost resvg a canvas-sized mask per element (issue 41, bulma-admin).
 */
import type { SatoriElement } from '../types.js';

const OVERFLOW_PROPERTIES = ['overflow', 'overflow-x', 'overflow-y'];

/**
 * Give `<html>` (`root`) and, when its overflow goes to the viewport, `<body>` (`body`) `overflow: visible` in their
 * inline style, under any `!important` of the sheets. `declaredOnRoot(property)` and `declaredOnBody(property)` are
 * each element's cascaded value of an overflow property (undefined when no rule sets it).
 */
export function propagateOverflowToViewport(
  root: SatoriElement,
  body: SatoriElement | undefined,
  declaredOnRoot: (property: string) => string | undefined,
  declaredOnBody: (property: string) => string | undefined,
): void {
  // The root's own value is always `visible`: either it was, or it went to the viewport.
  setVisible(root);
  // The body's goes to the viewport when the root's is `visible` (not set, or set so in so many words).
  const rootValues = OVERFLOW_PROPERTIES.map(declaredOnRoot).filter((v) => v !== undefined);
  const bodySets = OVERFLOW_PROPERTIES.some((p) => declaredOnBody(p) !== undefined);
  if (body && bodySets && rootValues.every((v) => /^\s*visible\s*$/i.test(v))) setVisible(body);
}

function setVisible(el: SatoriElement): void {
  el.props.style = { ...((el.props.style as object) ?? {}), overflow: 'visible' };
}
