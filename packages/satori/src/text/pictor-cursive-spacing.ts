/**
 * Pictor (cursive-no-letter-spacing): Chromium adds no letter spacing after a character of a cursive script
 * (Arabic, Syriac, N'Ko, Mandaic, Mongolian, Phags-pa, Hanifi Rohingya: Blink's `Character::IsCursiveScript`), so
 * its letters stay joined. Characters of no script of their own (digits, punctuation, brackets) belong to the script
 * run before them (the one after them at the start), as Blink's script itemizer puts them, and take none after Arabic
 * either; spaces always take it. Measured in Chromium at 10 px: "متن 2024 شوند" +20 px (the two spaces), "متن ab
 * شوند" +40, "ab 12 متن" +60, "12 متن" +10, "(متن) ab" +30.
 */

const CURSIVE =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mandaic}\p{Script=Mongolian}\p{Script=Phags_Pa}\p{Script=Hanifi_Rohingya}]/u
const NO_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u
const SPACE = /\s/

/** Whether `text` has any character of a cursive script (cheap test before `cursiveUnits`). */
export function hasCursive(text: string): boolean {
  return CURSIVE.test(text)
}

/**
 * For each UTF-16 index of `text`, whether the character starting there takes no letter spacing: it is of a cursive
 * script, or of none (and no space) in a cursive run, known from the nearest character before it with a script
 * (else after it).
 */
export function cursiveUnits(text: string): boolean[] {
  const chars = Array.from(text)
  const own = chars.map((c) => (NO_SCRIPT.test(c) ? undefined : CURSIVE.test(c)))
  const resolved: (boolean | undefined)[] = []
  let previous: boolean | undefined
  for (const value of own) resolved.push(value === undefined ? previous : (previous = value))
  let next: boolean | undefined
  for (let i = own.length - 1; i >= 0; i--) {
    if (own[i] !== undefined) next = own[i]
    else if (resolved[i] === undefined) resolved[i] = next
  }
  const units: boolean[] = []
  chars.forEach((c, i) => {
    units.push(resolved[i] === true && !SPACE.test(c))
    if (c.length > 1) units.push(false)
  })
  return units
}

/**
 * Pictor (break-all-cursive-words): how many of a cursive word's graphemes go before a break under `break-all`: the
 * most whose text, measured on its own (shaped as the part of a line it becomes), is at most `room` wide; at least
 * one when `atLeastOne`. 0 or all of them: the word is not cut.
 */
export function fittingGraphemes(
  graphemes: string[],
  room: number,
  widthOf: (text: string) => number,
  atLeastOne: boolean
): number {
  let fitting = atLeastOne ? 1 : 0
  for (let k = 1; k < graphemes.length; k++) {
    if (widthOf(graphemes.slice(0, k).join('')) > room) break
    fitting = k
  }
  return fitting
}
