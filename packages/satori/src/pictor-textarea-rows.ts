/**
 * Pictor (textarea-rows-height): a text area without a page height is `rows` lines of its own line height tall, as
 * in Chromium (LayoutTextControlMultiLine): at `line-height: normal` that is its font's rounded ascent plus rounded
 * descent (18 px for 13.33 and 14 px monospace). The preset's `calc(N lh)` resolved `lh` with the parent's line
 * height (a page's 1.5 made every row 20 px, a form's text areas 2–12 px taller than Chromium's).
 */
import type FontLoader from './font.js'

type Style = Record<string, any>

/** The content height of the text area's rows, or undefined when the page sets a height or it can't be told. */
export function textAreaRowsHeight(
  props: Record<string, any>,
  defined: Style | undefined,
  style: Style,
  font: FontLoader
): number | undefined {
  if (defined?.height !== undefined || defined?.blockSize !== undefined) return undefined
  const fontSize = style.fontSize
  if (typeof fontSize !== 'number' || !(fontSize > 0)) return undefined
  const rows = Number.parseInt(props?.rows, 10)
  const lineHeight = style.lineHeight
  const line =
    typeof lineHeight === 'number'
      ? lineHeight * fontSize
      : typeof lineHeight === 'string' && /px$/.test(lineHeight)
        ? Number.parseFloat(lineHeight)
        : font.getSelectHeights(style, fontSize)?.line
  if (line === undefined || !Number.isFinite(line)) return undefined
  return (rows > 0 ? rows : 2) * line
}

/** The text area's height as its box sizing takes it: its rows, with its padding and border for `border-box`. */
export function textAreaBoxHeight(content: number, layout: Style): number {
  if (layout.boxSizing !== 'border-box') return content
  const sum = (...keys: string[]) => keys.reduce((s, k) => s + (typeof layout[k] === 'number' ? layout[k] : 0), 0)
  return content + sum('paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth')
}
