import { SerializedStyle } from './expand.js'
import { getLonghands } from './shorthands.js'
import { SVG_PAINT_PROPERTIES } from './svg-paint-properties.js'

const list = new Set([
  'color',
  'font',
  'fontFamily',
  'fontSize',
  'fontStyle',
  'fontWeight',
  'fontFeatureSettings',
  // Pictor (variable-fonts): inherited, as in CSS.
  'fontVariationSettings',
  'fontStretch',
  'fontOpticalSizing',
  'fontSynthesis',
  'fontSynthesisWeight',
  'fontSynthesisStyle',
  'fontKerning',
  'fontVariantLigatures',
  'fontVariantCaps',
  'fontVariantNumeric',
  'fontVariantEastAsian',
  'fontVariantPosition',
  'fontVariantAlternates',
  'letterSpacing',
  'wordSpacing',
  'listStyleType',
  'listStylePosition',
  'listStyleImage',
  'lineHeight',
  'textAlign',
  'textIndent',
  'textTransform',
  'textShadowOffset',
  'textShadowColor',
  'textShadowRadius',
  'WebkitTextStrokeWidth',
  'WebkitTextStrokeColor',
  'WebkitTextFillColor',
  'paintOrder',
  'textDecorationLine',
  'textDecorationStyle',
  'textDecorationColor',
  'textDecorationSkipInk',
  'textDecorationThickness',
  'textUnderlineOffset',
  // Pictor (text-underline-position-under): inherited, as in CSS.
  'textUnderlinePosition',
  'whiteSpace',
  'textWrap',
  'transform',
  'wordBreak',
  // Pictor (line-breaks-by-language): inherited, as CSS has it.
  'lineBreak',
  'overflowWrap',
  'tabSize',
  'visibility',
  'direction',
  // Pictor (vertical-writing): inherited, as in CSS.
  'writingMode',
  'textOrientation',
  // Pictor (text-rendering-geometric): inherited, as in CSS.
  'textRendering',
  // Pictor (svg-inherited-paint): SVG's paint properties are inherited CSS
  // properties; an inline <svg> takes them from its HTML ancestors.
  ...SVG_PAINT_PROPERTIES,

  // Special properties of Satori:
  '_viewportWidth',
  '_viewportHeight',
  // Pictor (glyph-advances-whole-pixels): the wholePixelAdvances option.
  '_wholePixelAdvances',
  // Pictor (empty-inline-strut): the lineHeightQuirk option.
  '_lineHeightQuirk',
  // Pictor (autohint-light): the hintScale option.
  '_hintScale',
  '_chRatio',
  // Pictor (font-relative-line-widths): the x-height, for `ex`.
  '_exRatio',
  '_inheritedClipPathId',
  '_inheritedMaskId',
  '_inheritedBackgroundClipTextPath',
  '_inheritedBackgroundClipTextHasBackground',
  '_alwaysDrawn',
  '_cullMargin',
  // Pictor (line-height-length-inherits): a line-height given as a length.
  '_lineHeightPx',
  // Pictor (rem-from-root): the root element's font size, for `rem`.
  '_rootFontSize',
  // Pictor (custom-properties-shared): the custom properties, in one object.
  '_customProperties',
  // Pictor (shaping-language): the element's `lang`, as written.
  '_lang',
  // Pictor: its speed-only switches (pictor-tunings.ts).
  '_pictorTunings',
  // Pictor (glyph-runs): the glyphRuns option's array.
  '_glyphRuns',
])

/**
 * Whether a property, or the longhands of a shorthand, are inherited. Satori
 * passes `transform` down for its own use, but it isn't inherited.
 */
export function isInherited(prop: string) {
  if (prop === 'transform') return false
  if (list.has(prop)) return true
  for (const longhand of getLonghands(prop)) {
    if (list.has(longhand)) return true
  }
  return false
}

export default function inheritable(style: SerializedStyle): SerializedStyle {
  const inheritedStyle: SerializedStyle = {}
  for (const prop in style) {
    // CSS custom properties (--*) always inherit
    if (list.has(prop) || prop.startsWith('--')) {
      inheritedStyle[prop] = style[prop]
    }
  }
  return inheritedStyle
}
