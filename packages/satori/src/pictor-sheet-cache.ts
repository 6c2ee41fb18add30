/**
 * Pictor (style-sheet-speed): each distinct style sheet parsed once per thread. Parsing a framework sheet
 * (Bootstrap's 232 KB) in `crates/layout/src/css.rs` and reading its JSON costs tens of milliseconds a render, and a
 * service renders the same sheets again and again. The parsed items, which compiling never changes, are kept by the
 * sheet's text in a small LRU bounded by the total length of the sheets.
 */

/** Total length of the sheets kept (characters). */
const MAX_CHARS = 4 * 1024 * 1024

const sheets = new Map<string, unknown>()
let chars = 0

/** The parse of `css`: kept from an earlier render, or made by `parse` and kept. */
export function cachedSheet<T>(css: string, parse: (css: string) => T): T {
  const hit = sheets.get(css)
  if (hit !== undefined) {
    // Most recently used last.
    sheets.delete(css)
    sheets.set(css, hit)
    return hit as T
  }
  const parsed = parse(css)
  if (css.length > MAX_CHARS) return parsed
  sheets.set(css, parsed)
  chars += css.length
  for (const [key] of sheets) {
    if (chars <= MAX_CHARS) break
    sheets.delete(key)
    chars -= key.length
  }
  return parsed
}

/** Most declarations whose validity is kept (`cachedStyleError`). */
const MAX_CHECKED = 20_000

const checked = new Map<string, Promise<Error | undefined>>()

/**
 * Pictor (style-sheet-speed): whether a sheet's declaration is valid, checked once per thread. The check computes
 * the declaration alone for an element without context (`getStyleError`), so its answer depends on the name, the
 * value and `convertColors` only; a framework page has hundreds of distinct declarations to check on every render.
 */
export function cachedStyleError(
  name: string,
  value: string,
  convertColors: boolean,
  check: () => Promise<Error | undefined>
): Promise<Error | undefined> {
  const key = `${convertColors ? 1 : 0}${name}:${value}`
  let known = checked.get(key)
  if (!known) {
    if (checked.size >= MAX_CHECKED) checked.clear()
    known = check().then(withoutFrames)
    checked.set(key, known)
  }
  return known
}

/**
 * Pictor (style-error-frames): `error` with its stack trace written out. Until its `stack` is read, V8 keeps an
 * error's call frames — their functions and receivers, and so the objects of the render that made it — and the
 * checks above outlive that render: a few kept errors held megabytes of past renders, a heap the worker's garbage
 * collections then had to mark. Reading `stack` writes it as the text it would be read as later and drops the frames.
 */
export function withoutFrames(error: Error | undefined): Error | undefined {
  if (error) void error.stack
  return error
}
