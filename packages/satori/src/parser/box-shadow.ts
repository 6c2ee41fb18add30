/**
 * Pictor (box-shadow-lengths): `box-shadow` parsed as CSS defines it, so that
 * lengths in any unit (`em`, `rem`, `vw`) are resolved against the element's
 * font size and the viewport, and the colour may come first or last. Replaces
 * `css-box-shadow`, which kept lengths other than px as strings (Bulma's
 * `inset 0 .0625em .125em` then drew a shadow over the whole canvas) and took
 * the first word for a length.
 */
import valueParser from 'postcss-value-parser'
import { splitEffects } from '../utils.js'
import { isColor } from './color.js'

/** One shadow, its lengths as written (resolved later to px numbers). */
export interface BoxShadow {
  inset: boolean
  offsetX: number | string
  offsetY: number | string
  blurRadius: number | string
  spreadRadius: number | string
  color: string
}

const LENGTH = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?([a-z]+)$/i
const ZERO = /^[+-]?(0+\.?0*|\.0+)$/

/**
 * The shadows of a `box-shadow` value, or `undefined` for `none`. Throws on a
 * value that is not a shadow list, so the declaration is dropped.
 */
export function parseBoxShadow(
  value: string,
  currentColor: string
): BoxShadow[] | undefined {
  // A hash starts a token of its own: minified CSS writes `0 0#0000`.
  const text = value.trim().replace(/([^\s,(])#/g, '$1 #')
  if (/^none$/i.test(text)) return undefined
  return splitEffects(text).map((shadow) => {
    const lengths: (number | string)[] = []
    let inset = false
    let color: string | undefined
    for (const node of valueParser(shadow).nodes) {
      if (node.type === 'space' || node.type === 'comment') continue
      const word = valueParser.stringify(node)
      if (node.type === 'word' && /^inset$/i.test(word) && !inset) {
        inset = true
      } else if (node.type === 'word' && ZERO.test(word)) {
        lengths.push(0)
      } else if (node.type === 'word' && LENGTH.test(word)) {
        lengths.push(word)
      } else if (
        node.type === 'function' &&
        /^(calc|min|max|clamp)$/i.test(node.value)
      ) {
        lengths.push(word)
      } else if (color === undefined && isColor(word)) {
        color = word
      } else {
        throw new Error(`Invalid \`boxShadow\` value: "${value}".`)
      }
    }
    if (lengths.length < 2 || lengths.length > 4) {
      throw new Error(`Invalid \`boxShadow\` value: "${value}".`)
    }
    const [offsetX, offsetY, blurRadius = 0, spreadRadius = 0] = lengths
    return {
      inset,
      offsetX,
      offsetY,
      blurRadius,
      spreadRadius,
      color: color ?? currentColor,
    }
  })
}
