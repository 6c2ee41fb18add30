/**
 * Pictor (custom-properties-shared): an element's custom properties are one
 * object in its computed style (`_customProperties`), shared with its
 * children while they declare none of their own. satori kept each custom
 * property as a property of every element's style and copied them all at each
 * element, several times: Bulma 1.0 declares some 600 `--bulma-*` properties
 * on `:root`, and a Bulma page spent most of its style computation copying
 * them. Custom properties are resolved exactly as before.
 */
import type { SerializedStyle } from './handler/expand.js'
import { INHERITING_KEYWORDS } from './handler/variables.js'

/** The computed style's property holding its custom properties. */
export const CUSTOM_PROPERTIES = '_customProperties'

const NONE: Record<string, string> = Object.freeze({}) as Record<string, string>

/** The custom properties an element inherits (never changed in place: shared). */
export function inheritedCustomProperties(
  inheritedStyle: SerializedStyle | undefined
): Record<string, string> {
  const shared = inheritedStyle?.[CUSTOM_PROPERTIES] as unknown
  return shared && typeof shared === 'object'
    ? (shared as Record<string, string>)
    : NONE
}

/** Whether an element declares custom properties of its own. */
export function hasOwnVariables(current: Record<string, string>): boolean {
  for (const _ in current) return true
  return false
}

/** An element's custom properties, from its computed style. */
export function customPropertiesOf(
  style: SerializedStyle
): Record<string, string> {
  return inheritedCustomProperties(style)
}

/**
 * Pictor (custom-properties-chain, speed only): an element's own custom
 * properties over the inherited ones, with the inherited object as prototype
 * instead of a copy of it. Bulma 1.0's components each declare a few
 * `--bulma-*` properties of their own, and each such element copied the ~600
 * of `:root` (a third of a Bulma page's style computation). `var()` reads a
 * property through the chain exactly as from a copy; what enumerates them
 * (`for...in`) sees the same names and values.
 */
export function layerCustomProperties(
  inherited: Record<string, string>,
  current: Record<string, string>
): Record<string, string> {
  const layered = Object.create(inherited) as Record<string, string>
  for (const name in current) {
    if (INHERITING_KEYWORDS.has(current[name].trim().toLowerCase())) continue
    layered[name] = current[name]
  }
  return layered
}
