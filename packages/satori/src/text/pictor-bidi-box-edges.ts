/**
 * Pictor (bidi-box-edges): where the edges (margin, border, padding) of an inline box go on a line when bidi
 * reorders its content. Chromium closes a box by its own direction: its start edge on the first of its pieces in
 * visual order for that direction (the leftmost for `ltr`, the rightmost for `rtl`), its end edge on the last. The
 * bidi algorithm alone places an edge beside the text it logically follows, so the end edge of
 * `abc <span>def אבג</span> גדה` came out between the two Hebrew words instead of after אבג, on the right.
 */

/** An edge of an inline box (its open or close segment), as the line layout knows it. */
export interface EdgeSegment {
  kind: 'open' | 'close'
  /** The box the edge belongs to (the same object for its open and close). */
  box: object
  /** Whether the box's direction is right to left. */
  rtl: boolean
}

/**
 * The visual `order` (indices into the line's segments, left to right) with each box's edges moved next to its
 * content: for each box with an edge on the line (innermost first), the open edge before its leftmost content
 * (`ltr`) or after its rightmost (`rtl`), the close edge the other way. `edgeOf(i)` is the edge segment `i` is, if
 * any; `content(i)` is false for segments that do not count (spaces hanging at the line end). A box without content
 * on the line keeps its edges where they are.
 */
export function placeBoxEdges(
  order: number[],
  count: number,
  edgeOf: (index: number) => EdgeSegment | undefined,
  content: (index: number) => boolean
): number[] {
  // Each box's open and close segment on the line, in logical order.
  const boxes = new Map<object, { open?: number; close?: number; rtl: boolean }>()
  for (let i = 0; i < count; i++) {
    const edge = edgeOf(i)
    if (!edge) continue
    const found = boxes.get(edge.box) ?? { rtl: edge.rtl }
    found[edge.kind] = i
    boxes.set(edge.box, found)
  }
  if (boxes.size === 0) return order
  // A box's logical extent on the line: from its open (or the line's start) to its close (or the line's end).
  const spans = [...boxes.values()].map((b) => ({
    ...b,
    from: b.open ?? -1,
    to: b.close ?? count,
  }))
  // Inner boxes first: their edges are content of the boxes around them.
  spans.sort((a, b) => a.to - a.from - (b.to - b.from))
  let visual = order.slice()
  for (const span of spans) {
    const inside = (i: number) => i > span.from && i < span.to && content(i)
    const edges = [span.open, span.close].filter((i): i is number => i !== undefined)
    const rest = visual.filter((i) => !edges.includes(i))
    const first = rest.findIndex(inside)
    if (first < 0) continue
    let last = first
    rest.forEach((i, position) => {
      if (inside(i)) last = position
    })
    const left = span.rtl ? span.close : span.open
    const right = span.rtl ? span.open : span.close
    visual = [
      ...rest.slice(0, first),
      ...(left === undefined ? [] : [left]),
      ...rest.slice(first, last + 1),
      ...(right === undefined ? [] : [right]),
      ...rest.slice(last + 1),
    ]
  }
  return visual
}
