/** Reading the converted tree (html/parse.ts's satori elements) in tests. */
import type { SatoriChild, SatoriElement } from '../../src/html/types.js';

/** An element's children as a list (satori allows one child or none in place of a list). */
export function kids(el: SatoriElement): SatoriChild[] {
  const c = el.props.children;
  return Array.isArray(c) ? c : c === undefined ? [] : [c];
}

/** Every element of `type` under `el` (itself included), in document order. */
export function all(el: SatoriChild, type: string, out: SatoriElement[] = []): SatoriElement[] {
  if (!el || typeof el !== 'object') return out;
  if (el.type === type) out.push(el);
  for (const c of kids(el)) all(c, type, out);
  return out;
}
