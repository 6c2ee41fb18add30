/**
 * Pictor (float-bands-complete): the layout engine (`layout.wasm`, whose Rust source is not at hand) hands a paragraph
 * the bands of the floats beside it, but drops the part of a float that reaches below an earlier float placed
 * beside it: after a 20 px tall float, a 40 px tall one on either side gets a band down to 20 px only, and the lines
 * from there on run under it (a short left float then a taller right one; a `one` / `two<br>lines` pair of left
 * floats). Chromium wraps those lines around the whole float.
 *
 * So after a layout, each paragraph (a measured node) is checked against the margin boxes of the floats of its block
 * formatting context that come before it: where one reaches into the paragraph further than the bands it was given,
 * the paragraph is given the floats' margin boxes as bands of their own (`extraExclusions`, added to the engine's by
 * the `measure` import) and the tree is laid out again. The bands a line takes are the widest beside it, so a float's
 * own band adds nothing where the engine's already reached as far.
 */
import type { EncodedTree } from './encode.js'
import type { FloatExclusion, LayoutNode } from './node.js'
import { layOutAgain } from './pictor-float-lines.js'
import { isContextRoot } from './pictor-margin-carriers.js'
import { countLayout } from '../pictor-layout-stats.js'

/** The most layouts again: the added bands move the paragraphs, and the floats after them. */
const MOST_PASSES = 2

/** How far a band may fall short of a float's edge and still be its. */
const SAME = 0.5

const isFloat = (node: LayoutNode) => !!node.style.float && node.style.float !== 'none'

/**
 * Pictor (float-bands-index): whether each paragraph reads only the floats of its own formatting context (listed once
 * per layout) rather than every node before it: the same bands, without a pass over the tree per paragraph (quadratic
 * in a long document). Process-wide, set by each render (`floatBandsIndex`).
 */
let floatsIndexed = true

/** Pictor (float-bands-index): switches the index of floats by formatting context on or off. */
export function setFloatBandsIndex(on: boolean): void {
  floatsIndexed = on
}

interface Box {
  top: number
  bottom: number
  left: number
  right: number
}

/** Each node's border box in the coordinates of the root, and the formatting context it is laid out in. */
function placeNodes(encoded: EncodedTree) {
  const { nodes, childIndices } = encoded
  const x = new Float64Array(nodes.length)
  const y = new Float64Array(nodes.length)
  const context = new Int32Array(nodes.length)
  const visit = (index: number, parentDisplay: string | undefined, own: number) => {
    const node = nodes[index]
    const inner = isContextRoot(node, index === 0, parentDisplay) ? index : own
    for (const child of childIndices[index]) {
      x[child] = x[index] + nodes[child].layout.left
      y[child] = y[index] + nodes[child].layout.top
      context[child] = inner
      visit(child, node.style.display, inner)
    }
  }
  x[0] = nodes[0].layout.left
  y[0] = nodes[0].layout.top
  visit(0, undefined, 0)
  // Pictor (float-bands-index): the floats of each formatting context, in tree order.
  let floats: Map<number, number[]> | undefined
  if (floatsIndexed) {
    floats = new Map()
    for (let i = 1; i < nodes.length; i++) {
      if (!isFloat(nodes[i])) continue
      const list = floats.get(context[i])
      if (list) list.push(i)
      else floats.set(context[i], [i])
    }
  }
  return { x, y, context, floats }
}

/** The bands of the floats before `index` in its formatting context, in its content box's coordinates. */
function floatBands(
  encoded: EncodedTree,
  placed: ReturnType<typeof placeNodes>,
  index: number
): FloatExclusion[] {
  const { nodes } = encoded
  const { x, y, context } = placed
  const node = nodes[index]
  const { layout } = node
  const left = x[index] + layout.border.left + layout.padding.left
  const top = y[index] + layout.border.top + layout.padding.top
  const width = node.contentWidth
  const height = layout.height - layout.border.top - layout.border.bottom - layout.padding.top - layout.padding.bottom
  const bands: FloatExclusion[] = []
  // Pictor (float-bands-index): the floats of its context before it, in the order of the pass over all nodes.
  const candidates = placed.floats ? placed.floats.get(context[index]) ?? [] : undefined
  const end = candidates ? candidates.length : index
  for (let k = candidates ? 0 : 1; k < end; k++) {
    const i = candidates ? candidates[k] : k
    if (i >= index) break
    countLayout('floatBandCandidates')
    const float = nodes[i]
    if (!isFloat(float) || context[i] !== context[index]) continue
    const { margin } = float.layout
    const box: Box = {
      top: y[i] - margin.top - top,
      bottom: y[i] + float.layout.height + margin.bottom - top,
      left: x[i] - margin.left - left,
      right: x[i] + float.layout.width + margin.right - left,
    }
    if (box.bottom <= 0 || box.top >= height || box.bottom <= box.top) continue
    if (float.style.float === 'right') {
      const reach = width - box.left
      if (reach > 0 && box.left < width) bands.push({ top: box.top, bottom: box.bottom, left: 0, right: reach })
    } else if (box.right > 0 && box.left < width) {
      bands.push({ top: box.top, bottom: box.bottom, left: box.right, right: 0 })
    }
  }
  return bands
}

/** Whether the engine's bands reach as far as `band` all down its height within the paragraph's `height`. */
function covered(band: FloatExclusion, given: FloatExclusion[], height: number) {
  const side = band.right > 0 ? 'right' : 'left'
  const end = Math.min(band.bottom, height)
  let at = Math.max(0, band.top)
  for (let moved = true; moved && at < end - SAME; ) {
    moved = false
    for (const other of given) {
      if (other.top <= at + SAME && other.bottom > at + SAME && other[side] >= band[side] - SAME) {
        at = other.bottom
        moved = true
      }
    }
  }
  return at >= end - SAME
}

/**
 * Lays the tree out again while a paragraph was not given the whole band of a float beside it; returns the last
 * layout and a function that takes the added bands away.
 */
export function relayOutMissingFloatBands(
  encoded: EncodedTree,
  layOut: () => EncodedTree
): { encoded: EncodedTree; restore: () => void } {
  const given = new Set<LayoutNode>()
  const restore = () => {
    for (const node of given) node.extraExclusions = undefined
  }
  for (let pass = 0; pass < MOST_PASSES; pass++) {
    const { nodes } = encoded
    if (!nodes.some(isFloat)) break
    let placed: ReturnType<typeof placeNodes> | undefined
    let changed = false
    nodes.forEach((node, index) => {
      const measured = node.measuredExclusions
      if (!node.measure || !measured || index === 0) return
      placed ??= placeNodes(encoded)
      const bands = floatBands(encoded, placed, index)
      if (bands.length === 0) return
      const height = node.layout.height
      if (bands.every((band) => covered(band, measured, height))) return
      if (sameBands(node.extraExclusions, bands)) return
      node.extraExclusions = bands
      given.add(node)
      changed = true
    })
    if (!changed) break
    encoded = layOutAgain(layOut, restore)
  }
  return { encoded, restore }
}

function sameBands(a: FloatExclusion[] | undefined, b: FloatExclusion[]) {
  return (
    !!a &&
    a.length === b.length &&
    a.every(
      (band, i) =>
        Math.abs(band.top - b[i].top) < 1 / 64 &&
        Math.abs(band.bottom - b[i].bottom) < 1 / 64 &&
        Math.abs(band.left - b[i].left) < 1 / 64 &&
        Math.abs(band.right - b[i].right) < 1 / 64
    )
  )
}
