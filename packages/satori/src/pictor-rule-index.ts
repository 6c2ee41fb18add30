/**
 * Pictor (style-sheet-speed): style rules indexed by the rightmost compound of their selectors, as browsers index
 * them. A selector can only match an element that has the id, the class or the tag its rightmost compound names,
 * so each element is matched against the rules of its own buckets (its id, each class, its tag) and the universal
 * ones, in their order in the sheets, instead of against every rule of a 5,000-rule framework sheet.
 */

/** The parts of a compiled selector this needs (see `Selector` in handler/stylesheet.ts). */
interface IndexedSelector {
  parts: unknown[]
  pseudo?: string
}

/** An element as the matcher sees it (see `Node` in handler/stylesheet.ts). */
interface IndexedNode {
  type: string
  props: Record<string, any>
  classes: string[]
}

interface Buckets<R> {
  ids: Map<string, number[]>
  classes: Map<string, number[]>
  tags: Map<string, number[]>
  universal: number[]
}

/**
 * The bucket of a selector: the id of its rightmost compound, else its first class, else its tag; undefined for
 * the universal bucket.
 */
function bucketOf(selector: IndexedSelector): [kind: '#' | '.' | 't', name: string] | undefined {
  const last = selector.parts[selector.parts.length - 1]
  if (!Array.isArray(last)) return undefined
  let className: string | undefined
  let tag: string | undefined
  for (const simple of last as [string, unknown][]) {
    if (simple[0] === '#') return ['#', String(simple[1])]
    if (simple[0] === '.' && className === undefined) className = String(simple[1])
    else if (simple[0] === 't' && tag === undefined) tag = String(simple[1])
  }
  if (className !== undefined) return ['.', className]
  if (tag !== undefined) return ['t', tag]
  return undefined
}

function push(map: Map<string, number[]>, name: string, index: number) {
  const list = map.get(name)
  if (!list) map.set(name, [index])
  else if (list[list.length - 1] !== index) list.push(index)
}

/** Rules by the buckets of their selectors, one index per pseudo-element (`''` for the element itself). */
export class RuleIndex<R extends { selectors: IndexedSelector[] }> {
  private readonly byPseudo = new Map<string, Buckets<R>>()

  constructor(private readonly rules: R[]) {
    rules.forEach((rule, index) => {
      for (const selector of rule.selectors) {
        const pseudo = selector.pseudo ?? ''
        let buckets = this.byPseudo.get(pseudo)
        if (!buckets) {
          buckets = { ids: new Map(), classes: new Map(), tags: new Map(), universal: [] }
          this.byPseudo.set(pseudo, buckets)
        }
        const key = bucketOf(selector)
        if (!key) {
          if (buckets.universal[buckets.universal.length - 1] !== index) buckets.universal.push(index)
        } else {
          const map = key[0] === '#' ? buckets.ids : key[0] === '.' ? buckets.classes : buckets.tags
          push(map, key[1], index)
        }
      }
    })
  }

  /**
   * The rules with a selector for `pseudo` whose rightmost compound `node` can match, each once, in the order of the
   * sheets (the order the matcher's results are in without the index).
   */
  candidates(node: IndexedNode, pseudo: string | undefined): R[] {
    const buckets = this.byPseudo.get(pseudo ?? '')
    if (!buckets) return []
    const lists: number[][] = []
    const add = (list: number[] | undefined) => {
      if (list && list.length) lists.push(list)
    }
    if (node.props.id != null) add(buckets.ids.get(String(node.props.id)))
    for (const name of node.classes) add(buckets.classes.get(name))
    add(buckets.tags.get(node.type))
    add(buckets.universal)
    if (!lists.length) return []
    if (lists.length === 1) return lists[0].map((index) => this.rules[index])
    const indexes = lists.flat().sort((a, b) => a - b)
    const out: R[] = []
    let previous = -1
    for (const index of indexes) {
      if (index !== previous) out.push(this.rules[index])
      previous = index
    }
    return out
  }
}
