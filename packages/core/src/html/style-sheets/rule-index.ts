/**
 * Style rules indexed by the rightmost compound of their selector, as browsers index them: a rule can only match an
 * element that has the id, a class or the tag its rightmost compound names, so an element is matched against the
 * rules of its own buckets (its id, each of its classes, its tag) and the universal ones, not against every rule of
 * a 5,000-rule framework sheet.
 */
import type { CssNode } from 'css-tree';
import { unescapeCssIdentifier } from './css-escape.js';
import { type Element, classList, getAttr } from '../dom.js';

/** The bucket a selector goes in: the most selective simple selector of its rightmost compound. */
type BucketKey = { kind: 'id' | 'class' | 'tag'; name: string } | { kind: 'universal' };

/** The bucket of a css-tree `Selector`: its rightmost compound's id, else a class, else a tag, else universal. */
export function bucketOf(selector: CssNode): BucketKey {
  if (selector.type !== 'Selector') return { kind: 'universal' };
  let id: string | undefined;
  let className: string | undefined;
  let tag: string | undefined;
  selector.children.forEach((node) => {
    if (node.type === 'Combinator') {
      id = className = tag = undefined;
    } else if (node.type === 'IdSelector') id ??= unescapeCssIdentifier(node.name);
    else if (node.type === 'ClassSelector') className ??= unescapeCssIdentifier(node.name);
    else if (node.type === 'TypeSelector' && node.name !== '*') tag ??= node.name.toLowerCase();
  });
  if (id !== undefined) return { kind: 'id', name: id };
  if (className !== undefined) return { kind: 'class', name: className };
  if (tag !== undefined) return { kind: 'tag', name: tag };
  return { kind: 'universal' };
}

interface Entry<R> {
  rule: R;
  /** Position among every rule added: candidates come back in this order. */
  seq: number;
}

/** Rules by the bucket of their selector; `candidates(el)` are those that can match `el`, in the order added. */
export class RuleIndex<R> {
  private readonly ids = new Map<string, Entry<R>[]>();
  private readonly classes = new Map<string, Entry<R>[]>();
  private readonly tags = new Map<string, Entry<R>[]>();
  private readonly universal: Entry<R>[] = [];
  private count = 0;

  /** How many rules were added. */
  get size(): number {
    return this.count;
  }

  /** Add a rule whose (one) selector is `selector`. */
  add(rule: R, selector: CssNode): void {
    const entry = { rule, seq: this.count++ };
    const key = bucketOf(selector);
    if (key.kind === 'universal') {
      this.universal.push(entry);
      return;
    }
    const map = key.kind === 'id' ? this.ids : key.kind === 'class' ? this.classes : this.tags;
    const list = map.get(key.name);
    if (list) list.push(entry);
    else map.set(key.name, [entry]);
  }

  /**
   * The rules whose rightmost compound `el` can match, in the order they were added (which the cascade's tie
   * between equal specificities depends on). The tag is looked up as the element names it, as the matcher compares.
   */
  candidates(el: Element): R[] {
    const lists: Entry<R>[][] = [];
    const id = getAttr(el, 'id');
    if (id !== undefined) push(lists, this.ids.get(id));
    const names = classList(el);
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      // A class named twice in the attribute is one bucket.
      if (names.indexOf(name) === i) push(lists, this.classes.get(name));
    }
    push(lists, this.tags.get(el.tagName));
    push(lists, this.universal);
    if (lists.length === 0) return [];
    if (lists.length === 1) return lists[0]!.map((entry) => entry.rule);
    return mergeBySeq(lists);
  }
}

/**
 * The rules of `lists` in the order they were added: each list is in that order already (and no entry is in two),
 * so they are merged, not sorted (a page's universal bucket can hold thousands of rules, and every distinct tag,
 * class attribute and id asks for its list).
 */
function mergeBySeq<R>(lists: Entry<R>[][]): R[] {
  const out: R[] = [];
  const at = new Array<number>(lists.length).fill(0);
  for (;;) {
    let best = -1;
    let bestSeq = Number.POSITIVE_INFINITY;
    for (let i = 0; i < lists.length; i++) {
      const entry = lists[i]![at[i]!];
      if (entry !== undefined && entry.seq < bestSeq) {
        best = i;
        bestSeq = entry.seq;
      }
    }
    if (best < 0) return out;
    out.push(lists[best]![at[best]!]!.rule);
    at[best]!++;
  }
}

function push<R>(lists: Entry<R>[][], list: Entry<R>[] | undefined): void {
  if (list && list.length > 0) lists.push(list);
}
