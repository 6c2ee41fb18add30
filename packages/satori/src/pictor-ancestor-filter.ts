/**
 * Pictor (ancestor-filter, speed only): a style rule's selector is matched from its rightmost compound to the left,
 * and a compound followed by a descendant or child combinator (`.sidebar .nav-link`, `.card > .card-header`) must
 * match an ancestor of the element. Its tag, id and classes must then be among the ancestors' own: browsers keep
 * the ancestors' keys in a filter while they walk the tree and reject most such selectors without walking up (Blink's
 * `SelectorFilter`). Here the keys are counted exactly (not a Bloom filter), so a selector is only skipped when it
 * cannot match: what matches is unchanged. Compounds after a sibling combinator (`A + B C`: A is B's sibling) and
 * what is inside `:is()`, `:not()` and the like require nothing.
 */

/** A compiled selector as handler/stylesheet.ts has it: compounds of simple selectors, combinators between. */
interface FilteredSelector {
  parts: unknown[]
  /** Its `requiredKeys`, found on first use and kept on the selector (a sheet's selectors are kept per thread). */
  required?: string[]
}

/** An element as handler/stylesheet.ts has it. */
interface FilteredNode {
  type: string
  props: Record<string, any>
  classes: string[]
}

/** The counts of selectors skipped by the filter and of those it let through to the matcher (this process). */
const stats = { skipped: 0, passed: 0 }

/** A copy of the counts of selectors the ancestor filter skipped and let through. */
export function pictorAncestorFilterStats(): { skipped: number; passed: number } {
  return { ...stats }
}

/**
 * The keys (`t:tag`, `#id`, `.class`) some ancestor of a matching element must have, for `selector`. Kept on the
 * selector as `own` is (handler/stylesheet.ts `mayMatchOwn`): asked for every candidate rule of every element, a
 * WeakMap's lookup was most of the filter's time.
 */
function requiredKeys(selector: FilteredSelector): string[] {
  let keys = selector.required
  if (keys) return keys
  keys = []
  const { parts } = selector
  for (let i = 0; i + 1 < parts.length - 1; i += 2) {
    const combinator = parts[i + 1]
    if (combinator !== ' ' && combinator !== '>') continue
    const compound = parts[i]
    if (!Array.isArray(compound)) continue
    for (const simple of compound) {
      if (!Array.isArray(simple)) continue
      if (simple[0] === 't' || simple[0] === '#' || simple[0] === '.') keys.push(keyOf(simple[0], simple[1]))
    }
  }
  selector.required = keys
  return keys
}

function keyOf(kind: string, name: unknown): string {
  return kind === 't' ? `t:${String(name)}` : `${kind}${String(name)}`
}

/** The keys an element offers to its descendants' selectors. */
function ownKeys(node: FilteredNode): string[] {
  const keys = [keyOf('t', node.type)]
  if (node.props.id != null) keys.push(keyOf('#', node.props.id))
  for (const name of node.classes) keys.push(keyOf('.', name))
  return keys
}

/** The keys of the ancestors of the element being matched, kept while the tree is walked depth first. */
export class AncestorFilter {
  private readonly counts = new Map<string, number>()

  /** `node`'s children are matched next: its keys join the ancestors'. */
  enter(node: FilteredNode): void {
    for (const key of ownKeys(node)) this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
  }

  /** `node`'s subtree is done: its keys leave. */
  leave(node: FilteredNode): void {
    for (const key of ownKeys(node)) {
      const count = (this.counts.get(key) ?? 0) - 1
      if (count > 0) this.counts.set(key, count)
      else this.counts.delete(key)
    }
  }

  /** Whether `selector` can match the element whose ancestors were entered (false: it cannot). */
  mayMatch(selector: FilteredSelector): boolean {
    for (const key of requiredKeys(selector)) {
      if (!this.counts.has(key)) {
        stats.skipped++
        return false
      }
    }
    stats.passed++
    return true
  }
}
