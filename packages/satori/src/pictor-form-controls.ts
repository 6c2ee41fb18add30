/**
 * Pictor (form-controls-ua): Chrome's user-agent look of form controls (its html.css and the way its theme paints
 * them), as presets under every author rule: text fields and text areas with a 1 px #767676 frame and 2 px corners on
 * white, buttons in #efefef, checkboxes and radio buttons drawn at 13 px (checked ones in Chrome's accent blue), all
 * at the controls' 13.33 px font. Chrome lays a field's frame out 2 px wide and paints 1 px of it: the extra pixel is
 * padding here, so boxes and text sit where Chrome puts them.
 */

import { barControlLook, RANGE_BOX } from './pictor-bar-controls.js'
import { isPickerInput, pickerInputPreset } from './pictor-picker-inputs.js'
import { isChecked } from './pictor-form-states.js'

const FRAME = '#767676'
const ACCENT = '#0075ff'

/** The control font: Chrome's `-webkit-small-control` size, normal everything else. */
const CONTROL_FONT = {
  // Pictor (control-system-font): Chrome's `-webkit-small-control` family,
  // its system font (computed as Arial), not the page's.
  fontFamily: 'Arial',
  fontSize: '13.333333px',
  fontWeight: 'normal',
  fontStyle: 'normal',
  lineHeight: 'normal',
  letterSpacing: 'normal',
  wordSpacing: 'normal',
  textTransform: 'none',
  textIndent: 0,
  textShadow: 'none',
  textAlign: 'start',
}

const FIELD = {
  ...CONTROL_FONT,
  display: 'inline-block',
  backgroundColor: 'white',
  color: 'black',
  borderWidth: 1,
  borderStyle: 'solid',
  borderColor: FRAME,
  borderRadius: 2,
}

export const BUTTON = {
  ...CONTROL_FONT,
  display: 'inline-block',
  // Pictor (button-border-box): as Chrome's html.css has it, so a width or
  // height given to a button is its border box.
  boxSizing: 'border-box',
  textAlign: 'center',
  color: 'black',
  backgroundColor: '#efefef',
  borderWidth: 1,
  borderStyle: 'solid',
  borderColor: FRAME,
  borderRadius: 2,
  paddingTop: 2,
  paddingBottom: 2,
  paddingLeft: 7,
  paddingRight: 7,
}

const DISABLED_BUTTON = {
  color: 'rgba(16, 16, 16, 0.3)',
  backgroundColor: 'rgba(239, 239, 239, 0.3)',
  borderColor: 'rgba(118, 118, 118, 0.3)',
}

const svg = (body: string) =>
  `url("data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' width='13' height='13' viewBox='0 0 13 13'>${body}</svg>`
  )}")`

const CHECKBOX = svg(
  `<rect x='0.5' y='0.5' width='12' height='12' rx='2' fill='white' stroke='${FRAME}'/>`
)
const CHECKBOX_CHECKED = svg(
  `<rect width='13' height='13' rx='2' fill='${ACCENT}'/><path d='M3 6.8 5.4 9.2 10.2 3.8' fill='none' stroke='white' stroke-width='1.8'/>`
)
const RADIO = svg(
  `<circle cx='6.5' cy='6.5' r='6' fill='white' stroke='${FRAME}'/>`
)
const RADIO_CHECKED = svg(
  `<circle cx='6.5' cy='6.5' r='6' fill='white' stroke='${ACCENT}'/><circle cx='6.5' cy='6.5' r='4' fill='${ACCENT}'/>`
)

const isSet = (value: unknown) =>
  value !== undefined && value !== null && value !== false

const TEXT_FIELDS_LIST = [
  '',
  'text',
  'email',
  'search',
  'url',
  'tel',
  'password',
  'number',
]
const TEXT_FIELDS = new Set(TEXT_FIELDS_LIST)

/**
 * Pictor (disabled-controls): Chromium's html.css look of a disabled text
 * field, text area, date field or select (the button's is `DISABLED_BUTTON`):
 * grey text, a faint face and frame; a select also at 0.7 opacity.
 */
const DISABLED_FIELD = {
  color: 'rgb(84, 84, 84)',
  backgroundColor: 'rgba(239, 239, 239, 0.3)',
  borderColor: 'rgba(118, 118, 118, 0.3)',
}
const DISABLED_SELECT = {
  color: 'rgb(128, 128, 128)',
  backgroundColor: 'rgb(239, 239, 239)',
  borderColor: 'rgba(118, 118, 118, 0.3)',
  opacity: 0.7,
}
const FIELD_TYPES = new Set([...TEXT_FIELDS_LIST, 'date', 'time', 'datetime-local', 'month', 'week'])

/**
 * Pictor (controls-inline-block): form controls (inputs, buttons, drop-downs,
 * text areas, progress and meter bars) are atomic inlines: Chrome computes
 * `display: inline` on them (Water.css's `[type=radio] { display: initial }`)
 * as `inline-block`.
 */
export function isAtomicControl(
  type: unknown,
  props: Record<string, any> | undefined
): boolean {
  if (type === 'input')
    return (
      String(props?.type ?? '')
        .trim()
        .toLowerCase() !== 'hidden'
    )
  return (
    type === 'button' ||
    type === 'select' ||
    type === 'textarea' ||
    type === 'progress' ||
    type === 'meter'
  )
}

/** The preset of a form control, or `{}` for other elements. */
export function getFormControlPreset(
  type: string,
  props: Record<string, any>
): Record<string, string | number> {
  const preset = enabledControlPreset(type, props)
  if (!isSet(props?.disabled)) return preset
  if (type === 'select') return { ...preset, ...DISABLED_SELECT }
  const inputType = String(props?.type ?? '')
    .trim()
    .toLowerCase()
  if (type === 'textarea' || (type === 'input' && FIELD_TYPES.has(inputType)))
    return { ...preset, ...DISABLED_FIELD }
  return preset
}

function enabledControlPreset(
  type: string,
  props: Record<string, any>
): Record<string, string | number> {
  if (type === 'button') {
    return isSet(props?.disabled) ? { ...BUTTON, ...DISABLED_BUTTON } : BUTTON
  }
  if (type === 'textarea') {
    // `cols` average characters and the scrollbar Chrome keeps room for,
    // `rows` lines.
    const cols = parseInt(props?.cols, 10)
    const rows = parseInt(props?.rows, 10)
    return {
      // Monospace fonts' characters are 0.6em wide (`ch` here would be of the
      // parent's font).
      width: `calc(${(cols > 0 ? cols : 20) * 0.6}em + 15px)`,
      height: `calc(${rows > 0 ? rows : 2}lh)`,
      ...FIELD,
      fontFamily: 'monospace',
      paddingTop: 2,
      paddingBottom: 2,
      paddingLeft: 2,
      paddingRight: 2,
      whiteSpace: 'pre-wrap',
      overflowWrap: 'break-word',
      overflow: 'hidden',
    }
  }
  // Pictor (bar-controls-look): progress and meter bars.
  if (type === 'progress' || type === 'meter')
    return barControlLook(type, props) ?? {}
  if (type !== 'input') return {}
  const inputType = String(props?.type ?? '')
    .trim()
    .toLowerCase()
  if (inputType === 'range')
    return { ...RANGE_BOX, ...barControlLook('range', props) }
  // Pictor (picker-inputs): date and time fields, file inputs, colour wells.
  if (isPickerInput(props)) return pickerInputPreset(props, FIELD, BUTTON)
  if (TEXT_FIELDS.has(inputType)) {
    return {
      ...FIELD,
      paddingTop: 2,
      paddingBottom: 2,
      paddingLeft: 3,
      paddingRight: 3,
    }
  }
  if (
    inputType === 'submit' ||
    inputType === 'reset' ||
    inputType === 'button'
  ) {
    return isSet(props?.disabled) ? { ...BUTTON, ...DISABLED_BUTTON } : BUTTON
  }
  if (inputType === 'checkbox' || inputType === 'radio') {
    const checked = isChecked(props)
    const image =
      inputType === 'checkbox'
        ? checked
          ? CHECKBOX_CHECKED
          : CHECKBOX
        : checked
        ? RADIO_CHECKED
        : RADIO
    return {
      display: 'inline-block',
      boxSizing: 'border-box',
      width: 13,
      height: 13,
      // Chrome puts a checkbox's baseline at its border box's bottom: its 3 px
      // bottom margin hangs below the baseline, in the text's descent, where
      // it changes nothing; left out, so the box stands on the baseline.
      marginTop: 3,
      marginBottom: 0,
      marginLeft: inputType === 'checkbox' ? 4 : 5,
      marginRight: 3,
      backgroundImage: image,
      // Pictor (toggle-input-native-box): Chrome paints the glyph as a square
      // of the box's smaller side, centred.
      backgroundSize: 'contain',
      backgroundPosition: 'center',
      backgroundRepeat: 'no-repeat',
    }
  }
  return {}
}

/** Whether the element is a button (`<button>`, a submit, reset or button input). */
function isButton(type: string, props: Record<string, any>): boolean {
  if (type === 'button') return true
  if (type !== 'input') return false
  const inputType = String(props?.type ?? '')
    .trim()
    .toLowerCase()
  return inputType === 'submit' || inputType === 'reset' || inputType === 'button'
}

/** Author properties that make Chromium drop a button's painted look. */
const STYLES_A_BUTTON =
  /^(?:background|border(?!(?:Top|Bottom)?(?:Left|Right)?Radius$|Collapse$|Spacing$|(?:Start|End)(?:Start|End)Radius$))/

/**
 * Pictor (button-author-look): a button the page gives a background or a
 * border of its own loses the look Chromium paints for it (LayoutTheme's
 * "control styled"): html.css's CSS look is left, a 2 px outset border in
 * ButtonBorder (drawn #545454 on the light sides, black on the dark ones),
 * padding 1px 6px and square corners. The preset's 1 px frame with 2 px corners is that painted
 * look. A border colour of the page's own is drawn solid (Chromium darkens
 * its dark sides).
 */
export function dropButtonLook(
  type: string,
  props: Record<string, any>,
  preset: Record<string, string | number>,
  defined: Record<string, unknown>
): void {
  if (!isButton(type, props)) return
  if (!Object.keys(defined).some((prop) => STYLES_A_BUTTON.test(prop))) return
  delete preset.borderRadius
  // html.css's padding (1px 6px); the painted look's frame and padding were
  // 1px and 2px 7px, the same room.
  if ('borderWidth' in preset) preset.borderWidth = 2
  for (const side of ['Top', 'Bottom', 'Left', 'Right']) {
    const padding = `padding${side}`
    if (padding in preset) preset[padding] = /Top|Bottom/.test(side) ? 1 : 6
  }
  if ('borderColor' in preset) {
    preset.borderColor = '#545454 #000000 #000000 #545454'
  }
}

/** Author properties that give a field a background, and ones that set any part of its border. */
const SETS_A_BACKGROUND = /^background(?:Color|Image)?$/
const SETS_A_BORDER = /^border(?:Top|Right|Bottom|Left)?(?:Width|Style|Color)?$/

/**
 * Pictor (field-author-background): a text field with a background of the page's and no border of its own loses
 * Chrome's painted look and shows html.css's frame, `2px inset` of #767676: two pixels of #212121 on the top and
 * left, of #767676 on the bottom and right, square corners, padding 1px 2px (the painted look's 1 px frame and its
 * pixel of padding were the same room). Its own padding then lies inside that frame as it is.
 */
export function dropsFieldLook(type: string, props: Record<string, any>, defined: Record<string, unknown>): boolean {
  if (!isTextField(type, props)) return false
  const keys = Object.keys(defined)
  return keys.some((prop) => SETS_A_BACKGROUND.test(prop)) && !keys.some((prop) => SETS_A_BORDER.test(prop))
}

export function dropFieldLook(
  type: string,
  props: Record<string, any>,
  preset: Record<string, string | number>,
  defined: Record<string, unknown>
): void {
  if (!dropsFieldLook(type, props, defined)) return
  delete preset.borderRadius
  preset.borderWidth = 2
  preset.borderColor = `#212121 ${FRAME} ${FRAME} #212121`
  for (const side of ['Top', 'Bottom', 'Left', 'Right']) {
    const padding = `padding${side}`
    if (padding in preset) preset[padding] = /Top|Bottom/.test(side) ? 1 : 2
  }
}

/** Author properties that set a border's width (its style too: `none` makes it 0). */
const SETS_A_BORDER_WIDTH = /^border(?:Top|Right|Bottom|Left)?(?:Width|Style)?$/
const PADDINGS = ['paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft']

/** A padding value with the frame's inner pixel added: `6px` is `7px`, `.5rem` is `calc(.5rem + 1px)`. */
function withFramePixel(value: unknown): unknown {
  if (typeof value === 'number') return value + 1
  if (typeof value !== 'string') return value
  const v = value.trim()
  const px = /^(-?(?:\d*\.)?\d+)(px)?$/.exec(v)
  if (px) return `${Number(px[1]) + 1}px`
  return /^(?:(?:\d*\.)?\d+(?:em|rem|%|ch|ex|vw|vh|pt)|calc\(.*\))$/.test(v) ? `calc(${v} + 1px)` : value
}

/**
 * Pictor (field-frame-padding): Chrome lays a text field's frame out 2 px wide (html.css's `2px inset`) and its
 * theme paints 1 px of it; the preset draws that 1 px frame and keeps the other pixel in its padding
 * (form-controls-ua). A page that sets the padding but no border keeps Chrome's 2 px frame: each padding it sets
 * gets the frame's inner pixel added, so the field is as tall and wide as Chrome's (it was 2 px short).
 */
export function fieldFramePadding(
  type: string,
  props: Record<string, any>,
  defined: Record<string, unknown>
): void {
  if (!isTextField(type, props) || dropsFieldLook(type, props, defined)) return
  const keys = Object.keys(defined)
  if (keys.some((prop) => SETS_A_BORDER_WIDTH.test(prop))) return
  if (typeof defined.padding === 'string' || typeof defined.padding === 'number') {
    const parts = String(defined.padding).trim().split(/\s+(?![^(]*\))/)
    if (parts.length <= 4) defined.padding = parts.map(withFramePixel).join(' ')
  }
  for (const side of PADDINGS) if (side in defined) defined[side] = withFramePixel(defined[side])
}

/** Pictor (text-field-intrinsic-width): whether an element is a text field (its width from `size`). */
export function isTextField(type: string, props: Record<string, any>) {
  return (
    type === 'input' &&
    TEXT_FIELDS.has(
      String(props?.type ?? '')
        .trim()
        .toLowerCase()
    )
  )
}

/**
 * Pictor (compressible-percent-controls): a text field, select or text area
 * whose width (or max-width) is a percentage has a min-content contribution
 * of 0 (CSS Sizing's compressible replaced elements), so a flex item's
 * automatic minimum lets it shrink: Spectre's `.form-input { width: 100% }`
 * search field beside two buttons in a 14rem flex row. Its `min-width` is
 * then 0 unless the page gives one.
 */
export function compressPercentWidth(
  type: string,
  props: Record<string, any>,
  preset: Record<string, string | number>,
  defined: Record<string, unknown>
): void {
  const compressible =
    type === 'select' ||
    type === 'textarea' ||
    (type === 'input' &&
      TEXT_FIELDS.has(
        String(props?.type ?? '')
          .trim()
          .toLowerCase()
      ))
  if (!compressible || defined.minWidth !== undefined) return
  const percent = (value: unknown) =>
    typeof value === 'string' && value.includes('%')
  if (percent(defined.width) || percent(defined.maxWidth)) preset.minWidth = 0
}
