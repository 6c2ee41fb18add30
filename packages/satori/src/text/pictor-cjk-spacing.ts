/**
 * Pictor (cjk-punctuation-trim): adjacent fullwidth punctuation set as Chromium sets it (`text-spacing-trim:
 * normal`, its trim-adjacent part): of two fullwidth punctuation marks side by side, one loses the blank half of
 * its em, through the font's `halt` feature (alternate half widths), so `：「`, `。「`, `」「`, `「「`, `」」`, `）。` take
 * one and a half em instead of two. Measured in Chromium 156 with Noto Sans JP and SC: an opening mark after an
 * opening, closing, dot, colon or middle-dot mark loses its start; a closing or dot mark before a closing or dot
 * mark loses its end. Fonts without `halt` are unchanged; so are proportional quotes (Inter's “ ”).
 */

const OPEN = '「『（［｛〈《【〔〖〘〚｟“‘'
const CLOSE = '」』）］｝〉》】〕〗〙〛｠”’'
const DOT = '、。，．'
const COLON = '：；'
const MIDDLE = '・'

type Kind = 'open' | 'close' | 'dot' | 'colon' | 'middle' | undefined

function kindOf(char: string | undefined): Kind {
  if (char === undefined) return undefined
  if (OPEN.includes(char)) return 'open'
  if (CLOSE.includes(char)) return 'close'
  if (DOT.includes(char)) return 'dot'
  if (COLON.includes(char)) return 'colon'
  if (MIDDLE.includes(char)) return 'middle'
  return undefined
}

const ANY = /[「『（［｛〈《【〔〖〘〚｟“‘」』）］｝〉》】〕〗〙〛｠”’、。，．：；・]/

/**
 * HarfBuzz features (`halt[i:i+1]`, by UTF-16 index) that trim the punctuation of `text` next to other
 * punctuation; none for text without two marks side by side.
 */
export function punctuationTrims(text: string): string[] {
  if (!ANY.test(text)) return []
  const trims: string[] = []
  for (let i = 0; i + 1 < text.length; i++) {
    const a = kindOf(text[i])
    if (a === undefined) continue
    const b = kindOf(text[i + 1])
    if (b === 'open') {
      // The second (opening) mark loses its start.
      trims.push(`halt[${i + 1}:${i + 2}]`)
    } else if ((a === 'close' || a === 'dot') && (b === 'close' || b === 'dot')) {
      // The first loses its end.
      trims.push(`halt[${i}:${i + 1}]`)
    }
  }
  return trims
}

/**
 * Whether a break opportunity between `before` and `after` (two words) is dropped, so that the pair of marks across
 * it is shaped, and trimmed, together: a closing, dot or colon mark before an opening one. (Chromium could still
 * break there; the pair is trimmed in far more lines than the break would land in.)
 */
export function joinsPunctuation(before: string, after: string): boolean {
  const a = kindOf(before[before.length - 1])
  return (a === 'close' || a === 'dot' || a === 'colon') && kindOf(after[0]) === 'open'
}

/**
 * Pictor (cjk-closing-at-line-end): Chromium's `allow-end` (part of `text-spacing-trim: normal`): a fullwidth closing
 * bracket at the end of a line that would overflow the line by at most its blank half is set half-width (`halt`) and
 * stays on the line (measured in Chromium 156, Noto Sans JP 20 px: "あいうえお」" in 110 px is one line; in 105 px
 * "お」" wraps; in 120 px the bracket keeps its full width; 。 and 、 are never trimmed there). The line layouts ask
 * for it by adding TRIM_END to the font feature settings they measure and draw the line's last word with; the
 * shaper (font.ts) turns it into `halt` on the text's last character.
 */
const TRIM_END = 'pictor-trim-end'

/** Whether `text` ends with a fullwidth closing bracket (which allow-end may trim at a line end). */
export function endsWithClosingMark(text: string): boolean {
  return kindOf(text[text.length - 1]) === 'close'
}

/** The font feature settings that set the last character of the text half-width when it is a closing mark. */
export function withTrimmedEnd(settings: string | undefined): string {
  return settings ? `${settings}, ${TRIM_END}` : TRIM_END
}

/** The settings without TRIM_END, and whether they had it. */
export function takeTrimmedEnd(settings: string | undefined): [string | undefined, boolean] {
  if (!settings?.endsWith(TRIM_END)) return [settings, false]
  const rest = settings.slice(0, -TRIM_END.length).replace(/,\s*$/, '')
  return [rest || undefined, true]
}

/** The `halt` feature that trims the closing mark ending `text`, when asked (`trimEnd`) and there is one. */
export function lineEndTrims(text: string, trimEnd: boolean): string[] {
  return trimEnd && endsWithClosingMark(text) ? [`halt[${text.length - 1}:${text.length}]`] : []
}
