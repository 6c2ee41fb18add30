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
const NATIVE_LOOK = ['backgroundImage', 'backgroundSize', 'backgroundRepeat']

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
