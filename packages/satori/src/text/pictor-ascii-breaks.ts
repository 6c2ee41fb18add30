/**
 * Pictor (ascii-pair-breaks): Chromium decides whether a line may break between two printable ASCII characters by
 * a table of its own (Blink's `kAsciiLineBreakTable`, text_break_iterator.cc), not by UAX #14: between two such
 * characters it breaks only after `-` and `?` (before letters, digits and most symbols) and before an opening
 * bracket `(` `<` `[` `{` after closing or separating punctuation. UAX #14 (the `linebreak` package) also breaks
 * after `/` and before a letter (`and/` `or`, `un.org/` `ar/`), after `%` or `$` and before `#` or `@`. A URL of a
 * Korean or Arabic card was broken at its slashes where Chromium moved it whole to the next line. A pair with a
 * character outside printable ASCII, or a space, keeps UAX #14's answer (Chromium asks ICU for those).
 *
 * Chromium also breaks after a run of spaces whatever follows, where UAX #14 keeps a space with a following `/`,
 * `)`, `]`, `,`, `.` or `:` (LB13–LB17): `Paths: /usr/local` breaks after the space there. Such a break before a
 * printable ASCII character is added; the few other opportunities Chromium's table has and UAX #14 lacks (after `?`
 * before a digit) are not.
 *
 * Pictor (hyphen-digit-breaks): UAX #14 never breaks between a hyphen and a digit (LB25, `HY × NU`: a minus sign).
 * Chromium (Blink's `ShouldBreakAfter`, as WebKit's) breaks there when the hyphen follows an ASCII letter or digit
 * ("may be in long URLs": `1234-5678`, `ABCD-1234`, a phone number's `555-4321`, a date's `2013-12-01`, a range's
 * `2011-2014`) and keeps `-5` or ` -5` whole. A table column of `247-925-726` codes was as wide as the whole code.
 *
 * Pictor (hyphen-pair-breaks): UAX #14 never breaks before a hyphen (LB21, `× HY`); Blink's table breaks between two
 * hyphens, so a command-line option's `--path` may end a line with its first `-` (`--nonet | -` / `-path` in
 * xmllint's synopsis) and `a--path` breaks as `a-` / `-path`.
 */

const PRINTABLE_ASCII = /^[\x21-\x7e]$/

/**
 * Where a run of spaces ends before a printable ASCII character; (Pictor hyphen-digit-breaks) after a `-`
 * between an ASCII letter or digit and a digit; and (Pictor hyphen-pair-breaks) between two hyphens.
 */
const ADDED_BREAKS = /(?<=[ \t])(?=[\x21-\x7e])|(?<=[0-9A-Za-z]-)(?=[0-9])|(?<=-)(?=-)/

/** Letters, digits and the symbols a line may start with after `-` or `?` in Chromium. */
const AFTER_HYPHEN_OR_QUESTION = /^[%&(*+\-0-9<=>@A-Z[\\^_`a-z{|~]$/

/** Whether Chromium allows a break between the printable ASCII characters `before` and `after`. */
function asciiPairBreaks(before: string, after: string): boolean {
  if (before === '-') return AFTER_HYPHEN_OR_QUESTION.test(after) || `"#'`.includes(after)
  if (before === '?') return AFTER_HYPHEN_OR_QUESTION.test(after) || '#$'.includes(after)
  if ('(<[{'.includes(after)) return '!"#%&)*+,.:;=>\\]|}~'.includes(before)
  return false
}

/**
 * UAX #14's words with the opportunities between two printable ASCII characters that Chromium does not take
 * joined; `requiredBreaks[i]` is whether a break before word i is forced (as uaxBreakOpportunities gives them).
 */
export function withAsciiPairBreaks(
  uaxWords: string[],
  uaxBreaks: boolean[]
): { words: string[]; requiredBreaks: boolean[] } {
  // A break after spaces before a printable ASCII character, and after a hyphen before a digit, inside UAX #14's words.
  const words: string[] = []
  const requiredBreaks: boolean[] = [uaxBreaks[0] ?? false]
  uaxWords.forEach((word, i) => {
    const parts = word.split(ADDED_BREAKS)
    parts.forEach((part, k) => {
      if (words.length > 0) requiredBreaks.push(k === 0 ? uaxBreaks[i] ?? false : false)
      words.push(part)
    })
  })
  requiredBreaks.push(uaxBreaks[uaxWords.length] ?? false)
  let joined = words.length !== uaxWords.length
  const outWords: string[] = []
  const outBreaks: boolean[] = [requiredBreaks[0] ?? false]
  words.forEach((word, i) => {
    const previous = outWords[outWords.length - 1]
    const before = previous?.[previous.length - 1]
    const after = word[0]
    if (
      previous !== undefined &&
      !requiredBreaks[i] &&
      before !== undefined &&
      after !== undefined &&
      PRINTABLE_ASCII.test(before) &&
      PRINTABLE_ASCII.test(after) &&
      !asciiPairBreaks(before, after)
    ) {
      outWords[outWords.length - 1] = previous + word
      joined = true
      return
    }
    if (previous !== undefined) outBreaks.push(requiredBreaks[i] ?? false)
    outWords.push(word)
  })
  outBreaks.push(requiredBreaks[words.length] ?? false)
  return joined ? { words: outWords, requiredBreaks: outBreaks } : { words: uaxWords, requiredBreaks: uaxBreaks }
}
