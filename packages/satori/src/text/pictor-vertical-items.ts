/**
 * Pictor (vertical-writing): the inline content of a vertical element as runs
 * of text with the computed styles of their inline elements, see
 * `pictor-vertical.ts`.
 */
import type { ReactElement, ReactNode } from 'react'
import type { LayoutContext } from '../layout.js'
import type { SerializedStyle } from '../handler/expand.js'
import { LayoutNode } from '../layout-engine/index.js'
import computeStyle from '../handler/compute.js'
import { SVGNodeToImage } from '../handler/preprocess.js'
import { customPropertiesOf } from '../pictor-custom-properties.js'
import { isReactElement, normalizeChildren } from '../utils.js'
import { isOutsideMarker } from '../pictor-marker-space.js'
import { markerPicture } from './pictor-vertical-markers.js'

/**
 * A run of text with the style of its inline element, a forced break
 * (`<br>`), or the edge of a block-level child, which ends a column that has
 * content.
 */
export type Item =
  | {
      text: string
      style: SerializedStyle
      picture?: Picture
      /**
       * Pictor (vertical-list-markers): the text of an outside list marker,
       * set before its place, taking no length.
       */
      hangs?: boolean
    }
  | 'break'
  | 'block'

/**
 * The computed style of an element of `type` with `props` under
 * `inheritedStyle`, set on `node`.
 */
function styleOf(
  node: LayoutNode,
  type: string,
  props: Record<string, any>,
  inheritedStyle: SerializedStyle,
  context: LayoutContext
) {
  return computeStyle(
    node,
    type,
    inheritedStyle,
    props.style || {},
    props,
    context.replacedElements,
    context.onStyleError,
    context.convertColors,
    context.pointScaleFactor,
    context.listDepth
  )
}

/**
 * Pictor (vertical-images): an image (`<img>`, inline `<svg>`) in vertical
 * text, drawn upright in its column: `width` across it, `height` along it.
 */
export interface Picture {
  src: string
  width: number
  height: number
  /**
   * Pictor (vertical-list-markers): drawn this far before its place and
   * taking no length (an outside list marker).
   */
  hang?: number
  /**
   * Pictor (vertical-align-middle): with `vertical-align: middle`, its middle
   * is on the column's centre plus half the x-height, toward the line's over
   * side (the right), as Chromium places it.
   */
  middle?: boolean
}

const BLOCK_DISPLAYS = /^(block|flex|grid|flow-root|list-item|table)/

/** An image or inline SVG as a picture of its used size, if displayed. */
async function pictureOf(
  child: ReactElement,
  inheritedStyle: SerializedStyle,
  context: LayoutContext
): Promise<Picture | undefined> {
  const type = child.type as string
  const props = (child.props || {}) as Record<string, any>
  const node = new LayoutNode()
  const [style] = await styleOf(node, type, props, inheritedStyle, context)
  if (style.display === 'none' || style.visibility === 'hidden') return
  const src =
    type === 'svg'
      ? await SVGNodeToImage(
          child,
          String(style.color),
          context.convertColors,
          customPropertiesOf(style)
        )
      : (style.__src as string | undefined)
  const size = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined
  let width = size(node.style.width)
  let height = size(node.style.height)
  const ratio = size(node.style.aspectRatio)
  if (width === undefined && height !== undefined && ratio) {
    width = height * ratio
  }
  if (height === undefined && width !== undefined && ratio) {
    height = width / ratio
  }
  if (!src || !width || !height) return
  return style.verticalAlign === 'middle'
    ? { src, width, height, middle: true }
    : { src, width, height }
}

/**
 * Pictor (vertical-blocks): whether a child of a vertical element is
 * block-level (or out of flow), so laid out as a box of its own rather than
 * in the columns of its parent's inline content, inline, or not displayed.
 */
export async function outerLevel(
  child: ReactNode,
  inheritedStyle: SerializedStyle,
  context: LayoutContext
): Promise<'block' | 'inline' | 'none'> {
  if (!isReactElement(child)) return 'inline'
  const type = child.type as unknown
  if (typeof type !== 'string' || type === 'br' || type === '::counter') {
    return 'inline'
  }
  const props = (child.props || {}) as Record<string, any>
  const [style] = await styleOf(
    new LayoutNode(),
    type,
    props,
    inheritedStyle,
    context
  )
  if (style.display === 'none') return 'none'
  return BLOCK_DISPLAYS.test(String(style.display ?? '')) ||
    style.position === 'absolute' ||
    style.position === 'fixed'
    ? 'block'
    : 'inline'
}

/**
 * The inline content of a vertical element as runs of text: the text of
 * inline elements with their computed styles, `<br>` and block-level
 * children as breaks.
 */
export async function collectItems(
  children: ReactNode,
  inheritedStyle: SerializedStyle,
  context: LayoutContext,
  items: Item[]
) {
  for (const child of normalizeChildren(children)) {
    if (child === null || child === undefined || typeof child === 'boolean') {
      continue
    }
    if (!isReactElement(child)) {
      items.push({ text: String(child), style: inheritedStyle })
      continue
    }
    const type = child.type as unknown
    if (type === 'br') {
      items.push('break')
      continue
    }
    if (typeof type !== 'string' && type !== Symbol.for('react.fragment')) {
      continue
    }
    if (type === '::counter') continue
    if (type === 'img' || type === 'svg') {
      const picture = await pictureOf(child, inheritedStyle, context)
      if (picture) items.push({ text: '', style: inheritedStyle, picture })
      continue
    }
    const props = (child.props || {}) as Record<string, any>
    const outside = isOutsideMarker(child)
    const marker = markerPicture(props, outside)
    if (marker) {
      items.push({ text: '', style: inheritedStyle, picture: marker })
      continue
    }
    if (outside) {
      const text: Item[] = []
      await collectItems(props.children, inheritedStyle, context, text)
      for (const item of text) {
        if (typeof item !== 'string') items.push({ ...item, hangs: true })
      }
      continue
    }
    const [style, inheritable] = await styleOf(
      new LayoutNode(),
      typeof type === 'string' ? type : 'span',
      props,
      inheritedStyle,
      context
    )
    if (style.display === 'none') continue
    const isBlock = BLOCK_DISPLAYS.test(String(style.display ?? ''))
    if (isBlock) items.push('block')
    // `text-combine-upright` isn't inherited: it's kept on the run's style.
    const runStyle = { ...inheritable } as SerializedStyle
    if (style.textCombineUpright !== undefined) {
      runStyle.textCombineUpright = style.textCombineUpright
    }
    // Children don't inherit it: their runs have their own style.
    await collectItems(props.children, runStyle, context, items)
    if (isBlock) items.push('block')
  }
}

