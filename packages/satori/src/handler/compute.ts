/**
 * Handler to update the layout node style with the given element type and
 * style. Each supported element has its own preset styles, so this function
 * also returns the inherited style for children of the element.
 */

import { countLayout } from '../pictor-layout-stats.js'
import {
  inheritedCustomProperties,
  layerCustomProperties,
} from '../pictor-custom-properties.js'
import { extractCustomProperties } from './variables.js'
import presets from './presets.js'
import { turnPresetSides } from '../text/pictor-vertical-frame.js'
import { autoDirection, plaintextDirection } from '../text/pictor-bidi.js'
import inheritable, { isInherited } from './inheritable.js'
import { toPhysicalProperties } from './logical.js'
import { isLonghandOf } from './shorthands.js'
import expand, { isDeclarationKept, SerializedStyle } from './expand.js'
import {
  asPointAutoPercentageLength,
  asPointPercentageLength,
  asSize,
  lengthToNumber,
  parseViewBox,
  v as checkValue,
} from '../utils.js'
import {
  LayoutNode,
  type LayoutStyle,
  type Length,
} from '../layout-engine/index.js'
import { resolveImageData } from './image.js'
import { isListBox } from '../form-control.js'
import { authorSelectFace } from '../pictor-select-face.js'
import {
  compressPercentWidth,
  dropButtonLook,
  getFormControlPreset,
  dropFieldLook,
  fieldFramePadding,
  isAtomicControl,
} from '../pictor-form-controls.js'
import {
  dropNativeLook,
  isToggleInput,
  keepNativeBox,
} from '../pictor-toggle-inputs.js'
import {
  parseGridAutoFlow,
  parseGridAutoTracks,
  parseGridLine,
  parseGridTemplateAreas,
  parseGridTrackList,
} from '../parser/grid.js'
import { limitedNaturalSize } from '../pictor-replaced-limits.js'
import { inheritedDeclaration } from '../pictor-keyword-longhands.js'
import { isWebkitBox } from './webkit-box.js'
import { containmentOf } from '../pictor-containment.js'

type SatoriElement = keyof typeof presets

/**
 * Handles a replaced element provided by an extension, such as `<canvas>` in
 * `satori/experimental`: it sizes the node through `style`, and can set
 * `style.__src` to embed its content as an image. Its children aren't
 * rendered.
 */
export type ReplacedElementHandler = (
  node: LayoutNode,
  style: SerializedStyle,
  props: Record<string, any>
) => Promise<void>

export type ReplacedElementHandlers = Record<string, ReplacedElementHandler>

/**
 * Size a replaced element from its CSS size, falling back to its
 * `width`/`height` attributes and natural aspect ratio.
 */
export function setReplacedElementSize(
  node: LayoutNode,
  style: SerializedStyle,
  naturalWidth: number,
  naturalHeight: number,
  attributeWidth: number | string | undefined,
  attributeHeight: number | string | undefined,
  widthIsNatural = false
) {
  const r = naturalHeight / naturalWidth

  // Without one of the sizes, the content box has the natural ratio. The
  // sizes are of the border box with `box-sizing: border-box`.
  const isBorderBox = style.boxSizing === 'border-box'
  const extraHorizontal = isBorderBox
    ? (style.borderLeftWidth || 0) +
      (style.borderRightWidth || 0) +
      (style.paddingLeft || 0) +
      (style.paddingRight || 0)
    : 0
  const extraVertical = isBorderBox
    ? (style.borderTopWidth || 0) +
      (style.borderBottomWidth || 0) +
      (style.paddingTop || 0) +
      (style.paddingBottom || 0)
    : 0

  // Attributes are lengths in px.
  const toLength = (value: number | string | undefined) =>
    typeof value === 'string' && /^(?:\d+(?:\.\d+)?|\.\d+)$/.test(value.trim())
      ? Number(value)
      : value
  // Like in browsers, styles override the attributes, also with `auto`, which
  // then has the natural ratio, e.g. `height: auto` with a width attribute.
  const size = (
    value: number | string | undefined,
    attribute: number | string | undefined
  ) =>
    value === undefined
      ? toLength(attribute)
      : value === 'auto'
      ? undefined
      : value
  // Pictor (img-width-limits): `auto` falls back to the attribute, which is
  // the natural size when the style says `auto` (img-auto-size-is-natural).
  let width = size(
    style.width === 'auto' ? undefined : style.width,
    attributeWidth
  )
  // Pictor (img-natural-size-border-box): the natural width is that of the
  // content box; its border box is wider by the padding and border, also
  // with `box-sizing: border-box` (Bulma's avatar: a 300 px picture with 5 px
  // of padding is 310 px wide in Chrome, and was 300 px with a shorter height).
  if (
    widthIsNatural &&
    typeof width === 'number' &&
    (style.width === undefined || style.width === 'auto')
  ) {
    width += extraHorizontal
  }
  let height = size(
    style.height === 'auto' ? undefined : style.height,
    attributeHeight
  )
  // Pictor (img-height-limits): with both sizes auto, the px limits of both
  // dimensions give the used size, keeping the natural ratio.
  if (widthIsNatural && typeof width === 'number' && height === undefined) {
    const px = (value: unknown, extra: number) =>
      typeof value === 'number' ? value - extra : undefined
    const [limitedWidth] = limitedNaturalSize(
      width - extraHorizontal,
      (width - extraHorizontal) * r,
      {
        minWidth: px(style.minWidth, extraHorizontal),
        maxWidth: px(style.maxWidth, extraHorizontal),
        minHeight: px(style.minHeight, extraVertical),
        maxHeight: px(style.maxHeight, extraVertical),
      }
    )
    width = limitedWidth + extraHorizontal
  }
  // Pictor (img-width-limits): a picture with a width and an auto height is
  // as wide as min-width and max-width allow and keeps its ratio, as in
  // browsers. A px limit clamps the width here. A percentage max-width becomes
  // the width, and the picture's own size its max-width and max-height: the
  // same used width, with the height following by the ratio (yoga-style
  // engines take the height from the ratio before max-width applies), and no
  // min-content width of its own in a table column (CSS Sizing 3 §5.2.2).
  let percentMaxWidth = false
  if (typeof width === 'number' && height === undefined) {
    const maxWidth = style.maxWidth
    const minWidth = style.minWidth
    if (typeof maxWidth === 'number') width = Math.min(width, maxWidth)
    if (typeof minWidth === 'number') width = Math.max(width, minWidth)
    if (typeof maxWidth === 'string' && /%$/.test(maxWidth.trim())) {
      percentMaxWidth = true
      style.maxWidth = width
      if (style.maxHeight === undefined) {
        style.maxHeight = (width - extraHorizontal) * r + extraVertical
      }
      width = maxWidth
    }
  }

  // Pictor (img-percent-width-shrink-to-fit): a percentage width with an
  // auto height (`width: 100%; max-width: 300px`, sparksuite's invoice logo)
  // resolves against nothing in a box sized by its content (an auto-width
  // table cell, an inline-block, a float, a flex item): there the picture
  // counts with its natural width, capped by a px max-width, as in Chrome.
  const percentWidth =
    !percentMaxWidth &&
    height === undefined &&
    typeof width === 'string' &&
    /^\s*[\d.]+%\s*$/.test(width)

  if (width === undefined && height === undefined) {
    width = '100%'
    node.style.aspectRatio = 1 / r
  } else if (height === undefined) {
    if (typeof width === 'number' && !percentMaxWidth) {
      height = (width - extraHorizontal) * r + extraVertical
    } else {
      // Pictor (img-ratio-content-box): the natural ratio is that of the
      // content box, also with `box-sizing: border-box`; the layout engine
      // applies an aspect ratio to the border box there. A percentage width or
      // max-width has a measure (below) giving the content box's height from
      // its width: with padding or border, that alone sizes it (Read the Docs'
      // logo, `max-width: 100%; padding: 5px`, was 8 px too short).
      const measured = percentMaxWidth || percentWidth
      if (!(measured && isBorderBox && (extraHorizontal || extraVertical)))
        node.style.aspectRatio = 1 / r
      // Pictor (img-percent-width-px-limits): a percentage width clamped by a
      // px max-width or min-width (`width: 100%; max-width: 269px`, react-email's
      // pictures) keeps the ratio of the clamped width; the engine took the
      // height from the unclamped one (10 px too tall in a 284 px cell).
      if (typeof width === 'string' && /%$/.test(width.trim())) {
        const heightOf = (w: number) => (w - extraHorizontal) * r + extraVertical
        if (typeof style.maxWidth === 'number' && style.maxHeight === undefined)
          style.maxHeight = heightOf(style.maxWidth)
        if (typeof style.minWidth === 'number' && style.minHeight === undefined)
          style.minHeight = heightOf(style.minWidth)
      }
    }
  } else if (width === undefined) {
    if (typeof height === 'number') {
      width = (height - extraVertical) / r + extraHorizontal
    } else {
      node.style.aspectRatio = 1 / r
    }
  }

  style.width = width
  style.height = height
  style.__naturalWidth = naturalWidth
  style.__naturalHeight = naturalHeight

  // Pictor (img-percent-width-intrinsic): a picture under a percentage
  // max-width (Tailwind's preflight `img { max-width: 100% }`) in a box sized
  // by its content (a shrink-to-fit flex item) counts with its own width, as
  // in Chrome: the percentage resolves against nothing there, and the picture
  // had no size at all. Its min-content width stays 0 (compressible).
  const natural =
    percentMaxWidth && typeof style.maxWidth === 'number'
      ? style.maxWidth - extraHorizontal
      : percentWidth
      ? Math.min(
          naturalWidth,
          typeof style.maxWidth === 'number'
            ? style.maxWidth - extraHorizontal
            : Infinity
        )
      : undefined
  if (natural !== undefined) {
    node.measuredPicture = true
    node.measure = (width, _height, _exclusions, minContent, widthKnown) => {
      // Its own width when known; else the space it has, up to its natural
      // width (all of it for a max-content size, none for a min-content one).
      const contentWidth = widthKnown
        ? width
        : minContent
        ? 0
        : Math.min(width, natural)
      return { width: contentWidth, height: contentWidth * r }
    }
  }
}

// Values of `align-items`, `align-self`, `justify-items` and `justify-self`.
const ITEM_ALIGNMENT = {
  stretch: 'stretch',
  center: 'center',
  start: 'start',
  end: 'end',
  'self-start': 'start',
  'self-end': 'end',
  'flex-start': 'flex-start',
  'flex-end': 'flex-end',
  baseline: 'baseline',
} as const

/**
 * Pictor (alignment-tables): the values of the alignment properties, by
 * property, as `v()` reads them (the same keys in the same order as the
 * literals `computeStyle` spread for each element before).
 */
const ALIGNMENT_TABLES = {
  alignContent: {
    stretch: 'stretch',
    center: 'center',
    start: 'start',
    end: 'end',
    'flex-start': 'flex-start',
    'flex-end': 'flex-end',
    'space-between': 'space-between',
    'space-around': 'space-around',
    'space-evenly': 'space-evenly',
    baseline: 'flex-start',
    normal: null,
  },
  alignItems: {
    ...ITEM_ALIGNMENT,
    normal: null,
  },
  alignSelf: {
    ...ITEM_ALIGNMENT,
    normal: null,
    auto: null,
  },
  justifyContent: {
    center: 'center',
    start: 'start',
    end: 'end',
    left: 'start',
    right: 'end',
    'flex-start': 'flex-start',
    'flex-end': 'flex-end',
    stretch: 'stretch',
    'space-between': 'space-between',
    'space-around': 'space-around',
    'space-evenly': 'space-evenly',
    normal: null,
  },
  justifyItems: {
    ...ITEM_ALIGNMENT,
    left: 'start',
    right: 'end',
    normal: null,
    legacy: null,
  },
  justifySelf: {
    ...ITEM_ALIGNMENT,
    left: 'start',
    right: 'end',
    normal: null,
    auto: null,
  },
}

/**
 * Pictor (alignment-overflow-position): an alignment value without its
 * overflow position, `safe` or `unsafe` (css-align-3 §4.4), which the tables
 * above do not list: Marp's themes centre their slides with `place-content:
 * safe center center`, and the whole declaration was dropped. `unsafe X` is X.
 * `safe X` is X too while the content fits its container, which is what the
 * layout engine can express; only an overflowing subject would differ (Chromium
 * then aligns it to the start), and that is not followed here.
 */
function alignmentValue<T>(value: T): T {
  if (typeof value !== 'string') return value
  const match = /^\s*(?:safe|unsafe)\s+(\S.*)$/i.exec(value)
  return (match ? match[1].trim() : value) as T
}

export type OuterDisplay = 'block' | 'inline' | 'contents' | 'none'

/** The outer and inner display types of each value of `display`. */
const DISPLAY_TYPES: Record<
  string,
  [OuterDisplay, LayoutStyle['display'] | 'inline']
> = {
  block: ['block', 'block'],
  'flow-root': ['block', 'flow-root'],
  // With a marker, see `getListMarkers()`.
  'list-item': ['block', 'block'],
  flex: ['block', 'flex'],
  // Prefixed aliases, like in browsers.
  '-webkit-flex': ['block', 'flex'],
  '-webkit-box': ['block', 'flex'],
  grid: ['block', 'grid'],
  inline: ['inline', 'inline'],
  'inline-block': ['inline', 'flow-root'],
  'inline-flex': ['inline', 'flex'],
  '-webkit-inline-flex': ['inline', 'flex'],
  // Pictor (webkit-inline-box): the legacy flexible box laid out inline.
  '-webkit-inline-box': ['inline', 'flex'],
  'inline-grid': ['inline', 'grid'],
  contents: ['contents', 'contents'],
  none: ['none', 'none'],
}

const LIST_ELEMENTS = new Set(['ul', 'ol', 'menu', 'dir'])
const LIST_TYPES: Record<string, string> = {
  '1': 'decimal',
  a: 'lower-alpha',
  A: 'upper-alpha',
  i: 'lower-roman',
  I: 'upper-roman',
  disc: 'disc',
  circle: 'circle',
  square: 'square',
}

/**
 * The list styles of the user agent stylesheet, and the `type`, `start`,
 * `reversed` and `value` attributes of lists. `listDepth` is the number of
 * lists the element is in.
 */
function getListPresets(
  type: string,
  props: Record<string, any>,
  listDepth: number,
  inDefinitionList = false
) {
  const preset: Record<string, string | number> = {}
  // Pictor (nested-list-margins): the UA sheet's rule is
  // `:is(dir, dl, menu, ol, ul) :is(dir, dl, menu, ol, ul) { margin-block: 0 }`:
  // a `dl` counts on both sides, so a list in a `dl` (a `ul` in a `dd`) and a
  // `dl` in a list or a `dl` have no vertical margins either.
  const nested = listDepth > 0 || inDefinitionList
  if (type === 'dl' && nested) preset.marginTop = preset.marginBottom = 0
  if (LIST_ELEMENTS.has(type)) {
    preset.listStyleType =
      type === 'ol'
        ? 'decimal'
        : listDepth === 0
        ? 'disc'
        : listDepth === 1
        ? 'circle'
        : 'square'
    // Nested lists have no vertical margins.
    if (nested) preset.marginTop = preset.marginBottom = 0
    preset.counterReset = 'list-item'
  }
  if (
    (type === 'ol' || type === 'ul' || type === 'li') &&
    typeof props?.type === 'string' &&
    LIST_TYPES[props.type]
  ) {
    preset.listStyleType = LIST_TYPES[props.type]
  }
  if (type === 'ol') {
    const start = parseInt(props?.start, 10)
    const reversed = props?.reversed !== undefined && props.reversed !== false
    if (reversed) {
      preset.counterReset = Number.isNaN(start)
        ? 'reversed(list-item)'
        : `reversed(list-item) ${start + 1}`
    } else if (!Number.isNaN(start)) {
      preset.counterReset = `list-item ${start - 1}`
    }
  }
  if (type === 'li' && props?.value !== undefined) {
    const value = parseInt(props.value, 10)
    if (!Number.isNaN(value)) preset.counterSet = `list-item ${value}`
  }
  return preset
}

/**
 * The `dir` attribute sets `direction` like the user agent stylesheet, so the
 * `direction` property overrides it.
 */
/** The inherited style of the root, the initial values of these properties. */
export const ROOT_STYLE: Record<string, string | number> = {
  fontSize: 16,
  fontWeight: 'normal',
  fontFamily: 'serif',
  fontStyle: 'normal',
  lineHeight: 'normal',
  color: 'black',
  whiteSpace: 'normal',
}

const CSS_WIDE_KEYWORDS = new Set([
  'inherit',
  'initial',
  'unset',
  'revert',
  'revert-layer',
])

/**
 * Resolves the CSS-wide keywords of a style, which override earlier
 * declarations and the preset. Returns the other declarations, and the
 * properties that get their initial value: with `initial`, and `unset` and
 * `inherit` for properties that aren't inherited, as the values of the parent
 * aren't known here. Other inherited properties keep the inherited value.
 */
function resolveKeywords(
  style: Record<string, string | number>,
  preset: Record<string, string | number>,
  inheritedStyle?: SerializedStyle,
  parentStyle?: SerializedStyle
) {
  const defined: Record<string, string | number> = {}
  const initial = new Set<string>()
  for (const prop in style) {
    const value = style[prop]
    const keyword =
      typeof value === 'string' && !prop.startsWith('--')
        ? value.trim().toLowerCase()
        : ''
    if (!CSS_WIDE_KEYWORDS.has(keyword)) {
      // `all` only accepts CSS-wide keywords.
      if (prop !== 'all') defined[prop] = value
      continue
    }

    // `all` is every property but custom properties and `direction`.
    const affects = (key: string) =>
      prop === 'all'
        ? !key.startsWith('--') && key !== 'direction'
        : isLonghandOf(key, prop)
    for (const key in defined) if (affects(key)) delete defined[key]
    if (keyword === 'revert' || keyword === 'revert-layer') continue

    for (const key in preset) if (affects(key)) delete preset[key]
    // Pictor (inherit-after-shorthand): the parent's value of an inherited
    // longhand whose shorthand came before it, declared after the shorthand.
    if (
      (keyword === 'inherit' || keyword === 'unset') &&
      prop !== 'all' &&
      isInherited(prop) &&
      Object.keys(defined).some((key) => key !== prop && isLonghandOf(prop, key))
    ) {
      const value = inheritedDeclaration(prop, inheritedStyle)
      if (value !== undefined) {
        defined[prop] = value
        initial.delete(prop)
        continue
      }
    }
    // Pictor (inherit-from-parent): `inherit` of a property that isn't
    // inherited takes the parent's computed value (`.masthead { display:
    // inherit; grid-template-columns: inherit }` of a résumé's page grid).
    if (keyword === 'inherit' && prop !== 'all' && !isInherited(prop)) {
      const values = parentValues(prop, parentStyle)
      if (values) {
        Object.assign(defined, values)
        initial.delete(prop)
        continue
      }
    }
    if (keyword === 'initial' || (prop !== 'all' && !isInherited(prop))) {
      initial.add(prop)
    } else {
      initial.delete(prop)
    }
  }
  return { defined, initial }
}

/**
 * The parent's computed values of a property, or of its longhands, as
 * declarations an element can take with `inherit`. Only values that are still
 * CSS text or a number of pixels qualify; without any, the property gets its
 * initial value as before.
 */
function parentValues(
  prop: string,
  parentStyle: SerializedStyle | undefined
): Record<string, string | number> | undefined {
  if (!parentStyle) return undefined
  let values: Record<string, string | number> | undefined
  for (const key in parentStyle) {
    if (key.startsWith('_') || !isLonghandOf(key, prop)) continue
    const value = parentStyle[key]
    if (typeof value !== 'string' && typeof value !== 'number') continue
    values ??= {}
    values[key] = value
  }
  return values
}

/**
 * Elements that browsers hide: with the `hidden` attribute, unless it's
 * `until-found`, hidden inputs, and dialogs that aren't open.
 */
function getHiddenPreset(type: string, props: Record<string, any>) {
  const { hidden, type: inputType } = props ?? {}
  const hasHidden =
    hidden != null &&
    hidden !== false &&
    String(hidden).toLowerCase() !== 'until-found'
  const isHiddenInput =
    type === 'input' && String(inputType).toLowerCase() === 'hidden'
  const isClosedDialog =
    type === 'dialog' && (props?.open == null || props.open === false)
  return hasHidden || isHiddenInput || isClosedDialog ? { display: 'none' } : {}
}

/**
 * List boxes of Chrome have rounded corners. Pictor (list-box-text-bottom):
 * and html.css's `vertical-align: text-bottom`: a list box's bottom sits on
 * its line's text bottom (the baseline plus the parent's descent), not its
 * first row's baseline on the line's.
 */
function getSelectPreset(type: string, props: Record<string, any>) {
  return type === 'select' && isListBox(props)
    ? { borderRadius: 2, verticalAlign: 'text-bottom' }
    : {}
}

/** `bolder` or `lighter` than an inherited weight, by CSS Fonts 4's table. */
function relativeFontWeight(keyword: 'bolder' | 'lighter', inherited: unknown) {
  const from =
    inherited === 'bold'
      ? 700
      : inherited === 'normal' || inherited === undefined
      ? 400
      : Number(inherited) || 400
  if (keyword === 'bolder') return from < 350 ? 400 : from < 550 ? 700 : 900
  return from < 100 ? from : from < 550 ? 100 : from < 750 ? 400 : 700
}

/** Swaps the left and right margins and padding of a preset, in place. */
function mirrorInlineSides(preset: Record<string, string | number>) {
  for (const prop of ['margin', 'padding']) {
    const left = preset[`${prop}Left`]
    const right = preset[`${prop}Right`]
    delete preset[`${prop}Left`]
    delete preset[`${prop}Right`]
    if (right !== undefined) preset[`${prop}Left`] = right
    if (left !== undefined) preset[`${prop}Right`] = left
  }
}

function getDirPreset(type: string, props: Record<string, any>) {
  let dir = typeof props?.dir === 'string' ? props.dir.toLowerCase() : ''
  // Pictor (bidi-inline): `dir="auto"`, and `<bdi>` without `dir`, are in
  // the direction of their first strong character. An element with `dir`,
  // and `<bdi>`, isolate their content from the text around them, and
  // `<bdo>` overrides the directions of its characters (`unicode-bidi` of
  // Chrome's user agent stylesheet).
  if (dir === 'auto' || (type === 'bdi' && dir !== 'ltr' && dir !== 'rtl')) {
    dir = autoDirection(props?.children)
  }
  const unicodeBidi =
    type === 'bdo'
      ? 'bidi-override'
      : dir === 'ltr' || dir === 'rtl'
      ? 'isolate'
      : undefined
  return {
    ...(dir === 'ltr' || dir === 'rtl' ? { direction: dir } : {}),
    ...(unicodeBidi ? { unicodeBidi } : {}),
  }
}

/**
 * Snaps a border or outline width to device pixels: widths between 0 and 1
 * device pixel are rounded up, and wider ones down. Layouts that aren't
 * rounded, with a `pointScaleFactor` of 0, aren't snapped either.
 *
 * @see https://www.w3.org/TR/css-values-4/#snap-a-length-as-a-border-width
 */
function snapLineWidth(width: number, pointScaleFactor = 1) {
  if (!pointScaleFactor || width <= 0) return width
  const pixels = width * pointScaleFactor
  if (Math.abs(pixels - Math.round(pixels)) < 1e-6) return width
  return Math.max(1, Math.floor(pixels)) / pointScaleFactor
}

/**
 * The first error of a style, if it has an invalid or unsupported value, from
 * computing it for an element without context. Stylesheets drop these
 * declarations, like browsers.
 */
export async function getStyleError(
  style: Record<string, string | number>,
  convertColors = true
): Promise<Error | undefined> {
  let firstError: Error | undefined
  try {
    await compute(
      new LayoutNode(),
      'div',
      ROOT_STYLE,
      style,
      {},
      undefined,
      (error) => {
        if (!isDeclarationKept(error)) firstError ??= error
      },
      convertColors
    )
  } catch (error) {
    firstError ??= error as Error
  }
  return firstError
}

export default async function compute(
  node: LayoutNode,
  type: SatoriElement | string,
  inheritedStyle: SerializedStyle,
  definedStyle: Record<string, string | number>,
  props: Record<string, any>,
  replacedElements?: ReplacedElementHandlers,
  onStyleError?: (error: Error) => void,
  convertColors = true,
  pointScaleFactor?: number,
  listDepth = 0,
  parentStyle?: SerializedStyle,
  inDefinitionList = false
): Promise<[SerializedStyle, SerializedStyle]> {
  // With `onStyleError`, invalid values are reported and replaced by the
  // fallback, as if the declaration wasn't there.
  const lenient = <T>(resolve: () => T, fallback: T): T => {
    if (!onStyleError) return resolve()
    try {
      return resolve()
    } catch (error) {
      onStyleError(error)
      return fallback
    }
  }
  const v: typeof checkValue = (field, map, fallback, property) =>
    lenient(() => checkValue(field, map, fallback, property), fallback)

  // Extend the default style with defined and inherited styles. Like the user
  // agent stylesheet, the preset is computed together with the defined style,
  // e.g. `em` margins use the defined font size. Defined properties come after
  // the remaining preset ones, so they override them in order.
  const presetStyle = {
    ...presets[type],
    ...getListPresets(type, props, listDepth, inDefinitionList),
    ...getSelectPreset(type, props),
    // Pictor (form-controls-ua): Chrome's look of inputs, buttons, text areas.
    ...getFormControlPreset(type, props),
    ...getDirPreset(type, props),
    ...getHiddenPreset(type, props),
  }
  // Logical properties are physical ones of the element's direction.
  const ownDirection = String(definedStyle?.direction ?? '')
    .trim()
    .toLowerCase()
  const logicalDirection =
    ownDirection === 'ltr' || ownDirection === 'rtl'
      ? ownDirection
      : String(presetStyle.direction ?? inheritedStyle?.direction ?? 'ltr')
  // Pictor (bidi-blocks): the user agent's margins and padding are on the
  // inline start, e.g. `padding-inline-start: 40px` of lists.
  if (logicalDirection === 'rtl') mirrorInlineSides(presetStyle)
  // Pictor (vertical-blocks): and on the block sides of a vertical element,
  // e.g. the `margin-block: 1em` of paragraphs on its right and left.
  turnPresetSides(
    presetStyle,
    String(definedStyle?.writingMode ?? inheritedStyle?.writingMode ?? '')
  )
  const { defined, initial } = resolveKeywords(
    toPhysicalProperties(definedStyle, logicalDirection, () =>
      layerCustomProperties(
        inheritedCustomProperties(inheritedStyle),
        extractCustomProperties(definedStyle ?? {}).variables
      )
    ),
    presetStyle,
    inheritedStyle,
    parentStyle
  )
  for (const prop in defined) delete presetStyle[prop]
  // Pictor (toggle-input-pseudo-elements): `appearance: none` leaves a
  // checkbox or radio button without Chrome's painted look.
  if (type === 'input' && isToggleInput({ type, props })) {
    dropNativeLook(presetStyle, defined)
    // Pictor (toggle-input-native-box): one that keeps the look keeps no
    // padding or border of the page's.
    keepNativeBox({ type, props }, presetStyle, defined)
  }
  // Pictor (button-author-look): so does a background or border of the
  // page's own on a button.
  dropButtonLook(type, props, presetStyle, defined)
  // Pictor (select-author-face): and on a drop-down, its face turns grey.
  authorSelectFace(type, props, presetStyle, defined)
  // Pictor (field-author-background): a page's background on a text field shows html.css's 2px inset frame.
  dropFieldLook(type, props, presetStyle, defined)
  // Pictor (field-frame-padding): a text field's padding of the page's, inside Chrome's 2 px frame.
  fieldFramePadding(type, props, defined)
  // Pictor (compressible-percent-controls): a field of a percentage width
  // shrinks to nothing in min-content.
  compressPercentWidth(type, props, presetStyle, defined)

  // Properties without a value have their initial value, except the root
  // ones. Satori's own properties are kept.
  const base: SerializedStyle = { ...inheritedStyle }
  for (const prop of initial) {
    const resets = (key: string) =>
      prop === 'all'
        ? !key.startsWith('_') && !key.startsWith('--') && key !== 'direction'
        : isLonghandOf(key, prop)
    for (const key in base) if (resets(key)) delete base[key]
    for (const key in ROOT_STYLE) if (resets(key)) base[key] = ROOT_STYLE[key]
  }
  const style: SerializedStyle = Object.assign(
    base,
    expand(
      { ...presetStyle, ...defined },
      base,
      onStyleError,
      convertColors,
      // Pictor (rem-from-root): `<html>` is the root of a document.
      type === 'html' && base._rootFontSize === undefined
    )
  )

  // An `aspect-ratio` replaces the natural ratio of replaced elements, unless
  // it's `auto <ratio>`.
  const aspectRatio =
    typeof style.aspectRatio === 'number' ? style.aspectRatio : undefined
  const replacesNaturalRatio =
    aspectRatio !== undefined && !style._aspectRatioAuto

  if (type === 'img') {
    let [resolvedSrc, imageWidth, imageHeight] = await resolveImageData(
      props.src
    )

    // Cannot parse the image size (e.g. base64 data URI).
    if (imageWidth === undefined && imageHeight === undefined) {
      if (props.width === undefined || props.height === undefined) {
        throw new Error(
          'Image size cannot be determined. Please provide the width and height of the image.'
        )
      }
      imageWidth = parseInt(props.width)
      imageHeight = parseInt(props.height)
    }
    // Pictor (image-density): a picture chosen from a `srcset` at 2x, or by
    // its width for a slot, is laid out at its pixel size over its density.
    const density = props.__imageDensity
    if (typeof density === 'number' && density > 0 && density !== 1) {
      imageWidth /= density
      imageHeight /= density
    }
    if (replacesNaturalRatio) imageHeight = imageWidth / aspectRatio

    setReplacedElementSize(
      node,
      style,
      imageWidth,
      imageHeight,
      // Pictor (img-auto-size-is-natural): `width: auto` / `height: auto` mean
      // the natural size (or the size the other dimension and the ratio
      // give), as in browsers, and outrank the attributes as any CSS does.
      style.width === 'auto'
        ? style.height === undefined || style.height === 'auto'
          ? imageWidth
          : undefined
        : // Images of list markers and generated content have their natural size.
          props.width ?? (props.__naturalSize ? imageWidth : undefined),
      style.height === 'auto' ? undefined : props.height,
      // Pictor (img-natural-size-border-box): whether that width is the
      // natural one, of the content box.
      style.width === 'auto'
        ? style.height === undefined || style.height === 'auto'
        : props.width === undefined && !!props.__naturalSize
    )
    style.__src = resolvedSrc
  }

  await replacedElements?.[type]?.(node, style, props)

  let svgAspectRatio: number | undefined
  if (type === 'svg') {
    const viewBox = props.viewBox || props.viewbox
    const viewBoxSize = parseViewBox(viewBox)
    const ratio = replacesNaturalRatio
      ? 1 / aspectRatio
      : viewBoxSize
      ? viewBoxSize[3] / viewBoxSize[2]
      : null

    let { width, height } = props
    if (typeof width === 'undefined' && height) {
      if (ratio == null) {
        width = 0
      } else if (typeof height === 'string' && height.endsWith('%')) {
        width = parseInt(height) / ratio + '%'
      } else {
        height = lengthToNumber(
          height,
          inheritedStyle.fontSize,
          1,
          inheritedStyle
        )
        width = height / ratio
      }
    } else if (typeof height === 'undefined' && width) {
      if (ratio == null) {
        width = 0
      } else if (typeof width === 'string' && width.endsWith('%')) {
        height = parseInt(width) * ratio + '%'
      } else {
        width = lengthToNumber(
          width,
          inheritedStyle.fontSize,
          1,
          inheritedStyle
        )
        height = width * ratio
      }
    } else {
      if (typeof width !== 'undefined') {
        // `0` is a size too.
        width =
          lengthToNumber(width, inheritedStyle.fontSize, 1, inheritedStyle) ??
          width
      }
      if (typeof height !== 'undefined') {
        height =
          lengthToNumber(height, inheritedStyle.fontSize, 1, inheritedStyle) ??
          height
      }
    }

    // Like in browsers, an SVG without a size has none, only the natural ratio
    // of its viewBox, so it's as wide as its container, or 300 by 150 without
    // a viewBox.
    const isAuto = (size: unknown) => size === undefined || size === 'auto'
    // Pictor (svg-percent-max-width): a height of its own (CSS or attribute).
    const heightGiven = !isAuto(style.height) || props.height !== undefined
    if (
      width === undefined &&
      height === undefined &&
      isAuto(style.width) &&
      isAuto(style.height)
    ) {
      if (ratio) {
        width = '100%'
      } else {
        width = 300
        height = 150
      }
    }

    if (isAuto(style.width) && width !== undefined && !style.width) {
      style.width = width
    }
    if (isAuto(style.height) && height !== undefined && !style.height) {
      style.height = height
    }

    // Pictor (svg-percent-max-width): a px-wide SVG under a percentage
    // max-width (`svg { max-width: 100% }`, cards' pictures) is as wide as the
    // smaller of the two and, compressible (CSS Sizing 3 §5.2.2), adds no
    // min-content width: a `1fr` grid column or a flex item holding it keeps
    // its share, as in Chrome. As for pictures (img-width-limits), the
    // percentage becomes the width and the px width its max-width; a px
    // height stays (Chrome keeps the attribute's height, the drawing scaled
    // into the narrower box), else the height follows by the ratio.
    let percentCapped = false
    if (
      typeof style.maxWidth === 'string' &&
      /^\s*[\d.]+%\s*$/.test(style.maxWidth) &&
      typeof style.width === 'number' &&
      style.width > 0 &&
      aspectRatio === undefined
    ) {
      const natural = style.width
      const fixedHeight =
        heightGiven && typeof style.height === 'number' ? style.height : undefined
      if (fixedHeight === undefined) style.height = undefined
      const heightRatio =
        ratio ?? (fixedHeight !== undefined ? fixedHeight / natural : null)
      style.width = style.maxWidth
      style.maxWidth = natural
      if (fixedHeight === undefined && heightRatio) {
        style.maxHeight ??= natural * heightRatio
      }
      percentCapped = fixedHeight !== undefined || !!heightRatio
      node.measuredPicture = true
      node.measure = (w, _h, _exclusions, minContent, widthKnown) => {
        const contentWidth = widthKnown
          ? Math.min(w, natural)
          : minContent
          ? 0
          : Math.min(w, natural)
        return {
          width: contentWidth,
          height: fixedHeight ?? contentWidth * (heightRatio ?? 0),
        }
      }
    }

    // The natural ratio of the SVG, for a size that's `auto`, e.g. with
    // `width: auto` and the `height` attribute.
    const naturalRatio =
      ratio ??
      (typeof props.width === 'number' &&
      typeof props.height === 'number' &&
      props.width > 0
        ? props.height / props.width
        : null)
    // Pictor (svg-fixed-size-no-ratio): with both sizes fixed the ratio has
    // no say; the layout engine would still raise the height to the width
    // over the ratio (an automatic minimum), and Font Awesome's
    // `<svg width=16 height=16 viewBox="0 0 320 512">` came out 16 × 25.6.
    const fixed = (size: unknown) =>
      typeof size === 'number' ||
      (typeof size === 'string' && size !== 'auto' && !size.endsWith('%'))
    if (
      aspectRatio === undefined &&
      naturalRatio &&
      !percentCapped &&
      !(fixed(style.width) && fixed(style.height))
    ) {
      svgAspectRatio = 1 / naturalRatio
    }
  }

  // Set the layout style.
  const layout: LayoutStyle = node.style

  if (aspectRatio !== undefined && type !== 'img') {
    layout.aspectRatio = aspectRatio
  } else if (svgAspectRatio) {
    layout.aspectRatio = svgAspectRatio
  }

  if (style.order !== undefined) {
    layout.order = lenient(() => {
      const order = Number(style.order)
      if (!Number.isInteger(order)) {
        throw new Error(
          `Invalid value for CSS property "order": ${style.order}`
        )
      }
      return order
    }, undefined)
  }

  // `visibility` is inherited, so only the element's own value is checked.
  if (style.visibility !== inheritedStyle.visibility) {
    style.visibility = v(
      style.visibility,
      { visible: 'visible', hidden: 'hidden', collapse: 'hidden' },
      inheritedStyle.visibility ?? 'visible',
      'visibility'
    )
  }

  // The outer display type, how the element takes part in the layout of its
  // parent, and the inner one, how its children are laid out. Elements are
  // inline by default, and blockified in flex and grid containers, see
  // `layout()`.
  // Pictor (controls-inline-block): a form control given `display: inline`
  // (or `initial`) is an inline-block, as in Chrome.
  if (
    isAtomicControl(type, props) &&
    (style.display === undefined ||
      String(style.display).trim().toLowerCase() === 'inline')
  ) {
    style.display = 'inline-block'
  }
  const [outerDisplay, boxInnerDisplay] = v(
    style.display,
    DISPLAY_TYPES,
    DISPLAY_TYPES.inline,
    'display'
  ) as [OuterDisplay, LayoutStyle['display'] | 'inline']
  // Like in browsers, a vertical `-webkit-box` with a line clamp is a block
  // container, whose lines are clamped. Otherwise, it's laid out like flex.
  // https://drafts.csswg.org/css-overflow-4/#webkit-line-clamp
  const clampedBox =
    isWebkitBox(style.display) &&
    style.WebkitBoxOrient === 'vertical' &&
    Number(style.WebkitLineClamp) > 0
  // Pictor (containment-formatting-context): a block container with layout
  // or paint containment is a formatting context of its own.
  const containment = containmentOf(style.contain, style.contentVisibility)
  const innerDisplay =
    clampedBox ||
    (boxInnerDisplay === 'block' && (containment.layout || containment.paint))
      ? 'flow-root'
      : boxInnerDisplay
  style.__outerDisplay = outerDisplay
  style.__innerDisplay = innerDisplay
  style.__listItem = (style.display === 'list-item') as any
  layout.display = innerDisplay === 'inline' ? 'block' : innerDisplay

  // The inline base direction, which is inherited. Flex rows, grid columns
  // and lines of text start at the right with `rtl`.
  const direction = v(
    style.direction,
    { ltr: 'ltr', rtl: 'rtl' },
    inheritedStyle.direction === 'rtl' ? 'rtl' : 'ltr',
    'direction'
  ) as 'ltr' | 'rtl'
  style.direction = direction
  layout.direction = direction
  const isRTL = direction === 'rtl'
  // Pictor (fallback-regular-face): `bolder` and `lighter` are relative to
  // the inherited weight (CSS Fonts 4 §2.2), so that synthetic bold knows
  // the weight asked for.
  if (style.fontWeight === 'bolder' || style.fontWeight === 'lighter') {
    style.fontWeight = relativeFontWeight(
      style.fontWeight,
      inheritedStyle.fontWeight
    )
  }
  // Pictor (bidi-plaintext): a block container under `unicode-bidi:
  // plaintext` sets its text in the direction of its first strong character.
  if (style.unicodeBidi === 'plaintext' && outerDisplay !== 'inline') {
    style._paragraphDirection = plaintextDirection(props?.children)
  }

  // Pictor (alignment-tables): the tables of the alignment properties' values
  // made once, not spread again for each element.
  const aligned =
    (
      inheritedStyle._pictorTunings as
        | { alignmentTables?: boolean }
        | undefined
    )?.alignmentTables !== false
  if (!aligned) countLayout('alignmentTablesSpread')
  // With the switch off, a fresh table per element, as before alignment-tables.
  const alignment = (name: keyof typeof ALIGNMENT_TABLES) =>
    aligned ? ALIGNMENT_TABLES[name] : { ...ALIGNMENT_TABLES[name] }
  // `align-content` defaults to `normal`. In block containers, other values
  // prevent margins from collapsing.
  layout.alignContent =
    v(
      alignmentValue(style.alignContent),
      alignment('alignContent'),
      null,
      'alignContent'
    ) ?? undefined

  layout.alignItems =
    v(
      alignmentValue(style.alignItems),
      alignment('alignItems'),
      'stretch',
      'alignItems'
    ) ?? undefined
  layout.alignSelf =
    v(
      alignmentValue(style.alignSelf),
      alignment('alignSelf'),
      undefined,
      'alignSelf'
    ) ?? undefined
  // Unlike CSS, `justify-content` defaults to `flex-start` in flex containers.
  layout.justifyContent =
    v(
      alignmentValue(style.justifyContent),
      alignment('justifyContent'),
      layout.display === 'flex' ? 'flex-start' : null,
      'justifyContent'
    ) ?? undefined
  layout.justifyItems =
    v(
      alignmentValue(style.justifyItems),
      alignment('justifyItems'),
      undefined,
      'justifyItems'
    ) ?? undefined
  layout.justifySelf =
    v(
      alignmentValue(style.justifySelf),
      alignment('justifySelf'),
      undefined,
      'justifySelf'
    ) ?? undefined

  if (layout.display === 'grid') {
    const fontSize = (style.fontSize ?? inheritedStyle.fontSize) as number
    const resolveLength = (length: string) =>
      lengthToNumber(length, fontSize, 0, inheritedStyle)
    layout.gridTemplateColumns = lenient(
      () =>
        parseGridTrackList(
          style.gridTemplateColumns,
          resolveLength,
          'gridTemplateColumns'
        ),
      undefined
    )
    layout.gridTemplateRows = lenient(
      () =>
        parseGridTrackList(
          style.gridTemplateRows,
          resolveLength,
          'gridTemplateRows'
        ),
      undefined
    )
    layout.gridAutoColumns = lenient(
      () =>
        parseGridAutoTracks(
          style.gridAutoColumns,
          resolveLength,
          'gridAutoColumns'
        ),
      undefined
    )
    layout.gridAutoRows = lenient(
      () =>
        parseGridAutoTracks(style.gridAutoRows, resolveLength, 'gridAutoRows'),
      undefined
    )
    layout.gridAutoFlow = lenient(
      () => parseGridAutoFlow(style.gridAutoFlow as string),
      undefined
    )
    layout.gridTemplateAreas = lenient(
      () => parseGridTemplateAreas(style.gridTemplateAreas as string),
      undefined
    )
  }
  for (const line of [
    'gridRowStart',
    'gridRowEnd',
    'gridColumnStart',
    'gridColumnEnd',
  ] as const) {
    layout[line] = lenient(() => parseGridLine(style[line], line), undefined)
  }

  layout.flexDirection = v(
    style.flexDirection,
    {
      row: 'row',
      column: 'column',
      'row-reverse': 'row-reverse',
      'column-reverse': 'column-reverse',
    },
    'row',
    'flexDirection'
  )
  // Pictor (webkit-box-orient): a `display: -webkit-box` lays out its children
  // along `-webkit-box-orient` (and `-webkit-box-direction`), not along
  // `flex-direction`, as Chromium does: `vertical` (PaperMod's and many blog
  // cards' `-webkit-box-orient: vertical` with `-webkit-line-clamp: unset` or
  // none) stacks them as a column.
  if (isWebkitBox(style.display) && innerDisplay === 'flex') {
    const orient = String(style.WebkitBoxOrient ?? '')
      .trim()
      .toLowerCase()
    const vertical = orient === 'vertical' || orient === 'block-axis'
    const reverse =
      String(style.WebkitBoxDirection ?? '')
        .trim()
        .toLowerCase() === 'reverse'
    layout.flexDirection = `${vertical ? 'column' : 'row'}${
      reverse ? '-reverse' : ''
    }` as typeof layout.flexDirection
    style.flexDirection = layout.flexDirection
  }
  layout.flexWrap = v(
    style.flexWrap,
    {
      wrap: 'wrap',
      nowrap: 'nowrap',
      'wrap-reverse': 'wrap-reverse',
    },
    'nowrap',
    'flexWrap'
  )
  // Pictor (column-wrap-auto-height): a column flex container whose height is
  // auto (and not capped by max-height) is as tall as all its items in one
  // column, so it never wraps, as in Chrome. The layout engine broke its lines
  // at the space a grid area offered it instead (a résumé's contact list in
  // a grid header with padding and gaps came out in two columns).
  const isColumn =
    layout.flexDirection === 'column' || layout.flexDirection === 'column-reverse'
  const autoSize = (value: unknown, none: string) =>
    value === undefined || String(value).trim().toLowerCase() === none
  if (
    layout.flexWrap === 'wrap' &&
    isColumn &&
    autoSize(style.height, 'auto') &&
    autoSize(style.maxHeight, 'none')
  ) {
    layout.flexWrap = 'nowrap'
  }

  // `left` and `right` are physical. On the inline axis, they're the end and
  // the start with `rtl`, and otherwise they're the start.
  if (isRTL) {
    const PHYSICAL = { left: 'end', right: 'start' } as const
    const isInlineAxis =
      layout.display === 'grid' ||
      (layout.display === 'flex' &&
        (layout.flexDirection === 'row' ||
          layout.flexDirection === 'row-reverse'))
    if (isInlineAxis && PHYSICAL[style.justifyContent as string]) {
      layout.justifyContent = PHYSICAL[style.justifyContent as string]
    }
    for (const prop of ['justifyItems', 'justifySelf'] as const) {
      if (PHYSICAL[style[prop] as string]) {
        layout[prop] = PHYSICAL[style[prop] as string]
      }
    }
  }

  if (typeof style.gap !== 'undefined') {
    layout.rowGap = layout.columnGap = style.gap as number
  }
  if (typeof style.rowGap !== 'undefined') {
    layout.rowGap = style.rowGap as number
  }
  if (typeof style.columnGap !== 'undefined') {
    layout.columnGap = style.columnGap as number
  }

  if (typeof style.flexBasis !== 'undefined') {
    layout.flexBasis = asSize(style.flexBasis, 'flexBasis', onStyleError)
  }
  layout.flexGrow = typeof style.flexGrow === 'undefined' ? 0 : style.flexGrow
  layout.flexShrink =
    typeof style.flexShrink === 'undefined' ? 1 : style.flexShrink

  if (typeof style.maxHeight !== 'undefined') {
    layout.maxHeight = asSize(style.maxHeight, 'maxHeight', onStyleError)
  }
  if (typeof style.maxWidth !== 'undefined') {
    layout.maxWidth = asSize(style.maxWidth, 'maxWidth', onStyleError)
  }
  if (typeof style.minHeight !== 'undefined') {
    layout.minHeight = asSize(style.minHeight, 'minHeight', onStyleError)
  }
  if (typeof style.minWidth !== 'undefined') {
    layout.minWidth = asSize(style.minWidth, 'minWidth', onStyleError)
  }

  // `visible` and `clip` don't make the box a scroll container, so with a
  // value that does on the other axis, they're `auto` and `hidden`.
  // https://drafts.csswg.org/css-overflow-3/#overflow-control
  const OVERFLOW = {
    visible: 'visible',
    hidden: 'hidden',
    clip: 'clip',
    scroll: 'scroll',
    auto: 'auto',
  } as const
  let overflowX = v(style.overflowX, OVERFLOW, 'visible', 'overflowX')
  let overflowY = v(style.overflowY, OVERFLOW, 'visible', 'overflowY')
  const isScrolling = (value: string) => value !== 'visible' && value !== 'clip'
  if (isScrolling(overflowX) !== isScrolling(overflowY)) {
    const toScrolling = (value: string) =>
      value === 'visible' ? 'auto' : value === 'clip' ? 'hidden' : value
    overflowX = toScrolling(overflowX)
    overflowY = toScrolling(overflowY)
  }
  style.overflowX = overflowX
  style.overflowY = overflowY
  // Whether the content is clipped on any axis.
  style.overflow =
    overflowX === 'visible' && overflowY === 'visible' ? 'visible' : 'hidden'
  const LAYOUT_OVERFLOW = {
    visible: 'visible',
    clip: 'clip',
    hidden: 'hidden',
    auto: 'hidden',
    scroll: 'scroll',
  } as const
  layout.overflowX = LAYOUT_OVERFLOW[overflowX]
  layout.overflowY = LAYOUT_OVERFLOW[overflowY]
  // Pictor (containment-formatting-context): paint containment clips the
  // content as `overflow: clip` does, in painting only (no scroll box).
  if (
    containment.paint &&
    innerDisplay !== 'inline' &&
    style.overflow === 'visible'
  ) {
    style.overflowX = 'clip'
    style.overflowY = 'clip'
    style.overflow = 'hidden'
  }

  layout.marginTop = asPointAutoPercentageLength(
    style.marginTop || 0,
    'marginTop',
    onStyleError
  )
  layout.marginBottom = asPointAutoPercentageLength(
    style.marginBottom || 0,
    'marginBottom',
    onStyleError
  )
  layout.marginLeft = asPointAutoPercentageLength(
    style.marginLeft || 0,
    'marginLeft',
    onStyleError
  )
  layout.marginRight = asPointAutoPercentageLength(
    style.marginRight || 0,
    'marginRight',
    onStyleError
  )

  // A side without a border style has no width. The width defaults to
  // `medium`, and the color to the current color.
  for (const side of ['Top', 'Right', 'Bottom', 'Left']) {
    const lineStyle = style[`border${side}Style`]
    if (!lineStyle || lineStyle === 'none' || lineStyle === 'hidden') {
      style[`border${side}Width`] = 0
    } else {
      if (style[`border${side}Width`] === undefined) {
        style[`border${side}Width`] = 3
      }
      if (style[`border${side}Color`] === undefined) {
        style[`border${side}Color`] = style.color
      }
    }
  }

  // Border and outline widths are snapped to device pixels.
  for (const prop of [
    'borderTopWidth',
    'borderRightWidth',
    'borderBottomWidth',
    'borderLeftWidth',
    'outlineWidth',
  ]) {
    if (typeof style[prop] === 'number') {
      style[prop] = snapLineWidth(style[prop] as number, pointScaleFactor)
    }
  }

  // Pictor (outline-offset-whole-pixels): Chromium keeps outline-offset in
  // whole pixels, cut toward zero (`-5mm`, -18.9px, insets an outline 18px).
  if (typeof style.outlineOffset === 'number') {
    style.outlineOffset = Math.trunc(style.outlineOffset)
  }

  layout.borderTopWidth = (style.borderTopWidth as number) || 0
  layout.borderBottomWidth = (style.borderBottomWidth as number) || 0
  layout.borderLeftWidth = (style.borderLeftWidth as number) || 0
  layout.borderRightWidth = (style.borderRightWidth as number) || 0

  layout.paddingTop = (style.paddingTop as Length) || 0
  layout.paddingBottom = (style.paddingBottom as Length) || 0
  layout.paddingLeft = (style.paddingLeft as Length) || 0
  layout.paddingRight = (style.paddingRight as Length) || 0

  layout.boxSizing = v(
    style.boxSizing,
    {
      'border-box': 'border-box',
      'content-box': 'content-box',
    },
    'content-box',
    'boxSizing'
  )

  const position = v(
    style.position,
    {
      absolute: 'absolute',
      relative: 'relative',
      static: 'static',
      // Laid out in its containing block, see `fixed-position.ts`.
      fixed: 'fixed',
      // Moved after the layout, see `getStickyOffset()`.
      sticky: 'sticky',
    },
    'static',
    'position'
  )
  style.position = position
  layout.position =
    position === 'absolute' || position === 'fixed' ? 'absolute' : 'relative'

  // Floats only apply in block containers, see `layout()`.
  const inlineStart = isRTL ? 'right' : 'left'
  const inlineEnd = isRTL ? 'left' : 'right'
  const float = v(
    style.float,
    {
      none: 'none',
      left: 'left',
      right: 'right',
      'inline-start': inlineStart,
      'inline-end': inlineEnd,
    },
    'none',
    'float'
  )
  layout.float =
    float === 'none' || layout.position === 'absolute' ? undefined : float
  layout.clear = v(
    style.clear,
    {
      none: 'none',
      left: 'left',
      right: 'right',
      both: 'both',
      'inline-start': inlineStart,
      'inline-end': inlineEnd,
    },
    'none',
    'clear'
  )

  // Static elements ignore insets, and sticky elements are moved after the
  // layout. Pictor (float-relative-offset): so are relatively positioned
  // floats, see `pictor-float-offset.ts`.
  const movedAfterLayout = position === 'relative' && layout.float !== undefined
  if (position !== 'static' && position !== 'sticky' && !movedAfterLayout) {
    for (const edge of ['top', 'bottom', 'left', 'right'] as const) {
      const inset = style[edge]
      // `auto`, the initial value, leaves the inset unset.
      if (
        typeof inset !== 'undefined' &&
        String(inset).trim().toLowerCase() !== 'auto'
      ) {
        layout[edge] = asPointPercentageLength(inset, edge, onStyleError)
      }
    }
  }

  layout.height =
    typeof style.height !== 'undefined'
      ? asSize(style.height, 'height', onStyleError)
      : 'auto'
  layout.width =
    typeof style.width !== 'undefined'
      ? asSize(style.width, 'width', onStyleError)
      : 'auto'

  layout.replaced =
    type === 'img' || type === 'svg' || !!replacedElements?.[type]

  return [style, inheritable(style)]
}
