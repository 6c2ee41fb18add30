/**
 * Pictor (vertical-blocks): block layout in `writing-mode: vertical-rl` and
 * `vertical-lr`.
 *
 * The layout engine only lays out horizontal flows, so the block-level
 * descendants of a vertical element (paragraphs, headings, boxes with
 * margins, borders and backgrounds) are laid out as a horizontal tree with
 * width and height swapped, the "logical" tree: its x axis is the inline
 * axis (top to bottom) and its y axis the block axis (right to left with
 * `vertical-rl`, left to right with `vertical-lr`). Physical properties
 * (sizes, margins, padding, borders, insets) are mapped to the logical sides
 * they stand for; logical ones (flex directions, alignment, grid tracks)
 * stay, as CSS defines them along the inline and block axes. Once laid out,
 * each box is mapped back to the page and drawn with its own, physical,
 * styles. The inline content of each block is laid out in columns by
 * `buildVerticalText()`.
 *
 * The vertical element itself is a box of the horizontal page holding one
 * measured leaf: measuring it lays out the logical tree with the available
 * height as its width, as an orthogonal flow in CSS.
 */
import type { ReactNode } from 'react'
import type { LayoutContext } from '../layout.js'
import type { SerializedStyle } from '../handler/expand.js'
import type { LayoutNode, LayoutStyle, Edges } from '../layout-engine/index.js'
import { isReactElement } from '../utils.js'
import type { VerticalWritingMode } from './pictor-vertical.js'
import { outerLevel } from './pictor-vertical-items.js'

type Side = 'Top' | 'Right' | 'Bottom' | 'Left'

/** The physical side that each logical side (of the swapped tree) stands for. */
const PHYSICAL_SIDE: Record<VerticalWritingMode, Record<Side, Side>> = {
  'vertical-rl': { Top: 'Right', Right: 'Bottom', Bottom: 'Left', Left: 'Top' },
  'vertical-lr': { Top: 'Left', Right: 'Bottom', Bottom: 'Right', Left: 'Top' },
}
const SIDES: Side[] = ['Top', 'Right', 'Bottom', 'Left']
const lower = (side: Side) => side.toLowerCase() as Lowercase<Side>

/**
 * Swaps the physical properties of a box of a vertical block to the
 * logical tree's axes, in place.
 */
export function toLogicalStyle(style: LayoutStyle, mode: VerticalWritingMode) {
  const s = style as Record<string, unknown>
  const physical = { ...s }
  const swap = (a: string, b: string) => {
    s[a] = physical[b]
    s[b] = physical[a]
    if (s[a] === undefined) delete s[a]
    if (s[b] === undefined) delete s[b]
  }
  swap('width', 'height')
  swap('minWidth', 'minHeight')
  swap('maxWidth', 'maxHeight')
  swap('overflowX', 'overflowY')
  if (typeof physical.aspectRatio === 'number' && physical.aspectRatio > 0) {
    s.aspectRatio = 1 / physical.aspectRatio
  }
  for (const side of SIDES) {
    const from = PHYSICAL_SIDE[mode][side]
    for (const [prefix, suffix] of [
      ['margin', ''],
      ['padding', ''],
      ['border', 'Width'],
    ]) {
      const value = physical[`${prefix}${from}${suffix}`]
      if (value === undefined) delete s[`${prefix}${side}${suffix}`]
      else s[`${prefix}${side}${suffix}`] = value
    }
    const inset = physical[lower(from)]
    if (inset === undefined) delete s[lower(side)]
    else s[lower(side)] = inset
  }
}

function physicalEdges(edges: Edges, mode: VerticalWritingMode): Edges {
  const result = { ...edges }
  for (const side of SIDES) {
    result[lower(PHYSICAL_SIDE[mode][side])] = edges[lower(side)]
  }
  return result
}

/**
 * Turns the margins and padding of the user agent's style of an element in a
 * vertical writing mode, which are logical in CSS (`margin-block`,
 * `padding-inline-start`) but physical in the presets: block sides (top,
 * bottom) to the right and left (`vertical-rl`) or left and right
 * (`vertical-lr`), inline sides (left, right) to the top and bottom.
 */
export function turnPresetSides(preset: Record<string, unknown>, mode: string) {
  const trimmed = mode.trim()
  if (trimmed !== 'vertical-rl' && trimmed !== 'vertical-lr') return
  const physical = { ...preset }
  for (const prefix of ['margin', 'padding']) {
    for (const side of SIDES) delete preset[`${prefix}${side}`]
    for (const side of SIDES) {
      const value = physical[`${prefix}${side}`]
      if (value !== undefined) {
        preset[`${prefix}${PHYSICAL_SIDE[trimmed][side]}`] = value
      }
    }
  }
}

/**
 * Maps the layouts of the descendants of `root`, laid out in the logical
 * tree, back to the page. The children of `root` are offset by `dx`, `dy`.
 */
export function toPhysicalLayouts(
  root: LayoutNode,
  mode: VerticalWritingMode,
  dx = 0,
  dy = 0
) {
  const blockSize = root.layout.height
  for (const child of root.children) {
    toPhysicalLayouts(child, mode)
    const l = child.layout
    child.layout = {
      left:
        dx + (mode === 'vertical-rl' ? blockSize - l.top - l.height : l.top),
      top: dy + l.left,
      width: l.height,
      height: l.width,
      padding: physicalEdges(l.padding, mode),
      border: physicalEdges(l.border, mode),
      margin: physicalEdges(l.margin, mode),
    }
  }
}

const frameRoots = new WeakSet<LayoutNode>()

/** Marks the root of a logical tree. */
export function markVerticalFrame(root: LayoutNode) {
  frameRoots.add(root)
}

/** Whether a node is in a logical tree, laid out with width and height swapped. */
export function isInVerticalFrame(node: LayoutNode) {
  for (let n: LayoutNode | null = node; n; n = n.parent) {
    if (frameRoots.has(n)) return true
  }
  return false
}

/**
 * Rounds the layouts of the descendants of `root`, mapped to the page, to
 * multiples of `1 / scale` px: each edge in page coordinates, so adjacent
 * boxes stay adjacent (as `roundLayouts()` of the layout engine does).
 */
export function roundPhysicalLayouts(root: LayoutNode, scale: number) {
  const round = (value: number) => Math.round(value * scale) / scale
  const visit = (node: LayoutNode, parentLeft: number, parentTop: number) => {
    const roundedParentLeft = round(parentLeft)
    const roundedParentTop = round(parentTop)
    for (const child of node.children) {
      const l = child.layout
      const left = parentLeft + l.left
      const top = parentTop + l.top
      const roundedLeft = round(left)
      const roundedTop = round(top)
      child.layout = {
        ...l,
        left: roundedLeft - roundedParentLeft,
        top: roundedTop - roundedParentTop,
        width: round(left + l.width) - roundedLeft,
        height: round(top + l.height) - roundedTop,
      }
      visit(child, left, top)
    }
  }
  visit(root, 0, 0)
}

/** The properties of a vertical element that lay out its children. */
const CONTAINER_PROPERTIES: (keyof LayoutStyle)[] = [
  'display',
  'flexDirection',
  'flexWrap',
  'alignItems',
  'alignContent',
  'justifyItems',
  'justifyContent',
  'rowGap',
  'columnGap',
  'gridTemplateColumns',
  'gridTemplateRows',
  'gridAutoColumns',
  'gridAutoRows',
  'gridAutoFlow',
  'gridTemplateAreas',
  'direction',
]

/**
 * The root of the logical tree of a vertical element whose node is `node`:
 * it lays out the children as the element does.
 */
export function logicalRootStyle(style: LayoutStyle): LayoutStyle {
  const result: Record<string, unknown> = {}
  for (const key of CONTAINER_PROPERTIES) {
    if (style[key] !== undefined) result[key] = style[key]
  }
  if (result.display !== 'flex' && result.display !== 'grid') {
    result.display = 'flow-root'
  }
  return result as LayoutStyle
}

/**
 * The type of the anonymous block that holds a run of inline content of a
 * vertical block (text, inline elements, `<br>`) between its block-level
 * children, laid out in columns.
 */
export const VERTICAL_RUN = '::pictor-vertical-run'

/**
 * The children of a vertical block with each run of inline content between
 * its block-level children in an anonymous block (`VERTICAL_RUN`); runs of
 * white space only, and elements that aren't displayed, are left out. `hasBlocks` is whether a child is
 * block-level.
 */
export async function groupVerticalRuns(
  children: ReactNode[],
  inheritedStyle: SerializedStyle,
  context: LayoutContext
): Promise<{ children: ReactNode[]; hasBlocks: boolean }> {
  const result: ReactNode[] = []
  let run: ReactNode[] = []
  let hasBlocks = false
  const flush = () => {
    const hasContent = run.some((child) =>
      isReactElement(child)
        ? true
        : child !== null &&
          child !== undefined &&
          typeof child !== 'boolean' &&
          !/^[ \t\n\r\f]*$/.test(String(child))
    )
    if (hasContent) {
      result.push({
        type: VERTICAL_RUN,
        key: null,
        props: { children: run },
      } as unknown as ReactNode)
    }
    run = []
  }
  for (const child of children) {
    const level = await outerLevel(child, inheritedStyle, context)
    if (level === 'block') {
      hasBlocks = true
      flush()
      result.push(child)
    } else if (level === 'inline') {
      run.push(child)
    }
    // Elements not displayed (`<head>`, `<style>`) make no column.
  }
  flush()
  return { children: result, hasBlocks }
}
