/**
 * Pictor (legacy-property-aliases): property names browsers still read as
 * another property. CSS Grid's first draft named the gaps `grid-gap`,
 * `grid-row-gap` and `grid-column-gap`; CSS Box Alignment renamed them `gap`,
 * `row-gap` and `column-gap` and keeps the old names as aliases (Pico's
 * `.grid { grid-column-gap: var(--pico-grid-column-gap) }`). `word-wrap` is
 * the old name of `overflow-wrap` (CSS Text 3).
 */
const ALIASES: Record<string, string> = {
  gridGap: 'gap',
  gridRowGap: 'rowGap',
  gridColumnGap: 'columnGap',
  wordWrap: 'overflowWrap',
}

/** The camel-cased property a camel-cased name stands for (itself unless it is an alias). */
export function propertyAlias(name: string): string {
  return ALIASES[name] ?? name
}
