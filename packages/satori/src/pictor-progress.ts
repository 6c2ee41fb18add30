/**
 * Pictor (progress-value): a `<progress>` the page styles, drawn as Chromium draws it then. Its native look goes
 * when the page sets `appearance: none` or a background, border or border radius of its own, and Chromium shows
 * the element's shadow parts instead: `::-webkit-progress-bar` (user-agent style: grey, the whole box) holding
 * `::-webkit-progress-value` (green, value / max of the bar's width), each styled by the page's rules for them. The
 * element's own children (fallback text) are never shown. satori drew the box alone: JSON Resume theme relaxed's
 * skill bars were grey where Chromium fills them green.
 */

/** The pseudo-elements of a progress bar, outermost first. */
export const PROGRESS_PARTS = [
  '-webkit-progress-bar',
  '-webkit-progress-value',
] as const

const BAR = {
  display: 'block',
  boxSizing: 'border-box',
  width: '100%',
  height: '100%',
  backgroundColor: 'gray',
}
const VALUE = {
  display: 'block',
  boxSizing: 'border-box',
  height: '100%',
  backgroundColor: 'green',
}

/** `value / max` of a determinate progress element, clamped to [0, 1]; undefined without a valid `value`. */
export function progressFraction(
  props: Record<string, unknown>
): number | undefined {
  const value = Number.parseFloat(String(props.value ?? ''))
  if (!Number.isFinite(value)) return undefined
  const rawMax = Number.parseFloat(String(props.max ?? ''))
  const max = Number.isFinite(rawMax) && rawMax > 0 ? rawMax : 1
  return Math.min(1, Math.max(0, value / max))
}

/** Whether the page's style of a progress element drops its native look. */
export function isStyledProgress(style: Record<string, unknown> | undefined) {
  if (!style) return false
  const appearance = String(style.appearance ?? style.WebkitAppearance ?? '')
    .trim()
    .toLowerCase()
  if (appearance === 'none') return true
  return Object.keys(style).some((name) =>
    /^(background|border)/.test(name)
  )
}

/**
 * The bar and its value, as elements made by `element`, the page's styles for each part over the user-agent ones;
 * the value's width is the progress's fraction (none when indeterminate).
 */
export function progressParts<T>(
  fraction: number | undefined,
  barStyle: Record<string, unknown> | undefined,
  valueStyle: Record<string, unknown> | undefined,
  element: (type: string, props: Record<string, unknown>) => T
): T {
  const value =
    fraction === undefined
      ? []
      : [
          element('::-webkit-progress-value', {
            style: {
              ...VALUE,
              ...valueStyle,
              width: `${fraction * 100}%`,
            },
          }),
        ]
  return element('::-webkit-progress-bar', {
    style: { ...BAR, ...barStyle },
    children: value,
  })
}
