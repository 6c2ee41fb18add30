/**
 * Pictor (box-sizing-inherit): `inherit` for a property that isn't inherited
 * by default takes the parent's computed value. satori knew only the
 * inherited properties of the parent, and gave such a property its initial
 * value. Frameworks set `html { box-sizing: border-box }` and
 * `*, ::before, ::after { box-sizing: inherit }` (Bulma, Spectre,
 * Materialize, normalize-style resets): every box was laid out content-box,
 * padding and borders added to its width. The parent's box-sizing travels
 * down as an internal inherited property.
 */
import type { SerializedStyle } from './handler/expand.js'

/** The properties whose parent's value children can inherit explicitly, and the internal property carrying it. */
const CARRIED: Record<string, string> = {
  boxSizing: '_parentBoxSizing',
}

/** The initial values of those properties. */
const INITIAL: Record<string, string> = {
  boxSizing: 'content-box',
}

/** The parent's value of `prop` for `inherit`, if it is a property carried down. */
export function inheritedFromParent(
  prop: string,
  inheritedStyle: SerializedStyle | undefined
): string | undefined {
  const carrier = CARRIED[prop]
  if (!carrier) return undefined
  const value = inheritedStyle?.[carrier]
  return typeof value === 'string' ? value : INITIAL[prop]
}

/** Records an element's own values of the carried properties, for its children. */
export function passToChildren(style: SerializedStyle): void {
  for (const prop in CARRIED) {
    const value = style[prop]
    style[CARRIED[prop]] = typeof value === 'string' ? value : INITIAL[prop]
  }
}
