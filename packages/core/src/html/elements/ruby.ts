/**
 * Ruby (`<ruby>`, `<rt>`, `<rp>`) as boxes satori lays out. Chromium draws each annotation (`<rt>`, half the base's
 * size) centred above its base, hides `<rp>`, and grows the line to hold the annotation when its half-leading does
 * not. Satori has no ruby layout: each base with its annotation becomes an anonymous inline-block of two lines,
 * the annotation over the base, both centred; its baseline is the base's (an inline-block's last line's).
 *
 * How far the pair reaches above the baseline is what Chromium reserves there (ruby_utils.cc): the base's em box
 * from the fonts its text uses (their typographic ascent, normalised to the em) with the annotation's em box on
 * it, each rounded up to a pixel. Latin bases: both lines one em high (`line-height: 1em`), which centres the em box
 * in the font's ascent + descent. CJK bases (whose glyphs come from a CJK face, often a fallback with other metrics
 * than the paragraph's font): the base line keeps the face's own ascent (`line-height: normal`) less its part above
 * the em box (Noto's CJK faces: ascent 1.16, typographic ascent 0.88), and the roundings are 1.5 px under the
 * annotation. Measured against Chromium 150 with Noto Sans JP, Inter and Noto Serif at 16 to 32 px, line heights 1
 * to 2, annotations of 30 to 80 %: the base within a pixel of Chromium's. Below the baseline the pair stays inside
 * the line's own strut. Chromium's `ruby-align: space-around` and overhang are followed where both texts are
 * full-width (`spacing`); other texts are centred, and a wider one takes its whole width on the line.
 */
import type { Element } from '../dom.js';
import { nearestDeclared, substituteVars } from '../style-sheets/var-substitution.js';
import type { SatoriChild, SatoriElement } from '../types.js';
import { isBlankText } from './float-breaks.js';
import { ANONYMOUS_PROP } from '../anonymous.js';

const isElementOf = (kid: SatoriChild, type: string): kid is SatoriElement =>
  typeof kid === 'object' && kid !== null && kid.type === type;

/** An anonymous box of `style` holding `children`. */
function anonymous(type: string, style: Record<string, string>, children: SatoriChild[]): SatoriElement {
  const props: SatoriElement['props'] = { [ANONYMOUS_PROP]: '', style };
  if (children.length === 1) props.children = children[0];
  else if (children.length > 1) props.children = children;
  return { type, props };
}

/** A base run without the white space at its ends (the ruby's source formatting, which Chromium does not draw). */
function trimmed(run: SatoriChild[]): SatoriChild[] {
  let start = 0;
  let end = run.length;
  while (start < end && isBlankText(run[start])) start++;
  while (end > start && isBlankText(run[end - 1])) end--;
  const out = run.slice(start, end);
  if (typeof out[0] === 'string') out[0] = out[0].trimStart();
  const last = out.length - 1;
  if (typeof out[last] === 'string') out[last] = (out[last] as string).trimEnd();
  return out;
}

const NO_BREAK_SPACE = '\u00a0';

/** Characters drawn from a CJK face. */
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;

/** True when the converted content holds CJK text. */
function holdsCjk(kids: SatoriChild[]): boolean {
  return kids.some((kid) => {
    if (typeof kid === 'string') return CJK.test(kid);
    if (!kid || typeof kid !== 'object') return false;
    const children = kid.props.children;
    return holdsCjk(Array.isArray(children) ? children : [children]);
  });
}

/** The style of a base's line (see the file's comment). */
function baseLineStyle(base: SatoriChild[]): Record<string, string> {
  if (!holdsCjk(base)) return { display: 'block', lineHeight: '1em' };
  return { display: 'block', lineHeight: 'normal', marginTop: '-0.28em', marginBottom: '-0.3em' };
}

/** Text whose every character is one em wide in CJK faces (ideographs, kana). */
const FULL_WIDTH = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u30fc]+$/u;

/** The number of characters of content that is full-width text alone (see FULL_WIDTH); undefined otherwise. */
function fullWidthLength(kids: SatoriChild[]): number | undefined {
  // Plain text, or `<rb>`s of plain text (a run of them shares one annotation).
  const texts = kids.map((kid) =>
    typeof kid === 'string'
      ? kid
      : isElementOf(kid, 'rb') && !kid.props.style
        ? kid.props.children
        : undefined,
  );
  if (!texts.every((text) => typeof text === 'string')) return undefined;
  const text = texts.join('').replace(/\s+/g, '');
  return FULL_WIDTH.test(text) ? [...text].length : undefined;
}

/** Extra style for a pair's parts: the annotation, the base's line and the pair. */
interface PairSpacing {
  annotation: Record<string, string>;
  base: Record<string, string>;
  pair: Record<string, string>;
}

const em = (n: number) => `${Number(n.toFixed(4))}em`;

/**
 * Chromium's `ruby-align: space-around` and overhang, where both texts are full-width (their widths known here: one
 * em a character): the shorter text is spread over the longer, each character given an equal share of the room,
 * half of it at each end (a letter spacing, the first half as padding and the last spacing taken back by a negative
 * margin); a wider annotation hangs over the text beside the pair by the base's inset, at most half the annotation's
 * font size (negative margins of the pair). `ratio` is the annotation's font size over the base's.
 */
function spacing(base: SatoriChild[], annotation: SatoriElement, ratio: number | undefined): PairSpacing {
  const none = { annotation: {}, base: {}, pair: {} };
  const children = annotation.props.children;
  const baseLength = fullWidthLength(base);
  const annotationLength = fullWidthLength(Array.isArray(children) ? children : [children]);
  if (ratio === undefined || !baseLength || !annotationLength) return none;
  // In the base's em.
  const room = annotationLength * ratio - baseLength;
  if (Math.abs(room) < 1e-6) return none;
  const spread = (share: number) => ({
    letterSpacing: em(share),
    paddingLeft: em(share / 2),
    marginRight: em(-share / 2),
    textAlign: 'left',
  });
  if (room < 0) return { ...none, annotation: spread(-room / annotationLength / ratio) };
  const share = room / baseLength;
  const overhang = em(-Math.min(share / 2, ratio / 2));
  return { ...none, base: spread(share), pair: { marginLeft: overhang, marginRight: overhang } };
}

/** One base and its annotation: an inline-block of the annotation's line over the base's. */
function rubyPair(base: SatoriChild[], annotation: SatoriElement, ratio: number | undefined): SatoriElement {
  const baseStyle = baseLineStyle(base);
  const spaced = spacing(base, annotation, ratio);
  annotation.props.style = {
    ...((annotation.props.style as Record<string, unknown>) ?? {}),
    display: 'block',
    lineHeight: '1em',
    ...(baseStyle.lineHeight === 'normal' ? { paddingBottom: '1.5px' } : {}),
    ...spaced.annotation,
  };
  return anonymous(
    'pictor-ruby-pair',
    { display: 'inline-block', textAlign: 'center', textIndent: '0', whiteSpace: 'nowrap', ...spaced.pair },
    [annotation, anonymous('pictor-ruby-base', { ...baseStyle, ...spaced.base }, base)],
  );
}

/**
 * The converted children of a `<ruby>` with each base and the `<rt>` after it made one pair (`rubyPair`), `<rp>`
 * dropped; undefined when it holds no `<rt>`. Several bases may share one `<ruby>` (`漢<rt>かん</rt>字<rt>じ</rt>`);
 * content after the last annotation stays inline as it is. `isHidden` tells an `<rt>` the page's CSS hides;
 * `sizeRatio` its font size over the ruby's, when known.
 */
export function rubyPairs(
  kids: SatoriChild[],
  isHidden: (annotation: SatoriElement) => boolean,
  sizeRatio: (annotation: SatoriElement) => number | undefined,
): SatoriChild[] | undefined {
  if (!kids.some((kid) => isElementOf(kid, 'rt'))) return undefined;
  const out: SatoriChild[] = [];
  let base: SatoriChild[] = [];
  for (const kid of kids) {
    if (isElementOf(kid, 'rp')) continue;
    if (isElementOf(kid, 'rt')) {
      if (isHidden(kid)) continue;
      // An annotation after another (a run of `<rb>`s shares the first, as in Chromium) has an empty base: a
      // no-break space keeps its line (narrower than the annotation), so the pair stands on the baseline by it.
      const text = trimmed(base);
      out.push(rubyPair(text.length > 0 ? text : [NO_BREAK_SPACE], kid, sizeRatio(kid)));
      base = [];
    } else base.push(kid);
  }
  out.push(...base);
  return out;
}

/**
 * An `<rt>`'s font size over its ruby's, from its CSS (`var()`s substituted): the UA's 50 % when none is declared,
 * a `%` or `em` size; undefined for any other (an absolute size, a keyword).
 */
export function annotationSizeRatio(
  rt: Element,
  declared: (el: Element, property: string) => string | undefined,
): number | undefined {
  const written = declared(rt, 'font-size');
  if (written === undefined) return 0.5;
  const value = substituteVars(written, (name) => nearestDeclared(rt, name, declared))
    .trim()
    .toLowerCase();
  const match = /^(\d*\.?\d+)(%|em)$/.exec(value);
  if (!match) return undefined;
  return match[2] === '%' ? Number(match[1]) / 100 : Number(match[1]);
}
