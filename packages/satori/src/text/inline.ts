/**
 * Inline layout: text, inline boxes and atomic inlines, e.g. images and
 * `inline-block` elements, flow together in lines in a block container.
 * https://www.w3.org/TR/css-inline-3/
 *
 * The inline content of a block container is split into paragraphs at its
 * block-level children. Each paragraph is laid out as a leaf, like an
 * anonymous block box.
 */
import { isJustificationOpportunity } from './pictor-justify-opportunities.js'
import {
  rtlStartsAtRight,
  startWhenOverflowing,
} from './pictor-overflow-line-start.js'
import {
  type ShiftedFloat,
  floatInlineSize,
  marginBoxIn,
  shiftedFloat,
  trimShiftedFloats,
  withoutFloats,
} from './pictor-float-fit.js'
import { effectiveWordBreak } from './pictor-line-breaks.js'
import { HorizontalEllipsis } from './characters.js'
import { fittingGraphemes, hasCursive } from './pictor-cursive-spacing.js'
import { fitTableColumns } from '../pictor-table-fit.js'
import { layoutChanged } from './pictor-measure-memo.js'
import { lineAdvance, percentBorderBoxWidth } from './pictor-percent-atomics.js'
import type { LayoutContext } from '../layout.js'
import type { SerializedStyle } from '../handler/expand.js'
import {
  getSyntheticBoldWidth,
  type FontEngine,
  type GlyphBox,
} from '../font.js'
import type FontLoader from '../font.js'
import type { Locale } from '../language.js'
import {
  LayoutNode,
  exactAlignment,
  roundPlacedTree,
  type FloatExclusion,
} from '../layout-engine/index.js'
import {
  buildXMLString,
  lengthToNumber,
  roundUpToLayout,
  withinAvailable,
  segment as segmentText,
  splitByBreakOpportunities,
  splitImages,
} from '../utils.js'
import { inMeasuredUnits } from '../pictor-layout-unit-text.js'
import buildText, {
  buildGlyphPaths,
  container as getContainer,
  getTextFillColor,
  getTextStrokeAttributes,
} from '../builder/text.js'
import buildDecoration, {
  getDecorationLines,
  getDecorationThickness,
  getUnderlineY,
} from '../builder/text-decoration.js'
import { buildDropShadow } from '../builder/shadow.js'
import { genMeasurer } from './measurer.js'
import {
  canBreakWords,
  getTabAdvance,
  getTabWidth,
  preprocess,
  processTextTransform,
  resolveTextAlign,
} from './processor.js'
import { getFontFeatureSettings } from './font-features.js'
import { endsWithClosingMark, withTrimmedEnd } from './pictor-cjk-spacing.js'
import { emojiLineBox, emojiTop, isEmojiPiece } from './pictor-emoji-box.js'
import { hasRTL } from './bidi.js'
import {
  bidiControls,
  paragraphDirection,
  resolveLevels,
  visualOrder,
} from './pictor-bidi.js'
import { placeBoxEdges } from './pictor-bidi-box-edges.js'
import { baselineOutside, inlineCullBounds } from './pictor-inline-culling.js'
import type { PaintBounds } from '../culling.js'
import buildTextNodes from './index.js'
import { halfXHeight } from './pictor-x-height.js'
import { emBoxDescent } from '../builder/pictor-underline-under.js'
import { MeasureMemo, type MeasuredSize } from './pictor-measure-memo.js'
import {
  kernAcrossWords,
  kerningBetween,
  kernWithinWords,
} from './pictor-word-kerning.js'
import { countLayout } from '../pictor-layout-stats.js'
import { LINE_FIT_SLACK } from './pictor-line-fit.js'
import { textUnits } from '../pictor-first-line.js'
import cssColorParse from 'parse-css-color'

export interface InlineEnv {
  font: FontLoader
  embedFont: boolean
  debug?: boolean
  graphemeImages?: Record<string, string>
  /** The scale that layouts are rounded at, see `roundUpToLayout()`. */
  pointScaleFactor?: number
  /**
   * Pictor (language-default-font): the container's language, which chooses
   * the face of its strut (a generic family under lang=ja is the Japanese face).
   */
  locale?: Locale
  /** Lays out a tree, used for atomic inlines. */
  computeLayout: (
    root: LayoutNode,
    options: {
      width?: number | 'min-content'
      height?: number
      /** Pictor (vertical-blocks): not rounded, see `pictor-vertical-frame.ts`. */
      exact?: boolean
    }
  ) => void
}

/** The box of an inline element, which is split into fragments by lines. */
export interface InlineBox {
  style: SerializedStyle
  /** Set when the paragraphs are finalized. */
  fragments: InlineBoxFragment[]
  /** The paragraphs the box is in, split by block-level elements. */
  paragraphs: Paragraph[]
  /** The inline boxes the box is in, from the outermost. */
  ancestors?: InlineBox[]
  /**
   * Pictor (inline-static-line-top): the box marks an out-of-flow box's
   * static position, so its fragments keep the top of their line.
   */
  marksStaticPosition?: boolean
  /**
   * Pictor (first-line): the box is a `::first-line` element, whose style is
   * the first line's strut (its root inline box's, in Chromium).
   */
  firstLine?: boolean
}

/**
 * How far `position: relative` moves the content of inline boxes, the boxes
 * from the outermost. Percentages are of the width of the paragraph.
 */
export function relativeOffset(boxes: InlineBox[], width: number) {
  let x = 0
  let y = 0
  for (const { style } of boxes) {
    if (style.position !== 'relative') continue
    const inset = (side: string) =>
      style[side] === undefined || style[side] === 'auto'
        ? undefined
        : toNumber(style[side], style, width)
    x += inset('left') ?? -(inset('right') ?? 0)
    y += inset('top') ?? -(inset('bottom') ?? 0)
  }
  return [x, y]
}

/** A fragment of an inline box, relative to its paragraph. */
export interface InlineBoxFragment {
  paragraph: Paragraph
  left: number
  top: number
  width: number
  height: number
  /** Whether the fragment starts or ends the box, with its edges drawn. */
  first: boolean
  last: boolean
  /** The top of the fragment's line, for a box that `marksStaticPosition`. */
  lineTop?: number
  /**
   * Pictor (bidi-inline): the box starts on the right (`direction: rtl` in
   * a paragraph laid out with bidi), so `first` is its right edge.
   */
  rtl?: boolean
}

export interface TextRun {
  content: string
  /** The style of the element the text is in. */
  style: SerializedStyle
  inheritedStyle: SerializedStyle
  locale?: Locale
  id: string
  /** The inline boxes the text is in, from the outermost. */
  boxes: InlineBox[]
  /** Pictor (inline-text-culling): the image's size, known once laid out. */
  paintBounds?: PaintBounds
}

/** An `inline-block` element or a replaced element, laid out on its own. */
export interface AtomicInline {
  node: LayoutNode
  style: SerializedStyle
  paragraph?: Paragraph
  /**
   * Pictor (select-menu-list): the box's baseline is its first line's
   * (a drop-down `<select>`'s is that of the option it shows, as Chrome's menu
   * list; its last line is a hidden option that only gives it its width).
   */
  firstBaseline?: boolean
  /**
   * Pictor (list-box-author-padding): the box's baseline is its bottom margin
   * edge (a list box `<select>`, a scroll container in Chromium).
   */
  bottomBaseline?: boolean
  /**
   * Pictor (atomic-inline-box-strut): the inline boxes the atomic inline is in,
   * from the outermost, each with a fragment on the atomic's line.
   */
  boxes?: InlineBox[]
}

type Item =
  | { kind: 'text'; run: TextRun }
  | { kind: 'open'; box: InlineBox; continuation?: boolean }
  | { kind: 'close'; box: InlineBox; continued?: boolean }
  | { kind: 'atomic'; atomic: AtomicInline }
  | { kind: 'break'; firstLineEnd?: boolean }

interface Segment {
  item: Item
  /** The text of a text segment, without forced line breaks. */
  text?: string
  width: number
  /** Set by `flow()`. */
  x: number
  /** Pictor (bidi-inline): with bidi, the embedding level of the segment. */
  level?: number
  /** The margin on the outer side of an open or close segment. */
  margin?: number
  /** Pictor (cjk-closing-at-line-end): its closing mark is set half-width. */
  trimsEnd?: boolean
  /**
   * Pictor (justify-space-widened): the justification gap after it on its
   * line, drawn as part of it (its decorations and boxes run across it).
   */
  spread?: number
}

interface Word {
  segments: Segment[]
  /** A forced line break before the word. */
  forceBreak: boolean
  /**
   * Pictor (first-line): the break before the word ends a first line that
   * was split (the line before it is justified).
   */
  afterFirstLine?: boolean
  /** Whether lines can be wrapped after the word. */
  canBreakAfter: boolean
  width: number
  /** The width of collapsible spaces at the end, which hang at a line end. */
  trailing: number
  /**
   * Pictor (pre-wrap-hanging-spaces): the spaces of `trailing` are preserved
   * ones (`pre-wrap`): drawn, and only conditionally hanging before a forced
   * break or at the paragraph's end.
   */
  preserved?: boolean
}

/**
 * Pictor (unbreakable-run-fit): the width of the words from `i` to the next
 * break opportunity, which go on one line together (less the last one's
 * trailing spaces). A `white-space: nowrap` run split by UAX #14 inside
 * (Sphinx's `<span class="pre">--dddd</span>`, its hyphens) was fitted by its
 * first word alone and overflowed the line.
 */
function unbreakableWidth(words: readonly Word[], i: number): number {
  let width = 0
  let trailing = 0
  for (let k = i; k < words.length; k++) {
    const word = words[k]
    if (k > i && word.forceBreak) break
    width += word.width
    trailing = word.trailing
    if (word.canBreakAfter) break
  }
  return width - trailing
}

interface Line {
  words: Word[]
  width: number
  trailing: number
  /** Pictor (pre-wrap-hanging-spaces): `trailing` is of preserved spaces. */
  preserved?: boolean
  top: number
  /** Where the line starts, beside floats on the left. */
  left: number
  /** The width for the content of the line, beside floats and the indent. */
  available: number
  /** The distance of the baseline from the top. */
  baseline: number
  height: number
  /**
   * Pictor (inline-box-line-relative): the baselines, from the line's top,
   * of runs in an inline box with `vertical-align: top` or `bottom`.
   */
  relativeBaselines?: Map<TextRun, number>
}

interface AtomicLayout {
  width: number
  marginBoxWidth: number
  /** Pictor (percent-inline-blocks-fit): the width it takes on its line. */
  advance: number
  marginBoxHeight: number
  /** The distance of the baseline from the top of the margin box. */
  ascent: number
}

interface RunState {
  engine: FontEngine
  measureText: (text: string) => number
  isImage: (s: string) => boolean
  /** The distance the baseline is raised by `vertical-align`. */
  shift: number
  /**
   * Pictor (inline-box-line-relative): set when the run is in an inline box
   * with `vertical-align: top` or `bottom`, aligned to the line box's edge.
   */
  lineRelative?: 'top' | 'bottom'
}

/**
 * Pictor (empty-inline-strut): the strut of an inline box, its font's ascent
 * and descent with half the leading each, raised by `vertical-align`.
 */
interface BoxStrut {
  ascent: number
  descent: number
  lineRelative?: 'top' | 'bottom'
}

const COLLAPSIBLE_WHITE_SPACE = ['normal', 'nowrap', 'pre-line']


/** Whether a box has margins, padding or borders on any side. */
/**
 * Pictor (empty-inline-lines): whether an inline box has margin, padding or
 * border on `side`. Only the inline sides keep a line box that has nothing
 * else (CSS 2 §9.4.2), and of a box split by a block-level element only its
 * first part's start and its last part's end, as Chromium lays it out: Pico's
 * `nav details.dropdown { margin: -1rem 0 }` (an inline box holding a block
 * `<summary>`) made an empty line before the summary.
 */
function hasBoxEdge(style: SerializedStyle, side: 'Left' | 'Right') {
  const isZero = (value: unknown) =>
    value === undefined || value === 0 || value === '0' || value === '0px'
  return (
    !isZero(style[`margin${side}`]) ||
    !isZero(style[`padding${side}`]) ||
    (!isZero(style[`border${side}Width`]) &&
      !['none', 'hidden', undefined].includes(
        style[`border${side}Style`] as string
      ))
  )
}
// Pictor (break-spaces-line-feeds): `break-spaces` keeps line feeds too.
const PRESERVED_LINE_BREAKS = ['pre', 'pre-wrap', 'pre-line', 'break-spaces']
const NO_SOFT_WRAP = ['pre', 'nowrap']
const OBJECT_REPLACEMENT = '\uFFFC'
// Metrics of the first available font are those of a space.
const STRUT = ' '

function toNumber(
  value: unknown,
  style: SerializedStyle,
  percentageBase: number
): number {
  if (typeof value === 'number') return value
  if (typeof value !== 'string' || value === 'auto') return 0
  return (
    lengthToNumber(
      value,
      style.fontSize as number,
      percentageBase,
      style as Record<string, any>,
      true
    ) || 0
  )
}

function isFullyTransparent(color: string): boolean {
  if (color === 'transparent') return true
  const parsed = cssColorParse(color)
  return parsed ? parsed.alpha === 0 : false
}

/**
 * Collects the inline content of a block container into paragraphs, in tree
 * order with its block-level children.
 */
export class InlineFormatting {
  private paragraph: Paragraph | null = null
  /** The inline boxes that are open, from the outermost. */
  private open: InlineBox[] = []

  constructor(
    readonly container: LayoutNode,
    readonly style: SerializedStyle,
    readonly env: InlineEnv
  ) {}

  /**
   * Pictor (floats-in-max-content): floats before the first paragraph of the
   * container, in the inline formatting context of the paragraph that follows.
   */
  private floatsBefore: LayoutNode[] = []

  private current() {
    if (!this.paragraph) {
      this.paragraph = new Paragraph(this.style, this.env)
      this.container.insertChild(this.paragraph.node)
      this.paragraph.floats.push(...this.floatsBefore)
      this.floatsBefore = []
      // Boxes split by a block-level element continue in the paragraph.
      for (const box of this.open) {
        this.paragraph.items.push({ kind: 'open', box, continuation: true })
        box.paragraphs.push(this.paragraph)
      }
    }
    return this.paragraph
  }

  addText(run: TextRun) {
    run.boxes = [...this.open]
    const paragraph = this.current()
    paragraph.items.push({ kind: 'text', run })
    return paragraph
  }

  openBox(box: InlineBox) {
    box.ancestors = [...this.open]
    const paragraph = this.current()
    paragraph.items.push({ kind: 'open', box })
    box.paragraphs.push(paragraph)
    this.open.push(box)
  }

  closeBox(box: InlineBox) {
    // Pictor (empty-inline-lines): the end of a box split by a block-level
    // element is on a line of its own after the block when it has an edge.
    if (
      !this.paragraph &&
      hasBoxEdge(box.style, this.style.direction === 'rtl' ? 'Left' : 'Right')
    ) {
      this.current()
    }
    this.open.pop()
    this.paragraph?.items.push({ kind: 'close', box })
  }

  /**
   * Pictor (inline-static-position): an empty box without edges at this point
   * of the content, marking where an out-of-flow box would stand. Not before
   * the first paragraph when floats wait for it (false).
   */
  markEmptyBox(box: InlineBox) {
    if (!this.paragraph && this.floatsBefore.length > 0) return false
    this.openBox(box)
    this.closeBox(box)
    return true
  }

  addAtomic(atomic: AtomicInline) {
    const paragraph = this.current()
    atomic.paragraph = paragraph
    // Pictor (atomic-inline-box-strut): the boxes it is in, for their struts.
    if (this.open.length) atomic.boxes = [...this.open]
    paragraph.items.push({ kind: 'atomic', atomic })
  }

  addBreak(firstLineEnd = false) {
    this.current().items.push(
      firstLineEnd ? { kind: 'break', firstLineEnd } : { kind: 'break' }
    )
  }

  /**
   * A float is laid out before the paragraph it's in, so the paragraph wraps
   * around it.
   */
  addFloat(node: LayoutNode) {
    if (this.paragraph) this.paragraph.nearFloats = true
    if (this.paragraph) this.paragraph.floats.push(node)
    // Pictor (float-at-its-line): a float after content of the paragraph
    // has its top at the top of the line that content is on (CSS 2 §9.5.1
    // rule 6), which is known after a layout.
    const paragraph = this.paragraph
    const before = paragraph?.items.length ?? 0
    if (paragraph && before > 0) {
      node.lineTop = () => paragraph.lineTopAfter(before)
      // Pictor (float-below-its-line): at that line only when it fits
      // beside the content before it, else below the line.
      node.fitTop = () => paragraph.floatTopAfter(before, node)
      node.shiftFloat = (shift) => paragraph.shiftFloat(node, shift)
    }
    else this.floatsBefore.push(node)
    const index = this.paragraph
      ? this.container.children.indexOf(this.paragraph.node)
      : -1
    this.container.insertChild(node, index === -1 ? undefined : index)
  }

  /** A block-level element ends the paragraph. */
  breakForBlock() {
    this.floatsBefore = []
    if (!this.paragraph) return
    for (let i = this.open.length - 1; i >= 0; i--) {
      this.paragraph.items.push({
        kind: 'close',
        box: this.open[i],
        continued: true,
      })
    }
    this.removeIfCollapsed()
    this.paragraph = null
  }

  /** The end of the content of the container. */
  end() {
    this.removeIfCollapsed()
  }

  /**
   * Like in browsers, a paragraph of white space that collapses away has no
   * line boxes, e.g. between block-level elements, so it's removed. It would
   * also separate the margins of the elements around it.
   */
  private removeIfCollapsed() {
    if (this.paragraph?.collapsesAway()) {
      this.container.removeChild(this.paragraph.node)
    }
  }
}

export class Paragraph {
  // An anonymous block box of the lines, which wraps around floats.
  readonly node = new LayoutNode({ display: 'block' })
  readonly items: Item[] = []

  /**
   * Whether the paragraph only has white space that collapses, in inline boxes
   * without margins, padding or borders.
   */
  collapsesAway() {
    const rtl = this.style.direction === 'rtl'
    return this.items.every((item) => {
      if (item.kind === 'open') {
        return (
          item.continuation || !hasBoxEdge(item.box.style, rtl ? 'Right' : 'Left')
        )
      }
      if (item.kind === 'close') {
        return (
          item.continued || !hasBoxEdge(item.box.style, rtl ? 'Left' : 'Right')
        )
      }
      if (item.kind !== 'text') return false
      const whiteSpace = String(item.run.style.whiteSpace ?? 'normal')
      if (!COLLAPSIBLE_WHITE_SPACE.includes(whiteSpace)) return false
      // Preserved line breaks are forced breaks.
      return PRESERVED_LINE_BREAKS.includes(whiteSpace)
        ? /^[ \t]*$/.test(item.run.content)
        : /^[ \t\n\r\f]*$/.test(item.run.content)
    })
  }
  private words: Word[] | null = null
  /**
   * Pictor (bidi-inline): the base level of a paragraph laid out with the
   * bidi algorithm (right-to-left, or with right-to-left text or boxes), see
   * `resolveBidi()`; undefined otherwise.
   */
  private baseLevel: 0 | 1 | undefined
  private lines: Line[] = []
  private runStates = new Map<TextRun, RunState>()
  private boxStruts = new Map<InlineBox, BoxStrut>()
  private atomicLayouts = new Map<AtomicInline, AtomicLayout>()
  private atomicWidth = NaN
  private finalized = false
  /** Pictor (align-in-exact-box): while finalizing, see `exactAlignment()`. */
  private alignIn?: { delta: number; offset: number }
  /** The floats of the last measurement, which is the final one. */
  private exclusions: FloatExclusion[] = []
  /**
   * Pictor (lines-at-measured-width): the width of the last measurement (the
   * node's own or the width available to it).
   */
  private measuredWidth: number | undefined
  /** Pictor (float-below-its-line): its floats moved down to their lines. */
  private shiftedFloats = new Map<LayoutNode, ShiftedFloat>()
  /** Whether a float is in the paragraph or before it, which it may wrap around. */
  nearFloats = false
  /**
   * Pictor (floats-in-max-content): the floats of the paragraph's inline
   * formatting context (laid out before its node, see `addFloat()`).
   */
  readonly floats: LayoutNode[] = []
  private floatsWidth: number | undefined
  /** Pictor (paragraph-measure-memo): its sizes by width; null when off. */
  private memo: MeasureMemo | null | undefined
  /** The pieces of each run, set by `finalize()`. */
  private pieces = new Map<
    TextRun,
    {
      text: string
      x: number
      width: number
      line: number
      baseline: number
      /** Pictor (bidi-inline): shaped right to left, at an odd level. */
      rtl: boolean
      /** Pictor (cjk-closing-at-line-end): its closing mark is set half-width. */
      trimsEnd?: boolean
      /** Pictor (justify-space-widened): the justification gap it ends with. */
      spread?: number
    }[]
  >()
  /** Set when the paragraph is only text of the container. */
  simple?: {
    first: TextRun
    delegate?: ReturnType<typeof buildTextNodes>
  } | null

  constructor(readonly style: SerializedStyle, readonly env: InlineEnv) {
    this.node.measure = (width, _height, exclusions, minContent, known) =>
      this.measure(
        width,
        // Pictor (float-below-its-line): without the top margins added to
        // floats moved down to their lines.
        trimShiftedFloats(exclusions, this.shiftedFloats.values()),
        minContent,
        known
      )
    this.node.lastBaseline = (width) => {
      this.flow(width)
      const last = this.lines[this.lines.length - 1]
      return last ? last.top + last.baseline : undefined
    }
    // Pictor (inline-table-first-baseline): see findFirstBaseline.
    this.node.firstBaseline = (width) => {
      this.flow(width)
      const first = this.lines[0]
      return first ? first.top + first.baseline : undefined
    }
    // Pictor (multi-column): where a column may end inside the paragraph.
    this.node.lineEnds = (width) => {
      this.flow(width, this.exclusions)
      return this.lines.map((line) => line.top + line.height)
    }
  }

  /**
   * Pictor (lines-at-measured-width): how much narrower than `width` the last
   * measurement was, when by less than a pixel (the layout's rounding).
   */
  private measuredShrink(width: number): number {
    const measured = this.measuredWidth
    return measured !== undefined && measured < width && width - measured < 1
      ? width - measured
      : 0
  }

  /**
   * Pictor (first-line): of the content in `boxes` (the `::first-line`
   * elements of a block container), the units on the paragraph's first line
   * and in all, as its lines break after a layout (see pictor-first-line.ts).
   */
  firstLineUnits(boxes: Set<InlineBox>): { first: number; total: number } {
    const { width } = this.node.layout
    this.flow(width, this.exclusions, false, true, this.measuredShrink(width))
    let first = 0
    let total = 0
    let depth = 0
    this.lines.forEach((line, index) => {
      for (const word of line.words) {
        for (const segment of word.segments) {
          const { item } = segment
          if (item.kind === 'open' && boxes.has(item.box)) depth++
          else if (item.kind === 'close' && boxes.has(item.box)) depth--
          else if (depth > 0 && (item.kind === 'text' || item.kind === 'atomic')) {
            const units =
              item.kind === 'text' ? textUnits(segment.text ?? '') : 1
            total += units
            if (index === 0) first += units
          }
        }
      }
    })
    return { first, total }
  }

  /**
   * Pictor (float-at-its-line): after a layout, the top (in the container) of
   * the line holding the last of the first `count` items that is on a line.
   */
  lineTopAfter(count: number): number | undefined {
    const { layout } = this.node
    // As `finalize()` breaks them (lines-at-measured-width).
    this.flow(
      layout.width,
      this.exclusions,
      false,
      true,
      this.measuredShrink(layout.width)
    )
    const before = new Set(this.items.slice(0, count))
    let top: number | undefined
    let holding = -1
    this.lines.forEach((line, index) => {
      const holds = line.words.some((word) =>
        word.segments.some((segment) => before.has(segment.item))
      )
      if (holds) {
        top = line.top
        holding = index
      }
    })
    // Pictor (float-after-inline-break): after a forced break, at the line after
    // it (below the last line when the break ends the paragraph).
    if (holding !== -1 && this.afterForcedBreak(count)) {
      const line = this.lines[holding]
      top = this.lines[holding + 1]?.top ?? line.top + line.height
    }
    return top === undefined ? undefined : layout.top + top
  }

  /**
   * Pictor (float-after-inline-break): whether the first `count` items end with a
   * forced break (`<br>`, a preserved newline), only box edges and collapsed
   * white space after it. A float there comes after the break (CSS 2 §9.5.1
   * rule 6: not above the line of content before it).
   */
  private afterForcedBreak(count: number) {
    for (let i = count - 1; i >= 0; i--) {
      const item = this.items[i]
      if (item.kind === 'break') return true
      if (item.kind === 'open' || item.kind === 'close') continue
      if (item.kind !== 'text') return false
      const whiteSpace = String(item.run.style.whiteSpace ?? 'normal')
      const { content } = item.run
      if (!COLLAPSIBLE_WHITE_SPACE.includes(whiteSpace)) {
        return PRESERVED_LINE_BREAKS.includes(whiteSpace) && /\n$/.test(content)
      }
      if (PRESERVED_LINE_BREAKS.includes(whiteSpace)) {
        if (/\n[ \t]*$/.test(content)) return true
        if (!/^[ \t]*$/.test(content)) return false
      } else if (!/^[ \t\n\r\f]*$/.test(content)) {
        return false
      }
    }
    return false
  }

  /**
   * Pictor (float-below-its-line): after a layout, where the margin box of
   * `float` (a float after the first `count` items) goes, in the container:
   * the top of the line holding the last of those items when the float fits
   * beside the content of that line up to there, else that line's bottom.
   * The lines are broken without the float's own exclusion.
   */
  floatTopAfter(count: number, float: LayoutNode): number | undefined {
    const { layout } = this.node
    if (!(layout.width > 0)) return undefined
    // Without the float and the floats of the paragraph after it: they are
    // placed after it.
    const later = this.floats.slice(Math.max(0, this.floats.indexOf(float)))
    const others = withoutFloats(
      this.exclusions,
      later.map((node) => {
        const box = marginBoxIn(node, this.node)
        const shift = this.shiftedFloats.get(node)?.shift ?? 0
        return { ...box, top: box.top + shift }
      }),
      layout.width
    )
    const shrink = this.measuredShrink(layout.width)
    this.flow(layout.width, others, false, true, shrink)
    const before = new Set(this.items.slice(0, count))
    let found: { top: number; bottom: number; used: number; available: number } | undefined
    let holding = -1
    for (const [lineIndex, line] of this.lines.entries()) {
      let used = 0
      let end = -1
      line.words.forEach((word, index) => {
        used += word.width
        if (word.segments.some((segment) => before.has(segment.item))) {
          end = index
          holding = lineIndex
          found = {
            top: line.top,
            bottom: line.top + line.height,
            used: used - word.trailing,
            available: line.available,
          }
        }
      })
      if (end === -1 && found) break
    }
    // Pictor (float-after-inline-break): after a forced break, on the line after
    // it, nothing before it there; below the last line when the break ends
    // the paragraph.
    if (found && this.afterForcedBreak(count)) {
      const next = this.lines[holding + 1]
      found = next
        ? {
            top: next.top,
            bottom: next.top + next.height,
            used: 0,
            available: next.available,
          }
        : { ...found, top: found.bottom }
    }
    // As `finalize()` breaks them (lines-at-measured-width).
    this.flow(layout.width, this.exclusions, false, true, shrink)
    if (!found) return undefined
    const fits = found.used + floatInlineSize(float) <= found.available + 1 / 64
    return layout.top + (fits ? found.top : found.bottom)
  }

  /**
   * Pictor (float-below-its-line): the float's top margin grows by `shift` in
   * the next layout (0: back to its own).
   */
  shiftFloat(float: LayoutNode, shift: number) {
    if (shift <= 0) {
      this.shiftedFloats.delete(float)
      return
    }
    const previous = this.shiftedFloats.get(float)?.shift ?? 0
    this.shiftedFloats.set(
      float,
      shiftedFloat(float, this.node, previous, shift)
    )
  }

  /** Whether the paragraph is only text directly in the container. */
  isSimple() {
    if (this.simple === undefined) {
      const first = this.items[0]
      this.simple =
        first?.kind === 'text' &&
        this.items.every(
          (item) => item.kind === 'text' && item.run.style === this.style
        )
          ? { first: first.run }
          : null
    }
    return !!this.simple
  }

  /** The text of a simple paragraph. */
  get text() {
    return this.items
      .map((item) => (item.kind === 'text' ? item.run.content : ''))
      .join('')
  }

  private engine(style: SerializedStyle, locale?: Locale) {
    return this.env.font.getEngine(
      style.fontSize as number,
      style.lineHeight as any,
      style as any,
      locale
    )
  }

  /**
   * Pictor (empty-inline-strut): the strut of an inline box on a line, placed
   * as its text would be (see `runState()`).
   */
  private boxStrut(box: InlineBox): BoxStrut {
    let strut = this.boxStruts.get(box)
    if (!strut) {
      const locale = this.env.locale
      const engine = this.engine(box.style, locale)
      const ascent = Math.round(engine.baseline(STRUT))
      const descent = engine.height(STRUT) - ascent
      let shift = 0
      let parentStyle = this.style
      let lineRelative: 'top' | 'bottom' | undefined
      for (const each of [...(box.ancestors ?? []), box]) {
        shift += verticalShift(each.style, parentStyle, (style) =>
          this.engine(style, locale)
        )
        parentStyle = each.style
        const align = each.style.verticalAlign
        if (!lineRelative && (align === 'top' || align === 'bottom')) {
          lineRelative = align
          shift = 0
        }
      }
      strut = lineRelative
        ? { ascent, descent, lineRelative }
        : { ascent: ascent + shift, descent: descent - shift }
      this.boxStruts.set(box, strut)
    }
    return strut
  }

  private runState(run: TextRun): RunState {
    let state = this.runStates.get(run)
    if (!state) {
      const engine = this.engine(run.style, run.locale)
      const { graphemeImages } = this.env
      const isImage = (s: string) =>
        !!(
          graphemeImages &&
          Object.prototype.hasOwnProperty.call(graphemeImages, s) &&
          graphemeImages[s]
        )
      const { measureText } = genMeasurer(
        engine,
        isImage,
        {
          fontSize: run.style.fontSize as number,
          letterSpacing: run.style.letterSpacing as number,
          wordSpacing: run.style.wordSpacing as number,
          fontFeatureSettings: getFontFeatureSettings(run.style),
        },
        !!graphemeImages && Object.keys(graphemeImages).length > 0
      )
      let shift = 0
      let parentStyle = this.style
      let lineRelative: 'top' | 'bottom' | undefined
      for (const box of run.boxes) {
        shift += verticalShift(box.style, parentStyle, (style) =>
          this.engine(style, run.locale)
        )
        parentStyle = box.style
        // Pictor (inline-box-line-relative): a box aligned to the line's top
        // or bottom takes its text along (the shifts inside it are kept).
        const align = box.style.verticalAlign
        if (!lineRelative && (align === 'top' || align === 'bottom')) {
          lineRelative = align
          shift = 0
        }
      }
      state = { engine, measureText, isImage, shift, lineRelative }
      this.runStates.set(run, state)
    }
    return state
  }

  /**
   * Collapses white space across the text of the paragraph, and splits it
   * into words at line break opportunities.
   */
  private prepare() {
    if (this.words) return this.words

    let content = ''
    // The item of each code unit.
    const owners: number[] = []
    const markers = new Map<number, number[]>()
    const collapsible = (index: number) => {
      const item = this.items[owners[index]]
      return (
        item?.kind === 'text' &&
        COLLAPSIBLE_WHITE_SPACE.includes(item.run.style.whiteSpace as string)
      )
    }
    const removeTrailingSpace = () => {
      const last = content.length - 1
      if (content[last] === ' ' && collapsible(last)) {
        content = content.slice(0, -1)
        owners.pop()
      }
    }

    // Pictor (first-line): where the breaks after split first lines are.
    const firstLineEnds = new Set<number>()
    // Spaces are collapsed across inline boxes, and removed at the start.
    let afterCollapsibleSpace = true
    this.items.forEach((item, index) => {
      if (item.kind === 'text') {
        const { style, locale } = item.run
        const whiteSpace = style.whiteSpace as string
        const collapse = COLLAPSIBLE_WHITE_SPACE.includes(whiteSpace)
        let text = processTextTransform(
          item.run.content,
          style.textTransform as string,
          locale
        )
        if (!PRESERVED_LINE_BREAKS.includes(whiteSpace)) {
          text = text.replace(/\n/g, ' ')
        }
        if (collapse) {
          text = text.replace(/[ \t]+/g, ' ').replace(/ ?\n ?/g, '\n')
        }
        for (let i = 0; i < text.length; i++) {
          const char = text[i]
          if (collapse && char === ' ' && afterCollapsibleSpace) continue
          if (char === '\n') removeTrailingSpace()
          content += char
          owners.push(index)
          afterCollapsibleSpace = (collapse && char === ' ') || char === '\n'
        }
      } else if (item.kind === 'atomic') {
        content += OBJECT_REPLACEMENT
        owners.push(index)
        afterCollapsibleSpace = false
      } else if (item.kind === 'break') {
        removeTrailingSpace()
        if (item.firstLineEnd) firstLineEnds.add(content.length)
        content += '\n'
        owners.push(index)
        afterCollapsibleSpace = true
      } else {
        const offset = content.length
        markers.set(offset, [...(markers.get(offset) || []), index])
      }
    })
    removeTrailingSpace()

    // Markers after the removed spaces are at the end.
    for (const offset of [...markers.keys()]) {
      if (offset > content.length) {
        const moved = markers.get(offset)
        markers.delete(offset)
        markers.set(content.length, [
          ...(markers.get(content.length) || []),
          ...moved,
        ])
      }
    }

    const { words: texts, requiredBreaks } = content
      ? splitByBreakOpportunities(
          content,
          effectiveWordBreak(this.style),
          this.style.lineBreak as string | undefined
        )
      : { words: [] as string[], requiredBreaks: [] as boolean[] }
    if (!texts.length) {
      // Only empty inline boxes.
      texts.push('')
    }

    const bidi = this.resolveBidi(content, markers)
    this.baseLevel = bidi?.baseLevel

    let offset = 0
    this.words = texts.map((text, index) => {
      const start = offset
      const end = offset + text.length
      offset = end
      const isFirst = index === 0
      const isLast = index === texts.length - 1
      const segments: Segment[] = []

      for (let p = start; p <= end; p++) {
        const here = markers.get(p) || []
        for (const [k, markerIndex] of here.entries()) {
          const item = this.items[markerIndex]
          // Boxes end in the word before them, and start in the word after.
          // Empty boxes, opened and closed at the same offset, stay in the
          // word before them, like in browsers.
          const isEmpty =
            item.kind === 'close'
              ? here.slice(0, k).some((i) => {
                  const other = this.items[i]
                  return other.kind === 'open' && other.box === item.box
                })
              : item.kind === 'open' &&
                here.slice(k + 1).some((i) => {
                  const other = this.items[i]
                  return other.kind === 'close' && other.box === item.box
                })
          const belongs =
            item.kind === 'close' || isEmpty
              ? p > start || isFirst
              : p < end || (isLast && p === end)
          if (belongs) {
            segments.push({
              item,
              width: 0,
              x: 0,
              level: bidi?.markerLevels.get(markerIndex),
            })
          }
        }
        if (p === end) break

        const char = content[p]
        const item = this.items[owners[p]]
        if (item.kind === 'text') {
          if (char === '\n') continue
          const last = segments[segments.length - 1]
          const level = bidi?.levels[p]
          // Tabs are in segments of their own, see `placeTabs()`. With bidi,
          // so are spaces at the end of a word, which may hang at the end of
          // a line, and each segment has one level.
          if (
            last &&
            last.item === item &&
            (last.text[0] === '\t') === (char === '\t') &&
            (!bidi ||
              (last.level === level &&
                (last.text[last.text.length - 1] === ' ') === (char === ' ')))
          ) {
            last.text += char
          } else {
            segments.push({ item, text: char, width: 0, x: 0, level })
          }
        } else if (item.kind === 'atomic') {
          segments.push({ item, width: 0, x: 0, level: bidi?.levels[p] })
        }
      }

      // Whether the text before the break opportunity can wrap.
      const lastItem = this.items[owners[end - 1]]
      const whiteSpace =
        lastItem?.kind === 'text'
          ? (lastItem.run.style.whiteSpace as string)
          : (this.style.whiteSpace as string)

      return {
        segments,
        forceBreak: !!requiredBreaks[index],
        ...(firstLineEnds.has(start - 1) ? { afterFirstLine: true } : undefined),
        canBreakAfter: !NO_SOFT_WRAP.includes(whiteSpace),
        width: 0,
        trailing: 0,
      }
    })
    return this.words
  }

  /**
   * Pictor (bidi-inline): the embedding level of each code unit of the
   * paragraph's text and of the inline boxes' edges (by the index of their
   * item), when the paragraph needs the bidi algorithm. Inline boxes with
   * `unicode-bidi` (`dir` on an element, `<bdi>`, `<bdo>`) are written as
   * the controls of UAX #9 around their content.
   */
  private resolveBidi(content: string, markers: Map<number, number[]>) {
    // Pictor (bidi-plaintext): `direction`, or the text's first strong
    // character's under `unicode-bidi: plaintext`.
    const direction = paragraphDirection(this.style)
    let text = ''
    const offsets: number[] = []
    const controlOffsets = new Map<number, number>()
    const edges = [...markers.entries()].sort(([a], [b]) => a - b)
    let next = 0
    const addEdges = (offset: number) => {
      while (next < edges.length && edges[next][0] <= offset) {
        for (const index of edges[next][1]) {
          const item = this.items[index]
          if (item.kind !== 'open' && item.kind !== 'close') continue
          const { style } = item.box
          const boxDirection =
            style.unicodeBidi === 'plaintext'
              ? 'auto'
              : style.direction === 'rtl'
              ? 'rtl'
              : 'ltr'
          const [start, end] = bidiControls(style.unicodeBidi, boxDirection)
          const control = item.kind === 'open' ? start : end
          if (control) {
            controlOffsets.set(index, text.length)
            text += control
          }
        }
        next++
      }
    }
    for (let p = 0; p < content.length; p++) {
      addEdges(p)
      offsets.push(text.length)
      text += content[p]
    }
    addEdges(content.length)
    if (
      direction === 'ltr' &&
      !hasRTL(content) &&
      ![...controlOffsets.values()].length
    ) {
      return undefined
    }

    const resolved = resolveLevels(text, direction)
    const baseLevel: 0 | 1 = direction === 'rtl' ? 1 : 0
    const levels = offsets.map((offset) => resolved[offset])
    // The edges of a box without controls are at the level of the text
    // inside them.
    const markerLevels = new Map<number, number>()
    for (const [offset, indices] of edges) {
      for (const index of indices) {
        const control = controlOffsets.get(index)
        const inside =
          this.items[index].kind === 'open'
            ? levels[offset] ?? levels[offset - 1]
            : levels[offset - 1] ?? levels[offset]
        markerLevels.set(
          index,
          control !== undefined ? resolved[control] : inside ?? baseLevel
        )
      }
    }
    return { baseLevel, levels, markerLevels }
  }

  /** Lays out an atomic inline, which shrinks to fit the width. */
  /** The content height of the container, if its height is a length. */
  private containerHeight() {
    const { height } = this.style
    if (typeof height !== 'number') return
    if (this.style.boxSizing === 'content-box') return height
    const inset = (name: string) => (this.style[name] as number) || 0
    return Math.max(
      0,
      height -
        inset('paddingTop') -
        inset('paddingBottom') -
        inset('borderTopWidth') -
        inset('borderBottomWidth')
    )
  }

  private layoutAtomic(atomic: AtomicInline, width: number): AtomicLayout {
    const cached = this.atomicLayouts.get(atomic)
    if (cached && this.atomicWidth === width) return cached

    const { node } = atomic
    // Percentages of heights are of the height of the container, if it's
    // definite.
    const height = [
      node.style.height,
      node.style.minHeight,
      node.style.maxHeight,
    ].some((value) => typeof value === 'string' && value.endsWith('%'))
      ? this.containerHeight()
      : undefined
    // Pictor (atomic-inline-fractions): laid out unrounded, so that its line
    // gets its exact size, as Chromium's (rounded when placed: placeAtomic).
    // Rounded on its own, a 62.5 px Pico input took 63 px of its line.
    const computeLayout = (
      root: LayoutNode,
      options: { width?: number | 'min-content' }
    ) => this.env.computeLayout(root, { ...options, height, exact: true })
    const marginWidth = () =>
      node.layout.width + node.layout.margin.left + node.layout.margin.right
    const margins = () => node.layout.margin.left + node.layout.margin.right
    const hasWidth = Number.isFinite(width)
    // Laid out on its own, the box ignores sizing keywords, so they're
    // resolved here.
    const size = node.style.width
    // Lays the box out with a border box width.
    const layoutWithWidth = (borderBoxWidth: number) => {
      const { padding, border } = node.layout
      const insets =
        node.style.boxSizing === 'content-box'
          ? padding.left + padding.right + border.left + border.right
          : 0
      node.style.width = Math.max(0, borderBoxWidth - insets)
      computeLayout(node, {})
      node.style.width = size
    }
    const layOut = () => {
      if (size === 'min-content') {
        computeLayout(node, { width: 'min-content' })
      } else if (size === 'stretch' && hasWidth) {
        computeLayout(node, {})
        layoutWithWidth(width - margins())
      } else if (typeof size === 'object' && 'fitContent' in size) {
        // The limit, clamped between the min-content and max-content widths.
        computeLayout(node, {})
        const maxContent = node.layout.width
        computeLayout(node, { width: 'min-content' })
        const minContent = node.layout.width
        const { padding, border } = node.layout
        const insets =
          node.style.boxSizing === 'content-box'
            ? padding.left + padding.right + border.left + border.right
            : 0
        const limit =
          typeof size.fitContent === 'number'
            ? size.fitContent
            : hasWidth
            ? (parseFloat(size.fitContent) / 100) * width
            : Infinity
        layoutWithWidth(
          Math.min(maxContent, Math.max(minContent, limit + insets))
        )
      } else {
        // Percentages are of the width of the paragraph.
        const isPercentage = [
          node.style.width,
          node.style.minWidth,
          node.style.maxWidth,
        ].some((value) => typeof value === 'string' && value.endsWith('%'))
        computeLayout(node, isPercentage && hasWidth ? { width } : {})
        // Except for `max-content`, boxes shrink to fit the width.
        if (
          size !== 'max-content' &&
          !isPercentage &&
          hasWidth &&
          marginWidth() > width
        ) {
          computeLayout(node, { width: Math.max(0, width - margins()) })
        }
      }
    }
    layOut()
    // Pictor (atomic-inline-tables): laid out on its own, the box is not in
    // the tree whose narrow tables get Chromium's column widths after the
    // layout (satori.ts), so its own tables get them here, as there.
    for (
      let pass = 0;
      pass < 4 && fitTableColumns(node, computeLayout);
      pass++
    ) {
      layoutChanged()
      layOut()
    }

    const { layout } = node
    const marginBoxHeight =
      layout.height + layout.margin.top + layout.margin.bottom
    // The baseline of the last line, or the bottom margin edge. Pictor
    // (inline-flex-baseline): an inline-flex or inline-grid box by its first
    // item (CSS Flexbox §8.5, as Chrome aligns it).
    const baseline =
      atomic.style.__innerDisplay === 'flex' ||
      atomic.style.__innerDisplay === 'grid'
        ? firstItemBaseline(node)
        : atomic.firstBaseline
        ? findFirstBaseline(node)
        : atomic.style.overflow === 'hidden' || atomic.bottomBaseline
        ? undefined
        : findBaseline(node)
    // Pictor (percent-inline-blocks-fit): a percentage width as Chromium
    // resolves it, in 1/64 px, fills the line.
    const exact = hasWidth
      ? percentBorderBoxWidth(
          node.style as Record<string, unknown>,
          width,
          layout.padding.left +
            layout.padding.right +
            layout.border.left +
            layout.border.right
        )
      : undefined
    const result: AtomicLayout = {
      width: layout.width,
      marginBoxWidth: marginWidth(),
      advance: lineAdvance(marginWidth(), layout.width, exact),
      marginBoxHeight,
      ascent:
        baseline === undefined ? marginBoxHeight : layout.margin.top + baseline,
    }
    this.atomicLayouts.set(atomic, result)
    return result
  }

  /**
   * Breaks the paragraph into lines that fit the width, beside floats, and
   * balances them with `text-wrap: balance`, like plain text.
   */
  private flow(
    width: number,
    exclusions: FloatExclusion[] = [],
    minContent = false,
    widthKnown = true,
    shrink = 0
  ) {
    const result = this.breakLines(width, exclusions, minContent, Infinity, shrink)
    const count = this.lines.length
    if (
      this.style.textWrap !== 'balance' ||
      minContent ||
      count < 2 ||
      !Number.isFinite(width)
    ) {
      return result
    }
    // The narrowest lines that don't make the paragraph longer, still aligned
    // in the available width.
    let low = 0
    let high = width
    while (high - low > 0.5) {
      const limit = (low + high) / 2
      this.breakLines(width, exclusions, false, limit)
      if (this.lines.length > count) low = limit
      else high = limit
    }
    return this.breakLines(width, exclusions, false, high)
  }

  /**
   * Breaks the paragraph into lines that fit the width, beside floats, and
   * aligns them. Lines are at most `limit` wide, but still aligned in the
   * available width.
   */
  private breakLines(
    width: number,
    exclusions: FloatExclusion[] = [],
    minContent = false,
    limit = Infinity,
    shrink = 0
  ) {
    const words = this.prepare().slice()
    if (this.atomicWidth !== width) {
      this.atomicLayouts.clear()
      this.atomicWidth = width
    }

    const containerWidth = Number.isFinite(width) ? width : 0
    const measureWord = (word: Word) => {
      word.width = 0
      word.trailing = 0
      word.preserved = false
      for (const segment of word.segments) {
        const { item } = segment
        segment.trimsEnd = false
        if (item.kind === 'text') {
          const { measureText } = this.runState(item.run)
          segment.width = measureText(segment.text)
          const collapse = COLLAPSIBLE_WHITE_SPACE.includes(
            item.run.style.whiteSpace as string
          )
          // Pictor (trailing-no-break-spaces-stay): only collapsible white
          // space hangs at a line's end; trimEnd also removed U+00A0.
          const trimmed = segment.text.replace(/[ \t\n\r\f]+$/, '')
          word.trailing =
            collapse && trimmed !== segment.text
              ? segment.width - measureText(trimmed)
              : 0
          // Pictor (pre-wrap-hanging-spaces): preserved spaces and tabs at
          // the end of a `pre-wrap` line hang too (CSS Text 3 §4.1.3: they
          // count neither for the fit nor for the alignment at a soft wrap).
          // Under `break-spaces` they take room and wrap, as before.
          word.preserved = false
          if (item.run.style.whiteSpace === 'pre-wrap') {
            const kept = segment.text.replace(/[ \t]+$/, '')
            if (kept !== segment.text) {
              word.trailing = segment.width - measureText(kept)
              word.preserved = true
            }
          }
        } else if (item.kind === 'open' || item.kind === 'close') {
          const { style } = item.box
          // Pictor (bidi-box-edges): with bidi, a right-to-left box starts
          // on the right.
          const odd =
            this.baseLevel !== undefined && style.direction === 'rtl'
          const side = (item.kind === 'open') === odd ? 'Right' : 'Left'
          const none = item.kind === 'open' ? item.continuation : item.continued
          segment.margin = none
            ? 0
            : toNumber(style[`margin${side}`], style, containerWidth)
          segment.width = none
            ? 0
            : segment.margin +
              ((style[`border${side}Width`] as number) || 0) +
              toNumber(style[`padding${side}`], style, containerWidth)
        } else if (item.kind === 'atomic') {
          segment.width = this.layoutAtomic(item.atomic, width).advance
          word.trailing = 0
        }
        word.width += segment.width
      }
    }
    words.forEach(measureWord)
    const kerningScope = (segment: {
      item: { kind: string; run?: unknown }
    }) => {
      const { run } = segment.item as { run: TextRun }
      const { measureText, engine } = this.runState(run)
      return {
        measure: measureText,
        scope: {
          engine,
          variant: `${run.style.fontSize}\u0001${getFontFeatureSettings(run.style)}`,
        },
      }
    }
    // Pictor (kerning-across-boxes): kerning between a word's segments.
    kernWithinWords(words, kerningScope)
    // Pictor (kerning-across-words): a space's kerning with the next word.
    kernAcrossWords(words, kerningScope)
    // Pictor (kerning-without-space): a word's kerning with the word before
    // it when there is no space between them, added where both are on a line.
    const kerningBefore = kerningBetween(words, kerningScope)

    // Tabs move to the next tab stop, from the start of the line at `x`.
    const placeTabs = (word: Word, x: number) => {
      if (!word.segments.some((s) => s.text?.[0] === '\t')) return
      word.width = 0
      for (const segment of word.segments) {
        const { item } = segment
        if (item.kind === 'text' && segment.text?.[0] === '\t') {
          const { measureText } = this.runState(item.run)
          const spaceWidth = measureText(' ')
          segment.width = getTabAdvance(
            x + word.width,
            segment.text.length,
            getTabWidth(item.run.style, spaceWidth),
            spaceWidth
          )
        }
        word.width += segment.width
      }
    }

    const breakWords = canBreakWords(
      effectiveWordBreak(this.style),
      this.style.overflowWrap as string
    )
    const allowBreakWord = minContent
      ? breakWords.allowBreakWordInMinContent
      : breakWords.allowBreakWord
    // The first line is shorter by the indent.
    const indent = toNumber(this.style.textIndent, this.style, containerWidth)

    // Line heights include the strut of the container.
    const strut = this.engine(this.style, this.env.locale)
    const strutAscent = Math.round(strut.baseline(STRUT))
    // Pictor (line-height-exact): the strut and each run keep the fractions
    // of their line-height; the glyph baseline is drawn on a whole pixel.
    const strutDescent = strut.height(STRUT) - strutAscent
    // Pictor (first-line): the first line's strut has the font of its
    // `::first-line` (a larger font with the same line-height does not make
    // the line taller), and is no shorter than the container's (measured in
    // Chromium 156: 30px text of line-height 24px makes a 24px line, of
    // line-height 12px a line as tall as the container's 20px).
    const firstLineBox = this.items.find(
      (item) => item.kind === 'open' && item.box.firstLine
    ) as { box: InlineBox } | undefined
    let firstLineAscent = strutAscent
    let firstLineDescent = strutDescent
    if (firstLineBox) {
      const own = this.engine(firstLineBox.box.style, this.env.locale)
      firstLineAscent = Math.round(own.baseline(STRUT))
      firstLineDescent = own.height(STRUT) - firstLineAscent
      const short =
        strutAscent + strutDescent - (firstLineAscent + firstLineDescent)
      if (short > 0) {
        firstLineAscent += short / 2
        firstLineDescent += short / 2
      }
    }
    // `start` and `end` follow `direction`. Lines with inline boxes or atomic
    // inlines are aligned, but their content isn't reordered with `rtl` yet.
    const textAlign = resolveTextAlign(
      this.style.textAlign,
      paragraphDirection(this.style)
    )

    // Lines are shortened by the floats beside them. A line that is at least
    // as tall as the strut is beside the floats from its top to there.
    const placeLine = (line: Line, top: number) => {
      let left = 0
      let right = 0
      for (const exclusion of exclusions) {
        if (
          exclusion.top < top + strutAscent + strutDescent &&
          exclusion.bottom > top
        ) {
          left = Math.max(left, exclusion.left)
          right = Math.max(right, exclusion.right)
        }
      }
      line.top = top
      line.left = left
      line.available = width - left - right - (lines.length === 1 ? indent : 0)
    }
    // The next position below `top` where floats end.
    const nextFloatBottom = (top: number) => {
      let next = Infinity
      for (const { bottom } of exclusions) {
        if (bottom > top) next = Math.min(next, bottom)
      }
      return next
    }

    const lines: Line[] = []
    let line: Line | undefined
    let top = 0
    let wrapped = false
    let canBreak = false

    // Lays out the words of a line vertically, and moves below it.
    const finishLine = (current: Line) => {
      const first = current === lines[0]
      let ascent = first ? firstLineAscent : strutAscent
      let descent = first ? firstLineDescent : strutDescent
      // Atomic inlines aligned to the top or bottom of the line box.
      const lineAligned: { ascent: number; height: number; top: boolean }[] = []
      // Pictor (inline-box-line-relative): and text in inline boxes aligned so.
      const relativeRuns: {
        run: TextRun
        ascent: number
        height: number
        top: boolean
      }[] = []
      for (const word of current.words) {
        for (const segment of word.segments) {
          const { item } = segment
          if (item.kind === 'text' && segment.text) {
            const { engine, shift, lineRelative, isImage } = this.runState(
              item.run
            )
            // Pictor (emoji-box): an emoji's line box is its own.
            const box = isEmojiPiece(
              segment.text,
              item.run.style.lineHeight,
              isImage
            )
              ? emojiLineBox(item.run.style.fontSize as number)
              : undefined
            const a = Math.round(box?.baseline ?? engine.baseline(segment.text))
            const d = (box?.height ?? engine.height(segment.text)) - a
            if (lineRelative) {
              const aligned = {
                ascent: a + shift,
                height: a + d,
                top: lineRelative === 'top',
              }
              lineAligned.push(aligned)
              relativeRuns.push({ run: item.run, ...aligned })
              continue
            }
            ascent = Math.max(ascent, a + shift)
            descent = Math.max(descent, d - shift)
          } else if (item.kind === 'atomic') {
            const atomic = this.layoutAtomic(item.atomic, width)
            const align = this.atomicAlignment(item.atomic, atomic, strut)
            if (align.lineRelative) {
              lineAligned.push({
                ascent: atomic.ascent,
                height: atomic.marginBoxHeight,
                top: align.lineRelative === 'top',
              })
            } else {
              ascent = Math.max(ascent, align.ascent)
              descent = Math.max(descent, align.descent)
            }
          }
        }
      }
      // Pictor (empty-inline-strut): each inline box on the line takes part
      // with its strut, even with no text of its own (CSS 2 §10.8), as in
      // Chromium: an icon font's `<i class="fa …"></i>` of 18px beside 16px
      // text (its sheet missing) made each of resume-caffeine's contact
      // lines 1 to 2 px taller there. In quirks mode, the line height quirk
      // leaves out boxes without margins, padding or borders at their ends.
      {
        const quirk = !!this.style._lineHeightQuirk
        for (const box of this.boxesOn(current)) {
          if (
            quirk &&
            !hasBoxEdge(box.style, 'Left') &&
            !hasBoxEdge(box.style, 'Right')
          )
            continue
          const strut = this.boxStrut(box)
          if (strut.lineRelative) {
            lineAligned.push({
              ascent: strut.ascent,
              height: strut.ascent + strut.descent,
              top: strut.lineRelative === 'top',
            })
          } else {
            ascent = Math.max(ascent, strut.ascent)
            descent = Math.max(descent, strut.descent)
          }
        }
      }
      for (const aligned of lineAligned) {
        if (aligned.height > ascent + descent) {
          if (aligned.top) descent = aligned.height - ascent
          else ascent = aligned.height - descent
        }
      }
      current.baseline = ascent
      current.height = ascent + descent
      if (relativeRuns.length) {
        current.relativeBaselines = new Map()
        for (const aligned of relativeRuns) {
          current.relativeBaselines.set(
            aligned.run,
            aligned.top
              ? aligned.ascent
              : current.height - aligned.height + aligned.ascent
          )
        }
      }
      top = current.top + current.height
    }

    const newLine = (): Line => {
      if (line) finishLine(line)
      const created: Line = {
        words: [],
        width: 0,
        trailing: 0,
        top: 0,
        left: 0,
        available: width,
        baseline: 0,
        height: 0,
      }
      lines.push(created)
      placeLine(created, top)
      return created
    }

    // Pictor (break-all-cursive-words): under break-all a cursive word is kept
    // whole (measured in its joined forms); where it does not fit, it breaks
    // at the letter that fills the room, each part measured as it is drawn:
    // shaped on its own, as Chromium shapes each line's text.
    const breaksAnywhere = effectiveWordBreak(this.style) === 'break-all'
    const cursiveParts = (
      word: Word,
      room: number,
      atLeastOne: boolean
    ): Word[] | undefined => {
      if (!breaksAnywhere || word.segments.length !== 1) return undefined
      const [segment] = word.segments
      const text = segment.text
      if (segment.item.kind !== 'text' || !text || !hasCursive(text)) {
        return undefined
      }
      const graphemes = segmentGraphemes(text)
      const part = (partText: string, first: boolean): Word => {
        const created: Word = {
          // The segment's own fields (its bidi level) go with each part.
          segments: [{ ...segment, text: partText, width: 0, x: 0 }],
          forceBreak: first ? word.forceBreak : false,
          canBreakAfter: first ? true : word.canBreakAfter,
          width: 0,
          trailing: 0,
        }
        measureWord(created)
        return created
      }
      const fitting = fittingGraphemes(
        graphemes,
        room,
        (prefix) => {
          const measured = part(prefix, true)
          return measured.width - measured.trailing
        },
        atLeastOne
      )
      if (fitting === 0 || fitting >= graphemes.length) return undefined
      return [
        part(graphemes.slice(0, fitting).join(''), true),
        part(graphemes.slice(fitting).join(''), false),
      ]
    }

    for (let i = 0; i < words.length; i++) {
      const word = words[i]
      // Pictor (kerning-without-space): the pair's kerning with the word
      // before, if it goes on that word's line (words were measured again
      // for this layout: the word before has none of it yet).
      const kerned = kerningBefore.get(word)
      const kerningOn = (current: Line | undefined) =>
        kerned && current?.words.length
          ? current.words[current.words.length - 1].segments.includes(
              kerned.segment as never
            )
            ? kerned.kerning
            : 0
          : 0
      if (!line || (i > 0 && word.forceBreak)) {
        line = newLine()
      } else {
        placeTabs(word, line.width + (lines.length === 1 ? indent : 0))
        // Pictor (lines-at-measured-width): less `shrink`, as measured.
        // Pictor (line-fit-layout-unit): up to a layout unit over still fits.
        const room =
          Math.min(line.available - shrink + LINE_FIT_SLACK, limit) + 1e-3
        const kernedWidth = line.width + kerningOn(line)
        const filling =
          line.words.length && canBreak && kernedWidth + word.width - word.trailing > room
            ? cursiveParts(word, room - kernedWidth, false)
            : undefined
        if (filling) {
          words.splice(i, 1, ...filling)
          i--
          continue
        }
        if (
          line.words.length &&
          canBreak &&
          kernedWidth + unbreakableWidth(words, i) > room &&
          // Pictor (cjk-closing-at-line-end): unless a closing mark at its
          // end, set half-width, brings it within the line.
          !this.trimEnd(word, room - kernedWidth)
        ) {
          line = newLine()
          wrapped = true
        }
      }
      if (!line.words.length) {
        placeTabs(word, lines.length === 1 ? indent : 0)
      }

      // A line that doesn't fit beside floats moves down until it does.
      while (
        !line.words.length &&
        word.width - word.trailing > line.available + 1e-3 &&
        nextFloatBottom(line.top) < Infinity
      ) {
        placeLine(line, nextFloatBottom(line.top))
      }

      // Break a word that doesn't fit on a line between its characters.
      if (
        allowBreakWord &&
        !line.words.length &&
        word.width - word.trailing > line.available + 1e-3
      ) {
        const parts =
          cursiveParts(word, line.available, true) ?? splitWord(word)
        if (parts.length > 1) {
          parts.forEach(measureWord)
          words.splice(i, 1, ...parts)
          i--
          continue
        }
      }

      const kerning = kerningOn(line)
      if (kerning && kerned) {
        kerned.segment.width += kerning
        line.words[line.words.length - 1].width += kerning
        line.width += kerning
      }
      line.words.push(word)
      line.width += word.width
      line.trailing = word.trailing
      line.preserved = word.preserved
      canBreak = word.canBreakAfter
    }
    if (line) finishLine(line)

    let maxWidth = 0
    lines.forEach((current, index) => {
      // Align the line.
      // Pictor (pre-wrap-hanging-spaces): preserved spaces before a forced
      // break or at the paragraph's end hang only as far as they overflow
      // (conditional hanging); they are drawn, with their decorations, where
      // they are (no hanging width left for the drawing).
      let hang = current.trailing
      if (current.preserved) {
        const next = lines[index + 1]?.words[0]
        if (!next || next.forceBreak) {
          hang = Math.min(
            hang,
            Math.max(0, current.width - current.available)
          )
        }
        current.trailing = 0
      }
      const lineWidth = current.width - hang
      const lineIndent = index === 0 ? indent : 0
      maxWidth = Math.max(maxWidth, current.left + lineWidth + lineIndent)
      let x = current.left + lineIndent
      let gap = 0
      // Pictor (cjk-justify): the words a justified line is widened before,
      // and by how much in all.
      let widened: boolean[] = []
      let spread = 0
      if (Number.isFinite(width)) {
        const remaining = current.available - lineWidth
        // Pictor (align-in-exact-box): in the box as it was laid out.
        const exact = this.alignIn ?? { delta: 0, offset: 0 }
        // Pictor (overflow-line-start): a line wider than its box starts at
        // its start, whatever its alignment: the left with `ltr`, the right
        // with `rtl` (it isn't justified then).
        const ltr = paragraphDirection(this.style) !== 'rtl'
        if (rtlStartsAtRight(!ltr, remaining + exact.delta < 0)) {
          x += remaining + exact.delta + exact.offset
        } else if (textAlign === 'right') {
          x += startWhenOverflowing(
            remaining + exact.delta + exact.offset,
            ltr && remaining + exact.delta < 0
          )
        } else if (textAlign === 'center') {
          x += startWhenOverflowing(
            (remaining + exact.delta) / 2 + exact.offset,
            ltr && remaining + exact.delta < 0
          )
        } else if (
          textAlign === 'justify' &&
          index < lines.length - 1 &&
          (!lines[index + 1].words[0]?.forceBreak ||
            lines[index + 1].words[0].afterFirstLine) &&
          current.words.length > 1
        ) {
          widened = justificationOpportunities(current.words)
          const count = widened.filter(Boolean).length
          gap = count ? remaining / count : 0
          spread = gap * count
        } else if (
          textAlign === 'justify' &&
          paragraphDirection(this.style) === 'rtl'
        ) {
          // Pictor (bidi-inline): the lines that aren't justified are at
          // the start, the right with `rtl`.
          x += remaining
        }
        if (this.env.embedFont) x = Math.round(x)
      }
      if (this.baseLevel !== undefined) {
        this.placeBidiLine(current, x, spread)
        return
      }
      current.words.forEach((word, wordIndex) => {
        // Pictor (justify-space-widened): the gap widens the space (or the
        // character) it is after, as in Chromium: the last text segment of
        // the word before, so a link's underline and background run across
        // a widened space inside the link.
        if (widened[wordIndex]) {
          const before = current.words[wordIndex - 1]?.segments ?? []
          const last = before.findLastIndex(
            (segment) => segment.item.kind === 'text'
          )
          const after = before.slice(last + 1)
          if (
            last >= 0 &&
            !after.some((segment) => segment.item.kind === 'atomic')
          ) {
            before[last].spread = gap
            for (const segment of after) segment.x += gap
          }
          x += gap
        }
        for (const segment of word.segments) {
          segment.x = x
          segment.spread = 0
          x += segment.width
        }
      })
    })

    if (Number.isFinite(width)) this.cutWithEllipsis(lines)
    this.lines = lines
    return {
      width: Math.max(maxWidth, wrapped ? width : 0),
      height: top,
    }
  }

  /**
   * Pictor (inline-ellipsis): `text-overflow: ellipsis` on a block whose lines have inline elements (a link, an
   * `<abbr>`, bold words): a line that overflows the block is cut at the last grapheme that leaves room for the
   * ellipsis, which is drawn after it in that text's style; the text after it is not drawn. Left-to-right lines only
   * (a right-to-left one is drawn as before, clipped); atomic inlines past the cut stay, clipped by the overflow.
   */
  private cutWithEllipsis(lines: Line[]): void {
    const { textOverflow, overflow } = this.style
    if (textOverflow !== 'ellipsis' || overflow !== 'hidden') return
    if (paragraphDirection(this.style) === 'rtl') return
    for (const line of lines) {
      const segments = line.words.flatMap((word) => word.segments)
      if (segments.some((segment) => (segment.level ?? 0) % 2 === 1)) continue
      const end = line.left + line.available
      const overflows = segments.some(
        (segment) =>
          segment.item.kind !== 'open' &&
          segment.item.kind !== 'close' &&
          segment.x + segment.width > end + 0.5 &&
          (segment.item.kind === 'atomic' || !!segment.text?.trim())
      )
      if (!overflows) continue
      let cut = false
      let lastText:
        | { segment: Segment; measureText: (text: string) => number }
        | undefined
      for (const segment of segments) {
        if (segment.item.kind !== 'text' || !segment.text) continue
        const { item } = segment
        if (cut) {
          segment.text = ''
          segment.width = 0
          continue
        }
        const { measureText } = this.runState(item.run)
        const ellipsis = measureText(HorizontalEllipsis)
        if (segment.x + segment.width + ellipsis <= end + 1e-3) {
          lastText = { segment, measureText }
          continue
        }
        let kept = ''
        for (const grapheme of segmentGraphemes(segment.text)) {
          if (segment.x + measureText(kept + grapheme) + ellipsis > end + 1e-3) break
          kept += grapheme
        }
        cut = true
        if (kept || !lastText) {
          segment.text = kept + HorizontalEllipsis
          segment.width = measureText(segment.text)
        } else {
          segment.text = ''
          segment.width = 0
          const last = lastText.segment
          last.text += HorizontalEllipsis
          last.width = lastText.measureText(last.text)
        }
      }
    }
  }

  /**
   * Pictor (cjk-closing-at-line-end): sets the closing mark that ends `word` half-width when that makes the word fit
   * in `room`, as Chromium's allow-end does; whether it did.
   */
  private trimEnd(word: Word, room: number): boolean {
    const segment = word.segments[word.segments.length - 1]
    const { item } = segment ?? {}
    if (
      item?.kind !== 'text' ||
      word.trailing !== 0 ||
      !segment.text ||
      !endsWithClosingMark(segment.text)
    ) {
      return false
    }
    const { style } = item.run
    const trimmed = this.runState(item.run).engine.measure(segment.text, {
      fontSize: style.fontSize as number,
      letterSpacing: style.letterSpacing as number,
      wordSpacing: style.wordSpacing as number,
      fontFeatureSettings: withTrimmedEnd(getFontFeatureSettings(style)),
    })
    const saved = segment.width - trimmed
    if (saved <= 0 || word.width - saved > room) return false
    segment.width = trimmed
    segment.trimsEnd = true
    word.width -= saved
    return true
  }

  /**
   * Pictor (bidi-inline): places the segments of a line from `x` in their
   * visual order (rules L1 and L2). Spaces at the end of the line have the
   * base level and hang past the end of the line, on the left of a
   * right-to-left line. `spread` is the width that `justify` adds, between
   * neighbours from different words.
   */
  private placeBidiLine(line: Line, x: number, spread: number) {
    const segments: Segment[] = []
    const wordOf: Word[] = []
    for (const word of line.words) {
      for (const segment of word.segments) {
        segments.push(segment)
        wordOf.push(word)
      }
    }
    const base = this.baseLevel ?? 0
    const levels = segments.map((segment) => segment.level ?? base)
    const hanging = hangingSegments(segments)
    for (const segment of hanging) {
      levels[segments.indexOf(segment)] = base
    }
    // Pictor (bidi-box-edges): each box's edges at its visual ends.
    const order = placeBoxEdges(
      visualOrder(levels),
      segments.length,
      (i) => {
        const { item } = segments[i]
        return item.kind === 'open' || item.kind === 'close'
          ? {
              kind: item.kind,
              box: item.box,
              rtl: item.box.style.direction === 'rtl',
            }
          : undefined
      },
      (i) => !hanging.has(segments[i])
    )
    let gaps = 0
    for (let k = 1; k < order.length; k++) {
      if (wordOf[order[k]] !== wordOf[order[k - 1]]) gaps++
    }
    const gap = gaps ? spread / gaps : 0
    if (base === 1) x -= line.trailing
    // Pictor (justify-space-widened): a gap widens the space beside it (the
    // word's own space segment, with bidi: after the word on the left of a
    // left-to-right run, before the word on the right of a right-to-left
    // one), so its underline and box run across it, as in Chromium.
    const spaces = (i: number) => {
      const { item, text } = segments[i]
      return item.kind === 'text' && !!text && /^[ \t]+$/.test(text)
    }
    order.forEach((index, k) => {
      let widen = false
      if (k > 0 && wordOf[index] !== wordOf[order[k - 1]] && gap) {
        if (spaces(order[k - 1])) segments[order[k - 1]].spread = gap
        else if (spaces(index)) widen = true
        x += gap
      }
      segments[index].x = widen ? x - gap : x
      segments[index].spread = widen ? gap : 0
      x += segments[index].width
    })
  }

  /**
   * Pictor (empty-inline-strut): the inline boxes a line holds part of: those
   * of its text, those that start or end on it, and those its atomic inlines
   * are in.
   */
  private boxesOn(line: Line): Set<InlineBox> {
    const boxes = new Set<InlineBox>()
    for (const word of line.words) {
      for (const { item, text } of word.segments) {
        if (item.kind === 'text') {
          if (text) for (const box of item.run.boxes) boxes.add(box)
        } else if (item.kind === 'open' || item.kind === 'close') {
          for (const box of item.box.ancestors ?? []) boxes.add(box)
          boxes.add(item.box)
        } else if (item.kind === 'atomic') {
          // Pictor (atomic-inline-box-strut): an atomic inline in inline boxes
          // puts a fragment of each on its line, so their struts count there
          // (CSS 2 §10.8), as in Chromium: pandoc's highlighted code, a line
          // per `display: inline-block` span inside `<code>` of a taller
          // line-height, had lines of the spans' height wherever the line held
          // no text of the code's own (otsaloma-markdown-tufte).
          for (const box of item.atomic.boxes ?? []) boxes.add(box)
        }
      }
    }
    return boxes
  }

  /** The vertical position of an atomic inline relative to the baseline. */
  private atomicAlignment(
    atomic: AtomicInline,
    layout: AtomicLayout,
    strut: FontEngine
  ): { ascent: number; descent: number; lineRelative?: 'top' | 'bottom' } {
    const { ascent, marginBoxHeight: height } = layout
    const align = atomic.style.verticalAlign
    const fontSize = this.style.fontSize as number
    switch (align) {
      case 'middle': {
        // The middle is aligned to the baseline plus half the x-height.
        // Pictor (vertical-align-middle): the parent's font's x-height, not
        // a quarter em.
        const middle = halfXHeight(strut, fontSize)
        return {
          ascent: height / 2 + middle,
          descent: height / 2 - middle,
        }
      }
      case 'text-top': {
        const a = strut.ascent(STRUT)
        return { ascent: a, descent: height - a }
      }
      case 'text-bottom': {
        const d = strut.descent(STRUT)
        return { ascent: height - d, descent: d }
      }
      case 'top':
      case 'bottom':
        return { ascent, descent: height - ascent, lineRelative: align }
      default: {
        const shift = verticalShift(atomic.style, this.style)
        return { ascent: ascent + shift, descent: height - ascent - shift }
      }
    }
  }

  measure(
    width: number,
    exclusions: FloatExclusion[] = [],
    minContent = false,
    widthKnown = true
  ) {
    if (this.simple?.delegate) {
      // Measured by the delegate.
      return { width: 0, height: 0 }
    }
    // Pictor (paragraph-measure-memo): beside no floats, the same width
    // measures the same.
    const memo = exclusions.length === 0 ? this.measureMemo() : undefined
    // Pictor (measure-memo-width-known): whether the width is known changes
    // only what the paragraph's own floats add; without floats, one size
    // serves both.
    const kindKnown =
      widthKnown || (this.floats.length === 0 && this.widthKnownShared())
    const known = memo?.get(width, minContent, kindKnown)
    this.measuredWidth =
      !minContent && Number.isFinite(width) ? width : undefined
    if (known) {
      this.exclusions = exclusions
      return inMeasuredUnits(known, this.env.pointScaleFactor)
    }
    countLayout('paragraphMeasures')
    const size = this.measureLines(width, exclusions, minContent, widthKnown)
    memo?.set(width, minContent, kindKnown, size)
    return inMeasuredUnits(size, this.env.pointScaleFactor)
  }

  /** Pictor (measure-memo-width-known): false when switched off. */
  private widthKnownShared() {
    const tunings = this.style._pictorTunings as
      | { measureMemoWidthKnown?: boolean }
      | undefined
    return tunings?.measureMemoWidthKnown !== false
  }

  /** Pictor (paragraph-measure-memo): undefined when switched off. */
  private measureMemo() {
    if (this.memo === undefined) {
      const tunings = this.style._pictorTunings as
        | { paragraphMeasureMemo?: boolean }
        | undefined
      this.memo =
        tunings?.paragraphMeasureMemo === false
          ? null
          : new MeasureMemo(
              this.floats.length > 0 ||
                this.items.some((item) => item.kind === 'atomic')
            )
    }
    return this.memo ?? undefined
  }

  /** Breaks the paragraph into lines at `width`: its size. */
  private measureLines(
    width: number,
    exclusions: FloatExclusion[],
    minContent: boolean,
    widthKnown: boolean
  ): MeasuredSize {
    // Pictor (floats-in-max-content): the max-content width of an inline
    // formatting context has its floats beside its lines, as Chromium sizes
    // it, so a shrink-to-fit box holds text and floats on one line (Pico's
    // `<summary>` with a floated `::after` chevron). The floats are laid out
    // before the paragraph, and the engine took the wider of the two: at the
    // max-content measure (Infinity) and at the available width of a
    // shrink-to-fit box (a float), the floats are added here.
    const floats =
      !minContent && (width === Infinity || !widthKnown)
        ? this.floatsMaxContentWidth()
        : 0
    const maxContent =
      floats > 0 && width !== Infinity ? this.flow(Infinity).width : 0
    this.exclusions = exclusions
    const { width: measuredWidth, height } = this.flow(
      width,
      exclusions,
      minContent
    )
    const first = this.lines[0]
    const last = this.lines[this.lines.length - 1]
    const withFloats =
      floats === 0
        ? measuredWidth
        : width === Infinity
        ? measuredWidth + floats
        : Math.max(measuredWidth, Math.min(width, maxContent + floats))
    return {
      // Pictor (measure-within-available): not past the available width.
      width: withinAvailable(
        roundUpToLayout(withFloats, this.env.pointScaleFactor, 1e-3),
        withFloats,
        width
      ),
      // Pictor (table-column-layout-units): for a table's columns.
      exactWidth: withFloats,
      height,
      firstBaseline: first ? first.top + first.baseline : undefined,
      lastBaseline: last ? last.top + last.baseline : undefined,
    }
  }

  /**
   * Pictor (floats-in-max-content): the sum of the margin-box widths of the
   * paragraph's floats, each laid out on its own at its max-content width.
   */
  private floatsMaxContentWidth() {
    if (this.floatsWidth === undefined) {
      this.floatsWidth = 0
      for (const node of this.floats) {
        if (node.style.display === 'none') continue
        this.env.computeLayout(node, {})
        const { width, margin } = node.layout
        this.floatsWidth += Math.max(0, width + margin.left + margin.right)
      }
    }
    return this.floatsWidth
  }

  /**
   * Lays out the paragraph with its final width, and positions its pieces,
   * inline box fragments and atomic inlines.
   */
  finalize() {
    if (this.finalized) return
    this.finalized = true

    const { width } = this.node.layout
    // Pictor (lines-at-measured-width): lines break as in the last
    // measurement, whose height the layout holds: rounding the node's width
    // up (up to a pixel) let a line that did not fit there fit here, and a
    // heading drawn on one line stood in a box two lines tall.
    // Pictor (align-in-exact-box): lines aligned right or centre in the box
    // as it was laid out, not as rounding drew it.
    this.alignIn = exactAlignment(this.node)
    this.flow(width, this.exclusions, false, true, this.measuredShrink(width))
    this.alignIn = undefined
    this.pieces.clear()

    const open: InlineBox[] = []
    const fragmentStart = new Map<InlineBox, { x: number; first: boolean }>()
    const containerWidth = width

    const addFragment = (
      box: InlineBox,
      line: Line,
      right: number,
      last: boolean
    ) => {
      const start = fragmentStart.get(box)
      pushFragment(box, line, start.x, right, start.first, last)
    }
    const pushFragment = (
      box: InlineBox,
      line: Line,
      left: number,
      right: number,
      first: boolean,
      last: boolean,
      rtl?: boolean
    ) => {
      const { style } = box
      const engine = this.engine(style)
      const ascent = engine.ascent(STRUT)
      const descent = engine.descent(STRUT)
      const shift = this.boxShift(box)
      const baseline = line.top + line.baseline - shift
      const paddingTop = toNumber(style.paddingTop, style, containerWidth)
      const paddingBottom = toNumber(style.paddingBottom, style, containerWidth)
      const top =
        baseline - ascent - paddingTop - ((style.borderTopWidth as number) || 0)
      const bottom =
        baseline +
        descent +
        paddingBottom +
        ((style.borderBottomWidth as number) || 0)
      box.fragments.push({
        paragraph: this,
        left,
        top,
        width: Math.max(0, right - left),
        height: bottom - top,
        first,
        last,
        ...(rtl ? { rtl } : {}),
        ...(box.marksStaticPosition ? { lineTop: line.top } : {}),
      })
    }

    const addPiece = (
      run: TextRun,
      segment: Segment,
      line: Line,
      hanging = 0
    ) => {
      const { shift } = this.runState(run)
      const pieces = this.pieces.get(run) || []
      pieces.push({
        text: segment.text,
        x: segment.x,
        // Pictor (underline-trailing-space): the spaces that hang at the end
        // of the line are removed in Chrome, so its decorations end before
        // them.
        width: Math.max(0, segment.width + (segment.spread ?? 0) - hanging),
        line: this.lines.indexOf(line),
        // Pictor (line-tops-from-exact-box): the line's top rounded where it
        // is on the page, from where the paragraph was laid out.
        baseline:
          Math.round(line.top + (this.node.roundedBy?.top ?? 0)) +
          (line.relativeBaselines?.get(run) ?? line.baseline - shift),
        rtl: (segment.level ?? 0) % 2 === 1,
        ...(segment.trimsEnd ? { trimsEnd: true } : {}),
        ...(segment.spread ? { spread: segment.spread } : {}),
      })
      this.pieces.set(run, pieces)
    }
    const placeAtomic = (atomic: AtomicInline, line: Line, x: number) => {
      const laidOut = this.layoutAtomic(atomic, width)
      const strut = this.engine(this.style, this.env.locale)
      const align = this.atomicAlignment(atomic, laidOut, strut)
      const marginTop = align.lineRelative
        ? align.lineRelative === 'top'
          ? line.top
          : line.top + line.height - laidOut.marginBoxHeight
        : line.top + line.baseline - align.ascent
      const { layout } = atomic.node
      const [dx, dy] = relativeOffset(open, width)
      // Pictor (atomic-inline-fractions): placed from where the paragraph was
      // laid out, not where rounding put it, and its edges and those of its
      // descendants rounded where they are on the page.
      const exact = this.node.roundedBy ?? { left: 0, top: 0 }
      layout.left =
        this.node.layout.left + exact.left + x + layout.margin.left + dx
      layout.top =
        this.node.layout.top + exact.top + marginTop + layout.margin.top + dy
      roundPlacedTree(atomic.node, this.env.pointScaleFactor ?? 1)
    }

    for (const line of this.lines) {
      // Pictor (bidi-inline): with bidi, the fragments of a box on a line
      // are the extents of its segments there, which may be in any order.
      // Pictor (bidi-box-pieces): one fragment per visually contiguous run
      // of them, as in Chrome: text of the paragraph that bidi moves between
      // two pieces of the box splits it.
      if (this.baseLevel !== undefined) {
        const pieces = new Map<InlineBox, BoxPiece[]>()
        /** Every segment of the line with width, and the boxes it is in. */
        const placed: { left: number; right: number; boxes: InlineBox[] }[] =
          []
        const extend = (box: InlineBox, left: number, right: number) => {
          const piece: BoxPiece = { left, right, first: false, last: false }
          const list = pieces.get(box)
          if (list) list.push(piece)
          else pieces.set(box, [piece])
          return piece
        }
        // Spaces that hang at the end of the line aren't drawn.
        const hanging = hangingSegments(
          line.words.flatMap((word) => word.segments)
        )
        for (const word of line.words) {
          for (const segment of word.segments) {
            if (hanging.has(segment) && segment.item.kind === 'text') continue
            const { item, x: left, width: segmentWidth } = segment
            const right = left + segmentWidth
            // The outer side of an edge is the box's margin.
            // Pictor (bidi-box-edges): on the side of the box's direction.
            const odd =
              item.kind === 'open' || item.kind === 'close'
                ? item.box.style.direction === 'rtl'
                : (segment.level ?? 0) % 2 === 1
            const margin = segment.margin ?? 0
            const startsOnLeft = (item.kind === 'open') !== odd
            if (item.kind === 'open') {
              open.push(item.box)
              extend(
                item.box,
                startsOnLeft ? left + margin : left,
                startsOnLeft ? right : right - margin
              ).first ||= !item.continuation
            } else if (item.kind === 'close') {
              extend(
                item.box,
                startsOnLeft ? left + margin : left,
                startsOnLeft ? right : right - margin
              ).last ||= !item.continued
              open.splice(open.lastIndexOf(item.box), 1)
            } else {
              for (const box of open) extend(box, left, right)
              if (right > left) placed.push({ left, right, boxes: [...open] })
              if (item.kind === 'text' && segment.text) {
                if (segment.text[0] !== '\t') addPiece(item.run, segment, line)
              } else if (item.kind === 'atomic') {
                placeAtomic(item.atomic, line, left)
              }
            }
          }
        }
        for (const [box, list] of pieces) {
          for (const piece of joinBoxPieces(box, list, placed)) {
            pushFragment(
              box,
              line,
              piece.left,
              piece.right,
              piece.first,
              piece.last,
              box.style.direction === 'rtl'
            )
          }
        }
        continue
      }

      const lineStart = line.words[0]?.segments[0]?.x ?? 0
      for (const box of open)
        fragmentStart.set(box, { x: lineStart, first: false })
      let x = lineStart

      // Spaces at the end of the line hang after the edges of the boxes that
      // start or end there, which are moved before them.
      const lastWord = line.words[line.words.length - 1]
      let lastText = Infinity
      if (line.trailing) {
        lastText = lastWord.segments.length - 1
        while (lastText >= 0) {
          const segment = lastWord.segments[lastText]
          if (segment.item.kind === 'text' && segment.text) break
          lastText--
        }
      }
      const edge = (word: Word, index: number) =>
        word.segments[index].x -
        (word === lastWord && index > lastText ? line.trailing : 0)

      for (const word of line.words) {
        for (const [index, segment] of word.segments.entries()) {
          const { item } = segment
          if (item.kind === 'open') {
            open.push(item.box)
            const { style } = item.box
            fragmentStart.set(item.box, {
              x:
                edge(word, index) +
                (item.continuation
                  ? 0
                  : toNumber(style.marginLeft, style, containerWidth)),
              first: !item.continuation,
            })
          } else if (item.kind === 'close') {
            const { style } = item.box
            addFragment(
              item.box,
              line,
              edge(word, index) +
                segment.width -
                (item.continued
                  ? 0
                  : toNumber(style.marginRight, style, containerWidth)),
              !item.continued
            )
            open.splice(open.lastIndexOf(item.box), 1)
          } else if (
            item.kind === 'text' &&
            segment.text &&
            segment.text[0] !== '\t'
          ) {
            addPiece(
              item.run,
              segment,
              line,
              word === lastWord && index === lastText ? line.trailing : 0
            )
          } else if (item.kind === 'atomic') {
            placeAtomic(item.atomic, line, segment.x)
          }
          x = segment.x + segment.width + (segment.spread ?? 0)
        }
      }

      // Boxes that continue on the next line.
      for (const box of open) addFragment(box, line, x - line.trailing, false)
    }
  }

  /** The distance the baseline of an inline box is raised. */
  private boxShift(box: InlineBox) {
    let shift = 0
    for (const item of this.items) {
      if (item.kind === 'text' && item.run.boxes.includes(box)) {
        // The shift of the box itself, without the boxes inside it.
        const index = item.run.boxes.indexOf(box)
        let parentStyle = this.style
        for (let i = 0; i <= index; i++) {
          shift += verticalShift(item.run.boxes[i].style, parentStyle, (style) =>
            this.engine(style)
          )
          parentStyle = item.run.boxes[i].style
        }
        return shift
      }
    }
    return 0
  }

  /** Draws the text of a run, with the offset of the container. */
  renderRun(run: TextRun, x: number, y: number) {
    this.finalize()
    const pieces = this.pieces.get(run)
    // Hidden text takes up space, but isn't drawn.
    if (!pieces?.length || run.style.visibility === 'hidden') return ''

    const { style, inheritedStyle, id } = run
    const { engine, isImage } = this.runState(run)
    const { embedFont, debug, graphemeImages } = this.env
    const hasImages = !!graphemeImages && Object.keys(graphemeImages).length > 0
    const [dx, dy] = relativeOffset(run.boxes, this.node.layout.width)
    const left = x + this.node.layout.left + dx
    const top = y + this.node.layout.top + dy
    const fontSize = style.fontSize as number
    const letterSpacing = style.letterSpacing as number
    const wordSpacing = style.wordSpacing as number
    const fontFeatureSettings = getFontFeatureSettings(style)
    const clipPathId = inheritedStyle._inheritedClipPathId as string | undefined
    const maskId = inheritedStyle._inheritedMaskId as string | undefined
    const fillColor = getTextFillColor(style)
    const { matrix } = getContainer(
      {
        left: this.node.layout.left,
        top: this.node.layout.top,
        width: this.node.layout.width,
        height: this.node.layout.height,
        isInheritingTransform: true,
      },
      style
    )

    let filter = ''
    // Pictor (text-over-shadow-filter): the filter draws the shadows alone and
    // the run is drawn after them, not through the filter's offscreen region
    // (which drew it lighter than the same text without a shadow).
    const shadowsApart = !!embedFont && !isFullyTransparent(fillColor)
    if (style.textShadowOffset) {
      filter = buildXMLString(
        'defs',
        {},
        buildDropShadow(
          {
            width: this.node.layout.width,
            height: this.node.layout.height,
            id,
          },
          {
            shadowColor: style.textShadowColor,
            shadowOffset: style.textShadowOffset,
            shadowRadius: style.textShadowRadius,
          },
          isFullyTransparent(fillColor) || shadowsApart
        )
      )
    }

    const decorationLines = getDecorationLines(style)
    const skipInk =
      decorationLines.includes('underline') &&
      (style.textDecorationSkipInk || 'auto') !== 'none'
    const thickness = getDecorationThickness(style)

    let path = ''
    // The paths of synthetic bold glyphs, which are emboldened.
    let boldPath = ''
    let elements = ''
    const decorations: {
      left: number
      right: number
      top: number
      ascender: number
      glyphBoxes: GlyphBox[]
      emDescent?: number
    }[] = []

    // Pieces on the same line are drawn together, for kerning.
    const merged: typeof pieces = []
    for (const piece of pieces) {
      const last = merged[merged.length - 1]
      if (
        last &&
        last.line === piece.line &&
        last.rtl === piece.rtl &&
        // Pictor (justify-space-widened): not across a widened space.
        !last.spread &&
        !piece.spread &&
        Math.abs(last.x + last.width - piece.x) < 1e-3
      ) {
        merged.push({
          ...last,
          text: last.text + piece.text,
          width: last.width + piece.width,
          trimsEnd: piece.trimsEnd,
        })
        merged.splice(merged.length - 2, 1)
      } else if (
        // Pictor (bidi-inline): right-to-left pieces follow each other to
        // the left.
        last &&
        last.line === piece.line &&
        last.rtl &&
        piece.rtl &&
        !piece.spread &&
        !last.spread &&
        Math.abs(piece.x + piece.width - last.x) < 1e-3
      ) {
        merged.push({
          ...piece,
          text: last.text + piece.text,
          width: last.width + piece.width,
        })
        merged.splice(merged.length - 2, 1)
      } else {
        merged.push({ ...piece })
      }
    }

    // Pictor (inline-text-culling): lines entirely outside of the image
    // aren't drawn.
    const cullBounds = inlineCullBounds(run.paintBounds, style, inheritedStyle)
    for (const piece of merged) {
      const baseline = top + piece.baseline
      if (
        cullBounds &&
        baselineOutside(cullBounds, baseline, style, inheritedStyle)
      ) {
        continue
      }
      const ascender = engine.baseline(piece.text)
      const glyphTop = baseline - ascender
      const band = skipInk
        ? {
            underlineY: glyphTop + getUnderlineY(style, ascender, thickness),
            strokeWidth: thickness,
          }
        : undefined

      let glyphBoxes: GlyphBox[] = []
      // Pictor (bidi-inline): the parts of a right-to-left piece go from its
      // right.
      let pieceX = left + piece.x + (piece.rtl ? piece.width : 0)
      // Images of graphemes, e.g. emoji, are drawn as images.
      const parts: string[] = []
      let words = segmentText(piece.text, 'word')
      // Images in words, e.g. consecutive keycaps, are drawn apart.
      if (hasImages) words = words.flatMap((s) => splitImages(s, isImage))
      for (const word of words) {
        if (isImage(word) || !embedFont) {
          parts.push(word)
        } else if (parts.length && !isImage(parts[parts.length - 1])) {
          parts[parts.length - 1] += word
        } else {
          parts.push(word)
        }
      }

      for (const [partIndex, part] of parts.entries()) {
        // Pictor (cjk-closing-at-line-end): the piece's last part trimmed.
        const partFeatures =
          piece.trimsEnd && partIndex === parts.length - 1
            ? withTrimmedEnd(fontFeatureSettings)
            : fontFeatureSettings
        const partWidth = isImage(part)
          ? fontSize
          : engine.measure(part, {
              fontSize,
              letterSpacing,
              wordSpacing,
              fontFeatureSettings: partFeatures,
            })
        if (piece.rtl) pieceX -= partWidth
        if (isImage(part) || !embedFont) {
          if (part.trim() || isImage(part)) {
            const [element] = buildText(
              {
                content: part,
                // The run's shadows are drawn for the whole run, below.
                filter: shadowsApart ? '' : filter,
                id,
                left: pieceX,
                // Pictor (emoji-box): an emoji's em square on the baseline.
                top: isImage(part)
                  ? emojiTop(baseline, fontSize)
                  : glyphTop + ascender,
                width: partWidth,
                height: isImage(part) ? fontSize : engine.height(part),
                matrix,
                image: isImage(part) ? graphemeImages[part] : null,
                clipPathId,
                debug,
                shape: false,
              },
              style as any
            )
            elements += element
          }
        } else {
          const svg = engine.getSVG(
            part,
            {
              fontSize,
              left: pieceX,
              top: baseline,
              letterSpacing,
              wordSpacing,
              fontFeatureSettings: partFeatures,
              // Pictor (bidi-inline): shaped in the direction of its level.
              direction:
                this.baseLevel === undefined
                  ? undefined
                  : piece.rtl
                  ? 'rtl'
                  : 'ltr',
            },
            band
          )
          path += svg.path + ' '
          boldPath += svg.boldPath
          if (band && svg.boxes) glyphBoxes = glyphBoxes.concat(svg.boxes)
        }
        // Widths include the letter spacing after each character.
        if (!piece.rtl) pieceX += partWidth
      }

      if (decorationLines.length) {
        const last = decorations[decorations.length - 1]
        if (
          last &&
          Math.abs(last.right - (left + piece.x)) < 1e-3 &&
          last.top === glyphTop
        ) {
          last.right = left + piece.x + piece.width
          last.glyphBoxes.push(...glyphBoxes)
        } else {
          decorations.push({
            left: left + piece.x,
            right: left + piece.x + piece.width,
            top: glyphTop,
            ascender,
            glyphBoxes,
            // Pictor (text-underline-position-under): the em box's bottom.
            emDescent: emBoxDescent(engine.fontFor(' '), fontSize),
          })
        }
      }
    }

    const decorationShape = decorations
      .map((decoration) =>
        buildDecoration(
          {
            left: decoration.left,
            top: decoration.top,
            width: decoration.right - decoration.left,
            ascender: decoration.ascender,
            clipPathId,
            matrix,
            glyphBoxes: decoration.glyphBoxes,
            emDescent: decoration.emDescent,
          },
          style
        )
      )
      .join('')

    const strokeAttributes = getTextStrokeAttributes(style)
    const shape =
      path || boldPath
        ? !isFullyTransparent(fillColor) || strokeAttributes.stroke || filter
          ? buildGlyphPaths(
              { path, boldPath },
              {
                fill:
                  filter && isFullyTransparent(fillColor) ? 'black' : fillColor,
                transform: matrix || undefined,
                ...strokeAttributes,
              },
              getSyntheticBoldWidth(fontSize),
              id
            )
          : ''
        : ''
    let result =
      buildXMLString(
        'g',
        {
          mask: maskId ? `url(#${maskId})` : undefined,
          'clip-path': clipPathId ? `url(#${clipPathId})` : undefined,
        },
        shape
      ) +
      elements +
      decorationShape
    if (filter) {
      result =
        filter +
        buildXMLString('g', { filter: `url(#satori_s-${id})` }, result) +
        (shadowsApart ? result : '')
    }

    const textOpacity = (style._textOpacity as number | undefined) ?? 1
    if (textOpacity < 1) {
      result = buildXMLString('g', { opacity: textOpacity }, result)
    }

    // The text clips the background of an element with `background-clip:
    // text`.
    const clipText = style._inheritedBackgroundClipTextPath as unknown as
      | { value: string }
      | undefined
    if (clipText && (path || boldPath)) {
      clipText.value += buildXMLString('path', {
        d: path + boldPath,
        transform: matrix || undefined,
      })
    }
    return result
  }
}

/**
 * Pictor (bidi-inline): the segments at the end of a line that are only
 * spaces, and the edges of boxes among them (rule L1).
 */
function hangingSegments(segments: Segment[]): Set<Segment> {
  const hanging = new Set<Segment>()
  for (let i = segments.length - 1; i >= 0; i--) {
    const { item, text } = segments[i]
    if (item.kind === 'atomic') break
    if (item.kind === 'text' && text && !/^[ \t]*$/.test(text)) break
    hanging.add(segments[i])
  }
  return hanging
}

/**
 * The distance `vertical-align` raises the baseline of an inline box, for
 * values relative to the parent's baseline.
 */
/**
 * Pictor (super-sub-shift): `size / divisor` as Blink's `LayoutUnit` divides:
 * both in 1/64 px, the quotient truncated.
 */
function layoutUnitDivide(size: number, divisor: number) {
  const fixed = Math.floor(size * 64 + 1e-6)
  return Math.floor(fixed / divisor) / 64
}

function verticalShift(
  style: SerializedStyle,
  parentStyle: SerializedStyle,
  engineOf?: (style: SerializedStyle) => FontEngine
) {
  const align = style.verticalAlign
  const parentFontSize = parentStyle.fontSize as number
  // Pictor (inline-box-middle): an inline box's vertical midpoint goes to the
  // parent's baseline plus half its x-height (CSS 2.1 §10.8.1; the x-height
  // as vertical-align-middle-x-height takes it for atomic inlines). Its
  // inline box is its content area with half the leading on each side, so
  // its midpoint lies (ascent - descent) / 2 above its baseline. It was not
  // moved, so the line box did not grow where the box reaches past the strut
  // (Bootstrap résumés' `vertical-align: middle` labels: each line 1 px
  // short of Chromium's).
  if (align === 'middle' && engineOf) {
    const engine = engineOf(style)
    const halfX = halfXHeight(engineOf(parentStyle), parentFontSize)
    // Pictor (middle-box-leading): the midpoint of the box as the line lays
    // it out: its ascent and descent rounded to pixels, with the half of the
    // leading above floored to a pixel and the rest below (`baseline()`), as
    // Chromium splits it. The font's exact ascent and descent put
    // Bootstrap's 16px middle labels at line-height 1.42857 0.25 px lower
    // than Chromium's, and each such line as much taller.
    const ascent = engine.baseline(STRUT)
    const descent = engine.height(STRUT) - ascent
    return halfX - (ascent - descent) / 2
  }
  // Pictor (super-sub-shift): as Blink shifts them, by the parent's font
  // size over 5 (sub) or 3 (super) plus one pixel, in layout units (1/64 px,
  // truncated): 5.66 px up at 14 px, where 0.34 em was 4.76 and a line with
  // a superscript 0.9 px short of Chromium's.
  if (align === 'sub') return -(layoutUnitDivide(parentFontSize, 5) + 1)
  if (align === 'super') return layoutUnitDivide(parentFontSize, 3) + 1
  if (typeof align === 'number') return align
  if (typeof align === 'string' && /^-?[\d.]/.test(align)) {
    const lineHeight =
      typeof style.lineHeight === 'number'
        ? (style.lineHeight as number) * (style.fontSize as number)
        : (style.fontSize as number) * 1.2
    return toNumber(align, style, lineHeight)
  }
  return 0
}

/** Splits a word into its graphemes, keeping the inline box boundaries. */
function splitWord(word: Word): Word[] {
  const words: Word[] = []
  let current: Segment[] = []
  const flush = () => {
    if (current.length) {
      words.push({
        segments: current,
        forceBreak: false,
        canBreakAfter: true,
        width: 0,
        trailing: 0,
      })
      current = []
    }
  }
  for (const segment of word.segments) {
    if (segment.item.kind === 'text') {
      for (const grapheme of segmentGraphemes(segment.text)) {
        current.push({ item: segment.item, text: grapheme, width: 0, x: 0 })
        flush()
      }
    } else if (segment.item.kind === 'open') {
      current.push({ ...segment })
    } else {
      // Close markers and atomic inlines stay with the previous grapheme.
      const last = words[words.length - 1]
      if (segment.item.kind === 'close' && last && !current.length) {
        last.segments.push({ ...segment })
      } else {
        current.push({ ...segment })
        if (segment.item.kind === 'atomic') flush()
      }
    }
  }
  flush()
  if (words.length) {
    words[0].forceBreak = word.forceBreak
    words[words.length - 1].canBreakAfter = word.canBreakAfter
  }
  return words
}

function segmentGraphemes(text: string) {
  return segmentText(text, 'grapheme')
}

/**
 * The baseline of the last line box in the normal flow of a node, relative
 * to its top, if it has one.
 */
/**
 * Pictor (inline-flex-baseline): the baseline of a flex or grid container's
 * first in-flow item, or that item's bottom border edge when it has none (an
 * <svg>, an <img>).
 */
function firstItemBaseline(node: LayoutNode): number | undefined {
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i]
    // Pictor (inline-table-first-baseline): the items of a `display:
    // contents` child (a table's rows) are the container's, placed in it.
    if (child.style.display === 'contents') {
      const inner = firstItemBaseline(child)
      if (inner !== undefined) return inner
      continue
    }
    // Pictor (inline-table-backdrop-skipped): a table's backdrops come first
    // (painted under the cells) and hold no line: an inline table with a
    // cell border or background stood on its bottom edge, not its first row.
    if (
      child.style.position === 'absolute' ||
      child.style.display === 'none' ||
      child.tableBackdrop
    ) {
      continue
    }
    // Pictor (inline-table-first-baseline): an item's first baseline, as
    // CSS Grid §9 and Flexbox §8.5 align by; its last one set an inline
    // table of two-line cells a line lower than Chrome.
    const baseline = findFirstBaseline(child)
    return child.layout.top + (baseline === undefined ? child.layout.height : baseline)
  }
}

/** The baseline of the first line in a box, or undefined without one. */
function findFirstBaseline(node: LayoutNode): number | undefined {
  if (node.firstBaseline) return node.firstBaseline(node.layout.width)
  if (node.lastBaseline) return node.lastBaseline(node.layout.width)
  for (const child of node.children) {
    if (
      child.style.position === 'absolute' ||
      child.style.display === 'none' ||
      child.style.display === 'contents' ||
      (child.style.float && child.style.float !== 'none')
    ) {
      continue
    }
    const baseline = findFirstBaseline(child)
    if (baseline !== undefined) return child.layout.top + baseline
  }
  return undefined
}

function findBaseline(node: LayoutNode): number | undefined {
  if (node.lastBaseline) {
    return node.lastBaseline(node.layout.width)
  }
  for (let i = node.children.length - 1; i >= 0; i--) {
    const child = node.children[i]
    if (
      child.style.position === 'absolute' ||
      child.style.display === 'none' ||
      child.style.display === 'contents' ||
      // Pictor (inline-block-float-baseline): a float's lines are not the
      // box's line boxes; an inline-block of floats only (md2resume's list
      // of skills) stands on its bottom margin edge, as Chromium sets it.
      (child.style.float !== undefined && child.style.float !== 'none')
    ) {
      continue
    }
    const baseline = findBaseline(child)
    if (baseline !== undefined) return child.layout.top + baseline
  }
  return undefined
}

/**
 * Text in a block container. It's drawn by its paragraph, or by the text
 * engine for paragraphs of the container's text only.
 */
export async function* buildInlineText(
  content: string,
  context: LayoutContext
): AsyncGenerator<{ word: string; locale?: Locale }[], string, [any, any]> {
  const {
    parentStyle,
    inheritedStyle,
    font,
    locale,
    canLoadAdditionalAssets,
    id,
  } = context
  const run: TextRun = {
    content,
    style: parentStyle,
    inheritedStyle,
    locale,
    id,
    boxes: [],
    paintBounds: context.paintBounds,
  }
  const paragraph = context.inline.addText(run)
  if (context.floats?.found) paragraph.nearFloats = true

  // Yield segments that are missing a font.
  const engine = font.getEngine(
    parentStyle.fontSize as number,
    parentStyle.lineHeight as any,
    parentStyle as any,
    locale
  )
  const { processedContent } = preprocess(content, parentStyle, locale)
  yield canLoadAdditionalAssets
    ? segmentText(processedContent, 'grapheme')
        .filter((word) => word !== '\t' && !engine.has(word))
        .map((word) => ({ word, locale }))
    : []

  // A paragraph of the container's text only is laid out by the text engine,
  // which doesn't wrap text around floats.
  let delegate: ReturnType<typeof buildTextNodes> | undefined
  if (
    paragraph.isSimple() &&
    paragraph.simple.first === run &&
    !paragraph.nearFloats
  ) {
    delegate = buildTextNodes(paragraph.text, {
      ...context,
      parent: context.inline.container,
      textNode: paragraph.node,
      blockParagraph: true,
    })
    paragraph.simple.delegate = delegate
    await delegate.next()
    await delegate.next()
  }

  const [x, y] = yield
  if (paragraph.simple?.delegate) {
    return delegate ? ((await delegate.next([x, y])).value as string) : ''
  }
  return paragraph.renderRun(run, x, y)
}

/** Pictor (bidi-box-pieces): a part of an inline box on a line. */
interface BoxPiece {
  left: number
  right: number
  first: boolean
  last: boolean
}

/**
 * Pictor (bidi-box-pieces): the pieces of a box on one line joined into its
 * fragments: neighbours join unless a segment with width that is not in the
 * box lies between them (bidi moved other text there).
 */
function joinBoxPieces(
  box: InlineBox,
  pieces: BoxPiece[],
  placed: { left: number; right: number; boxes: InlineBox[] }[]
): BoxPiece[] {
  const sorted = pieces
    .filter((piece) => piece.left <= piece.right)
    .sort((a, b) => a.left - b.left)
  const joined: BoxPiece[] = []
  for (const piece of sorted) {
    const last = joined[joined.length - 1]
    const apart =
      last &&
      placed.some(
        (other) =>
          !other.boxes.includes(box) &&
          other.left >= last.right - 0.01 &&
          other.right <= piece.left + 0.01
      )
    if (last && !apart) {
      last.right = Math.max(last.right, piece.right)
      last.first ||= piece.first
      last.last ||= piece.last
    } else {
      joined.push({ ...piece })
    }
  }
  return joined
}

/**
 * Pictor (cjk-justify): for each word of a line, whether justify widens the line before it (Chromium's
 * opportunities: after a space, around a CJK character; an atomic inline counts as U+FFFC, neither).
 */
function justificationOpportunities(words: Word[]): boolean[] {
  const edge = (word: Word, end: boolean): string => {
    const segments = end ? [...word.segments].reverse() : word.segments
    for (const { item, text } of segments) {
      if (item.kind === 'text' && text) return text
      if (item.kind === 'atomic') return '\uFFFC'
    }
    return ''
  }
  return words.map(
    (word, index) =>
      index > 0 &&
      isJustificationOpportunity(edge(words[index - 1], true), edge(word, false))
  )
}
