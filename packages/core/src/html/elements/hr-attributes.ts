/**
 * The presentational attributes of `<hr>` as Chrome maps them to style (`HTMLHRElement`): `color` → a solid border
 * and a background of that colour, `noshade` (without `color`) → the same in grey (#808080), `size` ≤ 1 → no bottom
 * border, a larger `size` → a height of size − 2 px, `width` → the width (0 → 1 px), `align` → the inline margins.
 * E-mail templates draw their rules so (`<hr color="#E0E0E0" size="1" noshade>`). They are hints: a property the
 * page's CSS sets is the page's.
 */
import { type Element, getAttr } from '../dom.js';

const SIDES = ['top', 'right', 'bottom', 'left'];
const LOGICAL = ['block', 'inline', 'block-start', 'block-end', 'inline-start', 'inline-end'];
/** The properties that set a border's `part` (color, style, width) on some side. */
const borderPart = (part: string) => [
  'border',
  `border-${part}`,
  ...[...SIDES, ...LOGICAL].flatMap((side) => [`border-${side}`, `border-${side}-${part}`]),
];

/** An HTML length attribute (`120`, `50%`) as CSS, or undefined. */
function htmlLength(value: string): string | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(%?)/.exec(value);
  if (!match) return undefined;
  return `${match[1]}${match[2] || 'px'}`;
}

/**
 * The style an `<hr>`'s attributes ask for, each property where `declares` (the page's CSS for the element) says
 * none of the properties that set it is declared.
 */
export function hrAttributeStyle(
  hr: Element,
  declares: (...properties: string[]) => boolean,
): Record<string, string> {
  const style: Record<string, string> = {};
  const set = (property: string, value: string, ...setBy: string[]) => {
    if (!declares(...setBy)) style[property] = value;
  };
  const color = getAttr(hr, 'color')?.trim();
  // Blink's dark grey (Color::kDarkGray) is #808080, not CSS darkgray.
  const fill = color || (getAttr(hr, 'noshade') !== undefined ? '#808080' : undefined);
  if (fill) {
    set('borderStyle', 'solid', ...borderPart('style'));
    set('borderColor', fill, ...borderPart('color'));
    set('backgroundColor', fill, 'background', 'background-color');
  }
  const sizeAttr = getAttr(hr, 'size');
  if (sizeAttr !== undefined) {
    const size = Number.parseInt(sizeAttr.trim(), 10);
    if (!Number.isFinite(size) || size <= 1) {
      set('borderBottomWidth', '0', 'border', 'border-width', 'border-bottom', 'border-bottom-width');
    } else set('height', `${size - 2}px`, 'height', 'block-size');
  }
  const widthAttr = getAttr(hr, 'width');
  if (widthAttr !== undefined) {
    const width = /^\s*0+(\.0*)?\s*$/.test(widthAttr) ? '1px' : htmlLength(widthAttr);
    if (width) set('width', width, 'width', 'inline-size');
  }
  const align = getAttr(hr, 'align')?.trim().toLowerCase();
  if (align !== undefined) {
    const [left, right] =
      align === 'left' ? ['0', 'auto'] : align === 'right' ? ['auto', '0'] : ['auto', 'auto'];
    set('marginLeft', left, 'margin', 'margin-left', 'margin-inline', 'margin-inline-start');
    set('marginRight', right, 'margin', 'margin-right', 'margin-inline', 'margin-inline-end');
  }
  return style;
}

/**
 * Chrome's `<hr>` is `color: gray; border: 1px inset` with the border colour currentcolor; the UA sheet here draws
 * the inset as two solid colours (ua-styles.ts). A page that sets another border style and no border colour (W3C
 * report sheets' `div.head hr { border-style: solid }`) gets currentcolor back: a grey rule, as in Chrome.
 * `declared` is the page's value of a property for the element, or undefined.
 */
export function hrBorderColor(declared: (property: string) => string | undefined): Record<string, string> {
  const styles = borderPart('style')
    .map(declared)
    .filter((value): value is string => value !== undefined);
  if (styles.length === 0 || styles.some((value) => /\b(inset|outset)\b/i.test(value))) return {};
  return borderPart('color').some((property) => declared(property) !== undefined)
    ? {}
    : { borderColor: 'currentcolor' };
}
