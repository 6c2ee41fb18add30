/**
 * Pictor (paragraph-measure-memo): a paragraph's measurements kept by width.
 *
 * The layout engine measures a paragraph many times, mostly with the same few
 * widths: Taffy's grid and flex algorithms ask for min- and max-content sizes
 * before the final one, and a table's cells are laid out alone first (their
 * max-content widths, `pictor-table-columns.ts`; their min-content widths for
 * a narrow table, `pictor-table-fit.ts`), then with the whole tree, once per
 * level of nested tables. Each measurement broke the paragraph into lines
 * again. Satori's plain text already keeps its sizes by width (`text/index.ts`);
 * this does the same for the paragraphs of inline formatting contexts.
 *
 * A paragraph's size depends only on the width it is measured at, on whether
 * that is its min-content measure, and on whether the width is known — for one
 * beside no floats. Its atomic inlines and floats are boxes laid out on their
 * own, whose size may change when a style of a box inside them does between
 * two layouts of a tree (a table's tracks set by its column fit, the size of a
 * fixed element's placeholder): `layoutChanged()` says so, and a paragraph
 * holding boxes forgets what it measured before.
 *
 * Pictor (measure-memo-width-known): whether the width is known (a block's)
 * or only available (a shrink-to-fit box's) changes only what the
 * paragraph's own floats add to its max-content width (floats-in-max-content):
 * a paragraph without floats keeps one size per width for both, which a flex
 * item's paragraph is measured at once as each.
 */

/** A paragraph's measured size, as its `measure` returns it. */
export interface MeasuredSize {
  width: number
  height: number
  firstBaseline?: number
  lastBaseline?: number
  /** Pictor (table-column-layout-units): the width before it was rounded. */
  exactWidth?: number
}

/** Bumped by `layoutChanged()`. */
let generation = 0

/**
 * Says that a style a laid-out box depends on changed between two layouts of
 * a tree: what paragraphs holding atomic inlines or floats measured before is
 * forgotten.
 */
export function layoutChanged() {
  generation++
}

/** The sizes of one paragraph, by kind of measure and width. */
export class MeasureMemo {
  /** By kind (min-content: 1, width known: 2), then by width. */
  private readonly sizes: (Map<number, MeasuredSize> | undefined)[] = []
  private generation = generation

  /** `holdsBoxes`: whether the paragraph has atomic inlines or floats. */
  constructor(private readonly holdsBoxes: boolean) {}

  private kind(minContent: boolean, widthKnown: boolean) {
    if (this.holdsBoxes && this.generation !== generation) {
      this.sizes.length = 0
      this.generation = generation
    }
    return (minContent ? 1 : 0) + (widthKnown ? 2 : 0)
  }

  get(width: number, minContent: boolean, widthKnown: boolean) {
    return this.sizes[this.kind(minContent, widthKnown)]?.get(width)
  }

  set(
    width: number,
    minContent: boolean,
    widthKnown: boolean,
    size: MeasuredSize
  ) {
    const kind = this.kind(minContent, widthKnown)
    let sizes = this.sizes[kind]
    if (!sizes) this.sizes[kind] = sizes = new Map()
    sizes.set(width, size)
  }
}
