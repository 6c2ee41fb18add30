/**
 * Named sizes of a template (issue 44, docs/contract/decisions.md "Formats and byte budgets"): `variants: {og: {width: 1200, height:
 * 630}, square: {width: 1080, height: 1080}}`. A render names one (`variant`) and gets its size; `@media` queries in
 * the template (html/media-queries.ts) then lay it out for that size.
 */
import { PictorError } from '../errors.js';
import type { TemplateVariant } from '../types.js';

/** What a variant's name may be. */
export const VARIANT_NAME_PATTERN = '^[a-z0-9-]{1,32}$';
const VARIANT_NAME = new RegExp(VARIANT_NAME_PATTERN);
/** Most variants one template declares. */
export const MAX_VARIANTS = 32;

/** True for a name a variant may have: 1 to 32 of `a-z`, `0-9` and `-`. */
export function isVariantName(name: string): boolean {
  return VARIANT_NAME.test(name);
}

/**
 * The size of the variant `name` of `variants`.
 * @throws PictorError INVALID_INPUT naming the variants the template has, e.g. `variant: the template has no variant
 *   "story" (it has: og, square)`
 */
export function variantSize(
  variants: Readonly<Record<string, TemplateVariant>> | undefined,
  name: string,
  field = 'variant',
): TemplateVariant {
  const size = variants && Object.hasOwn(variants, name) ? variants[name] : undefined;
  if (size) return size;
  const names = Object.keys(variants ?? {});
  throw new PictorError(
    'INVALID_INPUT',
    `${field}: the template has no variant ${JSON.stringify(name)} (${names.length > 0 ? `it has: ${names.join(', ')}` : 'it declares none'})`,
    { field, rule: 'variant' },
  );
}
