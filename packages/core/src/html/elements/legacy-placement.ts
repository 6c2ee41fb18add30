/**
 * Where Chrome's legacy alignment (`text-align: -webkit-center` / `-webkit-right`, from an `align` attribute or
 * `<center>`) places a block narrower than its line: it adds the free width to the block's start margin (all of it
 * for right, half for centre), on top of the margins the block has. A block with an `auto` margin keeps CSS's own
 * placement (Blink's ResolveInlineMargins).
 */

/** A declared value of a property, or undefined. */
export type Declared = (property: string) => string | undefined;

/** One side of a `margin` value: its longhand, else the one-to-four-value shorthand. */
function marginSide(declared: Declared, side: 'left' | 'right'): string | undefined {
  const longhand =
    declared(`margin-${side}`) ?? declared(`margin-inline-${side === 'left' ? 'start' : 'end'}`);
  if (longhand !== undefined) return longhand.trim().toLowerCase();
  const shorthand = declared('margin') ?? declared('margin-inline');
  if (shorthand === undefined) return undefined;
  const values = shorthand
    .trim()
    .toLowerCase()
    .split(/\s+(?![^(]*\))/);
  if (declared('margin') === undefined) return side === 'left' ? values[0] : (values[1] ?? values[0]);
  return side === 'left' ? (values[3] ?? values[1] ?? values[0]) : (values[1] ?? values[0]);
}

/** A margin in px (`0`, `12px`), or undefined for another value. */
function marginPx(value: string | undefined): number | undefined {
  if (value === undefined) return 0;
  if (/^[+-]?0*\.?0+$/.test(value)) return 0;
  const m = /^(-?\d+(?:\.\d+)?)px$/.exec(value);
  return m ? Number(m[1]) : undefined;
}

/**
 * The style that places a block under a legacy `center` or `right`: auto inline margins, which put the block
 * where Chrome's adding of the free width puts it. Under `center`, margins of their own that differ (12px and 0)
 * shift it by half their difference (`position: relative; left`), as the margins are lost to the auto ones. `{}`
 * where the block is not placed so: it floats, is positioned out of flow, or has an auto margin.
 */
export function legacyPlacement(
  declared: Declared,
  align: 'left' | 'center' | 'right' | undefined,
): Record<string, string> {
  if (align !== 'center' && align !== 'right') return {};
  const float = declared('float')?.trim().toLowerCase();
  if (float !== undefined && float !== 'none') return {};
  if (/^\s*(?:absolute|fixed)\s*$/i.test(declared('position') ?? '')) return {};
  const left = marginSide(declared, 'left');
  const right = marginSide(declared, 'right');
  if (left === 'auto' || right === 'auto') return {};
  // The right margin stays: the block's right edge is that far from the line's end, as in Chrome.
  if (align === 'right') return { marginLeft: 'auto' };
  const style: Record<string, string> = { marginLeft: 'auto', marginRight: 'auto' };
  const [l, r] = [marginPx(left), marginPx(right)];
  const shift = l !== undefined && r !== undefined ? (l - r) / 2 : 0;
  if (shift !== 0 && declared('left') === undefined && declared('right') === undefined) {
    const position = declared('position')?.trim().toLowerCase();
    if (position === undefined || position === 'static' || position === 'relative') {
      style.position = 'relative';
      style.left = `${shift}px`;
    }
  }
  return style;
}
