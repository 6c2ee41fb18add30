/**
 * Pictor (picker-inputs): Chromium's look of the inputs whose value is picked rather than typed: date and time
 * fields (date, time, datetime-local, month, week), file inputs and colour wells. satori gave them no content and
 * no preset, so they were empty and zero-sized (a form's date, file and colour rows drew nothing).
 *
 * Measured in Chromium (Pictor's fonts, 13.33 px controls): a date field is a text field in `monospace`, 24 px
 * tall, its value as the locale shows it (05/06/2024, 01:45 PM; mm/dd/yyyy when empty), a calendar or clock icon
 * at its end, as wide as its longest text plus 35–46 px; a file input is a "Choose File" button and "No file
 * chosen", 34 widths of '0' wide; a colour well is a 50 × 27 button with a swatch of its value.
 */
import type { ReactElement } from 'react'

const element = (type: string, props: Record<string, unknown>) =>
  ({ type, key: null, props } as unknown as ReactElement)

const icon = (body: string) =>
  `url("data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16' viewBox='0 0 16 16'>${body}</svg>`
  )}")`

const CALENDAR = icon(
  "<rect x='3.5' y='3.5' width='9' height='9' fill='none' stroke='black'/><rect x='3' y='3' width='10' height='3' fill='black'/><rect x='5' y='2' width='1' height='2' fill='black'/><rect x='10' y='2' width='1' height='2' fill='black'/>"
)
const CLOCK = icon(
  "<circle cx='8' cy='8' r='4.6' fill='none' stroke='black' stroke-width='1.2'/><path d='M8 5.2V8.3L10 9.6' fill='none' stroke='black' stroke-width='1.1'/>"
)

interface DateKind {
  /** The characters of its longest text (Chromium sizes the field by it). */
  chars: number
  /** The px Chromium adds to them: frame, padding and the icon. */
  extra: number
  icon: string
  format: (value: string) => string | undefined
  empty: string
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const two = (n: number) => String(n).padStart(2, '0')

function formatDate(value: string): string | undefined {
  const m = /^(\d{4,})-(\d\d)-(\d\d)$/.exec(value)
  return m ? `${m[2]}/${m[3]}/${m[1]}` : undefined
}

function formatTime(value: string): string | undefined {
  const m = /^(\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?$/.exec(value)
  if (!m) return undefined
  const hours = Number(m[1])
  const clock = `${two(hours % 12 || 12)}:${m[2]}${m[3] ? `:${m[3]}` : ''}`
  return `${clock} ${hours < 12 ? 'AM' : 'PM'}`
}

const DATE_KINDS: Record<string, DateKind> = {
  date: { chars: 10, extra: 44.33, icon: CALENDAR, format: formatDate, empty: 'mm/dd/yyyy' },
  time: { chars: 8, extra: 35, icon: CLOCK, format: formatTime, empty: '--:-- --' },
  'datetime-local': {
    chars: 20,
    extra: 46.33,
    icon: CALENDAR,
    format: (value) => {
      const [date, time] = value.split(/[T ]/)
      const d = formatDate(date ?? '')
      const t = formatTime(time ?? '')
      return d && t ? `${d}, ${t}` : undefined
    },
    empty: 'mm/dd/yyyy, --:-- --',
  },
  month: {
    chars: 14,
    extra: 42.33,
    icon: CALENDAR,
    format: (value) => {
      const m = /^(\d{4,})-(\d\d)$/.exec(value)
      const name = m && MONTHS[Number(m[2]) - 1]
      return name ? `${name} ${m[1]}` : undefined
    },
    empty: '--------- ----',
  },
  week: {
    chars: 13,
    extra: 42.33,
    icon: CALENDAR,
    format: (value) => {
      const m = /^(\d{4,})-W(\d\d)$/.exec(value)
      return m ? `Week ${m[2]}, ${m[1]}` : undefined
    },
    empty: 'Week --, ----',
  },
}

/**
 * The text as Chromium's edit fields: each run of letters or digits (a field) with 1 px of padding on either
 * side, the separators between them bare.
 */
function editFields(text: string): (ReactElement | string)[] {
  return text
    .split(/([0-9A-Za-z-]+)/)
    .filter(Boolean)
    .map((part) =>
      /^[0-9A-Za-z-]+$/.test(part)
        ? element('::datetime-field', { style: { paddingLeft: 1, paddingRight: 1 }, children: part })
        : part
    )
}

const INHERITED_FONT = { fontFamily: 'inherit', fontSize: 'inherit' }

const isDisabled = (props: Record<string, any>) =>
  props?.disabled !== undefined && props?.disabled !== null && props?.disabled !== false

const typeOf = (props: Record<string, any>) =>
  String(props?.type ?? '')
    .trim()
    .toLowerCase()

/** Whether the input is one of the picked kinds drawn here. */
export function isPickerInput(props: Record<string, any>): boolean {
  const type = typeOf(props)
  return type in DATE_KINDS || type === 'file' || type === 'color'
}

/** The preset (box and frame) of a picked input; `field` and `button` are the text field's and button's. */
export function pickerInputPreset(
  props: Record<string, any>,
  field: Record<string, string | number>,
  button: Record<string, string | number>
): Record<string, string | number> {
  const type = typeOf(props)
  const kind = DATE_KINDS[type]
  if (kind)
    return {
      ...field,
      fontFamily: 'monospace',
      // Chromium's 2 px frame, 1 px of it painted: the other is padding here.
      paddingTop: 1,
      paddingBottom: 1,
      paddingLeft: 2,
      paddingRight: 1,
      whiteSpace: 'pre',
    }
  if (type === 'color') {
    const value = /^#[0-9a-f]{6}$/i.test(String(props?.value ?? '')) ? String(props.value) : '#000000'
    return {
      ...button,
      width: 50,
      height: 27,
      // Chromium's baseline: 6 px above the border box's bottom.
      marginBottom: -6,
      paddingTop: 0,
      paddingBottom: 0,
      paddingLeft: 0,
      paddingRight: 0,
      backgroundImage: `url("data:image/svg+xml;utf8,${encodeURIComponent(
        `<svg xmlns='http://www.w3.org/2000/svg' width='38' height='17'><rect x='0.5' y='0.5' width='37' height='16' fill='${value}' stroke='#777777'/></svg>`
      )}")`,
      backgroundPosition: 'center',
      backgroundRepeat: 'no-repeat',
    }
  }
  // file: the button and the text are its content.
  return {
    fontFamily: field.fontFamily,
    fontSize: field.fontSize,
    fontWeight: 'normal',
    fontStyle: 'normal',
    lineHeight: 'normal',
    letterSpacing: 'normal',
    textTransform: 'none',
    textIndent: 0,
    textAlign: 'start',
    display: 'inline-block',
    color: 'black',
    whiteSpace: 'pre',
  }
}

/** The content of a picked input: a date field's text and icon, a file input's button and text. */
export function pickerInputContent(
  props: Record<string, any>,
  button: Record<string, string | number>,
  zeroWidth: number
): ReactElement[] {
  const type = typeOf(props)
  const kind = DATE_KINDS[type]
  if (kind) {
    const value = props.value ?? props.defaultValue
    const text = (value === undefined || value === null ? undefined : kind.format(String(value))) ?? kind.empty
    return [
      element('::input', {
        style: {
          display: 'flex',
          alignItems: 'center',
          height: '100%',
          // Chromium's edit fields and icon: 20 px, the page's padding added.
          minHeight: 20,
          overflow: 'hidden',
          paddingRight: 18,
          // Pictor (disabled-controls): no picker icon on a disabled field.
          backgroundImage: isDisabled(props) ? undefined : kind.icon,
          backgroundPosition: 'right 1px center',
          backgroundRepeat: 'no-repeat',
        },
        children: element('::input-text', {
          style: {
            // The field's own width (its longest text, the icon's room and
            // frame less the frame and padding), the page's padding added; it
            // fits the field otherwise.
            width: `calc(${+(kind.chars * 0.6).toFixed(2)}em + ${+(kind.extra - 23).toFixed(2)}px)`,
            flexGrow: 1,
            flexShrink: 1,
            minWidth: 0,
            whiteSpace: 'pre',
          },
          children: editFields(text),
        }),
      }),
    ]
  }
  if (type !== 'file') return []
  return [
    element('::input', {
      style: { display: 'block', width: 34 * zeroWidth, overflow: 'hidden', whiteSpace: 'pre' },
      children: [
        element('::file-selector-button', {
          // Pictor (file-button-font): the button's text in the input's family
          // and size (the page's `font: inherit` on inputs reaches it in
          // Chromium; its weight and line height stay the button's).
          style: { ...button, ...INHERITED_FONT, marginRight: 4 },
          children: 'Choose File',
        }),
        'No file chosen',
      ],
    }),
  ]
}
