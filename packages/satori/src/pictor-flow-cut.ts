/**
 * Pictor (flow-cut): lay out only the part of a long document's normal flow that can reach the image.
 *
 * A page of 140,000 characters on a 1024×2000 canvas was laid out whole (every paragraph built, shaped, measured
 * and broken into lines) though the image shows a tenth of it. In block flow, content after a point cannot move
 * anything before it except through its ancestors' heights. So where every ancestor of a cut point is a plain block
 * container (below), the children after the cut point are dropped from the styled tree (styles, counters, quotes and
 * `:last-child`-type selectors were computed on the whole tree before: `applyStyleSheets`), an empty marker element
 * is put in their place, and the kept part is laid out. The cut is accepted only if the marker's top (a lower bound
 * of the first cut child's top: no negative margins) lies below the canvas by a slack covering ink that can rise from
 * the cut part's text (three times its largest font size, plus the largest distance a relative offset moves a box of
 * it up: Bootstrap's `sup { top: -.5em }`); otherwise satori.ts lays out again with a kept part four
 * times larger, then with everything. The cut is never taken where it could change a pixel:
 *
 * - only with a canvas of a fixed height (the image is the root's box, whose height the cut part would change);
 * - every ancestor of the cut point (the chain) is a `html`, `body`, `div` or other plain block tag with display
 *   block, list-item or flow-root, not floated, not absolutely or fixed positioned, without: a background image (its
 *   positioning area is the box, whose height changes), box or text shadow (a shadow can rise from the box's bottom;
 *   text shadows are inherited by the cut part), filter, backdrop filter, transform (its origin is at half the
 *   height), mask, clip path, border image, outline, rounded corners (radii are scaled by the height), overflow that
 *   scrolls, multi-column, a writing mode other than horizontal-tb, `align-content`, `aspect-ratio` (the content
 *   stretches it), a blend mode, zoom, being a container of queries, and a `reversed` list (its numbers count the
 *   items after);
 * - no sticky element of the kept part could move with the cut (stickyRefusal: its containing block is a chain
 *   ancestor under a scroll container, or its scrollport is one and it sticks by its bottom or a percentage; without
 *   a scroll container above it satori does not move it), and no absolutely positioned element of the kept part has
 *   a chain ancestor as its containing block and reads its height (placed from the bottom, by a percentage; one
 *   placed from the top by a length or at its static position does not: readsHeight); relative offsets of the chain
 *   in percentages refuse too;
 * - in the cut part, no element is positioned (fixed, sticky, relative with offsets in percentages, or absolute other
 *   than from the top of a containing block in the cut part: each can be drawn above its place by a distance not
 *   known before layout), transformed, has a filter or an outline, and every font size can be read (px, em, rem, %,
 *   pt and keywords: the slack needs the largest); a box or text shadow adds how far it can draw above its box (blur
 *   and spread less its vertical offset) to the slack, as a relative offset does, and the negative block margins
 *   (read in px, em, rem, pt) add up to how far they can pull what follows them up;
 * - values written with `var()` or `env()` in those properties are read resolved; `calc()` refuses.
 *
 * The cut lies before a block-level child (an element with display block, list-item, flow-root, flex, grid or
 * table, not floated): inline content before it is in an anonymous block of its own either way. The first kept part
 * holds about as many characters as the canvas holds, each taken to fill three quarters of a square em of its own
 * font size (half an em wide on a line an em and a half tall; half a square em, tried first, kept 1.5 times what
 * standard-ebooks-sherlock-chapter needs), counting only text laid
 * out (not in an element of display none). A cut that would keep half the characters or more is not tried.
 * With `PICTOR_FLOW_CUT_DEBUG` set, satori.ts writes each decision (the refusal, or the characters kept and whether
 * the cut was accepted) on stderr: what `benchmarks/render/flow-cut-identity.mjs` reads.
 */
import type { ReactNode } from 'react'
import presets from './handler/presets.js'
import { ABSOLUTE_FONT_SIZES } from './handler/expand.js'
import type { LayoutNode } from './layout-engine/index.js'
import { layerCustomProperties } from './pictor-custom-properties.js'
import { resolveVariables } from './handler/variables.js'
import { expandBackground } from './parser/background.js'
import { getLonghands } from './handler/shorthands.js'
import valueParser from 'postcss-value-parser'

/** The prop of the marker element put where the cut children were. */
export const FLOW_CUT_PROP = 'data-pictor-flow-cut'

/** A cut made by `cutFlow`, with what `flowCutAccepted` checks after layout. */
export interface FlowCut {
  /** The styled tree with the children after the cut point dropped and the marker in their place. */
  tree: ReactNode
  /** How far below the canvas the marker must lie. */
  slack: number
  /** The marker's layout node, set by layout.ts when it builds it (the marker's prop holds this). */
  marker: { node?: LayoutNode }
  /** Characters kept. */
  kept: number
  /** Characters of the whole tree, counted as `kept` is. */
  total: number
}

/** Tags whose elements can be ancestors of a cut point (with the display they then must have). */
const CHAIN_TAGS = new Set([
  'html',
  'body',
  'div',
  'main',
  'article',
  'section',
  'header',
  'footer',
  'nav',
  'aside',
  'blockquote',
  'figure',
  'ul',
  'ol',
  'li',
  'dl',
  'dd',
  'address',
  'center',
  'form',
  'hgroup',
  'search',
  'menu',
])
const CHAIN_DISPLAYS = new Set(['block', 'list-item', 'flow-root'])
const BLOCK_LEVEL_DISPLAYS = new Set(['block', 'list-item', 'flow-root', 'flex', 'grid', 'table'])

type Style = Record<string, unknown>
/** The custom properties an element sees (its own over the inherited ones, through the prototype chain). */
type Vars = Record<string, string>
const NO_VARS: Vars = Object.freeze({}) as Vars
interface El {
  type: string
  props: Record<string, any>
}

function isElement(node: unknown): node is El {
  return (
    typeof node === 'object' &&
    node !== null &&
    typeof (node as El).type === 'string' &&
    typeof (node as El).props === 'object'
  )
}

function childList(el: El): unknown[] {
  const c = el.props?.children
  if (c === undefined || c === null) return []
  return Array.isArray(c) ? c : [c]
}

/** An element's styles with `var()` resolved, and the custom properties its children inherit. */
interface Styled {
  style: Style
  vars: Vars
}

/**
 * The declarations of an element: its tag's preset under its cascaded style, with `var()` and `env()` resolved from
 * the custom properties it sees, as expand.ts resolves them (`@property` initial values are declarations of the
 * styled tree already). A declaration invalid at computed-value time (or empty once resolved) is left out: it
 * behaves as `unset`, which is what its absence means to the checks here.
 */
function styleOf(el: El, inherited: Vars): Styled {
  const preset = (presets as Record<string, Style>)[el.type]
  const own = el.props?.style as Style | undefined
  let vars = inherited
  let custom: Vars | undefined
  let uses = false
  if (own) {
    for (const key in own) {
      if (key.startsWith('--')) (custom ??= {})[key] = String(own[key])
      else if (typeof own[key] === 'string' && /var\(|env\(/.test(own[key] as string)) uses = true
    }
  }
  if (custom) vars = layerCustomProperties(inherited, custom)
  let style = preset ? { ...preset, ...own } : own ?? {}
  if (uses) {
    style = { ...style }
    for (const key in style) {
      const value = style[key]
      if (key.startsWith('--') || typeof value !== 'string' || !/var\(|env\(/.test(value)) continue
      const resolved = resolveVariables(value, vars)
      if (resolved === undefined || (typeof resolved === 'string' && !resolved.trim())) delete style[key]
      else style[key] = resolved
    }
  }
  return { style, vars }
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value).trim()
}

function isNone(value: unknown) {
  const v = text(value)
  return v === '' || v === 'none' || v === 'normal' || v === 'initial' || v === 'unset'
}

/** Whether an `opacity` is zero (`0`, `0.0`, `0%`). */
function isTransparent(value: unknown): boolean {
  const v = text(value)
  return v !== '' && Number.parseFloat(v) === 0
}

function displayOf(style: Style): string {
  const v = text(style.display)
  return v === '' ? 'inline' : v
}

/** A font size in px, or NaN where it cannot be read here. */
function fontSize(style: Style, parent: number, root: number): number {
  let value: unknown = style.fontSize
  if (value === undefined && typeof style.font === 'string') {
    // A CSS-wide keyword (`font: inherit`, mandoc's permalinks) is read as the size's own keyword below.
    const m = /^\s*(inherit|unset|initial)\s*$|(?:^|\s)((?:\d*\.)?\d+(?:px|em|rem|%|pt)|xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large|larger|smaller)(?:\/|\s|$)/i.exec(
      style.font
    )
    if (!m) return NaN
    value = (m[1] ?? m[2]).toLowerCase()
  }
  if (value === undefined) return parent
  if (typeof value === 'number') return value
  const v = text(value)
  if (v === 'inherit' || v === 'unset') return parent
  if (v === 'initial') return 16
  if (v in ABSOLUTE_FONT_SIZES) return ABSOLUTE_FONT_SIZES[v]
  if (v === 'larger') return parent * 1.2
  if (v === 'smaller') return parent / 1.2
  return lengthPx(v, parent, root, parent)
}

/** A length (px, em of `em`, rem of `root`, % of `percentBase`, pt; a bare number is px) in px, or NaN. */
function lengthPx(v: string, em: number, root: number, percentBase: number): number {
  const m = /^(-?(?:\d*\.)?\d+)(px|em|rem|%|pt)?$/.exec(v)
  if (!m) return NaN
  const n = parseFloat(m[1])
  switch (m[2]) {
    case 'em':
      return n * em
    case 'rem':
      return n * root
    case '%':
      return (n / 100) * percentBase
    case 'pt':
      return (n * 4) / 3
    default:
      return n
  }
}

/**
 * How far a relative offset moves a box of the cut part up, in px (0 if it does not): a negative `top`, or a
 * positive `bottom` when `top` is `auto` (Bootstrap's `sup { top: -.5em }`). Lengths only (cutRefusal refuses the rest).
 */
function upwardOffset(style: Style, font: number, root: number): number {
  if (text(style.position) !== 'relative') return 0
  const read = (value: unknown) => (typeof value === 'number' ? value : lengthPx(text(value), font, root, NaN))
  const top = text(style.top)
  if (top !== '' && top !== 'auto') return Math.max(0, -read(style.top))
  const bottom = text(style.bottom)
  if (bottom !== '' && bottom !== 'auto') return Math.max(0, read(style.bottom))
  return 0
}

/**
 * How far above its box a shadow of the cut part can draw, in px: for each layer, its blur and spread less its
 * vertical offset (an inset box shadow draws inside the box: 0); NaN when a length cannot be read (`calc()`), which
 * refuses the cut. Doxygen's member tables (`box-shadow: 2px 2px 2px rgba(0,0,0,.15)`) and headings
 * (`text-shadow: 0 1px 1px rgba(255,255,255,.9)`) refused every cut of their long pages.
 */
function shadowReach(value: unknown, box: boolean, font: number, root: number): number {
  const v = text(value)
  if (isNone(v)) return 0
  let reach = 0
  for (const layer of splitLayers(v)) {
    const words = valueParser(layer)
      .nodes.filter((n) => n.type === 'word' || n.type === 'function')
      .map((n) => valueParser.stringify(n))
    if (box && words.some((w) => w.toLowerCase() === 'inset')) continue
    const lengths = words.filter((w) => /^-?(\d*\.)?\d+[a-z%]*$/i.test(w) && !/^#/.test(w))
    if (words.some((w) => /^(calc|min|max|clamp|var|env)\(/i.test(w))) return NaN
    if (lengths.length < 2) return NaN
    const [, y = 0, blur = 0, spread = 0] = lengths.map((l) => lengthPx(l, font, root, NaN))
    if (![y, blur, spread].every(Number.isFinite)) return NaN
    reach = Math.max(reach, Math.max(0, blur) + (box ? spread : 0) - y)
  }
  return Math.max(0, reach)
}

/** The comma-separated layers of a value, commas inside parentheses kept. */
function splitLayers(value: string): string[] {
  const layers: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < value.length; i++) {
    const c = value[i]
    if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === ',' && depth === 0) {
      layers.push(value.slice(start, i))
      start = i + 1
    }
  }
  layers.push(value.slice(start))
  return layers
}

/**
 * How far the negative block margins of a box of the cut part (top and bottom; left and right move it sideways only)
 * can pull it and what follows up, in px; NaN when one cannot be read (`calc()`, a percentage), which refuses the
 * cut. Doxygen's `.memdoc` and others' `margin-top: -1px` had refused every cut of their pages.
 */
function negativeMargins(style: Style, font: number, root: number): number {
  let pull = 0
  const add = (value: unknown) => {
    const px = typeof value === 'number' ? value : lengthPx(text(value), font, root, NaN)
    if (Number.isNaN(px)) pull = NaN
    else if (px < 0) pull -= px
  }
  for (const key in style) {
    if (!/^margin/.test(key) || /^margin(Left|Right|Inline.*)$/.test(key)) continue
    const value = style[key]
    if (typeof value === 'number') {
      add(value)
      continue
    }
    const v = text(value)
    if (!v.includes('-')) continue
    if (key === 'margin') {
      const words = valueParser(v).nodes.filter((n) => n.type !== 'space').map((n) => valueParser.stringify(n))
      add(words[0] ?? '')
      add(words[2] ?? words[0] ?? '')
    } else add(v)
  }
  return pull
}

/** Properties that must be absent (or none/normal) on every ancestor of the cut point. */
const CHAIN_REFUSED = [
  'boxShadow',
  'textShadow',
  'filter',
  'backdropFilter',
  'transform',
  'translate',
  'rotate',
  'scale',
  'perspective',
  'mask',
  'maskImage',
  'WebkitMaskImage',
  'clipPath',
  'borderImage',
  'borderImageSource',
  'outline',
  'outlineStyle',
  'columnCount',
  'columnWidth',
  'columns',
  'alignContent',
  'aspectRatio',
  'mixBlendMode',
  'zoom',
  'contentVisibility',
  'float',
]

/** The values of CHAIN_REFUSED's properties that do not refuse, beside none and normal. */
const CHAIN_ALLOWED: Record<string, string[]> = {
  columnCount: ['auto'],
  columnWidth: ['auto'],
  columns: ['auto'],
  aspectRatio: ['auto'],
  zoom: ['1', '100%'],
  contentVisibility: ['visible'],
}

/** The background longhands a layer reads: the shorthand's, but its colour and the position's axes (read apart). */
const LAYER_LONGHANDS = new Set(
  [...getLonghands('background')].filter((key) => !/^background(Color|Position[XY])$/.test(key))
)

/** A comma-separated list split at its top level (not inside functions). */
function layersOf(value: string): string[] {
  const layers = ['']
  for (const node of valueParser(value).nodes) {
    if (node.type === 'div' && node.value === ',') layers.push('')
    else layers[layers.length - 1] += valueParser.stringify(node)
  }
  return layers.map((l) => l.trim())
}

/** A length that does not depend on the box's height (`%` of the area's height does). */
const HEIGHT_FREE_LENGTH = /^(-?(\d*\.)?\d+(px|em|rem|pt|pc|in|cm|mm|q|vw|vh|vmin|vmax|ch|ex)?|0%)$/i

/** Whether a gradient's line is horizontal (it then reads only the width of its tile). */
function horizontalGradient(image: string): boolean {
  const m = /^(?:repeating-)?linear-gradient\(\s*([^,]*),/i.exec(image)
  if (!m) return false
  const first = m[1].trim().toLowerCase()
  return first === 'to right' || first === 'to left' || /^(-?)(90|270)deg$/.test(first)
}

/** The vertical edge and offset of a `background-position` (as background-image.ts' `resolvePosition` reads it). */
function verticalPosition(position: string): [string, string] {
  const tokens = (position || '0% 0%').trim().toLowerCase().split(/\s+/)
  const isX = (t: string) => t === 'left' || t === 'right'
  const isY = (t: string) => t === 'top' || t === 'bottom'
  const isKeyword = (t: string) => isX(t) || isY(t) || t === 'center'
  if (tokens.length <= 2) {
    let [first, second = 'center'] = tokens
    if (isY(first) || isX(second)) [first, second] = [second, first]
    if (!isKeyword(second)) return ['top', second]
    return second === 'center' ? ['top', '50%'] : [second, '0%']
  }
  let y: [string, string] = ['top', '50%']
  let assignedX = false
  for (let i = 0; i < tokens.length; i++) {
    const keyword = tokens[i]
    const offset = !isKeyword(tokens[i + 1] ?? 'center') ? tokens[++i] : '0%'
    if (isX(keyword) || (keyword === 'center' && !assignedX)) assignedX = true
    else y = keyword === 'center' ? ['top', '50%'] : [keyword, offset]
  }
  return y
}

/**
 * Why the background layers of a chain element read its height (their positioning area is its box, whose height
 * the cut changes), or '' if none does. A layer does not read it when it is fixed (positioned and sized in the
 * viewport, the canvas), or when it is placed from the area's top by a length (`top`, `0`, `10px`; not `center`,
 * `bottom` or a percentage other than 0%), repeats vertically by `repeat` or `no-repeat` (not `space`, `round`), and
 * has a height of its own: a length, or `auto` for a raster image (its intrinsic height; an SVG may have none and be
 * sized like `contain`) or for a horizontal gradient (its pixels are the same at any tile height).
 */
function backgroundRefusal(style: Style): string {
  const bg: Record<string, string | undefined> = {}
  for (const key in style) {
    if (key === 'background') {
      try {
        Object.assign(bg, expandBackground(text(style[key])))
      } catch {
        return 'background'
      }
    } else if (LAYER_LONGHANDS.has(key)) {
      const v = style[key]
      bg[key] = typeof v === 'number' ? `${v}px` : v === undefined || v === null ? undefined : String(v)
    } else if (key === 'backgroundPositionY' && !['top', '0', '0px', '0%'].includes(text(style[key]))) {
      return 'backgroundPositionY'
    }
  }
  if (/^text$/i.test(text(bg.backgroundClip))) return 'background-clip: text'
  const images = bg.backgroundImage ? layersOf(bg.backgroundImage) : []
  const list = (key: string) => layersOf(bg[key] ?? '')
  const positions = list('backgroundPosition')
  const sizes = list('backgroundSize')
  const repeats = list('backgroundRepeat')
  const attachments = list('backgroundAttachment')
  for (let i = 0; i < images.length; i++) {
    const image = images[i]
    if (/^none$/i.test(image)) continue
    const url = /^url\(/i.test(image)
    const gradient = /^(repeating-)?(linear|radial|conic)-gradient\(/i.test(image)
    if (!url && !gradient) return `image ${image.slice(0, 40)}`
    if ((attachments[i % attachments.length] || 'scroll').toLowerCase() === 'fixed') continue
    const [edge, offset] = verticalPosition(positions[i % positions.length])
    if (edge !== 'top' || !HEIGHT_FREE_LENGTH.test(offset)) return `position ${positions[i % positions.length]}`
    const repeat = (repeats[i % repeats.length] || 'repeat').toLowerCase().split(/\s+/)
    const repeatY = repeat[0] === 'repeat-x' ? 'no-repeat' : repeat[0] === 'repeat-y' ? 'repeat' : repeat[1] ?? repeat[0]
    if (repeatY !== 'repeat' && repeatY !== 'no-repeat') return `repeat ${repeatY}`
    const [, height = 'auto'] = (sizes[i % sizes.length] || 'auto').toLowerCase().split(/\s+/)
    const size = (sizes[i % sizes.length] || 'auto').toLowerCase()
    if (size === 'cover' || size === 'contain') return `size ${size}`
    if (height === 'auto') {
      const svg = /^url\(\s*['"]?(data:image\/svg|[^'")]*\.svg(\b|$))/i.test(image)
      if (gradient ? !horizontalGradient(image) : svg) return `size ${size} of ${image.slice(0, 40)}`
    } else if (!HEIGHT_FREE_LENGTH.test(height)) return `size ${size}`
  }
  return ''
}

const OVERFLOWS = ['', 'visible', 'hidden', 'clip']
const ROOT_OVERFLOWS = [...OVERFLOWS, 'scroll', 'auto']

/** Why an element cannot be an ancestor of a cut point, or '' if it can. */
function chainRefusal(el: El, style: Style): string {
  if (!CHAIN_TAGS.has(el.type)) return 'tag'
  if (!CHAIN_DISPLAYS.has(displayOf(style))) return 'display'
  const position = text(style.position)
  if (position !== '' && position !== 'static' && position !== 'relative') return 'position'
  if (position === 'relative') {
    for (const key of ['top', 'bottom', 'inset', 'insetBlock', 'insetBlockStart', 'insetBlockEnd'])
      if (/%|var\(|calc\(/.test(text(style[key]))) return 'relative offset'
  }
  for (const key of CHAIN_REFUSED) {
    const v = text(style[key])
    if (!isNone(v) && !CHAIN_ALLOWED[key]?.includes(v)) return key
  }
  let background = false
  // Satori draws no scrollbar: a box that scrolls is drawn as one that clips. On the root and body it is the
  // viewport's (core's viewport-overflow.ts gives them `visible` under the sheets' `!important`), and Chromium shows
  // no scrollbar in its screenshots; a scroll box inside the page has one, so there it still refuses.
  const clips = el.type === 'html' || el.type === 'body' ? ROOT_OVERFLOWS : OVERFLOWS
  for (const key in style) {
    const v = text(style[key])
    if (key.startsWith('background') && /gradient\(|url\(|image\(|image-set\(|element\(|paint\(/.test(v)) background = true
    if (/^border.*Radius$/.test(key) && v !== '' && !/^0(px)?(\s+0(px)?)*$/.test(v)) return 'border radius'
    if (/^overflow(X|Y|Block|Inline)?$/.test(key) && !v.split(/\s+/).every((o) => clips.includes(o)))
      return `overflow (${key}: ${v})`
  }
  const layers = background ? backgroundRefusal(style) : ''
  if (layers) return `background image (${el.type}: ${layers})`
  const mode = text(style.writingMode)
  if (mode !== '' && mode !== 'horizontal-tb' && mode !== 'lr' && mode !== 'lr-tb') return 'writing mode'
  if (el.props?.__satoriContainer !== undefined) return 'container'
  if (el.type === 'ol' && el.props?.reversed !== undefined && el.props.reversed !== false) return 'reversed list'
  return ''
}

/** Why an element of the cut part could be drawn above its place, or '' if it cannot. */
function cutRefusal(style: Style, cbInCut: boolean): string {
  const position = text(style.position)
  if (position === 'absolute' && cbInCut) {
    // Placed from its containing block's top, in the cut part, without going above it.
    const top = text(style.top)
    const fromTop = top === '' || top === 'auto' ? isNone(style.bottom) || text(style.bottom) === 'auto' : /^(\d*\.)?\d+(px|em|rem|%)?$/.test(top)
    if (!fromTop || !isNone(style.inset)) return 'absolute from the bottom'
  } else if (position !== '' && position !== 'static') {
    if (position !== 'relative') return 'positioned ' + position
    // A relative offset moves the box and what it holds by its length: sideways or down, or up by a negative `top`
    // or a positive `bottom` (upwardOffset: added to the slack, so the rise can never reach the image).
    // Percentages of `top` and `bottom` read the containing block's height: refused.
    for (const key of ['inset', 'insetBlock', 'insetBlockStart', 'insetBlockEnd'])
      if (!isNone(style[key]) && text(style[key]) !== 'auto') return 'relative offset'
    for (const key of ['top', 'bottom']) {
      const value = text(style[key])
      if (value !== '' && value !== 'auto' && !/^-?(\d*\.)?\d+(px|em|rem|pt)?$/.test(value)) return `relative offset (${key})`
    }
  }
  for (const key of ['transform', 'translate', 'rotate', 'scale', 'filter', 'backdropFilter', 'outline', 'outlineStyle', 'offsetPath'])
    if (!isNone(style[key])) return key
  return ''
}

interface Walk {
  /** Characters counted so far in document order. */
  chars: number
  /** The area those characters are taken to fill: three quarters of a square em of each one's font size. */
  area: number
  /** The area the first part fills: the canvas' (times the scale). */
  budget: number
  /** The font size taken for text whose size cannot be read here: the document's smallest. */
  smallest: number
  rootFont: number
  /** Largest font size in the cut part. */
  cutFont: number
  /** Largest distance a box of the cut part is moved up by relative offsets (its own and its ancestors'). */
  cutRise: number
  /** The negative block margins of the cut part added up: how far they can pull what follows them up. */
  cutPull: number
  /** Why the cut is refused, once it is. */
  refusal: string
  /** What the marker's prop holds. */
  marker?: { node?: LayoutNode }
}

/** True when satori makes the element a scroll container (layout.ts): an overflow that hides, scrolls or is auto. */
function scrolls(style: Style): boolean {
  return ['overflow', 'overflowX', 'overflowY'].some((key) => /\b(hidden|scroll|auto)\b/.test(text(style[key])))
}

/**
 * Where a sticky element of the kept part is: whether its containing block (the nearest box) and its scrollport (the
 * nearest scroll container) are inside the kept subtree, whose heights the cut leaves alone, and whether an ancestor
 * of the cut point is a scroll container.
 */
interface StickyPlace {
  boxKept: boolean
  scrollKept: boolean
  chainScrolls: boolean
}

/**
 * Why a sticky element of the kept part could move with the cut, or '' if it cannot. Without a scroll container
 * above it satori does not move it; a containing block in the kept subtree keeps its limit; a scrollport that is an
 * ancestor of the cut changes only its bottom (and its height, which percentages read).
 */
function stickyRefusal(style: Style, place: StickyPlace): string {
  if (!place.scrollKept && !place.chainScrolls) return ''
  if (!place.boxKept) return 'sticky'
  if (place.scrollKept) return ''
  const bottom = text(style.bottom)
  if (bottom !== '' && bottom !== 'auto') return 'sticky'
  if (['top', 'inset', 'insetBlock', 'insetBlockStart'].some((key) => /%|calc\(|var\(/.test(text(style[key]))))
    return 'sticky'
  return ''
}

/**
 * Whether an absolutely positioned element reads its containing block's height: placed from the bottom, by a
 * percentage, `calc()` or `var()` of the top, or with a height, min-height or max-height in one. Placed from the top by
 * a length, or at its static position (`top` and `bottom` auto), it does not: a chain ancestor's height, which the
 * cut changes, does not move it (Sphinx themes' header links, Material's `::before` icons).
 */
function readsHeight(style: Style): boolean {
  const set = (key: string) => {
    const v = text(style[key])
    return v !== '' && v !== 'auto'
  }
  if (set('bottom') || set('inset') || set('insetBlock') || set('insetBlockEnd')) return true
  if (/%|calc\(|var\(/.test(text(style.top)) || /%|calc\(|var\(/.test(text(style.insetBlockStart))) return true
  return ['height', 'minHeight', 'maxHeight', 'blockSize', 'minBlockSize', 'maxBlockSize'].some((key) =>
    /%|calc\(|var\(|stretch|fill/.test(text(style[key]))
  )
}

/** True for the marker and the elements of the cut tree that hold it (the chain: the marker is always last). */
function holdsMarker(node: unknown): boolean {
  if (!isElement(node)) return false
  if (node.props?.[FLOW_CUT_PROP] !== undefined) return true
  const children = childList(node)
  return children.length > 0 && holdsMarker(children[children.length - 1])
}

/** The first sticky element of the cut tree that could move with the cut (stickyRefusal), as a refusal, or ''. */
function keptStickyRefusal(node: unknown, vars: Vars, place: StickyPlace): string {
  if (Array.isArray(node)) {
    for (const n of node) {
      const refusal = keptStickyRefusal(n, vars, place)
      if (refusal) return refusal
    }
    return ''
  }
  if (!isElement(node) || node.props?.[FLOW_CUT_PROP] !== undefined) return ''
  const { style, vars: inner } = styleOf(node, vars)
  const display = displayOf(style)
  if (display === 'none') return ''
  if (text(style.position) === 'sticky') {
    const refusal = stickyRefusal(style, place)
    if (refusal) return refusal
  }
  // A chain element's height changes with the cut: its descendants' containing block or scrollport, if it is one,
  // is not kept as it was. Another element's children have it as their containing block unless it is inline or
  // `contents` (layout.ts), and as their scrollport if it scrolls.
  const chain = holdsMarker(node)
  const below: StickyPlace = chain
    ? { boxKept: false, scrollKept: false, chainScrolls: place.chainScrolls || scrolls(style) }
    : {
        boxKept: display === 'contents' || display.startsWith('inline') ? place.boxKept : true,
        scrollKept: place.scrollKept || scrolls(style),
        chainScrolls: place.chainScrolls,
      }
  return keptStickyRefusal(childList(node), inner, below)
}

/** Counts the text of a kept subtree and checks it (sticky, abspos with a chain containing block). */
function keepSubtree(node: unknown, w: Walk, chainCb: boolean, vars: Vars, font: number) {
  if (typeof node === 'string' || typeof node === 'number') {
    const n = String(node).length
    w.chars += n
    w.area += n * 0.75 * font * font
    return
  }
  if (Array.isArray(node)) {
    for (const n of node) keepSubtree(n, w, chainCb, vars, font)
    return
  }
  if (!isElement(node)) return
  const { style, vars: inner } = styleOf(node, vars)
  // Not laid out (a page's <head> and its <style> text): no box, and no characters toward the budget.
  if (displayOf(style) === 'none') return
  const position = text(style.position)
  if (position === 'absolute' && chainCb && readsHeight(style)) w.refusal ||= 'absolute in a chain box'
  if (w.refusal) return
  const positioned = position !== '' && position !== 'static'
  const own = fontSize(style, font, w.rootFont)
  const size = Number.isFinite(own) ? Math.max(6, own) : w.smallest
  for (const child of childList(node)) keepSubtree(child, w, chainCb && !positioned, inner, size)
}

/** Checks a cut subtree and finds its largest font size and rise; `rise` is its ancestors' upward offsets. */
function cutSubtree(node: unknown, w: Walk, font: number, vars: Vars, cbInCut = false, rise = 0) {
  if (w.refusal) return
  if (typeof node === 'string' || typeof node === 'number') {
    w.cutFont = Math.max(w.cutFont, font)
    return
  }
  if (Array.isArray(node)) {
    for (const n of node) cutSubtree(n, w, font, vars, cbInCut, rise)
    return
  }
  if (!isElement(node)) return
  const { style, vars: inner } = styleOf(node, vars)
  if (displayOf(style) === 'none') return
  // An absolutely positioned box at opacity 0 draws nothing, and nothing is laid out around it: mandoc's tooltips
  // (`::before { position: absolute; bottom: 100%; opacity: 0 }` on every flag of a manual page) refused every cut.
  if (text(style.position) === 'absolute' && isTransparent(style.opacity)) return
  const refusal = cutRefusal(style, cbInCut)
  if (refusal) {
    w.refusal = 'cut part: ' + refusal
    return
  }
  const own = fontSize(style, font, w.rootFont)
  if (!Number.isFinite(own)) {
    w.refusal = 'cut part: font size'
    return
  }
  w.cutFont = Math.max(w.cutFont, own)
  const risen = rise + upwardOffset(style, own, w.rootFont)
  // A shadow draws above its box by its reach: added to the slack, as a relative offset's rise is.
  const shadow = Math.max(
    shadowReach(style.boxShadow, true, own, w.rootFont),
    shadowReach(style.textShadow, false, own, w.rootFont)
  )
  if (!Number.isFinite(shadow)) {
    w.refusal = 'cut part: shadow'
    return
  }
  w.cutRise = Math.max(w.cutRise, risen + shadow)
  // A negative block margin pulls the box and everything after it up: each one's pull is added to the slack.
  const pull = negativeMargins(style, own, w.rootFont)
  if (Number.isNaN(pull)) {
    w.refusal = 'cut part: negative margin'
    return
  }
  w.cutPull += pull
  const position = text(style.position)
  const positioned = position === 'relative' || position === 'absolute'
  for (const child of childList(node)) cutSubtree(child, w, own, inner, cbInCut || positioned, risen)
}

/** The characters of a subtree laid out (not in an element of display none), counted as keepSubtree counts them. */
function charsOf(node: unknown, vars: Vars): number {
  if (typeof node === 'string' || typeof node === 'number') return String(node).length
  if (Array.isArray(node)) {
    let n = 0
    for (const child of node) n += charsOf(child, vars)
    return n
  }
  if (!isElement(node)) return 0
  const { style, vars: inner } = styleOf(node, vars)
  if (displayOf(style) === 'none') return 0
  let n = 0
  for (const child of childList(node)) n += charsOf(child, inner)
  return n
}

/** The smallest font size of text in the tree (NaN-free), and the root's font size. */
function smallestFont(node: unknown, parent: number, root: number, found: { min: number }, vars: Vars) {
  if (typeof node === 'string') {
    if (node.trim()) found.min = Math.min(found.min, parent)
    return
  }
  if (Array.isArray(node)) {
    for (const n of node) smallestFont(n, parent, root, found, vars)
    return
  }
  if (!isElement(node)) return
  const { style, vars: inner } = styleOf(node, vars)
  if (displayOf(style) === 'none') return
  let own = fontSize(style, parent, root)
  if (!Number.isFinite(own)) own = parent
  for (const child of childList(node)) smallestFont(child, own, root, found, inner)
}

function isBlockLevel(node: unknown, vars: Vars): boolean {
  if (!isElement(node)) return false
  const { style } = styleOf(node, vars)
  if (!isNone(style.float)) return false
  const position = text(style.position)
  if (position === 'absolute' || position === 'fixed') return false
  return BLOCK_LEVEL_DISPLAYS.has(displayOf(style))
}

/**
 * Walks a chain element: returns its copy with the children after the cut dropped, or undefined if the cut is not
 * inside it (its whole content counted as kept).
 */
function cutInside(el: El, styled: Styled, w: Walk, font: number, chainCb: boolean): El | undefined {
  const { style, vars } = styled
  const own = fontSize(style, font, w.rootFont)
  const children = childList(el)
  const positioned = text(style.position) === 'relative'
  const cbHere = chainCb || positioned
  for (let i = 0; i < children.length; i++) {
    if (w.refusal) return undefined
    const child = children[i]
    if (w.area >= w.budget && isBlockLevel(child, vars)) {
      const dropped = children.slice(i)
      cutSubtree(dropped, w, Number.isFinite(own) ? own : NaN, vars)
      if (!Number.isFinite(own)) w.refusal ||= 'font size'
      if (w.refusal) return undefined
      w.marker = {}
      const marker = {
        type: 'div',
        key: FLOW_CUT_PROP,
        props: {
          [FLOW_CUT_PROP]: w.marker,
          style: { display: 'block', height: 0, margin: 0, padding: 0, border: 'none' },
        },
      }
      return { ...el, props: { ...el.props, children: [...children.slice(0, i), marker] } }
    }
    const childStyled = isElement(child) ? styleOf(child, vars) : undefined
    if (isElement(child) && childStyled && !chainRefusal(child, childStyled.style)) {
      const inner = cutInside(child, childStyled, w, Number.isFinite(own) ? own : font, cbHere)
      if (w.refusal) return undefined
      if (inner) {
        cutSubtree(children.slice(i + 1), w, Number.isFinite(own) ? own : NaN, vars)
        if (!Number.isFinite(own)) w.refusal ||= 'font size'
        if (w.refusal) return undefined
        return { ...el, props: { ...el.props, children: [...children.slice(0, i), inner] } }
      }
      continue
    }
    keepSubtree(child, w, cbHere, vars, Number.isFinite(own) ? Math.max(6, own) : w.smallest)
  }
  return undefined
}

/**
 * The styled tree cut after about `scale` times the characters the canvas holds, or why not. `tree` is the root
 * element of `applyStyleSheets`.
 */
export function cutFlow(
  tree: ReactNode,
  canvas: { width?: number; height?: number },
  scale = 1
): FlowCut | { refused: string } {
  const { width, height } = canvas
  if (!(typeof width === 'number' && width > 0 && typeof height === 'number' && height > 0))
    return { refused: 'canvas without a fixed size' }
  if (!isElement(tree)) return { refused: 'root' }
  const rootStyled = styleOf(tree, NO_VARS)
  const rootStyle = rootStyled.style
  const refusal = chainRefusal(tree, rootStyle)
  if (refusal) return { refused: 'root: ' + refusal }
  let rootFont = fontSize(rootStyle, 16, 16)
  if (!Number.isFinite(rootFont)) return { refused: 'root font size' }
  const found = { min: Infinity }
  smallestFont(tree, 16, rootFont, found, NO_VARS)
  const smallest = Math.max(6, Number.isFinite(found.min) ? found.min : 16)
  const w: Walk = {
    chars: 0,
    area: 0,
    budget: scale * width * height,
    smallest,
    rootFont,
    cutFont: 0,
    cutRise: 0,
    cutPull: 0,
    refusal: '',
  }
  const cut = cutInside(tree, rootStyled, w, 16, false)
  if (w.refusal) return { refused: w.refusal }
  if (!cut) return { refused: 'short' }
  const sticky = keptStickyRefusal(cut, NO_VARS, { boxKept: false, scrollKept: false, chainScrolls: false })
  if (sticky) return { refused: sticky }
  // A cut that keeps half the characters or more saves at most as much layout as it costs when it ends above the
  // image and everything is laid out again (the kept part twice): not tried.
  const total = charsOf(tree, NO_VARS)
  if (2 * w.chars >= total) return { refused: `kept ${w.chars} of ${total}: half or more` }
  return { tree: cut, slack: Math.max(48, 3 * w.cutFont) + w.cutRise + w.cutPull, kept: w.chars, total, marker: w.marker ?? {} }
}

/** The marker's top on the canvas. */
function topOnCanvas(node: LayoutNode): number {
  let top = 0
  for (let n: LayoutNode | null = node; n; n = n.parent) top += n.layout?.top ?? 0
  return top
}

/** Called by layout.ts with the marker's layout node. */
export function noteFlowCutMarker(holder: { node?: LayoutNode }, node: LayoutNode) {
  if (typeof holder === 'object' && holder !== null) holder.node = node
}

/** Whether a cut laid out lies below a canvas of `height` by its slack. */
export function flowCutAccepted(cut: FlowCut, height: number): boolean {
  if (!cut.marker.node) return false
  return topOnCanvas(cut.marker.node) >= height + cut.slack
}
