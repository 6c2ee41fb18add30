import { isListBox } from './form-control.js'

/** Author properties that make Chromium paint a drop-down by its CSS (any background or border, corners too). */
const STYLES_A_MENU_LIST = /^(?:background|border(?!Collapse$|Spacing$))/

/**
 * Pictor (select-author-face): a drop-down `<select>` the page gives a
 * background or a border of its own (`border: 0`, a colour, a radius…) is
 * painted by its CSS, as Chromium's `menulist-button` appearance does: its
 * face is then html.css's `background-color` (rgb(239, 239, 239)), where the
 * untouched control is drawn white by the theme. The preset's white stands
 * for that painted look; it becomes the grey face unless the page set a
 * background colour. List boxes keep their white field.
 */
export function authorSelectFace(
  type: string,
  props: Record<string, any>,
  preset: Record<string, string | number>,
  defined: Record<string, unknown>
): void {
  if (type !== 'select' || isListBox(props)) return
  if (!Object.keys(defined).some((prop) => STYLES_A_MENU_LIST.test(prop)))
    return
  if ('backgroundColor' in preset) preset.backgroundColor = 'rgb(239, 239, 239)'
}
