/**
 * The content of form controls, which browsers render without elements.
 */

import type { ReactElement } from 'react'
import type FontLoader from './font.js'
import { BUTTON } from './pictor-form-controls.js'
import { isPickerInput, pickerInputContent } from './pictor-picker-inputs.js'

/** The style of the placeholder of an input, from stylesheets. */
export const PLACEHOLDER_PROP = '__satoriPlaceholder'

/** The types of inputs whose value is text. */
const TEXT_INPUTS = new Set([
  '',
  'text',
  'email',
  'search',
  'url',
  'tel',
  'password',
  'number',
])

/** The types of button inputs, and their labels without a value. */
const BUTTON_INPUTS: Record<string, string> = {
  submit: 'Submit',
  reset: 'Reset',
  button: '',
}

/**
 * Whether Chrome lays a text field's line out at `line-height: normal`: when
 * its font size is at least its computed line height in whole pixels
 * (TextControlInnerEditorElement: "do not allow line-height to be smaller than
 * our default").
 */
function innerLineHeightIsNormal(style: Record<string, any>): boolean {
  const fontSize = style.fontSize
  const lineHeight = style.lineHeight
  if (typeof fontSize !== 'number' || typeof lineHeight !== 'number')
    return false
  return fontSize >= Math.trunc(lineHeight * fontSize)
}

const element = (type: string, props: Record<string, unknown>) =>
  ({ type, key: null, props } as unknown as ReactElement)

/**
 * The content of an `<input>`, like in browsers: the value of a text input,
 * or else its placeholder, on a line that's vertically centered and clipped.
 * By default, the line is `size` average characters wide. Button inputs show
 * their value, or a default label, on a centered line. Other inputs have no
 * content.
 */
export function getInputContent(
  props: Record<string, any>,
  style: Record<string, any>,
  font: FontLoader
): ReactElement[] {
  const type = String(props.type ?? '').toLowerCase()
  if (Object.prototype.hasOwnProperty.call(BUTTON_INPUTS, type)) {
    const value = props.value ?? props.defaultValue
    const label = (
      value === undefined || value === null
        ? BUTTON_INPUTS[type]
        : String(value)
    ).replace(/[\r\n]/g, '')
    if (!label) return []
    return [
      element('::input', {
        style: {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          height: '100%',
          overflow: 'hidden',
        },
        children: element('::input-text', {
          style: { whiteSpace: 'pre' },
          children: label,
        }),
      }),
    ]
  }
  // Pictor (picker-inputs): a date field's text and icon, a file input's
  // button and text.
  if (isPickerInput(props)) {
    // Chromium sizes a file input by 34 widths of '0'.
    const zero = typeof style._chRatio === 'number' ? style._chRatio : 0.5
    return pickerInputContent(props, BUTTON, zero * (style.fontSize as number))
  }
  if (!TEXT_INPUTS.has(type)) return []

  const value = props.value ?? props.defaultValue
  let text = value === undefined || value === null ? '' : String(value)
  text = text.replace(/[\r\n]/g, '')
  if (type === 'password') text = '\u2022'.repeat([...text].length)
  const placeholder =
    !text && props.placeholder !== undefined && props.placeholder !== null
      ? String(props.placeholder).replace(/[\r\n]/g, '')
      : undefined

  const size = parseInt(props.size, 10)
  const fontSize = style.fontSize as number
  // Pictor (form-controls-ua): Chrome adds the font's max char width (its
  // bounding box) less the average once (LayoutTextControlSingleLine).
  const max = font.getMaxCharRatio(style)
  // Pictor (input-average-whole-pixels): an average from the font's OS/2
  // table that rounds up to a whole pixel counts as that pixel, as measured in
  // Chromium (Inter at 10–24 px: 8.54 px at 13.33 px counts 9, 10.25 px at
  // 16 px stays; unstyled fields were 8 px narrower than Chrome's). The width
  // of `0`, its fallback, is kept.
  const measured = (font.getAverageCharRatio(style) ?? 0.5) * fontSize
  const average =
    max !== undefined ? Math.max(measured, Math.round(measured)) : measured
  const width = Math.ceil(
    (size > 0 ? size : 20) * average +
      (max !== undefined ? Math.round(max * fontSize) - average : 0)
  )
  return [
    element('::input', {
      style: {
        display: 'flex',
        alignItems: 'center',
        height: '100%',
        overflow: 'hidden',
      },
      children: element('::input-text', {
        style: {
          // The width is the intrinsic width of the input, but the line
          // fits the input otherwise.
          width: `${width}px`,
          flexGrow: 1,
          flexShrink: 1,
          minWidth: 0,
          // An empty input is as tall as a line.
          minHeight: '1lh',
          whiteSpace: 'pre',
          // Pictor (placeholder-in-field-line): the placeholder is a box of
          // its own on the field's line, which keeps the field's font and
          // line height: a smaller `::placeholder` font (Furo's search field,
          // 87.5%) no longer makes the field shorter. Centred on the line;
          // Chrome puts it on the line's baseline (2-4 px lower for a much
          // smaller font): not done.
          ...(placeholder === undefined
            ? undefined
            : { display: 'flex', alignItems: 'center' }),
          // Pictor (field-line-height-floor): Chrome's inner editor takes
          // `line-height: normal` where the field's line height, truncated to
          // whole pixels, is no more than its font size (`line-height: 1` at
          // 14px lays out 17px in Inter).
          ...(innerLineHeightIsNormal(style) ? { lineHeight: 'normal' } : undefined),
        },
        // Pictor (empty-field-baseline): an empty field's line holds a space, so that the field has the baseline
        // of a line of its text (Chromium's), not its bottom edge: on a line of text it sat 2-3 px high.
        children:
          placeholder === undefined
            ? text || ' '
            : element('::placeholder', {
                style: {
                  whiteSpace: 'pre',
                  color: '#757575',
                  ...props[PLACEHOLDER_PROP],
                },
                children: placeholder || ' ',
              }),
      }),
    }),
  ]
}

/**
 * Pictor (textarea-placeholder): the placeholder of an empty `<textarea>`,
 * drawn as in Chrome: the text in #757575 (or the page's `::placeholder`
 * style) where the value would start, wrapped and with its line breaks, as
 * the control's `white-space: pre-wrap` lays it out. Undefined when the
 * textarea has text or no placeholder (tacit's address field showed nothing).
 */
export function getTextAreaPlaceholder(
  props: Record<string, any>
): ReactElement[] | undefined {
  if (textContent(props.children) !== '') return undefined
  if (props.placeholder === undefined || props.placeholder === null)
    return undefined
  const text = String(props.placeholder)
  if (!text) return undefined
  return [
    element('::placeholder', {
      style: { display: 'block', color: '#757575', ...props[PLACEHOLDER_PROP] },
      children: text,
    }),
  ]
}

interface SelectOption {
  label: string
  value: string
  selected: boolean
  disabled: boolean
  /** Whether the option is in an `<optgroup>`. */
  grouped: boolean
  /** Pictor (list-box-author-padding): the padding the page's rules give the `<option>`. */
  padding?: Record<string, unknown>
}

type SelectRow =
  | { kind: 'group'; label: string }
  | { kind: 'option'; option: SelectOption }

const REACT_FRAGMENT = Symbol.for('react.fragment')

/** Whether a boolean attribute is set, like `selected` or `disabled`. */
const isSet = (value: unknown) =>
  value !== undefined && value !== null && value !== false

/** The text of an element's children. */
function textContent(node: unknown): string {
  if (node === null || node === undefined || typeof node === 'boolean') {
    return ''
  }
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(textContent).join('')
  return textContent((node as ReactElement).props?.children)
}

const collapse = (text: string) => text.replace(/[ \t\n\f\r]+/g, ' ').trim()

/**
 * Pictor (list-box-author-padding): the padding and box-sizing declarations
 * of an option's style (the page's rules, cascaded onto it), or undefined
 * without any.
 */
function authorPadding(style: unknown) {
  if (!style || typeof style !== 'object') return
  const padding: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(style)) {
    if (/^(padding|boxSizing$)/.test(name) && value !== undefined)
      padding[name] = value
  }
  return Object.keys(padding).length ? padding : undefined
}

/**
 * Pictor (list-box-author-padding): the UA padding sides a declaration of the page leaves to it. Which physical side
 * a logical inline one is depends on the row's direction: both inline sides are left to the page's declarations.
 */
const PADDING_SIDES: Record<string, string[]> = {
  padding: ['Top', 'Right', 'Bottom', 'Left'],
  paddingTop: ['Top'],
  paddingBlockStart: ['Top'],
  paddingBottom: ['Bottom'],
  paddingBlockEnd: ['Bottom'],
  paddingBlock: ['Top', 'Bottom'],
  paddingLeft: ['Left'],
  paddingRight: ['Right'],
  paddingInline: ['Left', 'Right'],
  paddingInlineStart: ['Left', 'Right'],
  paddingInlineEnd: ['Left', 'Right'],
}

/**
 * Pictor (list-box-author-padding): a list box row's padding, Chromium's UA
 * one (`option { padding-inline: 2px; padding-block-end: 1px }`, 20px at the
 * start in an `<optgroup>`) under the page's own declarations for the option:
 * a UA side the page sets is left to it (tacit's `* { padding: 0 }` takes the
 * indent of grouped options away, as in Chromium).
 */
function rowPadding(option: SelectOption | undefined) {
  const ua: Record<string, unknown> = {
    paddingTop: 0,
    paddingRight: 2,
    paddingBottom: 1,
    paddingLeft: option?.grouped ? 20 : 2,
  }
  const author = option?.padding
  if (!author) return ua
  for (const name of Object.keys(author)) {
    const sides = PADDING_SIDES[name] ?? []
    for (const side of sides) delete ua['padding' + side]
  }
  return { ...ua, ...author }
}

/**
 * Pictor (list-box-author-padding): the height of a list box's tallest row
 * and of each row, or undefined where it can't be told before layout (a padding in other
 * units than px and em, a select of its own height): then the box is the
 * height of its first `size` rows, as before. A row is its line, the font's
 * normal one but at least 1.2em, and its padding.
 */
function listBoxItemHeight(
  rows: SelectRow[],
  style: Record<string, any>,
  heights?: { content: number; line: number }
) {
  const fontSize = style.fontSize
  if (!heights || typeof fontSize !== 'number' || !(fontSize > 0)) return
  if (style.height !== undefined && style.height !== 'auto') return
  const length = (value: unknown) => {
    if (typeof value === 'number') return value
    const match = /^\s*(-?[\d.]+)(px|em)?\s*$/.exec(String(value))
    if (!match) return NaN
    return Number(match[1]) * (match[2] === 'em' ? fontSize : 1)
  }
  const each: number[] = []
  for (const row of rows) {
    const padding = rowPadding(row.kind === 'option' ? row.option : undefined)
    let top = 0
    let bottom = 0
    for (const [name, value] of Object.entries(padding)) {
      if (name === 'boxSizing') continue
      const values = String(value).trim().split(/\s+/).map(length)
      if (name === 'padding') {
        top = values[0]
        bottom = values[2] ?? values[0]
      } else if (name === 'paddingBlock') {
        top = values[0]
        bottom = values[1] ?? values[0]
      } else if (/^padding(Top|BlockStart)$/.test(name)) top = values[0]
      else if (/^padding(Bottom|BlockEnd)$/.test(name)) bottom = values[0]
    }
    // `min-height: 1.2em` of the content box, or of the border box.
    const height =
      String(padding.boxSizing).trim() === 'border-box'
        ? Math.max(1.2 * fontSize, heights.line + top + bottom)
        : Math.max(1.2 * fontSize, heights.line) + top + bottom
    if (!Number.isFinite(height)) return
    each.push(height)
  }
  const tallest = Math.max(0, ...each)
  return tallest > 0 ? { tallest, each } : undefined
}

/** Pictor (list-box-author-padding): whether rows run past the list box's content. */
const rowsOverflow = (each: number[], content: number) =>
  each.reduce((sum, height) => sum + height, 0) > content + 0.01

/** Whether a select is a list box, rather than a drop-down. */
export function isListBox(props: Record<string, any>) {
  return isSet(props?.multiple) || parseInt(props?.size, 10) > 1
}

/**
 * The options and groups of a select, and which options are selected, like in
 * browsers: the options with `selected`, or the ones with the `value` or
 * `defaultValue` of the select, as in React. Only one is selected in a
 * select without `multiple`: the last one, or else the first one that isn't
 * disabled in a drop-down.
 */
function getSelectRows(props: Record<string, any>): SelectRow[] {
  const rows: SelectRow[] = []
  const visit = (node: unknown, group?: { disabled: boolean }) => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, group)
      return
    }
    if (!node || typeof node !== 'object' || !('type' in node)) return
    const { type, props: childProps = {} } = node as ReactElement<any>
    if (type === 'option') {
      const text = collapse(textContent(childProps.children))
      const label =
        typeof childProps.label === 'string' && childProps.label
          ? childProps.label
          : text
      rows.push({
        kind: 'option',
        option: {
          label,
          value: isSet(childProps.value) ? String(childProps.value) : text,
          selected: isSet(childProps.selected),
          disabled: isSet(childProps.disabled) || !!group?.disabled,
          grouped: !!group,
          padding: authorPadding(childProps.style),
        },
      })
    } else if (type === 'optgroup' && !group) {
      rows.push({ kind: 'group', label: String(childProps.label ?? '') })
      visit(childProps.children, { disabled: isSet(childProps.disabled) })
    } else if ((type as unknown) === REACT_FRAGMENT) {
      visit(childProps.children, group)
    }
  }
  visit(props.children)

  const options = rows.flatMap((row) =>
    row.kind === 'option' ? [row.option] : []
  )
  const value = props.value ?? props.defaultValue
  if (value !== undefined && value !== null) {
    const values = new Set([].concat(value).map(String))
    for (const option of options) option.selected = values.has(option.value)
  }
  if (!isSet(props.multiple)) {
    const last = options.findLastIndex((option) => option.selected)
    options.forEach((option, i) => (option.selected = i === last))
    if (last === -1 && !isListBox(props)) {
      const first = options.find((option) => !option.disabled)
      if (first) first.selected = true
    }
  }
  return rows
}

/**
 * The arrow of a drop-down, like the one of Chrome.
 * Pictor (select-arrow-shape): Chromium's chevron, 8 px wide, a 2 px stroke
 * with a mitred tip, its middle 9 px from the select's right edge.
 */
const ARROW = element('svg', {
  width: 11,
  height: 8,
  viewBox: '0 0 11 8',
  fill: 'none',
  children: element('path', {
    d: 'M2 2L6 6L10 2',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'butt',
    strokeLinejoin: 'miter',
  }),
})

/**
 * The content of a `<select>`, like in Chrome. A drop-down shows its selected
 * option, as wide as its widest option, and an arrow, unless its `appearance`
 * is `none`. A list box shows `size` rows of options, 4 with `multiple`, and
 * highlights the selected ones.
 */
export function getSelectContent(
  props: Record<string, any>,
  style: Record<string, any>,
  heights?: { content: number; line: number }
): ReactElement[] {
  const rows = getSelectRows(props)
  const line = { whiteSpace: 'pre', overflow: 'hidden' }

  if (isListBox(props)) {
    const size = parseInt(props.size, 10)
    const count = size > 0 ? size : 4
    // Pictor (list-box-author-padding): Chromium's list box is `size` times
    // its tallest row high (ListBoxItemBlockSize), a row shorter than that
    // (an option without padding beside groups' labels) lets the next one in.
    const items = listBoxItemHeight(rows, style, heights)
    // The rows show through the box's padding at the bottom, as a scroll
    // container's content does; the ones that start below it are hidden.
    const paddingBottom =
      typeof style.paddingBottom === 'number' ? style.paddingBottom : 0
    const visible = items ? count * items.tallest + paddingBottom : 0
    const starts: number[] = []
    if (items) {
      let start = 0
      for (const height of items.each) {
        starts.push(start)
        start += height
      }
    }
    const hidden = (i: number) =>
      items ? starts[i] >= visible - 0.01 : i >= count
    const children = rows.map((row, i) => {
      const option = row.kind === 'option' ? row.option : undefined
      return element('::option', {
        style: {
          ...line,
          flexShrink: 0,
          minHeight: '1.2em',
          // Pictor (list-box-row-height): a row's line is the font's normal
          // one whatever the select's line-height, as Chromium lays it out.
          lineHeight: 'normal',
          // Pictor (list-box-author-padding): the UA's padding under the
          // page's own for the option.
          ...rowPadding(option),
          ...(row.kind === 'group' ? { fontWeight: 'bold' } : undefined),
          ...(option?.disabled ? { color: '#808080' } : undefined),
          ...(option?.selected
            ? { backgroundColor: '#cecece', color: '#101010' }
            : undefined),
          // Rows after the visible ones are still as wide as they are.
          ...(hidden(i) ? { height: 0, minHeight: 0, padding: 0 } : undefined),
        },
        children: row.kind === 'group' ? row.label : option.label,
      })
    })
    // Empty rows fill the list box (Pictor (list-box-author-padding): its
    // minimum height, where its rows' heights are known).
    for (let i = rows.length; i < count && !items; i++) {
      children.push(
        element('::option', {
          style: {
            flexShrink: 0,
            minHeight: '1.2em',
            lineHeight: 'normal',
            paddingBottom: 1,
          },
        })
      )
    }
    return [
      element('::select', {
        style: {
          display: 'flex',
          flexDirection: 'column',
          height: '100%',
          overflow: 'hidden',
          ...(items && starts.length > 0
            ? rowsOverflow(items.each, visible - paddingBottom)
              ? { maxHeight: visible, marginBottom: -paddingBottom }
              : { minHeight: visible - paddingBottom }
            : undefined),
        },
        children,
      }),
    ]
  }

  const options = rows.flatMap((row) =>
    row.kind === 'option' ? [row.option] : []
  )
  const selected = options.find((option) => option.selected)
  const appearance = String(
    style.appearance ?? style.WebkitAppearance ?? 'auto'
  ).toLowerCase()
  const hasArrow = appearance !== 'none'
  // Chrome draws the arrow at the end of the padding box.
  const endPadding =
    typeof style.paddingRight === 'number' && style.paddingRight > 0
      ? style.paddingRight
      : 0
  return [
    element('::select', {
      style: {
        display: 'flex',
        alignItems: 'center',
        height: '100%',
        // Pictor (select-menu-list): Chrome lays a drop-down's text out at
        // `line-height: normal` whatever the select's (LaTeX.css's
        // `select { font: inherit }` under `line-height: 1.8`).
        // Pictor (select-menu-list-height): and that is a font's content
        // area, its line gap left out (Blink's MenuListInnerElement and
        // MenuListIntrinsicBlockSize, `FontMetrics::Height()`): the select
        // is as tall as its first face's (Latin Modern's drop-down at 16px
        // is 20px tall, not 23), its text's line as tall as the first local
        // face's (getSelectHeights), the overflow clipped.
        lineHeight: heights ? `${heights.line}px` : 'normal',
        ...(heights ? { overflow: 'hidden' } : undefined),
        ...(hasArrow ? { padding: '1px 0 1px 4px' } : undefined),
        // Pictor (select-arrow-in-padding): the arrow sits at the end of the
        // padding box; this box reaches into the end padding so that its
        // clip keeps the arrow (the arrow box is as much wider).
        ...(hasArrow && endPadding ? { marginRight: -endPadding } : undefined),
      },
      children: [
        element('::select-text', {
          style: {
            display: 'flex',
            flexDirection: 'column',
            flexGrow: 1,
            flexShrink: 1,
            minWidth: 0,
            overflow: 'hidden',
            // Its line counts as the first face's content area.
            ...(heights && heights.line !== heights.content
              ? heights.line > heights.content
                ? { marginBottom: heights.content - heights.line }
                : {
                    marginTop: (heights.content - heights.line) / 2,
                    marginBottom: (heights.content - heights.line) / 2,
                  }
              : undefined),
          },
          children: [
            element('::option', {
              style: { ...line, minHeight: '1lh' },
              children: selected?.label ?? '',
            }),
            // Every option, without a height, makes the drop-down as wide as
            // the widest one. Options in groups are indented in the menu.
            ...options.map((option) =>
              element('::option', {
                style: {
                  ...line,
                  height: 0,
                  ...(option.grouped ? { paddingLeft: '1.1em' } : undefined),
                },
                children: option.label,
              })
            ),
          ],
        }),
        ...(hasArrow
          ? [
              element('::select-arrow', {
                style: {
                  display: 'flex',
                  justifyContent: 'flex-end',
                  alignItems: 'center',
                  flexShrink: 0,
                  boxSizing: 'border-box',
                  // Pictor (select-end-padding): Chrome's menu list has 4 px
                  // of inner padding at its end before the 12 px arrow box:
                  // a drop-down is its widest option + 22 px wide.
                  width: 16 + endPadding,
                  paddingRight: 3,
                },
                children: ARROW,
              }),
            ]
          : []),
      ],
    }),
  ]
}
