/**
 * `scrollbar-gutter: stable` on `<html>` belongs to the viewport: Chromium keeps a scrollbar's width free at the
 * viewport's right edge (and at both edges with `both-edges`) even when the page has no scrollbar to show — its
 * headless screenshots hide scrollbars but keep the gutter — so the page lays out 15 px narrower (10 px with
 * `scrollbar-width: thin`, none with `none`), the canvas background running under the gutter. Resets such as Marx's
 * set it, and centred pages then sit 7.5 px left of the centre (issue 41, marx-demo).
 *
 * The root gets the gutter as padding of its own, which keeps its background (the canvas's here) under the gutter;
 * the root's own padding in px is added to (a padding in other units is left as it is).
 */
import type { SatoriElement } from '../types.js';

const GUTTER_PX: Record<string, number> = { auto: 15, thin: 10, none: 0 };

/**
 * Give `root` (`<html>`) the viewport's scrollbar gutter as padding, when its cascaded `scrollbar-gutter` is `stable`.
 * `declaredOnRoot(property)` is the root's cascaded value of a property (undefined when no rule sets it).
 */
export function reserveRootScrollbarGutter(
  root: SatoriElement,
  declaredOnRoot: (property: string) => string | undefined,
): void {
  const gutter = declaredOnRoot('scrollbar-gutter')?.trim().toLowerCase().split(/\s+/);
  if (gutter?.[0] !== 'stable') return;
  const width =
    GUTTER_PX[declaredOnRoot('scrollbar-width')?.trim().toLowerCase() ?? 'auto'] ?? GUTTER_PX.auto;
  if (!width) return;
  const style: Record<string, unknown> = { ...((root.props.style as object) ?? {}) };
  const right = ownPadding(declaredOnRoot, 'right');
  if (right !== undefined) style.paddingRight = right + width;
  if (gutter[1] === 'both-edges') {
    const left = ownPadding(declaredOnRoot, 'left');
    if (left !== undefined) style.paddingLeft = left + width;
  }
  root.props.style = style;
}

/**
 * The root's own padding at `side` in px (0 when none is set: a reset's `* { padding: 0 }` counts as none), or
 * undefined when it is not a length in px, which the gutter is not added to.
 */
function ownPadding(
  declared: (property: string) => string | undefined,
  side: 'right' | 'left',
): number | undefined {
  let value = declared(`padding-${side}`);
  if (value === undefined) {
    const parts = declared('padding')?.trim().split(/\s+/);
    value = parts && (side === 'left' && parts.length === 4 ? parts[3] : (parts[1] ?? parts[0]));
  }
  if (value === undefined) return 0;
  const px = /^(-?[0-9]*\.?[0-9]+)(px)?$/i.exec(value.trim());
  return px && (px[2] !== undefined || Number(px[1]) === 0) ? Number(px[1]) : undefined;
}
