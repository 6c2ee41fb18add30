/**
 * Pictor (svg-text): `<text>` and `<tspan>` in an inline `<svg>` drawn as the
 * paths of their glyphs, with the document's fonts, as browsers draw them.
 *
 * satori draws an inline SVG as an image and stopped the whole render at the
 * first `<text>` ("not currently supported"): a chart with labels or a receipt
 * drawn as SVG gave no picture at all. Here each `<text>` becomes a `<g>` with
 * its presentation attributes and one `<path>` per run of text: positioned by
 * `x`/`y`/`dx`/`dy` (of the text and its `<tspan>`s, first values of a list),
 * aligned by `text-anchor`, on the alphabetic baseline, in the font the
 * `font-family`/`font-size`/`font-weight`/`font-style` (attributes, `style`,
 * inherited from the `<svg>`'s CSS) select, white space collapsed as SVG's
 * default `xml:space` does.
 */
import type { ReactElement } from 'react'
import type FontLoader from './font.js'
import type { Locale } from './language.js'

type Props = Record<string, any>

/** The text properties an SVG element passes on to its content. */
interface TextStyle {
  fontFamily: unknown
  fontSize: number
  fontWeight: unknown
  fontStyle: unknown
  textAnchor: string
  letterSpacing: number
  /** `dominant-baseline` (inherited, as in CSS Inline 3 and Chromium). */
  dominantBaseline: string
}

const FONT_PROPS: [keyof TextStyle, string[]][] = [
  ['fontFamily', ['fontFamily', 'font-family']],
  ['fontSize', ['fontSize', 'font-size']],
  ['fontWeight', ['fontWeight', 'font-weight']],
  ['fontStyle', ['fontStyle', 'font-style']],
  ['textAnchor', ['textAnchor', 'text-anchor']],
  ['letterSpacing', ['letterSpacing', 'letter-spacing']],
  ['dominantBaseline', ['dominantBaseline', 'dominant-baseline']],
]
/** Attributes that place or shape the text, not drawn by the `<g>` it becomes. */
const TEXT_ONLY = new Set([
  'x',
  'y',
  'dx',
  'dy',
  'rotate',
  'lengthAdjust',
  'textLength',
  'alignmentBaseline',
  'alignment-baseline',
  'xmlSpace',
  'xml:space',
  'children',
  ...FONT_PROPS.flatMap(([, names]) => names),
])

const isElement = (n: unknown): n is ReactElement =>
  !!n && typeof n === 'object' && 'type' in (n as object)

/** The first number of an SVG length list (`x="10 20"` → 10), or undefined. */
function firstNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value !== 'string') return undefined
  const n = parseFloat(value.trim().split(/[\s,]+/)[0])
  return Number.isFinite(n) ? n : undefined
}

/** A font size of an SVG attribute or style in user units (px; em of the inherited size). */
function fontSizeOf(value: unknown, inherited: number): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value !== 'string') return undefined
  const m = /^\s*([\d.]+)\s*(px|em|rem|%|pt)?\s*$/.exec(value)
  if (!m) return undefined
  const n = parseFloat(m[1])
  switch (m[2]) {
    case 'em':
      return n * inherited
    case '%':
      return (n / 100) * inherited
    case 'pt':
      return (n * 4) / 3
    case 'rem':
      return n * 16
    default:
      return n
  }
}

/** The text style of an element: its attributes, then its `style`, over the inherited one. */
function styleOf(props: Props, inherited: TextStyle): TextStyle {
  const out = { ...inherited }
  for (const source of [props, props.style ?? {}]) {
    for (const [key, names] of FONT_PROPS) {
      const value = names.map((n) => source[n]).find((v) => v != null)
      if (value == null || value === 'inherit') continue
      if (key === 'fontSize') {
        out.fontSize = fontSizeOf(value, inherited.fontSize) ?? out.fontSize
      } else if (key === 'letterSpacing') {
        out.letterSpacing = fontSizeOf(value, inherited.fontSize) ?? 0
      } else if (key === 'textAnchor' || key === 'dominantBaseline') {
        out[key] = String(value).trim()
      } else if (key === 'fontFamily') {
        // As CSS font-family is expanded for the engine: names unquoted, lower case.
        out.fontFamily = String(value)
          .split(',')
          .map((name) =>
            name
              .trim()
              .replace(/(^['"])|(['"]$)/g, '')
              .toLocaleLowerCase()
          )
      } else {
        out[key] = value as never
      }
    }
  }
  return out
}

interface Run {
  text: string
  style: TextStyle
  x?: number
  y?: number
  dx: number
  dy: number
  /** The `<tspan>` that holds the run, drawn around its path. */
  span?: Props
}

/** The runs of a `<text>`: its strings and those of its `<tspan>`s, in order. */
function runsOf(children: unknown, style: TextStyle, out: Run[], span?: Props) {
  for (const child of Array.isArray(children) ? children.flat(Infinity) : [children]) {
    if (child == null || child === false) continue
    if (typeof child === 'string' || typeof child === 'number') {
      out.push({ text: String(child), style, dx: 0, dy: 0, span })
    } else if (isElement(child) && child.type === 'tspan') {
      const props = (child.props ?? {}) as Props
      const first = out.length
      runsOf(props.children, styleOf(props, style), out, props)
      const run = out[first]
      if (run) {
        run.x = firstNumber(props.x)
        run.y = firstNumber(props.y)
        run.dx += firstNumber(props.dx) ?? 0
        run.dy += firstNumber(props.dy) ?? 0
      }
    }
  }
}

/** Attributes of an element that its `<g>` keeps (fill, stroke, opacity, transform…). */
function drawnProps(props: Props): Props {
  const out: Props = {}
  for (const [k, v] of Object.entries(props)) if (!TEXT_ONLY.has(k)) out[k] = v
  if (props.style && typeof props.style === 'object') {
    const style: Props = {}
    for (const [k, v] of Object.entries(props.style)) if (!TEXT_ONLY.has(k)) style[k] = v
    out.style = style
  }
  return out
}

/**
 * How far below `y` the alphabetic baseline is for a `dominant-baseline`:
 * the font's ascent below a top edge, its descent above a bottom edge, half
 * way for `central`/`middle`.
 */
function baselineShift(
  baseline: string,
  engine: { ascent: (s?: string) => number; descent: (s?: string) => number },
  text: string
): number {
  switch (baseline) {
    case 'text-before-edge':
    case 'text-top':
    case 'hanging':
    case 'before-edge':
      return engine.ascent(text)
    case 'text-after-edge':
    case 'text-bottom':
    case 'ideographic':
    case 'after-edge':
      return -engine.descent(text)
    case 'central':
    case 'middle':
      return (engine.ascent(text) - engine.descent(text)) / 2
    default:
      return 0
  }
}

/** One `<text>` as a `<g>` of glyph paths. */
function textToGroup(
  node: ReactElement,
  inherited: TextStyle,
  font: FontLoader,
  base: Props,
  locale: Locale | undefined
): ReactElement {
  const props = (node.props ?? {}) as Props
  const style = styleOf(props, inherited)
  const runs: Run[] = []
  runsOf(props.children, style, runs)
  // xml:space="default": newlines removed, tabs and runs of spaces one space,
  // no space at the start or the end of the text.
  for (const run of runs) run.text = run.text.replace(/[\n\r]/g, '').replace(/[\t ]+/g, ' ')
  if (runs.length) {
    runs[0].text = runs[0].text.replace(/^ /, '')
    runs[runs.length - 1].text = runs[runs.length - 1].text.replace(/ $/, '')
  }
  // Without glyph-runs' shared list: these paths are drawn inside the SVG's
  // own image, where a reference to the page's runs would draw nothing.
  const { _glyphRuns: _runs, ...own } = base
  const engineOf = (s: TextStyle) =>
    font.getEngine(
      s.fontSize,
      'normal',
      {
        ...own,
        fontFamily: s.fontFamily,
        fontWeight: s.fontWeight,
        fontStyle: s.fontStyle,
      } as any,
      locale
    )
  // Text chunks: a run with its own x starts one; each is aligned by the
  // text-anchor of its first run.
  let x = firstNumber(props.x) ?? 0
  let y = firstNumber(props.y) ?? 0
  x += firstNumber(props.dx) ?? 0
  y += firstNumber(props.dy) ?? 0
  const placed: { run: Run; left: number; top: number; width: number }[] = []
  let chunk: typeof placed = []
  const flush = () => {
    const width = chunk.reduce((w, p) => w + p.width, 0)
    const anchor = chunk[0]?.run.style.textAnchor
    const shift = anchor === 'middle' ? -width / 2 : anchor === 'end' ? -width : 0
    for (const p of chunk) p.left += shift
    placed.push(...chunk)
    chunk = []
  }
  for (const run of runs) {
    if (run.x !== undefined) {
      flush()
      x = run.x
    }
    if (run.y !== undefined) y = run.y
    x += run.dx
    y += run.dy
    const width = run.text
      ? engineOf(run.style).measure(run.text, {
          fontSize: run.style.fontSize,
          letterSpacing: run.style.letterSpacing,
        })
      : 0
    chunk.push({ run, left: x, top: y, width })
    x += width
  }
  flush()
  const children = placed
    .filter((p) => p.run.text.trim())
    .map(({ run, left, top }, i) => {
      const engine = engineOf(run.style)
      const glyphs = engine.getSVG(run.text, {
        fontSize: run.style.fontSize,
        left,
        top: top + baselineShift(run.style.dominantBaseline, engine, run.text),
        letterSpacing: run.style.letterSpacing,
      })
      const path = {
        type: 'path',
        key: i,
        props: { d: `${glyphs.path} ${glyphs.boldPath}`.trim() },
      }
      return run.span
        ? { type: 'g', key: i, props: { ...drawnProps(run.span), children: path } }
        : path
    })
  // Pictor (svg-text-cells): a filter's objectBoundingBox region is the
  // text's bounding box, which browsers take from its glyph cells (advance by
  // ascent and descent, spaces too), not its ink: a transparent rectangle
  // over the cells gives the group that box.
  if (props.filter != null && placed.length) {
    const cells = placed.map(({ run, left, top, width }) => {
      const engine = engineOf(run.style)
      const text = run.text || ' '
      const baseline =
        top + baselineShift(run.style.dominantBaseline, engine, text)
      return {
        left,
        right: left + width,
        top: baseline - engine.ascent(text),
        bottom: baseline + engine.descent(text),
      }
    })
    const left = Math.min(...cells.map((c) => c.left))
    const top = Math.min(...cells.map((c) => c.top))
    children.unshift({
      type: 'rect',
      key: 'cells',
      props: {
        x: left,
        y: top,
        width: Math.max(...cells.map((c) => c.right)) - left,
        height: Math.max(...cells.map((c) => c.bottom)) - top,
        fill: '#000',
        fillOpacity: 0,
      },
    } as never)
  }
  return { ...node, type: 'g', props: { ...drawnProps(props), children } } as ReactElement
}

/**
 * The content of an inline `<svg>` with its `<text>` elements as glyph paths.
 * `base` is the computed style of the `<svg>` (its font is inherited).
 */
export function svgTextToPaths(
  node: ReactElement,
  font: FontLoader,
  base: Props,
  locale: Locale | undefined
): ReactElement {
  const walk = (n: unknown, inherited: TextStyle): unknown => {
    if (Array.isArray(n)) return n.map((c) => walk(c, inherited))
    if (!isElement(n)) return n
    const props = (n.props ?? {}) as Props
    const style = styleOf(props, inherited)
    if (n.type === 'text') return textToGroup(n, inherited, font, base, locale)
    if (props.children == null) return n
    return { ...n, props: { ...props, children: walk(props.children, style) } }
  }
  const inherited: TextStyle = {
    fontFamily: base.fontFamily,
    fontSize: Number(base.fontSize) || 16,
    fontWeight: base.fontWeight,
    fontStyle: base.fontStyle,
    textAnchor: 'start',
    letterSpacing: 0,
    dominantBaseline: 'auto',
  }
  return walk(node, inherited) as ReactElement
}

/** Whether an inline SVG has any `<text>` (the common case has none: nothing to do). */
export function hasSVGText(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasSVGText)
  if (!isElement(node)) return false
  if (node.type === 'text') return true
  return hasSVGText((node.props as Props | undefined)?.children)
}
