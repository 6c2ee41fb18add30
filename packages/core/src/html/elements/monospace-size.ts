/**
 * Chrome's size for text in the bare generic `monospace`: its default fixed font size (13px) instead of the default
 * size (16px) while the font size is still derived from the `medium` keyword. `em` and `%` sizes of that keyword keep
 * it (Blink keeps the keyword with a multiplier), so `html { font-size: 100% }`, `p { font-size: 1.2em }` or
 * `code { font-size: 1em }` still give 13px × the multiplier; an absolute size (px, pt, rem…) or another keyword on
 * the way up ends it. Custom properties are resolved first: themes write `font-family: var(--mono)` with
 * `--mono: monospace`, and a `var()` of an undefined property is invalid at computed-value time (the size inherits).
 */
import { type Element, isElement, type Node } from '../dom.js';
import { nearestDeclared, substituteVars } from '../style-sheets/var-substitution.js';
import type { DeclaredOf } from './quirks.js';

/** Elements whose UA font is the generic `monospace`. */
export const MONOSPACE_TAGS = new Set(['pre', 'code', 'kbd', 'samp', 'tt', 'listing', 'xmp']);

const parentOf = (el: Element): Element | null => {
  const p = el.parentNode as Node | null;
  return p && isElement(p) ? p : null;
};

/** `value` with its `var()`s substituted (4 levels deep); undefined when one is invalid (no value, no fallback). */
function withVars(value: string, el: Element, declared: DeclaredOf): string | undefined {
  const missing: string[] = [];
  const v = substituteVars(value, (name) => nearestDeclared(el, name, declared), missing);
  return missing.length > 0 ? undefined : v.trim();
}

/**
 * What a font-size declaration does to keyword-derived sizing: a multiplier that keeps it (`em`, `%`, `inherit`,
 * an invalid `var()`), 'keyword' for `medium` (where the walk up stops), or 'absolute' (it ends).
 */
function sizeEffect(value: string | undefined): number | 'keyword' | 'absolute' {
  if (value === undefined) return 1;
  const v = value.toLowerCase();
  if (v === 'inherit' || v === 'unset') return 1;
  if (v === 'medium' || v === 'initial') return 'keyword';
  const relative = /^(\d*\.?\d+)(em|%)$/.exec(v);
  if (!relative) return 'absolute';
  return Number(relative[1]) / (relative[2] === '%' ? 100 : 1);
}

/** A declared family that takes the parent's (`inherit`, and `unset` of an inherited property). */
const INHERITED = Symbol('inherited');

/**
 * `el`'s declared `font-family`, lower-cased with its `var()`s substituted, or undefined. `inherit`, `unset` and a
 * `var()` invalid at computed-value time are INHERITED: mandoc's `pre { font-family: inherit }` inside a
 * `monospace` block is still the bare generic.
 */
function declaredFamily(el: Element, declared: DeclaredOf): string | typeof INHERITED | undefined {
  const raw = declared(el, 'font-family');
  if (raw === undefined) return undefined;
  const family = withVars(raw, el, declared)?.toLowerCase();
  return family === undefined || family === 'inherit' || family === 'unset' ? INHERITED : family;
}

/**
 * Whether `el`'s own font is the bare generic `monospace` (true), another font (false), or inherited (undefined):
 * its declared `font-family`, else `monospace` for the elements whose UA font it is.
 */
function ownFamilyIsBareMonospace(el: Element, declared: DeclaredOf): boolean | undefined {
  const family = declaredFamily(el, declared);
  if (family === INHERITED) return undefined;
  if (family !== undefined) return family === 'monospace';
  return MONOSPACE_TAGS.has(el.tagName) ? true : undefined;
}

/** Whether the font `el` inherits is the bare generic `monospace`. */
function inheritsBareMonospaceFrom(parent: Element | null, declared: DeclaredOf): boolean {
  for (let p = parent; p; p = parentOf(p)) {
    const own = ownFamilyIsBareMonospace(p, declared);
    if (own !== undefined) return own;
  }
  return false;
}

/**
 * The font size `el` needs (relative to its parent's, as `em`) where its font changes between the bare generic
 * `monospace` and another while its size is still derived from `medium`: Chrome then sizes it from its default fixed
 * font size (13px) instead of the default size (16px), or back (monospace-body: `body { font-family: monospace }` is
 * 13px, a `div` in it with `font-family: sans-serif` 16px again). Undefined where the font does not change or a
 * size on the way up is not derived from `medium`.
 */
export function monospaceFontSize(el: Element, declared: DeclaredOf): string | undefined {
  const inherited = inheritsBareMonospaceFrom(parentOf(el), declared);
  const own = ownFamilyIsBareMonospace(el, declared) ?? inherited;
  if (own === inherited) return undefined;
  let multiplier = 1;
  for (let p: Element | null = el; p; p = parentOf(p)) {
    if (declared(p, 'font') !== undefined) return undefined;
    const raw = declared(p, 'font-size');
    const effect = sizeEffect(raw === undefined ? undefined : withVars(raw, p, declared));
    if (effect === 'absolute') return undefined;
    // `medium` on the element itself is the fixed font's own medium size (or the default one's).
    if (effect === 'keyword') {
      if (p === el) return own ? '13px' : '16px';
      break;
    }
    if (p === el) multiplier = effect;
  }
  return own ? `${0.8125 * multiplier}em` : `${multiplier / 0.8125}em`;
}

/**
 * Pictor (monospace-keyword-table): Chrome's absolute-size keywords for the bare generic `monospace`, from its
 * font-size table's row for the 13px fixed font (the 16px row gives 9, 10, 13, 16, 18, 24, 32, 48).
 */
const FIXED_KEYWORD_SIZES: Record<string, number> = {
  'xx-small': 9,
  'x-small': 10,
  small: 12,
  medium: 13,
  large: 16,
  'x-large': 20,
  'xx-large': 26,
  'xxx-large': 39,
};

/** Whether `el`'s font is the bare generic `monospace`: its nearest declared family, else a monospace element's. */
function inheritsBareMonospace(el: Element, declared: DeclaredOf): boolean {
  for (let p: Element | null = el; p; p = parentOf(p)) {
    if (declared(p, 'font') !== undefined) return false;
    const family = declaredFamily(p, declared);
    if (family === INHERITED) continue;
    if (family !== undefined) return family === 'monospace';
    if (MONOSPACE_TAGS.has(p.tagName)) return true;
  }
  return false;
}

/**
 * The size of an element whose own `font-size` is an absolute-size keyword (`small`, `x-large`…)
 * while its font is the bare `monospace`: Chrome takes it from the fixed font's row (`small` is 12px, not 13px).
 */
export function monospaceKeywordSize(el: Element, declared: DeclaredOf): string | undefined {
  const raw = declared(el, 'font-size');
  if (raw === undefined) return undefined;
  const keyword = withVars(raw, el, declared)?.toLowerCase();
  if (keyword === undefined || !(keyword in FIXED_KEYWORD_SIZES)) return undefined;
  return inheritsBareMonospace(el, declared) ? `${FIXED_KEYWORD_SIZES[keyword]}px` : undefined;
}
