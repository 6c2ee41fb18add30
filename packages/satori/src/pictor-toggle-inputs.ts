/**
 * Pictor (toggle-input-pseudo-elements): checkboxes and radio buttons styled
 * by the page. With `appearance: none` Chrome paints none of their native
 * look, and, unlike other inputs, it gives them `::before` and `::after`:
 * Pico's switches (`[role=switch]`) are a rounded box with a `::before` thumb.
 * satori drew its checkbox image under the page's styles and no thumb.
 */

/** What is known of an element here. */
interface ElementLike {
  type: string
  props?: Record<string, any>
}

/** A checkbox or radio button. */
export function isToggleInput(node: ElementLike): boolean {
  if (node.type !== 'input') return false
  const type = String(node.props?.type ?? '')
    .trim()
    .toLowerCase()
  return type === 'checkbox' || type === 'radio'
}

/** The properties of the painted look (pictor-form-controls.ts) that `appearance: none` removes. */
const NATIVE_LOOK = [
  'backgroundImage',
  'backgroundSize',
  'backgroundPosition',
  'backgroundRepeat',
]

/**
 * Removes the painted look from a toggle input's preset when the page sets
 * `appearance: none` (or `-webkit-appearance: none`).
 */
export function dropNativeLook(
  preset: Record<string, string | number>,
  defined: Record<string, string | number>
): void {
  const appearance = String(
    defined.appearance ?? defined.WebkitAppearance ?? preset.appearance ?? ''
  )
    .trim()
    .toLowerCase()
  if (appearance !== 'none') return
  for (const prop of NATIVE_LOOK) delete preset[prop]
}

/** What Chrome's theme resets on a checkbox or radio button it paints: the page's padding and border. */
const RESET_BY_THEME = /^(?:padding|border(?!(?:Top|Bottom)?(?:Left|Right)?Radius$|Collapse$|Spacing$|(?:Start|End)(?:Start|End)Radius$))/

/**
 * Pictor (toggle-input-native-box): a checkbox or radio button that keeps
 * Chrome's painted look keeps none of the page's padding or border (its
 * theme resets them: LayoutTheme's AdjustCheckboxStyle), and its glyph is
 * a square of the box's smaller side, centred (`contain`): tacit's
 * `input { padding: .6em }` and `input[type=radio] { height: 1.86rem }`
 * leave Chrome's 13 px circle in a 13 × 30 px box, where satori stretched
 * the image over a 20 × 30 px padded box. A checkbox aligned otherwise than
 * on the baseline (`vertical-align: middle`) has its 3 px bottom margin back
 * (the preset leaves it out because on the baseline Chrome hangs it in the
 * text's descent).
 */
export function keepNativeBox(
  node: ElementLike,
  preset: Record<string, string | number>,
  defined: Record<string, string | number>
): void {
  if (!preset.backgroundImage) return
  for (const prop in defined) if (RESET_BY_THEME.test(prop)) delete defined[prop]
  const align = String(defined.verticalAlign ?? 'baseline')
    .trim()
    .toLowerCase()
  const isCheckbox =
    String(node.props?.type ?? '')
      .trim()
      .toLowerCase() === 'checkbox'
  if (isCheckbox && align !== 'baseline' && defined.marginBottom === undefined)
    preset.marginBottom = 3
}
