/**
 * CSS values satori cannot take, made into ones it can before it sees them, and properties it ignores named in a
 * warning: `calc(infinity * 1px)` (Tailwind 4's `rounded-full`) → the largest length Chrome lays out; values of
 * `writing-mode`, `text-orientation` and `text-combine-upright` the engine does not lay out (`sideways-rl`, …);
 * `-webkit-` aliases Chrome still honours (`-webkit-transform`, …), which satori ignores, renamed to their standard
 * property; `opacity` in percent as a number.
 */
import * as csstree from 'css-tree';
import { standardGradients } from './legacy-gradients.js';
import { whiteSpaceKeyword } from './white-space-values.js';

/** Prefixed properties Chrome parses as aliases of a standard one (css_properties.json5 `alias_for`). */
const WEBKIT_ALIASES = new Set([
  'transform',
  'transform-origin',
  'box-shadow',
  'box-sizing',
  'border-radius',
  'border-top-left-radius',
  'border-top-right-radius',
  'border-bottom-left-radius',
  'border-bottom-right-radius',
  'background-size',
  'background-origin',
  'filter',
  'flex',
  'flex-direction',
  'flex-wrap',
  'flex-flow',
  'flex-grow',
  'flex-shrink',
  'flex-basis',
  'writing-mode',
  'text-orientation',
  'justify-content',
  'align-items',
  'align-self',
  'align-content',
  'order',
  // Multi-column layout (packages/satori/src/pictor-multicol.ts).
  'columns',
  'column-count',
  'column-width',
  'column-gap',
  'column-rule',
  'column-rule-width',
  'column-rule-style',
  'column-rule-color',
  'column-span',
]);

/**
 * Prefixed properties Chrome parses as aliases of a logical property of another name (css_properties.json5
 * `alias_for`): the old WebKit names of the logical margins and paddings (`ul { -webkit-padding-start: 25px }`).
 */
const WEBKIT_RENAMED: Record<string, string> = {
  '-webkit-margin-start': 'margin-inline-start',
  '-webkit-margin-end': 'margin-inline-end',
  '-webkit-margin-before': 'margin-block-start',
  '-webkit-margin-after': 'margin-block-end',
  '-webkit-padding-start': 'padding-inline-start',
  '-webkit-padding-end': 'padding-inline-end',
  '-webkit-padding-before': 'padding-block-start',
  '-webkit-padding-after': 'padding-block-end',
  // A legacy shorthand whose `avoid` is `break-inside: avoid` (the only value multi-column layout reads).
  '-webkit-column-break-inside': 'break-inside',
};

/** The standard property a `-webkit-` alias stands for (`-webkit-transform` → `transform`), else the property. */
export function unprefixedProperty(property: string): string {
  if (!property.startsWith('-webkit-')) return property;
  const renamed = WEBKIT_RENAMED[property];
  if (renamed) return renamed;
  const standard = property.slice(8);
  return WEBKIT_ALIASES.has(standard) ? standard : property;
}

/** Chrome clamps lengths to what its layout units hold: about 2^25 px. */
const LARGEST_LENGTH = '33554400px';
const INFINITE_CALC = /calc\(\s*(-?)infinity\s*\*\s*(?:\d*\.?\d+)?(?:px|%|em|rem|vw|vh)?\s*\)/gi;

/** `value` with every `calc(±infinity * unit)` resolved to the largest length; unchanged when it has none. */
function resolveInfiniteCalc(value: string): string {
  if (!/infinity/i.test(value)) return value;
  return value.replace(INFINITE_CALC, (_, sign: string) => `${sign}${LARGEST_LENGTH}`);
}

const PERCENTAGE = /^\s*(-?(?:\d+\.?\d*|\.\d+))%\s*$/;

/** A hash or a number written against the token before it, as minifiers write them (`0 1px 0#123`, `solid#00f`). */
const JAMMED = /[\w%)]#|\)[\d.+-]/;
const { Hash, Number: NumberToken, Percentage, Dimension, Ident, RightParenthesis } = csstree.tokenTypes;
const BEFORE_HASH = new Set([NumberToken, Percentage, Dimension, Ident, RightParenthesis]);
const NUMERIC = new Set([NumberToken, Percentage, Dimension]);

/**
 * Pictor (jammed-tokens-spaced): `value` with a space between a hash and the number, word or `)` written against
 * it, and between a `)` and the number after it. CSS's tokens need no space there (`text-shadow: 0 1px 0#123` is
 * a shadow in Chromium), but css-to-react-native and satori's shorthand parsers split on spaces: the declaration was
 * dropped, so minified sheets lost their text shadows and `border: 1px solid#ddd` its whole border.
 */
export function spaceJammedTokens(value: string): string {
  if (!JAMMED.test(value)) return value;
  let spaced = '';
  let previous = -1;
  csstree.tokenize(value, (type, start, end) => {
    if ((type === Hash && BEFORE_HASH.has(previous)) || (NUMERIC.has(type) && previous === RightParenthesis))
      spaced += ' ';
    spaced += value.slice(start, end);
    previous = type;
  });
  return spaced;
}

/**
 * `value` of `property` as satori can take it: tokens written against each other spaced, `calc(±infinity * unit)`
 * resolved, WebKit's legacy gradients written as standard ones (legacy-gradients.ts), and an `opacity` in percent (Tailwind 4's `opacity-75` → `opacity: 75%`, which satori rejects) as a
 * number.
 */
export function resolveValue(property: string, value: string): string {
  const resolved = standardGradients(resolveInfiniteCalc(spaceJammedTokens(value)));
  // Pictor (white-space-values): CSS Text 4's `preserve nowrap` is the `pre` the layout engine reads.
  if (property === 'white-space')
    return SUBSTITUTED.test(resolved) ? resolved : (whiteSpaceKeyword(resolved) ?? resolved);
  if (property !== 'opacity') return resolved;
  const percent = PERCENTAGE.exec(resolved);
  return percent ? String(Number(percent[1]) / 100) : resolved;
}

const FONT_WEIGHT =
  /^(?:normal|bold|bolder|lighter|inherit|initial|unset|revert|revert-layer|[+]?(?:\d+(?:\.\d*)?|\.\d+))$/i;
const BOX_SIZES = new Set(['width', 'height', 'min-width', 'max-width', 'min-height', 'max-height']);
const SUBSTITUTED = /\b(?:var|env|attr)\(/i;
const BARE_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

function invalidFontWeight(v: string): boolean {
  if (SUBSTITUTED.test(v) || /\bcalc\(/i.test(v)) return false;
  const weight = Number(v);
  return !(FONT_WEIGHT.test(v) && (Number.isNaN(weight) || (weight >= 1 && weight <= 1000)));
}

/**
 * A `font-family` or `font` CSS's grammar rejects: a template's HTML-escaped quotes (`font-family: &#x27;Open
 * Sans&#x27;`, `font: 12px &quot;Lato&quot;`: JSON Resume themes that print their sheet through an escaping
 * Handlebars tag), a reserved or bare number family name, a `font` without a family.
 */
function invalidFont(property: 'font' | 'font-family', v: string): boolean {
  // Chromium's own system fonts (`font: -webkit-small-control`) are not in the standard grammar.
  if (SUBSTITUTED.test(v) || (property === 'font' && /^-webkit-[a-z-]+$/i.test(v))) return false;
  try {
    return csstree.lexer.matchProperty(property, csstree.parse(v, { context: 'value' })).error != null;
  } catch {
    return true;
  }
}

/**
 * A `font-style` CSS's grammar rejects (`font-style: bold`, md2resume's modern template): satori read every value
 * but `italic` as `normal`, so the declaration overrode the `<em>`'s italic that Chromium keeps.
 */
function invalidFontStyle(v: string): boolean {
  if (SUBSTITUTED.test(v) || /^(?:inherit|initial|unset|revert|revert-layer)$/i.test(v)) return false;
  try {
    return csstree.lexer.matchProperty('font-style', csstree.parse(v, { context: 'value' })).error != null;
  } catch {
    return true;
  }
}

/** Whitespace, a comma or a colon outside parentheses: more than the one value a box size takes. */
const SEVERAL_VALUES = /[\s,:](?![^(]*\))/;

/** A box size CSS's grammar rejects (`height: 30px, width: 30px`); a bare number stays (quirks mode's px). */
function invalidBoxSize(property: string, v: string): boolean {
  if (!SEVERAL_VALUES.test(v) || SUBSTITUTED.test(v) || BARE_NUMBER.test(v)) return false;
  try {
    return csstree.lexer.matchProperty(property, csstree.parse(v, { context: 'value' })).error != null;
  } catch {
    return true;
  }
}

/**
 * Pictor (webkit-sticky-dropped): a value written for another browser beside the standard one, which Chromium does not
 * parse and drops without a word, so that the declaration before it stays: `position: -webkit-sticky` (Safari's;
 * Bootstrap's `.sticky-top`, Material for MkDocs' header, Spectre's `.p-sticky`: `position: relative; position:
 * -webkit-sticky` is `relative` in Chromium). satori took it as the element's position, rejected it and laid the
 * element out as `static`. Dropped without a warning: it is always written beside `position: sticky`. So are old
 * browsers' `white-space` values (`-moz-pre-wrap`, `-o-pre-wrap`, `-pre-wrap`), always beside `pre-wrap`.
 */
export function foreignValue(property: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  // Pictor (white-space-values): `white-space: -moz-pre-wrap !important` (Publican's sheet, after `pre-wrap`) won
  // the cascade and joined the lines of every <pre>, a value the layout engine does not know.
  if (property === 'white-space') return v.startsWith('-') && whiteSpaceKeyword(v) === undefined;
  return property === 'position' && v === '-webkit-sticky';
}

/**
 * Why a declaration must be dropped, as browsers drop a declaration with an invalid value, or undefined. Only for
 * values satori would misread instead of ignoring, or whose loss must be seen before satori: `font-weight: regular`
 * (an e-mail theme's) drew bold text; `height: 30px, width: 30px` on an <img> hid its `height` attribute; `font-family:
 * &#x27;Open Sans&#x27;` set an unknown family (the default serif) instead of inheriting the parent's font.
 */
export function invalidDeclaration(property: string, value: string): string | undefined {
  const v = value.trim();
  if (hasBadUrl(v)) {
    return `${property}: ${value.slice(0, 120)} holds a malformed url() (a URL with a space, quote or parenthesis must be quoted); the declaration was dropped, as browsers drop it`;
  }
  const invalid =
    property === 'font-weight'
      ? invalidFontWeight(v)
      : // Pictor (font-family-invalid-dropped): Chromium drops it and the font is inherited.
        property === 'font-family' || property === 'font'
        ? invalidFont(property, v)
        : // Pictor (font-style-invalid-dropped): Chromium drops it and the cascade's earlier value stays.
          property === 'font-style'
          ? invalidFontStyle(v)
          : // Pictor (white-space-values): a value the layout engine would read as none of its keywords.
            property === 'white-space'
            ? !SUBSTITUTED.test(v) && whiteSpaceKeyword(v) === undefined
            : BOX_SIZES.has(property) && invalidBoxSize(property, v);
  return invalid
    ? `${property}: ${value} is not a valid value; the declaration was dropped, as browsers drop it`
    : undefined;
}

/**
 * Pictor (bad-url-dropped): an unquoted `url(` whose URL holds a space, quote or parenthesis, or that runs to the
 * end unclosed after a space, is CSS's bad-url token, which makes the whole declaration invalid in browsers (and
 * swallows what follows up to the next `)`). It was kept: its other values drew, and satori was handed a cut-off URL.
 */
function hasBadUrl(value: string): boolean {
  if (!/url\(/i.test(value)) return false;
  let bad = false;
  csstree.tokenize(value, (type) => {
    if (type === csstree.tokenTypes.BadUrl) bad = true;
  });
  return bad;
}

/** Writing modes the engine lays out (vertical text in columns: packages/satori/src/text/pictor-vertical.ts). */
const WRITING_MODES = new Set(['horizontal-tb', 'vertical-rl', 'vertical-lr', 'initial', 'inherit', 'unset']);
const TEXT_ORIENTATIONS = new Set([
  'mixed',
  'upright',
  'sideways',
  'sideways-right',
  'initial',
  'inherit',
  'unset',
]);

/** `initial-letter` values the engine draws: N lines, sunk N (satori's pictor-initial-letter.ts). */
const DROP_CAP = /^([1-9]|[12]\d|3[0-2])(?:\s+\1)?$/;

/** A warning for a declaration satori ignores and whose loss changes the layout, or undefined. */
export function unsupportedDeclaration(property: string, value: string): string | undefined {
  // Pictor (substituted-values-unjudged): a value with var() is the engine's to resolve (an undefined one is the
  // initial value, as in Chromium): Vivliostyle's themes gave ~40 false warnings a page.
  if (SUBSTITUTED.test(value)) return undefined;
  const v = value.trim().toLowerCase();
  if (property === 'writing-mode' && !WRITING_MODES.has(v)) {
    return `writing-mode: ${value} is not supported; the text is laid out horizontally`;
  }
  if (property === 'text-orientation' && !TEXT_ORIENTATIONS.has(v)) {
    return `text-orientation: ${value} is not supported; laid out as text-orientation: mixed`;
  }
  // Pictor (initial-letter): a drop cap (N lines, sunk N) is drawn; a raised or otherwise sunk cap is not.
  if (
    property === 'initial-letter' &&
    !/^(normal|initial|inherit|unset|revert)$/.test(v) &&
    !DROP_CAP.test(v)
  ) {
    return `initial-letter: ${value} is drawn only as a drop cap (a whole number of lines, sunk as many: initial-letter: 3); this letter keeps the text's size`;
  }
  if (property === '-webkit-initial-letter' && !/^(normal|initial|inherit|unset|revert)$/.test(v)) {
    return `-webkit-initial-letter is Safari's prefixed form and is not drawn (Chrome ignores it too); write initial-letter: ${value}`;
  }
  if (property === 'text-combine-upright' && !/^(none|all|initial|inherit|unset)$/.test(v)) {
    return `text-combine-upright: ${value} is not supported (Chrome ignores it too); the characters are set one by one`;
  }
  return undefined;
}
