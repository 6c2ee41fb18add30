/**
 * Whether an inline box has padding or a border on a side along the line (left or right). In quirks and
 * limited-quirks mode Chromium counts such a box as content of its line, so the line-height calculation quirk
 * (convert.ts) leaves the line its strut: BoostBook's navigation arrows, `<a style="padding-left: .5em"><img></a>`,
 * sit on a 23 px line of 16 px text in Chromium, not on a 19 px one as tall as the pictures. Margins and the top and
 * bottom sides do not count (measured in Chromium 150).
 */

/** A declared value of `property` for the element (its cascaded value, shorthands not expanded), or undefined. */
export type Declared = (property: string) => string | undefined;

const BORDER_STYLES = /^(?:solid|dashed|dotted|double|groove|ridge|inset|outset)$/;
const BORDER_STYLE_WORDS = /^(?:none|hidden|solid|dashed|dotted|double|groove|ridge|inset|outset)$/;
const ZERO = /^[+-]?0*\.?0+(?:[a-z]+|%)?$/;

/** The value for `side` of a one-to-four-value shorthand (`padding`, `border-width`, `border-style`). */
function sideOf(value: string | undefined, side: 'left' | 'right'): string | undefined {
  if (value === undefined) return undefined;
  const parts = value.trim().split(/\s+/);
  return side === 'right' ? (parts[1] ?? parts[0]) : (parts[3] ?? parts[1] ?? parts[0]);
}

const nonZero = (value: string | undefined) => value !== undefined && !ZERO.test(value.trim().toLowerCase());

function padded(declared: Declared, side: 'left' | 'right', logical: 'start' | 'end'): boolean {
  const inline = declared('padding-inline')?.trim().split(/\s+/);
  return nonZero(
    declared(`padding-${side}`) ??
      declared(`padding-inline-${logical}`) ??
      (inline && (logical === 'start' ? inline[0] : (inline[1] ?? inline[0]))) ??
      sideOf(declared('padding'), side),
  );
}

function bordered(declared: Declared, side: 'left' | 'right', logical: 'start' | 'end'): boolean {
  const shorthand = [
    declared(`border-${side}`),
    declared(`border-inline-${logical}`),
    declared('border-inline'),
    declared('border'),
  ].find((value) => value !== undefined);
  const words = shorthand?.trim().toLowerCase().split(/\s+/) ?? [];
  const style =
    declared(`border-${side}-style`) ??
    sideOf(declared('border-style'), side) ??
    words.find((word) => BORDER_STYLE_WORDS.test(word));
  if (!style || !BORDER_STYLES.test(style.trim().toLowerCase())) return false;
  const width =
    declared(`border-${side}-width`) ??
    sideOf(declared('border-width'), side) ??
    words.find((word) => /^(?:[\d.]|thin$|medium$|thick$)/.test(word)) ??
    'medium';
  return nonZero(width);
}

/** True when the box has non-zero padding or a drawn border on its left or right side. */
export function hasInlineAxisEdges(declared: Declared): boolean {
  return (
    padded(declared, 'left', 'start') ||
    padded(declared, 'right', 'end') ||
    bordered(declared, 'left', 'start') ||
    bordered(declared, 'right', 'end')
  );
}
