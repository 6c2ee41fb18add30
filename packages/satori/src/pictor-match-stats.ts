/**
 * Pictor: counts of style-sheet matching work in this process, for tests that check how much work matching does
 * without a clock (own-selectors: selectors whose rightmost compound was checked against an element's own tag, id
 * and classes; validate-rules-once: matched rules whose declarations were looked through for validation). Counting
 * costs an increment; nothing reads them but `pictorMatchStats()`.
 */

const stats = {
  /** Selectors checked against an element's own tag, id and classes (handler/stylesheet.ts `mayMatchOwn`). */
  ownChecks: 0,
  /** Matched rules whose declarations were gathered for validation (handler/stylesheet.ts `findInvalidDeclarations`). */
  rulesValidated: 0,
}

/** Counts one more of `what`. */
export function countMatch(what: keyof typeof stats) {
  stats[what]++
}

/** The counts so far in this process. */
export function pictorMatchStats(): Readonly<typeof stats> {
  return { ...stats }
}
