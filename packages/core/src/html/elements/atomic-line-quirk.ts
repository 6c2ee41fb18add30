/**
 * The line height calculation quirk (quirks.spec.whatwg.org §3.3, quirks and limited-quirks mode) for lines that
 * hold atomic inlines and no text of their own: react-email's button, `<a style="display:inline-block;
 * line-height:1.5; padding:14px 20px">` holding only `<span style="display:inline-block; line-height:120%">`, is as
 * tall as the inner box plus its padding in Chromium (46 px), since the `<a>`'s line has no text and so no strut;
 * with the strut (22.5 px) it came out 5 px taller, and everything below it lower. (XHTML 1.0 Transitional, the
 * doctype react-email writes, is limited-quirks.)
 *
 * The element's line height goes to 0, as picture-lines.ts does for lines of pictures; each atomic inline child
 * gets the line height it would have inherited, stated on itself, so the text inside it is set as before. When that
 * value cannot be restated unchanged (an `em` or percentage computes against the declaring element's font size),
 * the quirk is left out.
 */
import type { SatoriChild, SatoriElement } from '../types.js';
import { isBlankText } from './float-breaks.js';
import { hasSpaceBetweenItems } from './picture-lines.js';

/** `display` values that make an element an atomic inline. */
const ATOMIC_INLINE =
  /^(?:inline-block|inline-flex|-webkit-inline-flex|-webkit-inline-box|inline-grid|inline-table)$/;

/** True for an atomic inline `display` value. */
export function isAtomicInlineDisplay(display: string | undefined): boolean {
  return display !== undefined && ATOMIC_INLINE.test(display.trim().toLowerCase());
}

/**
 * A line height an element may state for itself with the same result as inheriting it: a number, `normal` or a
 * length in px; undefined for anything else.
 */
export function restatableLineHeight(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (v === 'normal' || /^\d*\.?\d+$/.test(v) || /^\d*\.?\d+px$/.test(v)) return v;
  return undefined;
}

/** What the quirk needs to know of the converted children. */
export interface AtomicLineQuirkContext {
  /** True when the child is an atomic inline (by its own or its cascaded `display`). */
  isAtomicInline(kid: SatoriElement): boolean;
  /** Whether a (non-atomic) child holds text, as the picture quirk reads it (pictures get no strut either). */
  holdsText(kid: SatoriChild): boolean;
  /** True when the child declares its own `line-height`. */
  declaresLineHeight(kid: SatoriElement): boolean;
  /** The line height the element's children inherit, as written where it is declared (`normal` if nowhere). */
  inheritedLineHeight(): string;
  /** True when the child is a plain inline box (`<span>`, `<code>`, `<a>`… left `display: inline`). */
  isPlainInline(kid: SatoriElement): boolean;
}

/**
 * Applies the quirk to `converted` when its content is atomic inlines (and perhaps pictures) with no text of its own
 * (white space only at the ends of lines). Returns true when applied.
 */
export function applyAtomicLineQuirk(
  converted: SatoriElement,
  kids: SatoriChild[],
  ctx: AtomicLineQuirkContext,
): boolean {
  const atomics: SatoriElement[] = [];
  for (const kid of kids) {
    if (kid === null || kid === undefined || typeof kid === 'boolean' || isBlankText(kid)) continue;
    if (typeof kid === 'object' && ctx.isAtomicInline(kid)) atomics.push(kid);
    else if (ctx.holdsText(kid)) return false;
  }
  if (atomics.length === 0 || hasSpaceBetweenItems(kids)) return false;
  const pinned = restatableLineHeight(ctx.inheritedLineHeight());
  if (pinned === undefined) return false;
  for (const atomic of atomics) {
    if (!ctx.declaresLineHeight(atomic))
      atomic.props.style = { ...((atomic.props.style as object) ?? {}), lineHeight: pinned };
  }
  converted.props.style = { ...((converted.props.style as object) ?? {}), lineHeight: '0' };
  return true;
}

/**
 * Pictor (quirks-inline-text-strut): the line-height calculation quirk for an element whose text is all inside
 * plain inline boxes (no text of its own): its lines get no strut, so each is as tall as its inline boxes' own line
 * height. PostgreSQL's tables (limited-quirks XHTML) hold `<td><code>double</code><br><code>precision</code></td>`:
 * 15 px lines of 13 px code in Chromium, not 20 px ones of the cell's 16 px font; an e-mail's `<td><span
 * style="font-size:11px">` is set as tight. The element's line height goes to 0 and each inline child states the
 * line height it would have inherited, as `applyAtomicLineQuirk` does; a `<br>` between two such children is kept,
 * anything else (text of its own, a space between items, a block, a lone or trailing `<br>`) leaves the quirk out.
 * Returns true when applied.
 */
export function applyInlineTextLineQuirk(
  converted: SatoriElement,
  kids: SatoriChild[],
  ctx: AtomicLineQuirkContext,
): boolean {
  const inlines: SatoriElement[] = [];
  let afterBreak = true;
  for (const kid of kids) {
    if (kid === null || kid === undefined || typeof kid === 'boolean' || isBlankText(kid)) continue;
    if (typeof kid !== 'object') return false;
    if (kid.type === 'br') {
      if (afterBreak) return false;
      afterBreak = true;
      continue;
    }
    if (!ctx.isPlainInline(kid) || !ctx.holdsText(kid)) return false;
    inlines.push(kid);
    afterBreak = false;
  }
  if (inlines.length === 0 || afterBreak || hasSpaceBetweenItems(kids)) return false;
  const pinned = restatableLineHeight(ctx.inheritedLineHeight());
  if (pinned === undefined) return false;
  for (const kid of inlines) {
    if (!ctx.declaresLineHeight(kid))
      kid.props.style = { ...((kid.props.style as object) ?? {}), lineHeight: pinned };
  }
  converted.props.style = { ...((converted.props.style as object) ?? {}), lineHeight: '0' };
  return true;
}
