/**
 * Content that does not fit the canvas: the commonest beginner mistake (`width: 100%; padding: 64px` without
 * `box-sizing: border-box` makes the box 128 px wider than the image) is cut off without a word. satori reports every
 * element's box as it lays it out; this finds the outermost one that reaches past the right or bottom edge of a
 * canvas whose size was given, and says so in one warning. Elements placed with `position: absolute` or `fixed`
 * (decorations hung over the edge on purpose) and everything inside an element that clips its overflow are left out;
 * so are a document's `<html>` and `<body>` themselves.
 */
import { pictorContainmentOf } from '@pictor/satori';
import type { SatoriChild, SatoriElement } from '../html/types.js';

/** An element's box as satori reports it (`onNodeDetected`): CSS pixels from the canvas's top left. */
export interface LaidOutNode {
  key?: string | number | null;
  type: string;
  left: number;
  top: number;
  width: number;
  height: number;
  props?: { style?: Record<string, unknown> };
}

/** Less than this past an edge is rounding, not overflow. */
const TOLERANCE_PX = 0.5;

/**
 * Give each element of the tree its path as its key (`"0"`, `"0.1"`, …): satori hands keys back with the boxes it
 * reports, so the boxes can be told apart by ancestry. Keys change nothing else in satori's layout or drawing.
 */
export function keyElements(root: SatoriElement): void {
  const visit = (node: SatoriChild, path: string): void => {
    if (node === null || typeof node !== 'object') return;
    (node as SatoriElement & { key?: string }).key = path;
    const children = node.props.children;
    const list = Array.isArray(children) ? children : [children];
    list.forEach((child, i) => {
      visit(child, `${path}.${i}`);
    });
  };
  visit(root, '0');
}

function placedOutOfFlow(style: Record<string, unknown> | undefined): boolean {
  return style?.position === 'absolute' || style?.position === 'fixed';
}

/** Whether a box clips its content: `overflow` other than visible, or paint containment (`contain: paint`…). */
function clips(style: Record<string, unknown> | undefined): boolean {
  const values = [style?.overflow, style?.overflowX, style?.overflowY];
  return (
    values.some((v) => v === 'hidden' || v === 'clip') ||
    pictorContainmentOf(style?.contain, style?.contentVisibility).paint
  );
}

/** Why a box with `width: 100%` (or height) is larger than its container, when that is the likely reason. */
function boxSizingHint(style: Record<string, unknown> | undefined, axis: 'width' | 'height'): string {
  if (style?.[axis] !== '100%' || style.boxSizing === 'border-box') return '';
  const sides = axis === 'width' ? ['Left', 'Right'] : ['Top', 'Bottom'];
  const adds = [
    'padding',
    'border',
    'borderWidth',
    ...sides.flatMap((s) => [`padding${s}`, `border${s}Width`, `border${s}`]),
  ];
  if (!adds.some((name) => style[name] !== undefined && !/^0(px)?$/.test(String(style[name]).trim())))
    return '';
  return `: ${axis}: 100% does not include padding and borders; add box-sizing: border-box`;
}

/**
 * The warning for the outermost element reaching past the right or bottom edge of the canvas (only the edges of a
 * size that was given: an automatic size fits its content), or undefined when everything fits.
 */
export function overflowWarning(
  nodes: readonly LaidOutNode[],
  canvas: { width?: number; height?: number },
): string | undefined {
  const excluded = new Set<string>();
  for (const node of nodes) {
    const key = node.key === undefined || node.key === null ? undefined : String(node.key);
    const parent = key?.includes('.') ? key.slice(0, key.lastIndexOf('.')) : undefined;
    const style = node.props?.style;
    if ((parent !== undefined && excluded.has(parent)) || placedOutOfFlow(style)) {
      if (key !== undefined) excluded.add(key);
      continue;
    }
    // A document's <html> and <body> are the page, which may be longer than the image like any web page: the
    // elements inside them are what a reader would miss.
    if (node.type === 'html' || node.type === 'body') continue;
    const right = node.left + node.width;
    const bottom = node.top + node.height;
    const pastRight = canvas.width !== undefined && right > canvas.width + TOLERANCE_PX;
    const pastBottom = canvas.height !== undefined && bottom > canvas.height + TOLERANCE_PX;
    if (pastRight || pastBottom) {
      const size = `${canvas.width ?? 'auto'}×${canvas.height ?? 'auto'}`;
      const edge = pastRight
        ? `reaches x ${Math.round(right)}, past the right edge of the ${size} canvas${boxSizingHint(style, 'width')}`
        : `reaches y ${Math.round(bottom)}, past the bottom edge of the ${size} canvas${boxSizingHint(style, 'height')}`;
      return `content overflows the image and is cut off: a <${node.type}> ${Math.round(node.width)}×${Math.round(node.height)} px ${edge}`;
    }
    if (clips(style) && key !== undefined) excluded.add(key);
  }
  return undefined;
}
