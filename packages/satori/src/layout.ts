/**
 * This module is used to calculate the layout of the current sub-tree.
 */

import { countLayout } from './pictor-layout-stats.js'
import {
  fieldsetTop,
  type FieldsetTop,
  cutBehindLegend,
  splitBorderFromBackground,
  hasBackground,
  legendPaintInset,
  placeRenderedLegend,
  renderedLegendIndex,
} from './pictor-fieldset-legend.js'
import {
  textAreaBoxHeight,
  textAreaRowsHeight,
} from './pictor-textarea-rows.js'
import {
  captionPaintInsets,
  outsideCaption,
  TABLE_CAPTION_PROP,
} from './pictor-table-caption.js'
import type { ReactElement, ReactNode } from 'react'
import {
  isReactElement,
  buildXMLString,
  normalizeChildren,
  hasDangerouslySetInnerHTMLProp,
} from './utils.js'
import { LayoutNode } from './layout-engine/index.js'
import { getStickyOffset } from './sticky-position.js'
import { floatRelativeOffset } from './pictor-float-offset.js'
import {
  getBoxShadowExtent,
  getFilterExtent,
  getOutlineExtent,
  isOutside,
  type PaintBounds,
} from './culling.js'
import {
  applyCounters,
  findMarkerTarget,
  getCounterText,
  getListMarker,
  type Counters,
} from './list-marker.js'
import { MARKER_PROP, withMarkerStyle } from './pictor-marker-style.js'
import { isOutsideMarker, textAfterMarkers } from './pictor-marker-space.js'
import { markerBaselineDrop } from './pictor-marker-baseline.js'
import {
  SVGNodeToImage,
  serializeSVGFilter,
  withInheritedPaint,
} from './handler/preprocess.js'
import { hasSVGText, svgTextToPaths } from './pictor-svg-text.js'
import { svgTransformToCSS } from './parser/svg-transform.js'
import computeStyle from './handler/compute.js'
import FontLoader from './font.js'
import buildTextNodes from './text/index.js'
import {
  buildVerticalText,
  getVerticalWritingMode,
  type VerticalWritingMode,
} from './text/pictor-vertical.js'
import {
  groupVerticalRuns,
  isInVerticalFrame,
  logicalRootStyle,
  markVerticalFrame,
  roundPhysicalLayouts,
  toLogicalStyle,
  toPhysicalLayouts,
  VERTICAL_RUN,
} from './text/pictor-vertical-frame.js'
import { breakItem } from './pictor-break-item.js'
import {
  buildInlineText,
  InlineFormatting,
  relativeOffset,
  type AtomicInline,
  type InlineBox,
  type InlineBoxFragment,
  type InlineEnv,
} from './text/inline.js'
import rect from './builder/rect.js'
import outline from './builder/outline.js'
import {
  buildFilterPrimitive,
  getExpansion,
} from './builder/backdrop-filter.js'
import type { BackdropFilter, URLFilter } from './parser/backdrop-filter.js'
import { Locale, normalizeLocale } from './language.js'
import { keepLanguage } from './text/pictor-shaping-language.js'
import { SerializedStyle } from './handler/expand.js'
import type {
  OuterDisplay,
  ReplacedElementHandlers,
} from './handler/compute.js'
import type { ParsedTransformOrigin } from './transform-origin.js'
import { CONTAINER_PROP } from './handler/stylesheet.js'
import { FLOW_CUT_PROP, noteFlowCutMarker } from './pictor-flow-cut.js'
import {
  getInputContent,
  getSelectContent,
  getTextAreaPlaceholder,
  isListBox,
  PLACEHOLDER_PROP,
} from './form-control.js'
import type { TransformFunction } from './parser/transform.js'
import {
  getDepth,
  isBackFacing,
  resolveTransformState,
  ROOT_TRANSFORM_STATE,
  type ProjectPlane,
  type TransformState,
  default as buildTransform,
} from './builder/transform.js'
import { isToggleInput } from './pictor-toggle-inputs.js'
import { isAtomicControl, isTextField } from './pictor-form-controls.js'
import {
  inlineStaticOffset,
  markInlineStaticPosition,
} from './pictor-inline-static-position.js'
import { customPropertiesOf } from './pictor-custom-properties.js'
import { CONTENT_VAR, contentVarText } from './pictor-content-var.js'
import { overflowMaskRepeatsClip } from './pictor-overflow-mask.js'
import { leafFilterRegion } from './pictor-filter-region.js'
import { usesChUnit, withOwnChRatio } from './pictor-ch-unit.js'
import { initialLetterStyle } from './pictor-initial-letter.js'
import { FIRST_LETTER } from './pictor-first-letter.js'
import { genMaskImageId } from './builder/mask-image.js'
import { FIRST_LINE, FIRST_LINE_END, FIRST_LINE_PROP } from './pictor-first-line.js'
import {
  TABLE_COLUMN_PROP,
  TABLE_CELL_MAX_PROP,
  TABLE_WEIGHTS_PROP,
  weighTableColumns,
} from './pictor-table-columns.js'
import {
  avoidsBreakInside,
  forcedBreak,
  hasNestedSpanner,
  isSpanner,
  lineCount,
  MultiColumn,
  multiColumnOf,
} from './pictor-multicol.js'
import {
  TABLE_FIT_PROP,
  TABLE_PERCENT_FILL_PROP,
  keepTableFit,
  measureTableCells,
} from './pictor-table-fit.js'
import {
  getFixedElementPosition,
  insertFixedNode,
  type FixedContainingBlock,
  type FixedElement,
} from './fixed-position.js'

/** An element drawn in a 3D rendering context, sorted by depth. */
interface Plane {
  depth: number
  svg: string
}

/**
 * Positioned elements and stacking contexts are painted by the stacking
 * context they're in, ordered by `z-index`:
 * https://www.w3.org/TR/CSS22/zindex.html
 */
interface StackingLayer {
  zIndex: number
  svg: string
}

interface StackingContext {
  layers: StackingLayer[]
  /**
   * Whether an element in it has `mix-blend-mode`. They blend with the content
   * of the stacking context only, so it's drawn as an isolated group.
   */
  hasBlending?: boolean
}

/**
 * Paint a stacking context's layers around its in-flow content. Layers are
 * added in tree order, which the sort keeps for equal `z-index` values.
 */
function paintStackingContext(layers: StackingLayer[], content: string) {
  layers.sort((a, b) => a.zIndex - b.zIndex)
  let svg = ''
  let i = 0
  for (; i < layers.length && layers[i].zIndex < 0; i++) svg += layers[i].svg
  svg += content
  for (; i < layers.length; i++) svg += layers[i].svg
  return svg
}

type TransformList = TransformFunction[] & {
  __parent?: TransformList
  __state?: TransformState
}

/** A node, and the position of its border box once it's known. */
export interface PositionedBox {
  node: LayoutNode
  offset: { left: number; top: number }
}

export interface LayoutContext {
  id: string
  parentStyle: SerializedStyle
  inheritedStyle: SerializedStyle
  isInheritingTransform?: boolean
  parent: LayoutNode
  font: FontLoader
  embedFont: boolean
  debug?: boolean
  graphemeImages?: Record<string, string>
  canLoadAdditionalAssets: boolean
  locale?: Locale
  getTwStyles: (tw: string, style: any) => any
  onNodeDetected?: (node: SatoriNode) => void
  onStyleError?: (error: Error) => void
  /**
   * Pictor (nested-multicol-warning): the element is inside a multi-column
   * box, whose columns a multi-column box inside is not broken between.
   */
  inMultiColumn?: boolean
  /**
   * Pictor (fieldset-legend-in-border): the element is its fieldset's
   * rendered legend, set into the fieldset's top border and padding.
   */
  fieldsetTop?: FieldsetTop
  convertColors: boolean
  pointScaleFactor?: number
  replacedElements?: ReplacedElementHandlers
  /** Draws elements with perspective, see `satori/experimental`. */
  projectPlane?: ProjectPlane
  /** Collects the planes of the 3D rendering context the element is in. */
  planes?: Plane[]
  /**
   * The containing block of `position: fixed` descendants, if they're
   * displayed.
   */
  fixedContainingBlock?: FixedContainingBlock
  /**
   * The containing block of absolutely positioned descendants: the nearest
   * positioned ancestor, or the root.
   */
  absoluteContainingBlock?: FixedContainingBlock
  /** Collects the out-of-flow elements laid out in their containing block. */
  fixedElements: FixedElement[]
  /** The counters in scope, see `list-marker.ts`. */
  counters: Counters
  /** Whether it's in an element with `display: none`, without counters. */
  countersHidden?: boolean
  /** The number of lists the element is in, for their default styles. */
  listDepth?: number
  // Pictor (nested-list-margins): inside a `dl` (the UA sheet's nested-list rule counts it).
  inDefinitionList?: boolean
  /** Markers of list items to be placed at the start of its first line. */
  markers?: ReactElement[]
  /** Pictor (outside-marker-baseline): the baseline of those markers from the top of their line. */
  markerBaseline?: number
  /** The parent, the containing block of sticky children. */
  parentBox?: PositionedBox
  /**
   * The nearest scroll container, or the root, which sticky descendants stick
   * to.
   */
  scrollport?: PositionedBox
  /**
   * The size of the image, shared by all elements and set once the layout is
   * known. Elements entirely outside of it aren't drawn.
   */
  paintBounds?: PaintBounds
  /** The SVG `<filter>` elements of the document, by their `id`. */
  svgFilters?: Map<string, ReactElement>
  /**
   * Collects the layers of the stacking context the element is in. The root
   * element has none, and establishes the root stacking context.
   */
  stackingContext?: StackingContext
  /**
   * How the parent lays out its children. Elements are blockified unless
   * they're in a block container.
   */
  formattingContext?: 'block' | 'flex' | 'grid' | 'root'
  /** The inline content of the block container the element is in. */
  inline?: InlineFormatting
  /** Lays out a tree on its own, for atomic inlines. */
  computeLayout?: InlineEnv['computeLayout']
  /** The node of a paragraph to lay out text in, see `buildInlineText()`. */
  textNode?: LayoutNode
  /** Whether there are floats, which text wraps around. */
  floats?: { found: boolean }
  /** Whether the text fills the width of a block container. */
  blockParagraph?: boolean
  /** The nodes of query containers, by their `CONTAINER_PROP`. */
  containers?: Map<number, LayoutNode>
  /** Pictor (first-line): the inline boxes of `::first-line` elements, by their `FIRST_LINE_PROP`. */
  firstLines?: Map<number, InlineBox[]>
  /**
   * Pictor (vertical-blocks): the writing mode of the vertical block the
   * element is in, whose boxes are laid out with width and height swapped,
   * see `pictor-vertical-frame.ts`.
   */
  verticalFrame?: VerticalWritingMode
}

export interface SatoriNode {
  // Layout information.
  left: number
  top: number
  width: number
  height: number
  type: string
  key?: string | number
  props: Record<string, any>
  textContent?: string
}

/**
 * The border box of a fragment of an inline box, offset by `left` and `top`,
 * the position of its block container.
 */
function fragmentRect(
  box: InlineBox,
  fragment: InlineBoxFragment,
  left: number,
  top: number
) {
  const paragraph = fragment.paragraph.node.layout
  const [dx, dy] = relativeOffset([...box.ancestors, box], paragraph.width)
  return {
    left: left + paragraph.left + fragment.left + dx,
    top: top + paragraph.top + fragment.top + dy,
    width: fragment.width,
    height: fragment.height,
  }
}

/**
 * Reports the descendants of an element that isn't displayed, which aren't
 * laid out, with empty boxes like in browsers. Like in `layout()`, fragments
 * are `display: contents` elements.
 */
function reportHiddenDescendants(children: ReactNode, context: LayoutContext) {
  const { onNodeDetected, replacedElements } = context
  for (const child of normalizeChildren(children)) {
    if (!isReactElement(child)) continue
    const element = child as ReactElement
    const isFragment =
      (element.type as unknown) === Symbol.for('react.fragment')
    const {
      children: descendants,
      [CONTAINER_PROP]: _container,
      [PLACEHOLDER_PROP]: _placeholder,
      [MARKER_PROP]: _marker,
      ...props
    } = element.props || {}
    const type = isFragment ? 'div' : (element.type as string)
    onNodeDetected?.({
      left: 0,
      top: 0,
      width: 0,
      height: 0,
      type,
      props: isFragment ? { style: { display: 'contents' } } : props,
      key: element.key ?? undefined,
      textContent: isReactElement(descendants) ? undefined : descendants,
    })
    // Like when they're displayed, the content of SVG and replaced elements
    // isn't reported.
    if (type !== 'svg' && !replacedElements?.[type]) {
      reportHiddenDescendants(descendants, context)
    }
  }
}

export default async function* layout(
  element: ReactNode,
  context: LayoutContext
): AsyncGenerator<
  { word: string; locale?: string }[],
  string,
  [number, number]
> {
  const { inheritedStyle, parent } = context

  // 1. Pre-process the node.
  if (element === null || typeof element === 'undefined') {
    yield
    yield
    return ''
  }

  // A text node. In a block container, it's inline content. Components are
  // already rendered, see `resolveComponents()`.
  if (!isReactElement(element)) {
    const iter = context.inline
      ? buildInlineText(String(element), context)
      : buildTextNodes(String(element), context)
    yield (await iter.next()).value as { word: string; locale?: Locale }[]
    await iter.next()
    const offset = yield
    return (await iter.next(offset)).value as string
  }

  // A fragment, e.g. returned by a component, generates no box.
  if ((element.type as unknown) === Symbol.for('react.fragment')) {
    return yield* layout(
      {
        ...element,
        type: 'div',
        props: {
          children: element.props?.children,
          style: { display: 'contents' },
        },
      } as ReactElement,
      context
    )
  }

  // Process as element.
  const { type: $type, props } = element
  // type must be a string here.
  const type = $type as string

  if (props && hasDangerouslySetInnerHTMLProp(props)) {
    throw new Error(
      'dangerouslySetInnerHTML property is not supported. See documentation for more information https://github.com/vercel/satori#jsx.'
    )
  }
  // A line break in inline content.
  // Pictor (first-line): also at the end of a first line that was split,
  // which stays justified.
  if (type === 'br' || type === FIRST_LINE_END) {
    // Pictor (br-flex-item): a `<br>` child of a flex or grid container is
    // an item of one empty line.
    if (type === 'br' && !context.inline && !context.verticalFrame) {
      breakItem(context)
    }
    context.inline?.addBreak(type === FIRST_LINE_END)
    yield []
    yield
    return ''
  }

  // Pictor (vertical-blocks): a run of inline content of a vertical block,
  // in columns.
  if (type === VERTICAL_RUN && context.verticalFrame) {
    const runNode = new LayoutNode()
    parent.insertChild(runNode)
    const iter = buildVerticalText(
      props.children,
      context.verticalFrame,
      inheritedStyle,
      inheritedStyle,
      runNode,
      context,
      true
    )
    yield (await iter.next()).value as { word: string; locale?: Locale }[]
    await iter.next()
    const [x, y] = yield
    return (
      await iter.next([x + runNode.layout.left, y + runNode.layout.top])
    ).value as string
  }

  // Pictor (layout-split): an element's layout runs in the phases below, each
  // a function of its own, which hand their variables on in one object. As a
  // single function, it was too large for V8 to optimize (over the workers'
  // `--max-optimized-bytecode-size`), and always ran as baseline code.
  const s0 = newElementState(element, context, type, props)
  const s1 = await prepareStyle(s0)
  const s2 = prepareBoxes(s1)
  const s3 = await prepareChildren(s2)
  const s4 = await layoutChildren(s3)
  yield s4.segmentsMissingFont
  await finishChildren(s4)
  // 3. Post-process the node.
  const [x, y] = yield
  const s5 = place(s4, x, y)
  const s6 = await paintBox(s5)
  const s7 = await paintContent(s6)
  return finish(s7)
}

interface ElementInput {
  element: ReactElement
  context: LayoutContext
  type: string
  props: any
}
/**
 * Pictor (layout-split): the state an element's phases hand on, with every
 * field they add present from the start: an object given about 30 fields
 * one by one (`Object.assign`) becomes a dictionary in V8, slow to read.
 */
function newElementState(
  element: ReactElement,
  context: LayoutContext,
  type: string,
  props: any
): ElementInput {
  const state = {
    element,
    context,
    type,
    props,
    children: undefined,
    computedStyle: undefined,
    countersHidden: undefined,
    newInheritableStyle: undefined,
    newLocale: undefined,
    node: undefined,
    absoluteContainingBlock: undefined,
    atomicInline: undefined,
    box: undefined,
    fixedContainingBlock: undefined,
    fixedElement: undefined,
    hasClipPath: undefined,
    inlineBox: undefined,
    inlineStatic: undefined,
    isContents: undefined,
    isFloat: undefined,
    isInheritingTransform: undefined,
    isPositioned: undefined,
    isReplacedElement: undefined,
    isStackingContext: undefined,
    mixBlendMode: undefined,
    opacity: undefined,
    outerDisplay: undefined,
    parentBox: undefined,
    perspective: undefined,
    planes: undefined,
    preserve3d: undefined,
    scrollport: undefined,
    stackingContext: undefined,
    zIndex: undefined,
    frameMode: undefined,
    frameRoot: undefined,
    inFrame: undefined,
    isReplaced: undefined,
    iterators: undefined,
    markerTarget: undefined,
    markers: undefined,
    normalizedChildren: undefined,
    segmentsMissingFontVertical: undefined,
    verticalMode: undefined,
    childOrders: undefined,
    childParent: undefined,
    childRuns: undefined,
    multiColumn: undefined,
    multiColumnClip: undefined,
    segmentsMissingFont: undefined,
    height: undefined,
    left: undefined,
    top: undefined,
    width: undefined,
    baseRenderResult: undefined,
    childrenRenderResult: undefined,
    cullMargin: undefined,
    depsRenderResult: undefined,
    drawn: undefined,
    groupOpacity: undefined,
    isHidden: undefined,
    layer: undefined,
    paintBounds: undefined,
    plane: undefined,
    transformState: undefined,
    result: undefined,
  }
  return state
}
type StyleState = Awaited<ReturnType<typeof prepareStyle>>
type BoxState = ReturnType<typeof prepareBoxes>
type ChildrenState = Awaited<ReturnType<typeof prepareChildren>>
type LaidOutState = Awaited<ReturnType<typeof layoutChildren>>
type PlacedState = ReturnType<typeof place>
type PaintedState = Awaited<ReturnType<typeof paintBox>>
type ContentState = Awaited<ReturnType<typeof paintContent>>

/** Pictor (layout-split): the element's computed style, and its content. */
async function prepareStyle(s: ElementInput) {
  const { context, props, type } = s
  const { id, inheritedStyle, parent, font, locale, getTwStyles } = context
  let { style, children, tw, lang: _newLocale = locale } = props || {}
  const newLocale = normalizeLocale(_newLocale)

  // Extend Tailwind styles. Like with Tailwind's preflight styles, elements
  // have `border-box` sizing and solid borders without a width.
  if (tw) {
    const twStyles = getTwStyles(tw, style)
    style = Object.assign(
      { boxSizing: 'border-box', borderWidth: 0, borderStyle: 'solid' },
      twStyles,
      style
    )
  }

  // The `transform` attribute of an inline SVG transforms its box, unless the
  // `transform` property is set.
  if (
    type === 'svg' &&
    typeof props.transform === 'string' &&
    style?.transform === undefined
  ) {
    const transform = svgTransformToCSS(props.transform)
    if (transform) style = { ...style, transform }
  }

  const node = new LayoutNode()
  // Pictor (flow-cut): the marker put where a cut part was, for satori.ts.
  if (props?.[FLOW_CUT_PROP]) noteFlowCutMarker(props[FLOW_CUT_PROP], node)
  // Container queries are evaluated with the sizes of these, see `satori()`.
  if (typeof props?.[CONTAINER_PROP] === 'number') {
    context.containers?.set(props[CONTAINER_PROP], node)
  }
  // Pictor (caption-outside-box): a caption outside its table's box.
  if (props?.[TABLE_CAPTION_PROP] !== undefined) {
    context.parent.outsideCaption = outsideCaption(node, props[TABLE_CAPTION_PROP])
  }
  // Pictor (inline-table-backdrop-skipped): a box core paints a table's row,
  // column or cell background with, which is no cell of the table.
  if (props?.['data-pictor-backdrop'] !== undefined) node.tableBackdrop = true
  // Pictor (table-column-weights): a table cell's column, for its table.
  if (props?.[TABLE_COLUMN_PROP] !== undefined) {
    const [column, span, borders] = String(props[TABLE_COLUMN_PROP]).split(' ')
    node.tableColumn = Number(column)
    node.tableColumnSpan = Number(span) || 1
    if (borders !== undefined) node.tableColumnBorders = Number(borders)
    const max = Number(props[TABLE_CELL_MAX_PROP])
    if (props[TABLE_CELL_MAX_PROP] !== undefined && Number.isFinite(max))
      node.tableCellMax = max
  }

  // The element's computed style under `inherited`, on a node of its own
  // and without reporting errors: a probe for what the style depends on.
  const probeStyle = (inherited: typeof inheritedStyle) =>
    computeStyle(
      new LayoutNode(),
      type,
      inherited,
      style,
      props,
      context.replacedElements,
      () => {},
      context.convertColors,
      context.pointScaleFactor,
      context.listDepth,
      context.parentStyle,
      context.inDefinitionList
    ).then(([probe]) => probe)

  // Pictor (initial-letter): a drop cap's size and place from its face and
  // its paragraph's lines.
  if (type === FIRST_LETTER && style?.initialLetter !== undefined) {
    const letter = await probeStyle(inheritedStyle)
    style = initialLetterStyle(
      style,
      normalizeChildren(children).filter((c) => typeof c === 'string').join(''),
      inheritedStyle,
      letter,
      font,
      newLocale
    )
  }

  // Pictor (ch-unit-advance): `ch` in the element's own lengths is of its own
  // font, which its style may set.
  const styleInherited = usesChUnit(style)
    ? await withOwnChRatio(inheritedStyle, font, probeStyle, newLocale)
    : inheritedStyle
  const [computedStyle, newInheritableStyle] = await computeStyle(
    node,
    type,
    styleInherited,
    style,
    props,
    context.replacedElements,
    context.onStyleError,
    context.convertColors,
    context.pointScaleFactor,
    context.listDepth,
    context.parentStyle,
    context.inDefinitionList
  )
  // Pictor (textarea-rows-height): `rows` lines of its own line height.
  if (type === 'textarea') {
    const rows = textAreaRowsHeight(props, style, computedStyle, font)
    if (rows !== undefined)
      node.style.height = textAreaBoxHeight(rows, computedStyle)
  }
  // Pictor (select-intrinsic-width): a select without a page width, min or
  // max width is never narrower than its options (Chromium's min-content
  // width of a select is its intrinsic width), however narrow its container.
  // Pictor (text-field-intrinsic-width): so is a text field, never narrower
  // than its `size` characters.
  if (
    (type === 'select' || isTextField(type, props)) &&
    [node.style.width, node.style.minWidth, node.style.maxWidth].every(
      (value) => value === undefined || value === 'auto' || value === 'none'
    )
  ) {
    node.style.minWidth = 'max-content'
  }
  // Pictor (shaping-language): the element's `lang` as written, for shaping.
  keepLanguage(props?.lang, computedStyle, newInheritableStyle)
  // Pictor (multi-column): no column ends inside it; a column ends before or after it.
  if (avoidsBreakInside(computedStyle)) node.avoidBreakInside = true
  if (forcedBreak(computedStyle, 'Before')) node.forcedBreakBefore = true
  if (forcedBreak(computedStyle, 'After')) node.forcedBreakAfter = true
  if (computedStyle.orphans !== undefined) node.orphans = lineCount(computedStyle.orphans)
  if (computedStyle.widows !== undefined) node.widows = lineCount(computedStyle.widows)
  // For the `ch` unit of descendants and of later properties, in the font of
  // the element.
  // Pictor (ch-unit-language): in the face of the element's language.
  const chRatio = font.getChRatio(
    computedStyle as any,
    computedStyle.fontSize as number,
    newLocale
  )
  if (chRatio !== undefined) {
    computedStyle._chRatio = newInheritableStyle._chRatio = chRatio
  }
  // Pictor (font-relative-line-widths): and the x-height, for `ex`.
  const exRatio = font.getExRatio(computedStyle as any)
  if (exRatio !== undefined) {
    computedStyle._exRatio = newInheritableStyle._exRatio = exRatio
  }
  // Inputs show their value or placeholder instead of children, and selects
  // their options.
  // Pictor (toggle-input-pseudo-elements): a checkbox or radio button keeps
  // its `::before` and `::after`, as in Chrome.
  if (type === 'input' && !isToggleInput({ type, props })) {
    children = getInputContent(props, computedStyle, font)
  }
  // Pictor (textarea-placeholder): an empty textarea shows its placeholder.
  else if (type === 'textarea')
    children = getTextAreaPlaceholder(props) ?? children
  else if (type === 'select')
    children = getSelectContent(
      props,
      computedStyle,
      font.getSelectHeights(
        computedStyle as any,
        computedStyle.fontSize as number
      )
    )

  // Counters are changed in tree order, by elements that are displayed.
  const countersHidden =
    context.countersHidden || computedStyle.__outerDisplay === 'none'
  if (!countersHidden) {
    applyCounters(
      context.counters,
      computedStyle,
      id.slice(0, Math.max(0, id.lastIndexOf('-'))),
      [].concat(children ?? []).flat()
    )
  }

  // Counters in the content of pseudo-elements have their values at this
  // point of the tree, after the counters they change, see
  // `applyStyleSheets()`.
  if (type === '::before' || type === '::after') {
    children = normalizeChildren(children).map((child) =>
      child?.type === '::counter'
        ? getCounterText(
            context.counters,
            child.props.name,
            child.props.separator,
            child.props.counterStyle
          )
        : child?.type === CONTENT_VAR
          ? // Pictor (content-var): `content: var(…)`, with this
            // pseudo-element's variables and counters.
            contentVarText(
              child.props,
              customPropertiesOf(computedStyle),
              (name, separator, counterStyle) =>
                getCounterText(context.counters, name, separator, counterStyle)
            )
          : child
    )
  }

  return Object.assign(s, {
    children,
    computedStyle,
    countersHidden,
    newInheritableStyle,
    newLocale,
    node,
  })
}

/**
 * Pictor (layout-split): the box the element generates, where it's inserted,
 * and what it establishes for its descendants (containing blocks, clips,
 * stacking context).
 */
function prepareBoxes(s: StyleState) {
  const { context, computedStyle, newInheritableStyle, node, props, type } = s
  const { id, inheritedStyle, parent } = context
  // Elements are blockified in flex and grid containers, as the root
  // element, and when they're out of flow. Inline elements without a box are
  // laid out by the paragraphs of their block container, and atomic inlines
  // on their own.
  const isOutOfFlow =
    computedStyle.position === 'absolute' || computedStyle.position === 'fixed'
  let outerDisplay = computedStyle.__outerDisplay as OuterDisplay
  const wasInline = outerDisplay === 'inline'
  // Floats only apply in block containers, and are blockified too.
  if (
    node.style.float &&
    (context.formattingContext !== 'block' ||
      !context.inline ||
      outerDisplay === 'contents' ||
      node.style.display === 'none')
  ) {
    node.style.float = undefined
  }
  const isFloat = !!node.style.float
  if (
    outerDisplay === 'inline' &&
    (context.formattingContext !== 'block' ||
      isOutOfFlow ||
      isFloat ||
      !context.inline ||
      // Pictor (rendered-legend-blockified): a fieldset's rendered legend is
      // block-level whatever its display (inline, inline-block, inline-flex).
      context.fieldsetTop)
  ) {
    outerDisplay = 'block'
  }
  // Pictor (block-controls-fit): a block-level form control of auto width
  // in a block container keeps its own width (a text field's `size`, a
  // button's text), as in Chrome, instead of filling the line.
  if (
    outerDisplay === 'block' &&
    context.formattingContext === 'block' &&
    isAtomicControl(type, props) &&
    (node.style.width === undefined || node.style.width === 'auto')
  ) {
    node.style.width = 'fit-content'
  }
  const isReplacedElement =
    type === 'img' || type === 'svg' || !!context.replacedElements?.[type]
  const isInlineBox =
    outerDisplay === 'inline' &&
    computedStyle.__innerDisplay === 'inline' &&
    !isReplacedElement
  const atomicInline: AtomicInline | undefined =
    outerDisplay === 'inline' && !isInlineBox
      ? {
          node,
          style: computedStyle,
          // Pictor (select-menu-list): a drop-down by its text.
          ...(type === 'select' && !isListBox(props)
            ? { firstBaseline: true }
            : undefined),
          // Pictor (list-box-author-padding): a list box is a scroll
          // container: its baseline is its bottom margin edge, as Chromium's
          // (its last row, maybe cut or hidden, is not).
          ...(type === 'select' && isListBox(props)
            ? { bottomBaseline: true }
            : undefined),
        }
      : undefined
  const isContents = outerDisplay === 'contents' && !!context.inline
  let inlineBox: InlineBox | undefined
  if (isInlineBox) {
    // `transform` and `overflow` don't apply to inline boxes.
    computedStyle.transform = inheritedStyle.transform
    newInheritableStyle.transform = inheritedStyle.transform
    computedStyle.overflow = 'visible'
    computedStyle.overflowX = computedStyle.overflowY = 'visible'
    computedStyle.clipPath = undefined
    inlineBox = { style: computedStyle, fragments: [], paragraphs: [] }
    // Pictor (first-line): layout reports how much of it is on the first line.
    if (type === FIRST_LINE) inlineBox.firstLine = true
    if (type === FIRST_LINE && context.firstLines) {
      const serial = props[FIRST_LINE_PROP] as number
      const boxes = context.firstLines.get(serial) ?? []
      boxes.push(inlineBox)
      context.firstLines.set(serial, boxes)
    }
  }

  // Absolutely positioned and fixed elements are laid out in their containing
  // block. Without a box, they're not positioned.
  const outOfFlowContainingBlock =
    node.style.display === 'none' || node.style.display === 'contents'
      ? undefined
      : computedStyle.position === 'fixed'
      ? context.fixedContainingBlock
      : computedStyle.position === 'absolute'
      ? context.absoluteContainingBlock
      : undefined
  // Pictor (vertical-blocks): laid out with width and height swapped, unless
  // out of flow in a containing block of the page.
  if (
    context.verticalFrame &&
    (!outOfFlowContainingBlock ||
      isInVerticalFrame(outOfFlowContainingBlock.node))
  ) {
    toLogicalStyle(node.style, context.verticalFrame)
  }
  // Pictor (inline-static-position): an absolutely positioned box that was
  // inline-level keeps its place in the line as its static position.
  // Pictor (inline-static-position-up): also when its containing block is
  // further up than its parent (measured from its static position
  // placeholder in the parent, see fixed-position.ts).
  const inlineStatic =
    wasInline &&
    computedStyle.position === 'absolute' &&
    context.inline &&
    context.formattingContext === 'block' &&
    !isFloat
      ? markInlineStaticPosition(context.inline, computedStyle)
      : undefined
  const fixedElement = outOfFlowContainingBlock
    ? insertFixedNode(
        node,
        parent,
        outOfFlowContainingBlock,
        context.fixedElements
      )
    : undefined
  if (fixedElement) {
    // `overflow: hidden` of elements between it and its containing block
    // doesn't clip it.
    const { clipPathId, maskId } = fixedElement.containingBlock
    for (const s of [computedStyle, newInheritableStyle]) {
      s._inheritedClipPathId = clipPathId
      s._inheritedMaskId = maskId
    }
  } else if (inlineBox) {
    context.inline.openBox(inlineBox)
  } else if (atomicInline) {
    context.inline.addAtomic(atomicInline)
  } else if (isFloat) {
    context.inline.addFloat(node)
    if (context.floats) context.floats.found = true
  } else if (!isContents) {
    // A block-level box ends the paragraph before it.
    if (outerDisplay === 'block' && !isOutOfFlow) {
      context.inline?.breakForBlock()
    }
    parent.insertChild(node)
    // Pictor (fieldset-legend-in-border): at the fieldset's top, its bottom
    // margin and the fieldset's padding kept by a spacer after it.
    if (context.fieldsetTop && outerDisplay === 'block' && !isOutOfFlow) {
      const spacer = placeRenderedLegend(node.style, context.fieldsetTop)
      if (spacer) {
        parent.insertChild(spacer)
        parent.renderedLegend = node
      }
    }
  }

  // Post-process styles to attach inheritable properties for Satori.

  const opacity =
    typeof computedStyle.opacity === 'number' ? computedStyle.opacity : 1

  // Elements that affect how their children are transformed, and children of
  // those, need their own transform state even without a `transform`. Like in
  // browsers, `opacity` makes `preserve-3d` flat, as the element and its
  // descendants are drawn as a group.
  const preserve3d =
    computedStyle.transformStyle === 'preserve-3d' && opacity === 1
  const perspective =
    typeof computedStyle.perspective === 'number'
      ? computedStyle.perspective
      : undefined

  // These properties make the element the containing block of its fixed
  // descendants.
  const isFixedContainingBlock =
    computedStyle.transformStyle === 'preserve-3d' ||
    perspective !== undefined ||
    (computedStyle.transform !== inheritedStyle.transform &&
      (computedStyle.transform as unknown as TransformList).length > 0) ||
    (!!computedStyle.filter &&
      computedStyle.filter !== 'none' &&
      computedStyle.filter !== inheritedStyle.filter) ||
    (computedStyle._backdropFilters as unknown as unknown[] | undefined)
      ?.length > 0

  if (
    computedStyle.transform === inheritedStyle.transform &&
    (preserve3d ||
      perspective !== undefined ||
      context.parentStyle.transformStyle === 'preserve-3d' ||
      typeof context.parentStyle.perspective === 'number')
  ) {
    computedStyle.transform = [] as any
    newInheritableStyle.transform = computedStyle.transform
  }

  // If the element is inheriting the parent `transform`, or applying its own.
  // This affects the coordinate system.
  const isInheritingTransform =
    computedStyle.transform === inheritedStyle.transform
  if (!isInheritingTransform) {
    ;(computedStyle.transform as unknown as TransformList).__parent =
      inheritedStyle.transform as unknown as TransformList
  }

  // Transformed elements, and their descendants, can be drawn elsewhere than
  // their boxes, so they're always drawn, even when their boxes are outside of
  // the image. Filters can draw outside of what they filter, e.g. with
  // `drop-shadow()`, so they're checked with a margin.
  if (!isInheritingTransform) newInheritableStyle._alwaysDrawn = 1
  const filterExtent = getFilterExtent(
    computedStyle._filters as unknown as
      | (BackdropFilter | URLFilter)[]
      | undefined
  )
  if (filterExtent) {
    newInheritableStyle._cullMargin =
      ((inheritedStyle._cullMargin as number) || 0) + filterExtent
  }

  // A `preserve-3d` element establishes a 3D rendering context, or extends
  // the one it's in. Its children are drawn sorted by depth.
  const planes = preserve3d ? context.planes || [] : undefined

  // If the element has `overflow` set to `hidden` or clip-path is set, we need to create a clip
  // path and use it in all its children.
  const hasClipPath =
    computedStyle.clipPath && computedStyle.clipPath !== 'none'
  if (computedStyle.overflow === 'hidden' || hasClipPath) {
    newInheritableStyle._inheritedClipPathId = `satori_cp-${id}`
    // Pictor (overflow-mask-as-clip): no mask of its own when it would only
    // repeat the clip path; the descendants keep their ancestors' mask.
    newInheritableStyle._inheritedMaskId = overflowMaskRepeatsClip(
      computedStyle
    )
      ? inheritedStyle._inheritedMaskId
      : `satori_om-${id}`
  }

  if (computedStyle.maskImage) {
    newInheritableStyle._inheritedMaskId = genMaskImageId(id)
  }

  // Fixed descendants are clipped by their containing block, and by the
  // `clip-path` and `mask-image` of elements in between. Descendants of an
  // element that isn't displayed aren't displayed either.
  let fixedContainingBlock = context.fixedContainingBlock
  const fixedClip = {
    clipPathId: newInheritableStyle._inheritedClipPathId as string | undefined,
    maskId: newInheritableStyle._inheritedMaskId as string | undefined,
  }
  if (node.style.display === 'none') {
    fixedContainingBlock = undefined
  } else if (isFixedContainingBlock) {
    fixedContainingBlock = { node, offset: { left: 0, top: 0 }, ...fixedClip }
  } else if (fixedContainingBlock && (hasClipPath || computedStyle.maskImage)) {
    fixedContainingBlock = { ...fixedContainingBlock, ...fixedClip }
  }
  // Positioned elements are the containing block of absolutely positioned
  // descendants too, unless they don't have a box in the layout.
  let absoluteContainingBlock = context.absoluteContainingBlock
  if (node.style.display === 'none') {
    absoluteContainingBlock = undefined
  } else if (fixedContainingBlock?.node === node) {
    absoluteContainingBlock = fixedContainingBlock
  } else if (
    computedStyle.position !== 'static' &&
    !inlineBox &&
    outerDisplay !== 'contents'
  ) {
    absoluteContainingBlock = {
      node,
      offset: { left: 0, top: 0 },
      ...fixedClip,
    }
  } else if (
    absoluteContainingBlock &&
    (hasClipPath || computedStyle.maskImage)
  ) {
    absoluteContainingBlock = { ...absoluteContainingBlock, ...fixedClip }
  }

  // The containing block of sticky children is the nearest block container,
  // and they stick to the nearest scroll container.
  const box: PositionedBox = { node, offset: { left: 0, top: 0 } }
  const isScrollContainer =
    !inlineBox &&
    [computedStyle.overflowX, computedStyle.overflowY].some(
      (overflow) =>
        overflow === 'hidden' || overflow === 'scroll' || overflow === 'auto'
    )
  const parentBox = inlineBox || isContents ? context.parentBox : box
  const scrollport = isScrollContainer ? box : context.scrollport

  // A stacking context paints its descendants together. Elements of a 3D
  // rendering context, elements projected by the `perspective` of their parent,
  // and elements hidden by `backface-visibility` are drawn with their
  // descendants too. `z-index` applies to positioned elements, and to flex and
  // grid items.
  const isPositioned = computedStyle.position !== 'static'
  const zIndex =
    typeof computedStyle.zIndex === 'number' &&
    (isPositioned ||
      context.formattingContext === 'flex' ||
      context.formattingContext === 'grid')
      ? computedStyle.zIndex
      : undefined
  const mixBlendMode =
    computedStyle.mixBlendMode && computedStyle.mixBlendMode !== 'normal'
      ? computedStyle.mixBlendMode
      : undefined
  const isStackingContext =
    !context.stackingContext ||
    !!mixBlendMode ||
    computedStyle.isolation === 'isolate' ||
    zIndex !== undefined ||
    computedStyle.position === 'fixed' ||
    computedStyle.position === 'sticky' ||
    isFixedContainingBlock ||
    opacity < 1 ||
    !!hasClipPath ||
    !!computedStyle.maskImage ||
    !!context.planes ||
    typeof context.parentStyle.perspective === 'number' ||
    computedStyle.backfaceVisibility === 'hidden'
  const stackingContext: StackingContext = isStackingContext
    ? { layers: [] }
    : context.stackingContext
  if (mixBlendMode && context.stackingContext) {
    context.stackingContext.hasBlending = true
  }

  // If the element has `background-clip: text` set, we need to create a clip
  // path and use it in all its children.
  if (computedStyle.backgroundClip === 'text') {
    const mutateRefValue = { value: '' } as any
    newInheritableStyle._inheritedBackgroundClipTextPath = mutateRefValue
    computedStyle._inheritedBackgroundClipTextPath = mutateRefValue

    if (computedStyle.backgroundImage) {
      newInheritableStyle._inheritedBackgroundClipTextHasBackground = 'true'
      computedStyle._inheritedBackgroundClipTextHasBackground = 'true'
    }
  }

  return Object.assign(s, {
    absoluteContainingBlock,
    atomicInline,
    box,
    fixedContainingBlock,
    fixedElement,
    hasClipPath,
    inlineBox,
    inlineStatic,
    isContents,
    isFloat,
    isInheritingTransform,
    isPositioned,
    isReplacedElement,
    isStackingContext,
    mixBlendMode,
    opacity,
    outerDisplay,
    parentBox,
    perspective,
    planes,
    preserve3d,
    scrollport,
    stackingContext,
    zIndex,
  })
}

/**
 * Pictor (layout-split): the children to lay out, with list markers, and the
 * vertical writing of the element's content.
 */
async function prepareChildren(s: BoxState) {
  const {
    context,
    children,
    computedStyle,
    countersHidden,
    inlineBox,
    isContents,
    isReplacedElement,
    newInheritableStyle,
    newLocale,
    node,
    props,
    type,
  } = s
  const { inheritedStyle, font, locale } = context
  // 2. Do layout recursively for its children.
  // Children of replaced elements, e.g. the fallback content of a <canvas>,
  // are never rendered, and neither are the ones of elements that aren't
  // displayed, e.g. the text of <style>, which would be laid out for nothing.
  // The content of SVG elements is drawn as an image.
  const isReplaced = !!context.replacedElements?.[type]
  const normalizedChildren =
    isReplaced || type === 'svg' || node.style.display === 'none'
      ? []
      : normalizeChildren(children)
  const iterators: ReturnType<typeof layout>[] = []
  const segmentsMissingFontVertical: { word: string; locale?: string }[] = []

  // The markers of list items are placed at the start of the first line of
  // their block container: before its first in-flow child, or in the first
  // line of that child if it's a block container too.
  let markers = context.markers
  let markerBaseline = context.markerBaseline
  if (computedStyle.__listItem && !countersHidden && !isReplaced) {
    const engine = font.getEngine(
      computedStyle.fontSize as number,
      computedStyle.lineHeight as number,
      computedStyle as any,
      newLocale
    )
    markerBaseline = engine.baseline('0')
    markers = [
      ...(markers || []),
      ...getListMarker(
        // Pictor (marker-pseudo-element): `::marker`'s colour and font.
        withMarkerStyle(computedStyle, props[MARKER_PROP]),
        context.counters.value('list-item'),
        Math.round(engine.ascent('0'))
      ),
    ]
  }
  let markerTarget = -1
  if (markers?.length && !isReplaced && type !== 'svg') {
    const isItemContainer =
      computedStyle.__innerDisplay === 'flex' ||
      computedStyle.__innerDisplay === 'grid'
    const target = findMarkerTarget(
      normalizedChildren,
      isItemContainer,
      // Pictor (marker-skips-empty-blocks): outside markers only.
      markers.every(isOutsideMarker)
    )
    // Pictor (outside-marker-space): the text after an outside marker starts the line.
    const first = normalizedChildren[target.index]
    if (!target.nested && typeof first === 'string') {
      normalizedChildren[target.index] = textAfterMarkers(
        markers,
        first,
        computedStyle.whiteSpace
      )
    }
    // Pictor (inside-marker-own-line): an inside marker is an inline box of
    // the list item itself: before a block child it makes a line of its own.
    const ownInsideMarker =
      computedStyle.__listItem &&
      computedStyle.listStylePosition === 'inside' &&
      !context.markers?.length
    if (target.nested && !(ownInsideMarker && !isItemContainer)) {
      markerTarget = target.index
    } else if (target.nested) {
      normalizedChildren.splice(target.index, 0, ...markers)
    } else if (target.wrap) {
      normalizedChildren[target.index] = {
        type: 'span',
        key: null,
        props: { children: [...markers, normalizedChildren[target.index]] },
      } as any
    } else if (!isItemContainer) {
      normalizedChildren.splice(target.index, 0, ...markers)
      // Pictor (outside-marker-baseline): a list item's outside markers in
      // this block's first line move its content down to their baseline.
      if (context.markers?.length && markers.every(isOutsideMarker)) {
        const drop = markerBaselineDrop(
          context.markerBaseline,
          font
            .getEngine(
              computedStyle.fontSize as number,
              computedStyle.lineHeight as number,
              computedStyle as any,
              newLocale
            )
            .baseline('0')
        )
        const padding = node.style.paddingTop
        if (drop > 0 && (padding === undefined || typeof padding === 'number'))
          node.style.paddingTop = (padding ?? 0) + drop
      }
    }
  }

  // Pictor (vertical-writing): the inline content of an element in a
  // vertical writing mode, inside horizontal content, is laid out in columns
  // and drawn by `buildVerticalText()`.
  const verticalMode =
    !inlineBox &&
    !isContents &&
    !isReplacedElement &&
    node.style.display !== 'none' &&
    !getVerticalWritingMode(inheritedStyle)
      ? getVerticalWritingMode(computedStyle)
      : undefined
  // Pictor (vertical-horizontal-inside): a block in `horizontal-tb` inside
  // vertical writing (an orthogonal flow) is not laid out horizontally: its
  // text is set in the columns, and the page is told so.
  if (
    context.verticalFrame &&
    !inlineBox &&
    !isReplacedElement &&
    node.style.display !== 'none' &&
    String(computedStyle.writingMode ?? '').trim() === 'horizontal-tb'
  ) {
    context.onStyleError?.(
      new Error(
        'writing-mode: horizontal-tb inside vertical writing is not laid out horizontally; its text is set in the vertical columns'
      )
    )
  }
  // Pictor (vertical-blocks): with block-level children, its content is
  // laid out as a logical tree, see `pictor-vertical-frame.ts`.
  let frameMode: VerticalWritingMode | undefined
  let frameRoot: LayoutNode | undefined
  const inFrame =
    !!context.verticalFrame &&
    !isReplacedElement &&
    type !== 'svg' &&
    !inlineBox &&
    !isContents
  if (verticalMode || inFrame) {
    const grouped = await groupVerticalRuns(
      normalizedChildren,
      newInheritableStyle,
      context
    )
    if (inFrame || grouped.hasBlocks) {
      normalizedChildren.splice(
        0,
        normalizedChildren.length,
        ...grouped.children
      )
      if (verticalMode) frameMode = verticalMode
    }
  }
  if (verticalMode) {
    // Its width, the block size, comes from its columns, as in CSS.
    if (
      context.formattingContext === 'block' &&
      (node.style.width === undefined || node.style.width === 'auto')
    ) {
      node.style.width = 'fit-content'
    }
  }
  if (frameMode) {
    const mode = frameMode
    const root = new LayoutNode(logicalRootStyle(node.style))
    markVerticalFrame(root)
    frameRoot = root
    const leaf = new LayoutNode({ flexGrow: 1, flexShrink: 1 })
    leaf.roundedAsBox = true
    node.style.display = 'flex'
    node.style.flexDirection = 'row'
    node.style.alignItems = 'stretch'
    node.insertChild(leaf)
    const viewportHeight = Number(computedStyle._viewportHeight)
    const ownHeight =
      typeof computedStyle.height === 'number'
        ? computedStyle.height
        : undefined
    const layoutRoot = (
      width: number | undefined,
      height?: number,
      exact?: boolean
    ) => context.computeLayout(root, { width, height, exact } as any)
    // Its inline size is its height, or fits its content in the space
    // available: the height of its container, else the viewport's.
    leaf.measure = (_width: number, height: number) => {
      const available =
        Number.isFinite(height) && height > 0
          ? height
          : ownHeight ??
            (Number.isFinite(viewportHeight) && viewportHeight > 0
              ? viewportHeight
              : undefined)
      root.style.width = ownHeight !== undefined ? available : 'fit-content'
      root.style.height = undefined
      layoutRoot(available)
      return { width: root.layout.height, height: root.layout.width }
    }
    // Laid out again at its final size, and mapped to the page, before the
    // children are drawn.
    iterators.push(
      (async function* () {
        yield []
        yield
        // Laid out exactly, then mapped and rounded edge by edge on the
        // page, as Chromium snaps each edge: blocks start from the exact
        // edge of their content, not from its width rounded up.
        root.style.width = leaf.layout.height
        root.style.height = undefined
        layoutRoot(leaf.layout.height, undefined, true)
        const content = root.layout.height
        root.style.height = leaf.layout.width
        layoutRoot(leaf.layout.height, leaf.layout.width, true)
        if (Math.abs(content - leaf.layout.width) < 1) {
          root.layout.height = content
        }
        toPhysicalLayouts(root, mode, leaf.layout.left, leaf.layout.top)
        roundPhysicalLayouts(root, context.pointScaleFactor || 1)
        return ''
      })() as any
    )
    await iterators[0].next()
  } else if (verticalMode) {
    const iter = buildVerticalText(
      normalizedChildren,
      verticalMode,
      computedStyle,
      newInheritableStyle,
      node,
      context
    )
    segmentsMissingFontVertical.push(
      ...(((await iter.next()).value as { word: string }[]) || [])
    )
    iterators.push(iter)
    normalizedChildren.length = 0
  }

  return Object.assign(s, {
    frameMode,
    frameRoot,
    inFrame,
    isReplaced,
    iterators,
    markerTarget,
    markers,
    markerBaseline,
    normalizedChildren,
    segmentsMissingFontVertical,
    verticalMode,
  })
}

/**
 * Pictor (layout-split): starts the layout of each child, in the element's
 * inline content, its columns or its node.
 */
async function layoutChildren(s: ChildrenState) {
  const {
    context,
    absoluteContainingBlock,
    computedStyle,
    countersHidden,
    fixedContainingBlock,
    frameMode,
    frameRoot,
    inFrame,
    inlineBox,
    isContents,
    isReplacedElement,
    iterators,
    markerTarget,
    markers,
    markerBaseline,
    newInheritableStyle,
    newLocale,
    node,
    normalizedChildren,
    outerDisplay,
    parentBox,
    planes,
    scrollport,
    segmentsMissingFontVertical,
    stackingContext,
    type,
    verticalMode,
  } = s
  const {
    id,
    inheritedStyle,
    parent,
    font,
    debug,
    locale,
    embedFont = true,
    graphemeImages,
    canLoadAdditionalAssets,
    getTwStyles,
  } = context
  // Pictor (multi-column): a block container with `columns` lays its content
  // out in flows of the column width, painted in columns, see
  // `pictor-multicol.ts`. Its descendants are not culled (they are moved
  // into the columns) and clip to its columns' clips, not to their ancestors'
  // (which the columns' group applies).
  const multiColumnSpec =
    !verticalMode &&
    !context.verticalFrame &&
    !inlineBox &&
    !isContents &&
    !isReplacedElement &&
    type !== 'svg' &&
    (node.style.display === 'block' || node.style.display === 'flow-root')
      ? multiColumnOf(computedStyle)
      : undefined
  let multiColumn: MultiColumn | undefined
  const multiColumnClip = {
    clipPathId: newInheritableStyle._inheritedClipPathId as string | undefined,
    maskId: newInheritableStyle._inheritedMaskId as string | undefined,
  }
  if (multiColumnSpec) {
    // A multi-column box establishes a block formatting context.
    node.style.display = 'flow-root'
    const ownHeight =
      typeof computedStyle.height === 'number'
        ? computedStyle.height -
          (computedStyle.boxSizing === 'border-box'
            ? ((computedStyle.paddingTop as number) || 0) +
              ((computedStyle.paddingBottom as number) || 0) +
              ((computedStyle.borderTopWidth as number) || 0) +
              ((computedStyle.borderBottomWidth as number) || 0)
            : 0)
        : undefined
    multiColumn = new MultiColumn(
      node,
      multiColumnSpec,
      (root, options) => context.computeLayout(root, options as any),
      ownHeight,
      context.onStyleError,
      context.pointScaleFactor || 1
    )
    // Pictor (nested-multicol-warning): laid out whole in one column of the
    // outer box; Chromium breaks it between the outer columns.
    if (context.inMultiColumn) {
      context.onStyleError?.(
        new Error(
          'a multi-column box inside another multi-column box is kept in one column (Chromium breaks it between the outer columns)'
        )
      )
    }
    if (hasNestedSpanner(normalizedChildren)) {
      context.onStyleError?.(
        new Error(
          'column-span: all on an element that is not a child of its multi-column box (it is laid out in its column)'
        )
      )
    }
    newInheritableStyle._alwaysDrawn = 1
    newInheritableStyle._inheritedClipPathId = undefined
    newInheritableStyle._inheritedMaskId = undefined
  }
  const newInline = (container: LayoutNode) =>
    new InlineFormatting(container, computedStyle, {
      font,
      embedFont,
      debug,
      graphemeImages,
      pointScaleFactor: context.pointScaleFactor,
      computeLayout: context.computeLayout,
      locale: newLocale,
    })

  // Children of a block container take part in its inline content, and
  // children of inline boxes in the one of their block container.
  const isBlockContainer =
    !verticalMode &&
    !context.verticalFrame &&
    !inlineBox &&
    !isContents &&
    !isReplacedElement &&
    (node.style.display === 'block' || node.style.display === 'flow-root')
  let childInline = multiColumn
    ? newInline(multiColumn.current.flow)
    : isBlockContainer
    ? newInline(node)
    : inlineBox || isContents
    ? context.inline
    : undefined
  const childFormattingContext: LayoutContext['formattingContext'] =
    isBlockContainer
      ? 'block'
      : frameRoot
      ? frameRoot.style.display === 'flow-root'
        ? 'block'
        : (frameRoot.style.display as 'flex' | 'grid')
      : inFrame &&
        (node.style.display === 'block' || node.style.display === 'flow-root')
      ? 'block'
      : inlineBox || outerDisplay === 'contents'
      ? context.formattingContext
      : node.style.display === 'grid'
      ? 'grid'
      : 'flex'
  let childParent = multiColumn
    ? multiColumn.current.flow
    : frameRoot
    ? frameRoot
    : inlineBox || isContents
    ? context.inline.container
    : node

  let i = 0
  const segmentsMissingFont: { word: string; locale?: string }[] = [
    ...segmentsMissingFontVertical,
  ]
  // The `order` of the flex or grid item each child generates.
  const childOrders: number[] = []
  // Pictor (multi-column): the run of columns of each child, -1 for one
  // spanning the columns.
  const childRuns: number[] = []
  let spanned = false
  // Pictor (fieldset-legend-in-border): the legend set into the border.
  const legendIndex =
    type === 'fieldset' && isBlockContainer && !multiColumn
      ? renderedLegendIndex(normalizedChildren)
      : -1
  const legendTop = legendIndex >= 0 ? fieldsetTop(computedStyle) : undefined
  for (const [index, child] of normalizedChildren.entries()) {
    if (multiColumn) {
      if (isSpanner(child)) {
        childParent = node
        spanned = true
      } else if (spanned) {
        // A new run of columns after the spanning elements.
        spanned = false
        childInline.end()
        childParent = multiColumn.addRun().flow
        childInline = newInline(childParent)
      }
      childRuns.push(spanned ? -1 : multiColumn.runs.length - 1)
    }
    // In flex and grid containers, text with only white space isn't
    // rendered, even with `white-space: pre`, e.g. the newlines between the
    // lines of code blocks.
    if (
      typeof child === 'string' &&
      (childFormattingContext === 'flex' ||
        childFormattingContext === 'grid') &&
      /^[ \t\n\r\f]*$/.test(child)
    ) {
      continue
    }
    const childCount = childParent.children.length
    const iter = layout(child, {
      id: id + '-' + i++,
      parentStyle: computedStyle,
      inheritedStyle: newInheritableStyle,
      isInheritingTransform: true,
      parent: childParent,
      font,
      embedFont,
      debug,
      graphemeImages,
      canLoadAdditionalAssets,
      locale: newLocale,
      getTwStyles,
      // Pictor (multi-column): boxes of the flow reported where they are drawn.
      onNodeDetected:
        multiColumn && context.onNodeDetected
          ? (box) => context.onNodeDetected(multiColumn.moved(box))
          : context.onNodeDetected,
      onStyleError: context.onStyleError,
      inMultiColumn: context.inMultiColumn || !!multiColumn,
      fieldsetTop: index === legendIndex ? legendTop : undefined,
      convertColors: context.convertColors,
      pointScaleFactor: context.pointScaleFactor,
      replacedElements: context.replacedElements,
      projectPlane: context.projectPlane,
      planes,
      fixedContainingBlock,
      absoluteContainingBlock,
      fixedElements: context.fixedElements,
      paintBounds: context.paintBounds,
      svgFilters: context.svgFilters,
      counters: context.counters,
      countersHidden,
      listDepth:
        (context.listDepth || 0) +
        (['ul', 'ol', 'menu', 'dir'].includes(type) ? 1 : 0),
      inDefinitionList: context.inDefinitionList || type === 'dl',
      markers: index === markerTarget ? markers : undefined,
      markerBaseline: index === markerTarget ? markerBaseline : undefined,
      parentBox,
      scrollport,
      floats: context.floats,
      stackingContext,
      formattingContext: childFormattingContext,
      inline: frameMode || context.verticalFrame ? undefined : childInline,
      computeLayout: context.computeLayout,
      containers: context.containers,
      firstLines: context.firstLines,
      verticalFrame: frameMode ?? context.verticalFrame,
    })
    if (canLoadAdditionalAssets) {
      segmentsMissingFont.push(...(((await iter.next()).value as any) || []))
    } else {
      await iter.next()
    }
    const added = childParent.children.slice(childCount)
    childOrders.push(added.length === 1 ? added[0].style.order || 0 : 0)
    iterators.push(iter)
  }
  if (isBlockContainer) childInline.end()
  if (inlineBox) context.inline.closeBox(inlineBox)
  // Counters created by the children are out of scope.
  context.counters.closeScope(id)
  return Object.assign(s, {
    childOrders,
    childParent,
    childRuns,
    multiColumn,
    multiColumnClip,
    segmentsMissingFont,
  })
}

/** Pictor (layout-split): the children's second phase, then the table's columns. */
async function finishChildren(s: LaidOutState) {
  const { context, iterators, node, props } = s

  for (const iter of iterators) await iter.next()
  // Pictor (table-column-weights): a table's auto columns weighed by their
  // cells' max-content widths, once the cells are built.
  // Pictor (table-narrow-columns): and the constraints of its columns kept,
  // for a table that turns out narrower than they want.
  const tableWeights = props?.[TABLE_WEIGHTS_PROP]
  const tableFit = props?.[TABLE_FIT_PROP]
  if (
    (typeof tableWeights === 'string' || typeof tableFit === 'string') &&
    context.computeLayout
  ) {
    // A table without weighed columns (one without a width of its own) is
    // measured only if the layout makes it narrower than its content.
    // Pictor (table-percent-columns-measured): one whose percentage columns
    // ask a width of it is measured now, for that width.
    const percentFill =
      props?.[TABLE_PERCENT_FILL_PROP] !== undefined &&
      typeof tableFit === 'string'
    const cells =
      typeof tableWeights === 'string' || percentFill
        ? measureTableCells(node, context.computeLayout)
        : undefined
    if (cells && typeof tableWeights === 'string')
      weighTableColumns(node, tableWeights, cells)
    if (typeof tableFit === 'string')
      keepTableFit(node, tableFit, cells, percentFill)
  }
}

/** Pictor (layout-split): the element's border box, once the layout is known. */
function place(s: LaidOutState, x: number, y: number) {
  const {
    context,
    absoluteContainingBlock,
    atomicInline,
    box,
    computedStyle,
    fixedContainingBlock,
    fixedElement,
    inlineBox,
    inlineStatic,
    isFloat,
    node,
  } = s
  const { parent } = context
  // Atomic inlines are positioned by their paragraph.
  atomicInline?.paragraph?.finalize()
  let { left, top, width, height } = node.layout
  if (fixedElement) {
    ;[left, top] = getFixedElementPosition(fixedElement, x, y)
  } else {
    // Attach offset to the current node.
    left += x
    top += y
  }
  if (inlineStatic) {
    const [dx, dy] = inlineStaticOffset(
      inlineStatic,
      fixedElement?.placeholder ?? node,
      parent
    )
    left += dx
    top += dy
  }
  // Pictor (float-relative-offset): the insets of a relatively positioned
  // float, which the layout engine leaves out.
  if (isFloat && computedStyle.position === 'relative' && !fixedElement) {
    const [dx, dy] = floatRelativeOffset(computedStyle, context.parent)
    left += dx
    top += dy
  }
  if (
    computedStyle.position === 'sticky' &&
    !inlineBox &&
    context.parentBox &&
    context.scrollport
  ) {
    const [dx, dy] = getStickyOffset(
      { left, top, width, height, margin: node.layout.margin },
      computedStyle,
      context.parentBox,
      context.scrollport
    )
    left += dx
    top += dy
  }
  box.offset.left = left
  box.offset.top = top
  for (const containingBlock of [
    fixedContainingBlock,
    absoluteContainingBlock,
  ]) {
    if (containingBlock?.node === node) {
      containingBlock.offset.left = left
      containingBlock.offset.top = top
    }
  }
  return Object.assign(s, { height, left, top, width })
}

/** Pictor (layout-split): the element reported, and its own box painted. */
async function paintBox(s: PlacedState) {
  const {
    context,
    computedStyle,
    element,
    height,
    inlineBox,
    isFloat,
    isInheritingTransform,
    isPositioned,
    isReplaced,
    isStackingContext,
    iterators,
    left,
    newInheritableStyle,
    newLocale,
    node,
    opacity,
    perspective,
    planes,
    preserve3d,
    props,
    top,
    type,
    width,
    zIndex,
  } = s
  const { id, inheritedStyle, parent, font, debug } = context
  // Add the layer before the descendants add theirs, to keep the tree order.
  // Elements of a 3D rendering context are drawn by depth instead. Floats
  // are drawn over the in-flow blocks around them.
  let layer: StackingLayer | undefined
  if (
    context.stackingContext &&
    !context.planes &&
    (isPositioned || isStackingContext || isFloat)
  ) {
    layer = { zIndex: zIndex ?? 0, svg: '' }
    context.stackingContext.layers.push(layer)
  }

  let childrenRenderResult = ''
  let baseRenderResult = ''
  let depsRenderResult = ''

  // Emit event for the current node. We don't pass the children prop to the
  // event handler because everything is already flattened, unless it's a text
  // node.
  const {
    children: childrenNode,
    [CONTAINER_PROP]: _container,
    [PLACEHOLDER_PROP]: _placeholder,
    [MARKER_PROP]: _marker,
    ...restProps
  } = props
  // Inline boxes are reported like by `getBoundingClientRect()` in browsers,
  // as the union of the border boxes of their fragments on each line.
  let detected = { left, top, width, height }
  if (inlineBox) {
    for (const paragraph of inlineBox.paragraphs) paragraph.finalize()
    const rects = inlineBox.fragments.map((fragment) =>
      fragmentRect(inlineBox, fragment, left, top)
    )
    if (rects.length) {
      const minLeft = Math.min(...rects.map((r) => r.left))
      const minTop = Math.min(...rects.map((r) => r.top))
      detected = {
        left: minLeft,
        top: minTop,
        width: Math.max(...rects.map((r) => r.left + r.width)) - minLeft,
        height: Math.max(...rects.map((r) => r.top + r.height)) - minTop,
      }
    }
  }
  context.onNodeDetected?.({
    ...detected,
    type,
    props: restProps,
    key: element.key,
    textContent: isReactElement(childrenNode) ? undefined : childrenNode,
  })
  if (node.style.display === 'none' && context.onNodeDetected) {
    reportHiddenDescendants(childrenNode, context)
  }

  // Resolve transforms now that the layout is known. Children read the state
  // from their parent's transform list.
  const transformList = computedStyle.transform as unknown as
    | TransformList
    | undefined
  if (transformList && !isInheritingTransform) {
    transformList.__state = resolveTransformState({
      functions: transformList,
      box: { left, top, width, height },
      origin: computedStyle.transformOrigin as ParsedTransformOrigin,
      parent: transformList.__parent?.__state || ROOT_TRANSFORM_STATE,
      preserve3d,
      perspectiveDistance: perspective,
      perspectiveOrigin:
        computedStyle.perspectiveOrigin as unknown as ParsedTransformOrigin,
      canProject: !!context.projectPlane,
    })
  }
  const transformState = transformList?.__state || ROOT_TRANSFORM_STATE
  const isHidden =
    transformState.behindViewer ||
    (computedStyle.backfaceVisibility === 'hidden' &&
      isBackFacing(transformState))

  // Planes of a 3D rendering context are drawn back to front. Equal depths
  // keep the document order, so an element is added before its children.
  let plane: Plane | undefined
  const contextPlanes = context.planes || planes
  if (contextPlanes) {
    const depth = getDepth(transformState, left + width / 2, top + height / 2)
    // Round off floating point errors, so planes at the same depth are equal.
    plane = {
      depth: Number.isFinite(depth) ? Math.round(depth * 1e6) / 1e6 : 0,
      svg: '',
    }
    contextPlanes.push(plane)
  }

  // An element is drawn as a group with its opacity, with its descendants
  // and the elements in its stacking context. Without
  // children, it's drawn by itself, which avoids an extra group for a single
  // shape.
  let groupOpacity = opacity < 1 && iterators.length > 0 ? opacity : 1
  const rectOpacity = groupOpacity < 1 ? 1 : opacity
  const drawn = { shapes: true }

  // Boxes entirely outside of the image aren't drawn, with their shadows,
  // unless they define the clip paths or masks of their descendants. The
  // descendants are checked by themselves.
  const paintBounds = newInheritableStyle._alwaysDrawn
    ? undefined
    : context.paintBounds
  const definesClip =
    newInheritableStyle._inheritedClipPathId !==
      inheritedStyle._inheritedClipPathId ||
    newInheritableStyle._inheritedMaskId !== inheritedStyle._inheritedMaskId
  const cullMargin = (newInheritableStyle._cullMargin as number) || 0
  const shadowExtent =
    paintBounds && !definesClip
      ? getBoxShadowExtent(computedStyle) + cullMargin
      : 0
  const isCulled = (area: {
    left: number
    top: number
    width: number
    height: number
  }) =>
    !!paintBounds &&
    !definesClip &&
    isOutside(
      paintBounds,
      area.left,
      area.top,
      area.width,
      area.height,
      shadowExtent
    )
  const isBoxCulled = isCulled({ left, top, width, height })

  // Generate the rendered markup for the current node.
  if ((type === 'img' || isReplaced || type === 'svg') && isBoxCulled) {
    // Not drawn, see above.
  } else if (type === 'img' || isReplaced) {
    // A replaced element without rendered content has no `src`, so it's drawn
    // as a box.
    const src = computedStyle.__src as string | undefined
    baseRenderResult = await rect(
      {
        id,
        left,
        top,
        width,
        height,
        src,
        isInheritingTransform,
        debug,
        opacity: rectOpacity,
      },
      computedStyle,
      newInheritableStyle
    )
  } else if (type === 'svg') {
    // When entering a <svg> node, we need to convert it to a <img> with the
    // SVG data URL embedded.
    const currentColor = computedStyle.color
    // `var()` in its attributes uses the variables of the element.
    // Pictor (custom-properties-shared): kept in one object.
    const variables = customPropertiesOf(computedStyle)
    // Pictor (svg-text): its <text> drawn as glyph paths in the document's fonts.
    const svgElement = hasSVGText(element)
      ? svgTextToPaths(element, font, computedStyle, newLocale)
      : element
    const src = await SVGNodeToImage(
      // Pictor (svg-inherited-paint): `fill` and the like from its ancestors.
      withInheritedPaint(svgElement, computedStyle),
      currentColor,
      context.convertColors,
      variables
    )
    // Like in browsers, the viewBox is fitted in the box by the
    // `preserveAspectRatio` of the SVG, which the image applies to it.
    const aspectRatio = (element.props as Record<string, unknown>)
      ?.preserveAspectRatio
    baseRenderResult = await rect(
      {
        id,
        left,
        top,
        width,
        height,
        src,
        svgAspectRatio:
          typeof aspectRatio === 'string' && aspectRatio.trim()
            ? aspectRatio.trim()
            : 'xMidYMid meet',
        isInheritingTransform,
        debug,
        opacity: rectOpacity,
      },
      computedStyle,
      newInheritableStyle
    )
  } else if (inlineBox) {
    // Each line has a fragment of the box. The edges are only drawn where the
    // box starts and ends.
    for (const paragraph of inlineBox.paragraphs) paragraph.finalize()
    drawn.shapes = false
    // Pictor (fragment-cull-first): a fragment outside the image is culled
    // before its style is copied (a long document's boxes below the image).
    const cullFirst =
      (
        newInheritableStyle._pictorTunings as
          | { fragmentCullFirst?: boolean }
          | undefined
      )?.fragmentCullFirst !== false
    for (const [index, fragment] of inlineBox.fragments.entries()) {
      const fragmentBox = fragmentRect(inlineBox, fragment, left, top)
      const culled = isCulled(fragmentBox)
      if (cullFirst && culled) continue
      const fragmentStyle = { ...computedStyle }
      countLayout('fragmentStyles')
      // Pictor (bidi-inline): a right-to-left box starts on the right.
      const [start, end] = fragment.rtl ? ['Right', 'Left'] : ['Left', 'Right']
      if (!fragment.first) {
        fragmentStyle[`border${start}Width`] = 0
        fragmentStyle[`padding${start}`] = 0
        fragmentStyle[`borderTop${start}Radius`] = 0
        fragmentStyle[`borderBottom${start}Radius`] = 0
      }
      if (!fragment.last) {
        fragmentStyle[`border${end}Width`] = 0
        fragmentStyle[`padding${end}`] = 0
        fragmentStyle[`borderTop${end}Radius`] = 0
        fragmentStyle[`borderBottom${end}Radius`] = 0
      }
      if (culled) continue
      const fragmentDrawn = { shapes: true }
      baseRenderResult += await rect(
        {
          id: `${id}-${index}`,
          ...fragmentBox,
          isInheritingTransform,
          debug,
          opacity: rectOpacity,
          drawn: fragmentDrawn,
        },
        fragmentStyle,
        newInheritableStyle
      )
      drawn.shapes ||= fragmentDrawn.shapes
    }
  } else if (!isBoxCulled) {
    // Pictor (fieldset-legend-in-border): a fieldset's border and background
    // start at its legend's middle, the border cut behind the legend.
    const legend = node.renderedLegend
    // Pictor (caption-outside-box): and a table's without its caption.
    const insets = node.outsideCaption
      ? captionPaintInsets(node.outsideCaption, height)
      : {
          top: legend
            ? legendPaintInset(legend, (computedStyle.borderTopWidth as number) || 0)
            : 0,
          bottom: 0,
        }
    const inset = Math.min(height, insets.top)
    const paintedBox = {
      id,
      left,
      top: top + inset,
      width,
      height: Math.max(0, height - inset - insets.bottom),
      isInheritingTransform,
      debug,
      opacity: rectOpacity,
      drawn,
    }
    const legendBox = legend && {
      left: left + legend.layout.left,
      top: top + legend.layout.top,
      width: legend.layout.width,
      height: legend.layout.height,
    }
    if (legendBox && hasBackground(computedStyle)) {
      // Pictor (legend-cuts-border-only): with a background, only the border
      // is cut behind the legend; the background stays under it.
      const { background, border } = splitBorderFromBackground(computedStyle)
      baseRenderResult =
        (await rect(paintedBox, background, newInheritableStyle)) +
        cutBehindLegend(
          await rect(
            { ...paintedBox, id: `${id}-border` },
            border,
            newInheritableStyle
          ),
          id,
          legendBox
        )
    } else {
      baseRenderResult = await rect(
        paintedBox,
        computedStyle,
        newInheritableStyle
      )
      if (legendBox)
        baseRenderResult = cutBehindLegend(baseRenderResult, id, legendBox)
    }
  }

  return Object.assign(s, {
    baseRenderResult,
    childrenRenderResult,
    cullMargin,
    depsRenderResult,
    drawn,
    groupOpacity,
    isHidden,
    layer,
    paintBounds,
    plane,
    transformState,
  })
}

/**
 * Pictor (layout-split): the children painted, the outline and the clip
 * paths of `background-clip: text`, around the element's box.
 */
async function paintContent(s: PaintedState) {
  const {
    context,
    baseRenderResult,
    childOrders,
    childParent,
    childRuns,
    computedStyle,
    cullMargin,
    drawn,
    height,
    inlineBox,
    isHidden,
    isInheritingTransform,
    isStackingContext,
    iterators,
    left,
    multiColumn,
    multiColumnClip,
    node,
    normalizedChildren,
    opacity,
    paintBounds,
    stackingContext,
    top,
    width,
  } = s
  let { childrenRenderResult, depsRenderResult, groupOpacity } = s
  const { id } = context
  // If the element only has text, the text is drawn with the opacity, which
  // can avoid a group for a single path.
  if (
    groupOpacity < 1 &&
    !drawn.shapes &&
    normalizedChildren.length === 1 &&
    typeof normalizedChildren[0] === 'string'
  ) {
    computedStyle._textOpacity = groupOpacity
    groupOpacity = 1
  }

  // Generate the rendered markup for the children. Flex and grid items are
  // painted in `order`, like they're laid out.
  const paintOrder = iterators.map((_, index) => index)
  if (
    childParent === node &&
    (node.style.display === 'flex' || node.style.display === 'grid') &&
    childOrders.some(Boolean)
  ) {
    paintOrder.sort((a, b) => childOrders[a] - childOrders[b])
  }
  if (multiColumn) {
    childrenRenderResult = await paintColumns(
      multiColumn,
      iterators,
      childRuns,
      [left, top],
      stackingContext,
      id,
      multiColumnClip
    )
  } else {
    for (const index of paintOrder) {
      childrenRenderResult += (await iterators[index].next([left, top])).value
    }
  }

  // The outline is drawn over the element and its in-flow descendants, and
  // under positioned ones. Outlines of inline boxes aren't drawn.
  const outlineResult =
    inlineBox ||
    computedStyle.visibility === 'hidden' ||
    (paintBounds &&
      isOutside(
        paintBounds,
        left,
        top,
        width,
        height,
        getOutlineExtent(computedStyle) + cullMargin
      ))
      ? ''
      : ownMasked(
          outline(
            { id, left, top, width, height, isInheritingTransform },
            computedStyle
          ),
          computedStyle,
          id
        )

  // An extra pass to generate the special background-clip shape collected from
  // children.
  if (computedStyle._inheritedBackgroundClipTextPath) {
    depsRenderResult += buildXMLString(
      'clipPath',
      {
        id: `satori_bct-${id}`,
        'clip-path': computedStyle._inheritedClipPathId
          ? `url(#${computedStyle._inheritedClipPathId})`
          : undefined,
      },
      (computedStyle._inheritedBackgroundClipTextPath as any).value
    )
  }

  // Children in the same 3D rendering context were added to `planes` and
  // returned nothing, so this is the element's own plane, including the
  // descendants flattened onto it.
  // An element without a box draws nothing, including its descendants.
  let result =
    isHidden || opacity === 0 || node.style.display === 'none'
      ? ''
      : depsRenderResult +
        baseRenderResult +
        (isStackingContext
          ? paintStackingContext(
              stackingContext.layers,
              childrenRenderResult + outlineResult
            )
          : childrenRenderResult + outlineResult)

  return Object.assign(s, { childrenRenderResult, groupOpacity, result })
}

/**
 * Pictor (mask-covers-border): the element's own mask covers its outline too
 * (the mask clips everything outside its border box, so an outline outside it
 * is hidden). The element's shapes take the mask in buildMaskImage's place.
 */
function ownMasked(
  painting: string,
  style: Record<string, unknown>,
  id: string
): string {
  return painting && style.maskImage
    ? buildXMLString('g', { mask: `url(#${genMaskImageId(id)})` }, painting)
    : painting
}

/**
 * Pictor (layout-split): the element's filters, projection, blending and
 * opacity; its plane or layer is drawn by its 3D rendering context or
 * stacking context instead.
 */
function finish(s: ContentState) {
  const {
    context,
    childrenRenderResult,
    computedStyle,
    groupOpacity,
    hasClipPath,
    height,
    isInheritingTransform,
    isStackingContext,
    layer,
    left,
    mixBlendMode,
    node,
    plane,
    planes,
    stackingContext,
    top,
    transformState,
    width,
  } = s
  let { result } = s
  const { id } = context
  // The filter applies to the element and its descendants as a group, then
  // its own clip path clips the filtered result, e.g. the edges of a blur.
  // https://drafts.fxtf.org/filter-effects-1/#placement
  const filters = computedStyle._filters as unknown as
    | (BackdropFilter | URLFilter)[]
    | undefined
  // Like in browsers, a reference to a missing SVG filter makes the whole list
  // ignored.
  const isMissing = (filter: BackdropFilter | URLFilter) =>
    filter.type === 'url' && !context.svgFilters?.get(filter.id)
  if (result && filters?.length && !filters.some(isMissing)) {
    // Filter functions are applied together, and SVG filters by themselves,
    // in order.
    let count = 0
    let functions: BackdropFilter[] = []
    const applyFunctions = () => {
      if (!functions.length) return
      // Descendants can be drawn anywhere, so the filter region is the image,
      // and what the filter draws into it from outside.
      const filterId = `satori_f-${id}${count ? `-${count}` : ''}`
      count++
      const expansion = getExpansion(functions)
      // Pictor (leaf-filter-region): an element that draws no descendant
      // paints within its own area, which is then the region.
      const leaf = leafFilterRegion(
        { left, top, width, height },
        computedStyle,
        !!childrenRenderResult,
        functions,
        computedStyle.transform
          ? buildTransform(
              { left, top, width, height },
              computedStyle.transform,
              isInheritingTransform
            ) || undefined
          : undefined
      )
      const primitives = functions
        .map((filter, index) =>
          buildFilterPrimitive(
            filter,
            index ? `${filterId}-${index - 1}` : 'SourceGraphic',
            `${filterId}-${index}`,
            false
          )
        )
        .join('')
      result =
        buildXMLString(
          'filter',
          {
            id: filterId,
            x: leaf ? leaf.x : -expansion.left,
            y: leaf ? leaf.y : -expansion.top,
            width: leaf
              ? leaf.width
              : (computedStyle._viewportWidth as number) +
                expansion.left +
                expansion.right,
            height: leaf
              ? leaf.height
              : (computedStyle._viewportHeight as number) +
                expansion.top +
                expansion.bottom,
            filterUnits: 'userSpaceOnUse',
            'color-interpolation-filters': 'sRGB',
          },
          primitives
        ) + buildXMLString('g', { filter: `url(#${filterId})` }, result)
      functions = []
    }
    for (const filter of filters) {
      if (filter.type !== 'url') {
        functions.push(filter)
        continue
      }
      applyFunctions()
      const filterId = `satori_f-${id}${count ? `-${count}` : ''}`
      count++
      // Like in browsers, the bounding box of the filter, e.g. for its default
      // region, is at least the border box of the element.
      const borderBox = buildXMLString('rect', {
        x: left,
        y: top,
        width,
        height,
        fill: 'none',
        transform: computedStyle.transform
          ? buildTransform(
              { left, top, width, height },
              computedStyle.transform,
              isInheritingTransform
            ) || undefined
          : undefined,
      })
      result =
        serializeSVGFilter(
          context.svgFilters!.get(filter.id)!,
          filterId,
          computedStyle.color as string,
          context.convertColors
        ) +
        buildXMLString('g', { filter: `url(#${filterId})` }, borderBox + result)
    }
    applyFunctions()
    if (hasClipPath && isInheritingTransform) {
      result = buildXMLString(
        'g',
        { 'clip-path': `url(#satori_cp-${id})` },
        result
      )
    }
  }

  if (result && transformState.projection && !isInheritingTransform) {
    result = context.projectPlane(result, {
      matrix: transformState.projection,
      node,
      left,
      top,
      style: computedStyle,
      id,
    })
  }

  // The root stacking context is isolated by the SVG itself.
  const isolate =
    isStackingContext &&
    stackingContext.hasBlending &&
    !!context.stackingContext
  if (result && (mixBlendMode || isolate || groupOpacity < 1)) {
    result = buildXMLString(
      'g',
      {
        opacity: groupOpacity < 1 ? groupOpacity : undefined,
        style:
          [
            mixBlendMode && `mix-blend-mode:${mixBlendMode}`,
            isolate && 'isolation:isolate',
          ]
            .filter(Boolean)
            .join(';') || undefined,
      },
      result
    )
  }

  if (plane) {
    plane.svg = result
    // The element establishing the 3D rendering context draws all of them.
    if (context.planes) return ''
    result = planes
      .sort((a, b) => a.depth - b.depth)
      .map(({ svg }) => svg)
      .join('')
  }

  if (layer) {
    layer.svg = result
    return ''
  }
  return result
}

/**
 * Pictor (multi-column): paints the children of a multi-column box, each run
 * of columns as its flow painted once per column (the elements of the stacking
 * context the flow added with it), and the spanning children in between, all
 * in the box's own clip (its descendants have none of their ancestors').
}

 */
async function paintColumns(
  multiColumn: MultiColumn,
  iterators: ReturnType<typeof layout>[],
  runs: number[],
  [left, top]: [number, number],
  stackingContext: StackingContext,
  id: string,
  clip: { clipPathId?: string; maskId?: string }
): Promise<string> {
  let result = ''
  for (let index = 0; index < iterators.length; ) {
    const runIndex = runs[index]
    if (runIndex === -1) {
      result += (await iterators[index++].next([left, top])).value
      continue
    }
    const run = multiColumn.runs[runIndex]
    const x = left + run.leaf.layout.left
    const y = top + run.leaf.layout.top
    const layers = stackingContext.layers.length
    let content = ''
    // Pictor (multicol-exact-origin): the flow is rounded where it is.
    const at = multiColumn.place(run, x, y)
    while (index < iterators.length && runs[index] === runIndex) {
      content += (await iterators[index++].next(at)).value
    }
    const added = stackingContext.layers.splice(layers)
    if (added.length) content = paintStackingContext(added, content)
    result += multiColumn.paintRun(content, id)
  }
  if (result && (clip.clipPathId || clip.maskId)) {
    result = buildXMLString(
      'g',
      {
        'clip-path': clip.clipPathId ? `url(#${clip.clipPathId})` : undefined,
        mask: clip.maskId ? `url(#${clip.maskId})` : undefined,
      },
      result
    )
  }
  return result
}
