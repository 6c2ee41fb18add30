/**
 * Pictor (inherit-after-shorthand): `inherit` (or `unset`) on an inherited
 * longhand that follows its shorthand in the same block wins over what the
 * shorthand set, as any later declaration does. Font Awesome 4's `.fa { font:
 * normal normal normal 14px/1 FontAwesome; font-size: inherit }` draws its
 * icons at the parent's size (a 36 px heading's globe); satori dropped the
 * keyword's declaration and kept the shorthand's 14 px.
 */
import type { SerializedStyle } from './handler/expand.js'

/** The parent's computed value of an inherited longhand, as a declaration. */
export function inheritedDeclaration(
  prop: string,
  inheritedStyle: SerializedStyle | undefined
): string | number | undefined {
  const value = (inheritedStyle as Record<string, unknown> | undefined)?.[prop]
  if (prop === 'lineHeight') {
    const px = inheritedStyle?._lineHeightPx
    if (typeof px === 'number') return `${px}px`
    return typeof value === 'number' || value === 'normal' ? value : undefined
  }
  if (prop === 'fontSize') {
    return typeof value === 'number' ? `${value}px` : undefined
  }
  if (Array.isArray(value)) {
    return value.every((v) => typeof v === 'string')
      ? value.join(', ')
      : undefined
  }
  return typeof value === 'number' || typeof value === 'string'
    ? value
    : undefined
}
