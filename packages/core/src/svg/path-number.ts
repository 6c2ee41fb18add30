/**
 * A number of SVG path data read from its characters, for the readers that find a path's extent (raster/path-extent.ts,
 * svg/offcanvas-layers.ts): no match arrays and no string cut per number, on path data that is most of a page's SVG.
 */

const ZERO = 48;
const NINE = 57;
const DOT = 46;
const MINUS = 45;
const PLUS = 43;
const LOWER_E = 101;
const UPPER_E = 69;
/** Powers of ten a decimal's digits are divided by: exact doubles. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);
/** The most digits whose integer is exact in a double. */
const EXACT_DIGITS = 15;

const isDigit = (code: number): boolean => code >= ZERO && code <= NINE;

/** The value of the number `readPathNumber` read last. */
export const pathNumber = { value: 0 };

/**
 * Reads the number starting at `at` into `pathNumber.value` and answers where it ends, or -1 when none starts there.
 * The grammar is `S?(?:\d+\.?\d*|\.\d+)(?:E[-+]?\d+)?`, where S is `-` (or `[-+]` with `plus`) and E is `e` (or
 * `[eE]` with `upperExponent`). The value is `Number` of its text: without an exponent and with at most 15 digits,
 * its digits as an integer (exact) divided by a power of ten (exact) — one correctly rounded division, so the double
 * nearest the decimal, as `Number` gives; else `Number` itself.
 */
export function readPathNumber(d: string, at: number, plus: boolean, upperExponent: boolean): number {
  let end = at;
  const sign = d.charCodeAt(end);
  const negative = sign === MINUS;
  if (negative || (plus && sign === PLUS)) end++;
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  let code = d.charCodeAt(end);
  while (isDigit(code)) {
    mantissa = mantissa * 10 + (code - ZERO);
    digits++;
    code = d.charCodeAt(++end);
  }
  if (digits > 0 || (code === DOT && isDigit(d.charCodeAt(end + 1)))) {
    if (code === DOT) {
      code = d.charCodeAt(++end);
      while (isDigit(code)) {
        mantissa = mantissa * 10 + (code - ZERO);
        digits++;
        fraction++;
        code = d.charCodeAt(++end);
      }
    }
  } else return -1;
  let exponent = false;
  if (code === LOWER_E || (upperExponent && code === UPPER_E)) {
    let after = end + 1;
    const exponentSign = d.charCodeAt(after);
    if (exponentSign === PLUS || exponentSign === MINUS) after++;
    if (isDigit(d.charCodeAt(after))) {
      while (isDigit(d.charCodeAt(after))) after++;
      end = after;
      exponent = true;
    }
  }
  if (exponent || digits > EXACT_DIGITS) pathNumber.value = Number(d.slice(at, end));
  else {
    const magnitude = fraction === 0 ? mantissa : mantissa / (POWERS_OF_TEN[fraction] as number);
    pathNumber.value = negative ? -magnitude : magnitude;
  }
  return end;
}
