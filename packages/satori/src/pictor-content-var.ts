/**
 * Pictor (content-var): `content: var(--marker)` on `::before`/`::after`.
 *
 * The style sheet parser turns `content` into its parts (strings, counters,
 * `attr()`, quotes) when the sheet is read, but a value with `var()` can only
 * be read once the variables are known: it stayed a string and the
 * pseudo-element was dropped. Vivliostyle's themes number their headings that
 * way (`content: var(--vs-section--h2-marker-content)`, the variable holding
 * `counter(vs-counter-sec-h2) '.'`). The pseudo-element now keeps such a value
 * as one `::content-var` child, resolved in layout with the pseudo-element's
 * variables and counters, as browsers compute it.
 */
import { resolveVariables } from './handler/variables.js'

/** The child element a `::before`/`::after` holds its unresolved `content` in. */
export const CONTENT_VAR = '::content-var'

/**
 * The custom property a `content` declaration with `var()` is carried in
 * through the style sheet parser, which drops such a `content` declaration.
 */
export const CONTENT_VAR_PROPERTY = '--pictor-content-var'

/**
 * A style sheet with each `content: …var(…)…` declaration written as
 * `--pictor-content-var: …` (a custom property keeps its value as written).
 * Sheets without `var(` in a `content` are returned as they are.
 */
export function carryContentVars(css: string): string {
  if (!css.includes('var(')) return css
  return css.replace(
    /(?<![\w-])content(\s*:\s*)((?:[^;{}"']|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')*)/gi,
    (all, colon: string, value: string) =>
      /\bvar\(/i.test(value) ? `${CONTENT_VAR_PROPERTY}${colon}${value}` : all
  )
}

/** A part of a resolved `content` value. */
export type ContentValuePart =
  | { text: string }
  | { counter: string; separator: string | null; style: string }
  | { attr: string; fallback?: string }

const QUOTES: Record<string, string> = {
  'open-quote': '\u201c',
  'close-quote': '\u201d',
  'no-open-quote': '',
  'no-close-quote': '',
}

/** Unquotes a CSS string token and resolves its escapes (`\2014`, `\"`). */
function unquote(token: string): string {
  return token
    .slice(1, -1)
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\\\n/g, '')
    .replace(/\\(.)/g, '$1')
}

/** Splits function arguments at top-level commas. */
function args(inner: string): string[] {
  const out: string[] = []
  let depth = 0
  let quote = ''
  let current = ''
  for (const ch of inner) {
    if (quote) {
      if (ch === quote) quote = ''
    } else if (ch === '"' || ch === "'") quote = ch
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (ch === ',' && depth === 0) {
      out.push(current.trim())
      current = ''
      continue
    }
    current += ch
  }
  out.push(current.trim())
  return out
}

/**
 * The parts of a `content` value (after its variables are resolved), or
 * undefined for `none`, `normal` or a value it cannot read (which browsers
 * treat as invalid: no pseudo-element).
 */
export function parseContentValue(value: string): ContentValuePart[] | undefined {
  const source = value.trim()
  if (/^(none|normal)$/i.test(source) || !source) return undefined
  const parts: ContentValuePart[] = []
  const token =
    /\s*(?:("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|(counters?|attr)\(((?:[^()"']|"[^"]*"|'[^']*')*)\)|(open-quote|close-quote|no-open-quote|no-close-quote))\s*/iy
  let at = 0
  while (at < source.length) {
    token.lastIndex = at
    const m = token.exec(source)
    if (!m) return undefined
    at = token.lastIndex
    if (m[1]) parts.push({ text: unquote(m[1]) })
    else if (m[4]) parts.push({ text: QUOTES[m[4].toLowerCase()] })
    else {
      const a = args(m[3])
      const name = m[2].toLowerCase()
      if (name === 'attr') parts.push({ attr: a[0].toLowerCase(), fallback: a[1] && unquote(a[1]) })
      else if (name === 'counter')
        parts.push({ counter: a[0], separator: null, style: a[1] || 'decimal' })
      else parts.push({ counter: a[0], separator: a[1] ? unquote(a[1]) : '', style: a[2] || 'decimal' })
    }
  }
  return parts
}

/**
 * The text of a `::content-var` child: its value with the pseudo-element's
 * variables, its counters from `counterText`, `attr()` from the element.
 */
export function contentVarText(
  props: { value: string; attr?: (name: string) => string | undefined },
  variables: Record<string, string>,
  counterText: (name: string, separator: string | null, style: string) => string
): string {
  const resolved = resolveVariables(props.value, variables)
  if (typeof resolved !== 'string') return ''
  const parts = parseContentValue(resolved)
  if (!parts) return ''
  return parts
    .map((part) =>
      'text' in part
        ? part.text
        : 'counter' in part
          ? counterText(part.counter, part.separator, part.style)
          : (props.attr?.(part.attr) ?? part.fallback ?? '')
    )
    .join('')
}
