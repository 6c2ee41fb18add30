/**
 * Pictor (compiled-sheets, speed only): the rules compiled from a render's
 * style sheets, with their index, kept for the next render of the same sheets
 * at the same viewport. Parsing was already done once per sheet
 * (pictor-sheet-cache.ts), but each render still compiled every selector of
 * every rule, ranked the layers and built the rule index again: for Bulma's
 * 690 KB sheet some 7,000 rules, a tenth of its style work. What compiling
 * reads is the parsed sheets (kept objects: identified here by identity),
 * the viewport (media queries) and which `@supports` declarations are
 * supported; the compiled rules are never changed once ranked.
 */

/** Compilations kept (most recently used last). */
const MAX_ENTRIES = 8

const ids = new WeakMap<object, number>()
let nextId = 1
const compiled = new Map<string, unknown>()

/** The identity of a parsed sheet, as long as it is kept. */
function idOf(sheet: object): number {
  let id = ids.get(sheet)
  if (id === undefined) {
    id = nextId++
    ids.set(sheet, id)
  }
  return id
}

/** What a compilation of `sheets` depends on, as a key. */
export function compiledSheetsKey(
  sheets: object[],
  viewport: { width?: number; height?: number },
  supported: Map<string, boolean> | undefined
): string {
  const support = supported
    ? [...supported]
        .map(([text, ok]) => `${ok ? 1 : 0}${text}`)
        .sort()
        .join('\u0000')
    : '-'
  return `${sheets.map(idOf).join(',')}|${viewport.width}x${viewport.height}|${support}`
}

/** The compilation for `key`: kept from an earlier render, or made by `compile` and kept. */
export function cachedCompilation<T>(key: string, compile: () => T): T {
  const hit = compiled.get(key)
  if (hit !== undefined) {
    compiled.delete(key)
    compiled.set(key, hit)
    return hit as T
  }
  const made = compile()
  compiled.set(key, made)
  for (const [old] of compiled) {
    if (compiled.size <= MAX_ENTRIES) break
    compiled.delete(old)
  }
  return made
}
