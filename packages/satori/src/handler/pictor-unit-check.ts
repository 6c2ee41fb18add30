/**
 * Pictor (unit-check-quiet): css-to-react-native (3.2.0, an external
 * dependency, not bundled: bundling it broke the built package) calls
 * `console.warn` for a value it takes "raw" (a property that is not one of its
 * shorthands) when a unit is missing or present where it does not expect one
 * (`opacity: 1px`, `flex-grow: auto`, `flex-basis: 1.5`), once per render,
 * unless NODE_ENV is `production`. The engine writes nothing of a document to
 * the console (satori-no-console), and Chromium drops such declarations: so
 * the value is checked here first, with css-to-react-native's own tests. A
 * form Chromium takes that would still warn is rewritten to the form
 * css-to-react-native reads the same way without a warning (`00`, `+0`, a
 * unitless `calc()`, `opacity` in percent, a zero `flex-basis` such as `0.0`,
 * a number from JSX); any other is invalid and thrown, so the declaration is
 * dropped and reported as a style error.
 *
 * Pictor (zero-number-shorthands): a shorthand it parses as a whole takes a
 * unitless length only when written `0`, and throws on any other zero
 * (`padding: 0.8em 0.0 0.0em 0.0em`, the GIMP manual's sheet), dropping the
 * declaration; Chromium takes every number equal to zero as a zero length. Such
 * a number is written `0` before it is handed over.
 */
import { MATH_FUNCTION, parseMath } from '../parser/math.js'

/** css-to-react-native's `transforms`: values it parses as a whole, never raw. */
const PARSED_WHOLE = new Set([
  'aspectRatio',
  'background',
  'border',
  'borderColor',
  'borderRadius',
  'borderWidth',
  'boxShadow',
  'flex',
  'flexFlow',
  'font',
  'fontFamily',
  'fontVariant',
  'fontWeight',
  'margin',
  'padding',
  'placeContent',
  'shadowOffset',
  'textShadow',
  'textShadowOffset',
  'textDecoration',
  'textDecorationLine',
  'transform',
])

/** Its unitless properties, tested as it tests them (a substring of the name). */
const UNITLESS =
  /aspectRatio|elevation|flexGrow|flexShrink|opacity|shadowOpacity|zIndex/

/** Its `numberOnlyRe`: a value it takes for a number without a unit. */
const NUMBER_ONLY = /^[+-]?(?:\d*\.\d*|[1-9]\d*)(?:e[+-]?\d+)?$/i

/** A CSS <number>. */
const CSS_NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?$/i

function invalid(name: string, value: unknown): never {
  throw new Error(`Invalid \`${name}\` value: "${value}".`)
}

/**
 * A unitless `calc()`, `min()`, `max()` or `clamp()`, evaluated (with
 * `percent`, one of percentages, as a share of 1); else undefined.
 */
function unitlessMath(value: string, percent: boolean): number | undefined {
  if (!MATH_FUNCTION.test(value)) return
  // Lengths are not resolved: a length makes the expression invalid.
  const math = parseMath(value, () => undefined)
  if (!math) return
  const number = math.type === 'number' && !math.percentage
  const share = percent && math.type === 'length' && math.percentage
  if (!number && !share) return
  const result = math.evaluate(1)
  return Number.isFinite(result) ? result : undefined
}

/** A number among a value's space-separated parts. */
const SPACED_NUMBER = /(?<=^|\s)[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?(?=\s|$)/gi

/** `value` with each space-separated number equal to zero written `0`. */
function zeroesWritten(value: string): string {
  return value.replace(SPACED_NUMBER, (n) => (Number(n) === 0 ? '0' : n))
}

/**
 * `purified` (what satori hands css-to-react-native for `name`) in a form it
 * takes without writing to the console; `original` is the declared value.
 * Throws when the value is invalid.
 */
export function withoutUnitWarning(
  name: string,
  purified: string | number,
  original: string | number
): string | number {
  if (typeof purified !== 'string') return purified
  if (PARSED_WHOLE.has(name)) return zeroesWritten(purified)
  const value = purified.trim()
  if (UNITLESS.test(name)) {
    // Warned unless `0` or a number it recognises.
    if (value === '0' || NUMBER_ONLY.test(value)) return purified
    // A number from JSX (satori's purify gave some of these a `px`).
    if (typeof original === 'number') return String(original)
    const declared = String(original).trim()
    if (CSS_NUMBER.test(declared)) return String(Number(declared))
    const percent = /^(.+)%$/.exec(declared)
    if (name === 'opacity' && percent && CSS_NUMBER.test(percent[1])) {
      return String(Number(percent[1]) / 100)
    }
    const math = unitlessMath(declared, name === 'opacity')
    if (math !== undefined) return String(math)
    return invalid(name, original)
  }
  // Warned when a number has no unit.
  if (!NUMBER_ONLY.test(value)) return purified
  if (typeof original === 'number') return `${original}px`
  if (CSS_NUMBER.test(value) && Number(value) === 0) return '0'
  return invalid(name, original)
}
