/**
 * Lays out the layout tree with Taffy, compiled to WebAssembly from
 * `crates/layout`. https://github.com/DioxusLabs/taffy
 */

import { relayOutMissingFloatBands } from './pictor-float-bands.js'
import { relayOutFloatsAtTheirLines } from './pictor-float-lines.js'
import { relayOutOverlappingFloats } from './pictor-float-overlaps.js'
import { relayOutOneSidedClears } from './pictor-float-clear-side.js'
import { relayOutPercentPaddings } from './pictor-percent-padding.js'
import { relayOutAbsoluteInsets } from './pictor-abspos-fit.js'
import { encodeTree } from './encode.js'
import { restoreCarriedMargins } from './pictor-clearance.js'
import { restoreHoistedMargins } from './pictor-margin-carriers.js'
import { relayOutPastFloatEdges } from './pictor-float-edges.js'
import {
  emptyLayout,
  type CalcLength,
  type Edges,
  type FloatExclusion,
  type LayoutNode,
} from './node.js'
import { relayOutBesideFloatMargins } from './pictor-bfc-negative-margins.js'

export * from './node.js'

/** The number of `f32`s returned for each node, see `crates/layout`. */
const OUTPUT_STRIDE = 16

interface LayoutExports {
  memory: WebAssembly.Memory
  alloc(len: number): number
  dealloc(ptr: number, len: number): void
  compute(
    ptr: number,
    len: number,
    availableWidth: number,
    availableHeight: number,
    useRounding: number
  ): number
  alloc_bytes(len: number): number
  dealloc_bytes(ptr: number, len: number): void
  parse_css(ptr: number, len: number): number
  css_output(): number
  decode_woff2(ptr: number, len: number): number
  font_output(): number
  release_font_output(): void
}

export interface ComputeLayoutOptions {
  /**
   * The available size, `undefined` to size to the content, or
   * `min-content` to its min-content width.
   */
  width?: number | 'min-content'
  height?: number
  /**
   * Layouts are rounded to multiples of `1 / pointScaleFactor` px, or not
   * rounded with 0. Defaults to 1.
   */
  pointScaleFactor?: number
}

export interface LayoutEngine {
  imports: WebAssembly.Imports
  setInstance(instance: WebAssembly.Instance): void
  /** Lays out the tree, setting the `layout` of every node. */
  computeLayout(root: LayoutNode, options?: ComputeLayoutOptions): void
  /**
   * Parses a stylesheet into JSON, see `crates/layout/src/css.rs` for the
   * format.
   */
  parseCSS(css: string): string
  /**
   * Decodes a WOFF2 font into a TrueType or OpenType font, or returns
   * `undefined` if it can't be decoded.
   */
  decodeWoff2(data: Uint8Array): ArrayBuffer | undefined
}

/**
 * Round boxes to multiples of `1 / scale` px. Edges are rounded in absolute
 * coordinates, so adjacent boxes stay adjacent. The size of measured leaves,
 * e.g. text, is rounded up, so that the text still fits.
 */
function roundLayouts(
  nodes: LayoutNode[],
  childIndices: number[][],
  scale: number
) {
  // Absorb floating point errors before rounding up.
  const round = (value: number) => Math.round(value * scale) / scale
  const ceil = (value: number) => Math.ceil(value * scale - 1e-3) / scale

  const visit = (
    index: number,
    parentLeft: number,
    parentTop: number,
    roundedParentLeft: number,
    roundedParentTop: number
  ) => {
    const node = nodes[index]
    const layout = node.layout
    const left = parentLeft + layout.left
    const top = parentTop + layout.top
    const roundedLeft = round(left)
    const roundedTop = round(top)
    // Pictor (img-percent-width-intrinsic): a measured picture is rounded as
    // a box; only text must still fit.
    // Pictor (vertical-column-edges): so is vertical text.
    const roundsUp =
      !!node.measure && !node.measuredPicture && !node.roundedAsBox
    const right = roundsUp
      ? roundedLeft + ceil(layout.width)
      : round(left + layout.width)
    const bottom = roundsUp
      ? roundedTop + ceil(layout.height)
      : round(top + layout.height)

    layout.left = roundedLeft - roundedParentLeft
    layout.top = roundedTop - roundedParentTop
    // Pictor (atomic-inline-fractions): where its atomic inlines start from.
    if (node.measure) {
      node.roundedBy = { left: left - roundedLeft, top: top - roundedTop }
      // Pictor (align-in-exact-box): where its lines are aligned in.
      node.exactWidth = layout.width
    }
    layout.width = right - roundedLeft
    layout.height = bottom - roundedTop

    for (const child of childIndices[index]) {
      visit(child, left, top, roundedLeft, roundedTop)
    }
  }
  visit(0, 0, 0, 0, 0)
}

/**
 * Pictor (atomic-inline-fractions): rounds the layouts of a tree that was laid
 * out unrounded (an atomic inline, laid out on its own so that its line gets
 * its exact size) once its root is placed: edges in absolute coordinates, as
 * `computeLayout` rounds a tree, the root's `left` and `top` being relative to
 * an origin on the rounding grid (its paragraph's container).
 */
/**
 * Pictor (align-in-exact-box): how to move a line's right- or centre-aligned
 * offset in a measured node's rounded box so that it is the offset in its
 * laid-out box (Chromium aligns text in its exact box and rounds the glyphs'
 * positions): `delta` is added to the free space, `offset` to the result.
 * A box at 80.67 px 638.66 px wide is drawn at 81, 639 wide (text rounds up):
 * centred text there started half a pixel right, a pixel once rounded.
 */
export function exactAlignment(node: LayoutNode): {
  delta: number
  offset: number
} {
  const { exactWidth, roundedBy } = node
  if (exactWidth === undefined || !roundedBy) return { delta: 0, offset: 0 }
  // In layout units (1/64 px), as Chromium's geometry is: the engine's
  // single-precision noise (509.99997 for 510) turned a centred line's half
  // pixel (148.5, drawn at 149) into 148.49998, drawn at 148.
  const unit = (value: number) => Math.round(value * 64) / 64
  return {
    delta: unit(exactWidth) - node.layout.width,
    offset: unit(roundedBy.left),
  }
}

export function roundPlacedTree(root: LayoutNode, pointScaleFactor = 1) {
  if (!pointScaleFactor) return
  const nodes: LayoutNode[] = []
  const childIndices: number[][] = []
  const visit = (node: LayoutNode): number => {
    const index = nodes.length
    nodes.push(node)
    childIndices.push([])
    const add = (parent: LayoutNode) => {
      for (const child of parent.children) {
        // `display: contents` boxes are not laid out, their children are.
        if (child.style.display === 'contents') add(child)
        else childIndices[index].push(visit(child))
      }
    }
    add(node)
    return index
  }
  visit(root)
  roundLayouts(nodes, childIndices, pointScaleFactor)
}

export function createLayoutEngine(): LayoutEngine {
  let exports: LayoutExports | undefined
  // The tree being laid out, for `measure`.
  let nodes: LayoutNode[] = []
  let calcs: CalcLength['calc'][] = []
  let scale = 1

  const imports = {
    env: {
      resolve_calc(index: number, basis: number) {
        return calcs[index](basis / scale) * scale
      },
      measure(
        index: number,
        knownWidth: number,
        knownHeight: number,
        availableWidth: number,
        availableHeight: number,
        exclusionsPointer: number,
        exclusionCount: number,
        out: number
      ) {
        const values = new Float32Array(
          exports.memory.buffer,
          exclusionsPointer,
          exclusionCount * 4
        )
        const exclusions: FloatExclusion[] = []
        for (let i = 0; i < values.length; i += 4) {
          exclusions.push({
            top: values[i] / scale,
            bottom: values[i + 1] / scale,
            left: values[i + 2] / scale,
            right: values[i + 3] / scale,
          })
        }
        const width = Number.isNaN(knownWidth)
          ? availableWidth < 0
            ? 0
            : availableWidth
          : knownWidth
        const height = Number.isNaN(knownHeight)
          ? availableHeight < 0
            ? NaN
            : availableHeight
          : knownHeight
        // Pictor (float-bands-complete): the engine's bands, kept to check,
        // and whole bands of the floats it cut short.
        const node = nodes[index]
        node.measuredExclusions = exclusions
        const result = node.measure(
          width / scale,
          height / scale,
          node.extraExclusions
            ? [...exclusions, ...node.extraExclusions]
            : exclusions,
          Number.isNaN(knownWidth) && availableWidth < 0,
          // Pictor (img-percent-width-intrinsic): whether `width` is the
          // node's own width rather than the space available to it.
          !Number.isNaN(knownWidth)
        )
        // Measuring may have grown the memory, so create the view now.
        new Float32Array(exports.memory.buffer, out, 4).set([
          result.width * scale,
          result.height * scale,
          (result.firstBaseline ?? NaN) * scale,
          (result.lastBaseline ?? NaN) * scale,
        ])
      },
    },
  }

  /**
   * Lays out the tree once, setting each node's unrounded `layout` (in px),
   * and returns the encoded tree.
   */
  const layOut = (
    root: LayoutNode,
    width: ComputeLayoutOptions['width'],
    height: number | undefined,
    layoutScale: number
  ) => {
    // Measuring a node may lay out another tree, e.g. an atomic inline, so
    // restore the tree being laid out afterwards.
    const outerNodes = nodes
    const outerCalcs = calcs
    const outerScale = scale
    scale = layoutScale
    const encoded = encodeTree(root, layoutScale)
    nodes = encoded.nodes
    calcs = encoded.calcs

    const engine = exports as LayoutExports
    const { data } = encoded
    const ptr = engine.alloc(data.length)
    let output: number
    try {
      new Float32Array(engine.memory.buffer, ptr, data.length).set(data)
      // Layouts are rounded below, so that measured leaves can be rounded
      // up instead.
      output = engine.compute(
        ptr,
        data.length,
        width === undefined
          ? Infinity
          : width === 'min-content'
          ? -1
          : width * layoutScale,
        height === undefined ? Infinity : height * layoutScale,
        0
      )
    } finally {
      engine.dealloc(ptr, data.length)
      nodes = outerNodes
      calcs = outerCalcs
      scale = outerScale
    }

    const result = new Float32Array(
      engine.memory.buffer,
      output,
      encoded.nodes.length * OUTPUT_STRIDE
    )
    const edges = (offset: number): Edges => ({
      left: result[offset] / layoutScale,
      right: result[offset + 1] / layoutScale,
      top: result[offset + 2] / layoutScale,
      bottom: result[offset + 3] / layoutScale,
    })
    encoded.nodes.forEach((node, index) => {
      const offset = index * OUTPUT_STRIDE
      node.layout = {
        left: result[offset] / layoutScale,
        top: result[offset + 1] / layoutScale,
        width: result[offset + 2] / layoutScale,
        height: result[offset + 3] / layoutScale,
        padding: edges(offset + 4),
        border: edges(offset + 8),
        margin: edges(offset + 12),
      }
    })
    return encoded
  }

  return {
    imports,
    setInstance(instance) {
      exports = instance.exports as unknown as LayoutExports
    },
    computeLayout(root, { width, height, pointScaleFactor = 1 } = {}) {
      if (!exports) throw new Error('The layout engine is not initialized.')

      const layoutScale = pointScaleFactor || 1
      let encoded = layOut(root, width, height, layoutScale)
      // Pictor (abspos-fit-within-insets): again, with absolutely positioned
      // boxes fitted into the room their inset leaves.
      const insets = relayOutAbsoluteInsets(encoded, () =>
        layOut(root, width, height, layoutScale)
      )
      encoded = insets.encoded
      // Pictor (percent-padding-flex-items): again, with the percentage
      // paddings of flex items counted in their base sizes.
      let paddings: ReturnType<typeof relayOutPercentPaddings>
      try {
        paddings = relayOutPercentPaddings(encoded, () =>
          layOut(root, width, height, layoutScale)
        )
      } catch (error) {
        insets.restore()
        throw error
      }
      encoded = paddings.encoded
      // Pictor (float-at-its-line): again, with floats in the middle of
      // paragraphs moved down to their lines.
      let atLines: ReturnType<typeof relayOutFloatsAtTheirLines>
      try {
        atLines = relayOutFloatsAtTheirLines(encoded, () =>
          layOut(root, width, height, layoutScale)
        )
      } catch (error) {
        paddings.restore()
        insets.restore()
        throw error
      }
      encoded = atLines.encoded
      let oneSided: ReturnType<typeof relayOutOneSidedClears> | undefined
      let overlaps: ReturnType<typeof relayOutOverlappingFloats> | undefined
      let bands: ReturnType<typeof relayOutMissingFloatBands> | undefined
      let besideFloats:
        | ReturnType<typeof relayOutBesideFloatMargins>
        | undefined
      try {
        // Pictor (float-clear-one-side): again, with floats the engine cleared
        // past the other side's floats laid out without their one-sided clear.
        oneSided = relayOutOneSidedClears(encoded, () =>
          layOut(root, width, height, layoutScale)
        )
        encoded = oneSided.encoded
        // Pictor (float-overlap-clear): again, with floats laid over earlier
        // floats of their formatting context cleared below them.
        overlaps = relayOutOverlappingFloats(encoded, () =>
          layOut(root, width, height, layoutScale)
        )
        encoded = overlaps.encoded
        // Pictor (float-bands-complete): again, with the whole bands of
        // floats the engine cut short beside paragraphs.
        bands = relayOutMissingFloatBands(encoded, () =>
          layOut(root, width, height, layoutScale)
        )
        encoded = bands.encoded
        // Pictor (bfc-negative-margins-beside-floats): again, without the
        // negative inline margins of boxes kept out of floats beside them.
        besideFloats = relayOutBesideFloatMargins(encoded, () =>
          layOut(root, width, height, layoutScale)
        )
        encoded = besideFloats.encoded
        // Pictor (float-context-edges): again, with formatting context roots
        // widened where containing blocks of their floats reach past them.
        encoded = relayOutPastFloatEdges(encoded, width, (widenedWidth) =>
          layOut(root, widenedWidth, height, layoutScale)
        )
      } finally {
        besideFloats?.restore()
        bands?.restore()
        overlaps?.restore()
        oneSided?.restore()
        atLines.restore()
        paddings.restore()
        insets.restore()
      }
      // Pictor (clearance-before-own-floats): top margins laid out on carriers.
      restoreCarriedMargins(encoded.carried)
      // Pictor (collapsed-margins-beside-floats): top margins laid out on
      // carriers before their chains.
      restoreHoistedMargins(encoded.hoisted)
      if (pointScaleFactor !== 0) {
        roundLayouts(encoded.nodes, encoded.childIndices, layoutScale)
      }
      // `display: contents` nodes have no box. Their children are positioned
      // relative to the parent, so they're at its origin.
      for (const node of encoded.contents) node.layout = emptyLayout()
    },
    parseCSS(css) {
      if (!exports) throw new Error('The layout engine is not initialized.')

      const input = new TextEncoder().encode(css)
      const ptr = exports.alloc_bytes(input.length)
      let length: number
      try {
        new Uint8Array(exports.memory.buffer, ptr, input.length).set(input)
        length = exports.parse_css(ptr, input.length)
      } finally {
        exports.dealloc_bytes(ptr, input.length)
      }
      return new TextDecoder().decode(
        new Uint8Array(exports.memory.buffer, exports.css_output(), length)
      )
    },
    decodeWoff2(data) {
      if (!exports) throw new Error('The layout engine is not initialized.')

      const ptr = exports.alloc_bytes(data.length)
      let length: number
      try {
        new Uint8Array(exports.memory.buffer, ptr, data.length).set(data)
        length = exports.decode_woff2(ptr, data.length)
      } finally {
        exports.dealloc_bytes(ptr, data.length)
      }
      if (!length) return
      // Copied out of the memory of the module, which is then freed.
      const font = new Uint8Array(length)
      font.set(
        new Uint8Array(exports.memory.buffer, exports.font_output(), length)
      )
      exports.release_font_output()
      return font.buffer
    },
  }
}
