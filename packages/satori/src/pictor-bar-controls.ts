/**
 * Pictor (bar-controls-look): Chromium's painted look of `<progress>`, `<meter>` and `<input type=range>`, as
 * background layers under every author rule. Measured in Chromium (a 160 × 16 progress, an 80 × 16 meter, a
 * 129 × 16 range): an 8 px track centred in the box, #efefef with a 1 px #b2b2b2 edge and round ends; the value
 * drawn over its start in #0075ff (progress, range) or #107c10 (meter); a range's thumb a 16 px #0075ff disc,
 * its centre at the value's place between 8 px from either end. satori drew nothing (an input of type range had
 * no box either).
 */

const ACCENT = '#0075ff'
const METER = '#107c10'

const svg = (width: number, body: string) =>
  `url("data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='16' viewBox='0 0 ${width} 16' preserveAspectRatio='none'>${body}</svg>`
  )}")`

const track = (width: number) =>
  svg(
    width,
    `<rect x='0.5' y='4.5' width='${width - 1}' height='7' rx='3.5' fill='#efefef' stroke='#b2b2b2'/>`
  )
const bar = (width: number, color: string) =>
  svg(width, `<rect x='0' y='4' width='${width}' height='8' rx='4' fill='${color}'/>`)
const THUMB = svg(16, `<circle cx='8' cy='8' r='8' fill='${ACCENT}'/>`)

const number = (value: unknown, fallback: number) => {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''))
  return Number.isFinite(parsed) ? parsed : fallback
}
const clamp = (x: number) => Math.min(1, Math.max(0, x))
const percent = (fraction: number) => `${+(fraction * 100).toFixed(4)}%`

/** The share of the bar a progress, meter or range shows, or undefined for an indeterminate progress. */
function fraction(type: string, props: Record<string, any>): number | undefined {
  if (type === 'progress') {
    if (props?.value === undefined || props?.value === null) return undefined
    const max = number(props.max, 1) > 0 ? number(props.max, 1) : 1
    return clamp(number(props.value, 0) / max)
  }
  const min = number(props?.min, type === 'meter' ? 0 : 0)
  const max = Math.max(min, number(props?.max, type === 'meter' ? 1 : 100))
  if (max === min) return 0
  const value = number(props?.value, type === 'meter' ? 0 : (min + max) / 2)
  return clamp((value - min) / (max - min))
}

/** The look of a progress, meter or range input as background layers (the box's size stays the page's). */
export function barControlLook(type: string, props: Record<string, any>): Record<string, string> | undefined {
  if (type === 'progress' || type === 'meter') {
    const width = type === 'progress' ? 160 : 80
    const share = fraction(type, props)
    const layers = share === undefined || share === 0 ? [] : [bar(width, type === 'meter' ? METER : ACCENT)]
    return {
      backgroundImage: [...layers, track(width)].join(', '),
      backgroundSize: [...layers.map(() => `${percent(share ?? 0)} 100%`), '100% 100%'].join(', '),
      backgroundPosition: '0 0',
      backgroundRepeat: 'no-repeat',
    }
  }
  const share = fraction(type, props) ?? 0
  // The blue track runs to the thumb's centre: 8 px + share × (width − 16), at the default width.
  const blue = svg(129, `<rect x='0' y='4' width='${+(8 + share * 113).toFixed(3)}' height='8' rx='4' fill='${ACCENT}'/>`)
  return {
    backgroundImage: [THUMB, blue, track(129)].join(', '),
    backgroundSize: '16px 16px, 100% 100%, 100% 100%',
    backgroundPosition: `${percent(share)} 0, 0 0, 0 0`,
    backgroundRepeat: 'no-repeat',
  }
}

/** Chromium's box of a range input (html.css and its theme's size). */
export const RANGE_BOX = {
  display: 'inline-block',
  boxSizing: 'border-box',
  width: 129,
  height: 16,
  marginTop: 2,
  // Chromium's baseline is the border box's bottom: the bottom margin hangs
  // below it, in the text's descent, where it changes nothing; left out.
  marginBottom: 0,
  marginLeft: 2,
  marginRight: 2,
}
