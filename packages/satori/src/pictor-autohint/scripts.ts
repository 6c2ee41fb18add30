/**
 * The scripts of FreeType's latin writing system that Pictor hints (afscript.h, afranges.c, afblue.dat): each one's
 * character ranges, its ranges of non-base characters (marks, which get no blue zones), its standard characters
 * (for the standard stem width) and its blue strings with their properties.
 */

export const BLUE_TOP = 1
export const BLUE_SUB_TOP = 2
export const BLUE_NEUTRAL = 4
export const BLUE_X_HEIGHT = 8
export const BLUE_LONG = 16

/** One script: its tag, ranges, non-base ranges, standard characters and blue strings. */
export interface LatinScript {
  tag: string
  ranges: readonly number[]
  nonBase: readonly number[]
  standard: readonly string[]
  blues: readonly (readonly [string, number])[]
}

export const LATIN_SCRIPTS: readonly LatinScript[] = [
  {
    tag: 'cyrl',
    ranges: [0x0400, 0x04ff, 0x0500, 0x052f, 0x2de0, 0x2dff, 0xa640, 0xa69f, 0x1c80, 0x1c8f],
    nonBase: [0x0483, 0x0489, 0x2de0, 0x2dff, 0xa66f, 0xa67f, 0xa69e, 0xa69f],
    standard: ['о', 'О'],
    blues: [
      ['Б В Е П З О С Э', BLUE_TOP],
      ['Б В Е Ш З О С Э', 0],
      ['х п н ш е з о с', BLUE_TOP | BLUE_X_HEIGHT],
      ['х п н ш е з о с', 0],
      ['р у ф', 0],
    ],
  },
  {
    tag: 'grek',
    ranges: [0x0370, 0x03ff, 0x1f00, 0x1fff],
    nonBase: [0x037a, 0x037a, 0x0384, 0x0385, 0x1fbd, 0x1fc1, 0x1fcd, 0x1fcf, 0x1fdd, 0x1fdf, 0x1fed, 0x1fef, 0x1ffd, 0x1ffe],
    standard: ['ο', 'Ο'],
    blues: [
      ['Γ Β Ε Ζ Θ Ο Ω', BLUE_TOP],
      ['Β Δ Ζ Ξ Θ Ο', 0],
      ['β θ δ ζ λ ξ', BLUE_TOP],
      ['α ε ι ο π σ τ ω', BLUE_TOP | BLUE_X_HEIGHT],
      ['α ε ι ο π σ τ ω', 0],
      ['β γ η μ ρ φ χ ψ', 0],
    ],
  },
  {
    tag: 'latn',
    ranges: [
      0x0020, 0x007f, 0x00a0, 0x00a9, 0x00ab, 0x00b1, 0x00b4, 0x00b8, 0x00bb, 0x00ff, 0x0100, 0x017f, 0x0180, 0x024f,
      0x0250, 0x02af, 0x02b9, 0x02df, 0x02e5, 0x02ff, 0x0300, 0x036f, 0x1ab0, 0x1abe, 0x1d00, 0x1d2b, 0x1d6b, 0x1d77,
      0x1d79, 0x1d7f, 0x1d80, 0x1d9a, 0x1dc0, 0x1dff, 0x1e00, 0x1eff, 0x2000, 0x206f, 0x20a0, 0x20b8, 0x20ba, 0x20cf,
      0x2150, 0x218f, 0x2c60, 0x2c7b, 0x2c7e, 0x2c7f, 0x2e00, 0x2e7f, 0xa720, 0xa76f, 0xa771, 0xa7f7, 0xa7fa, 0xa7ff,
      0xab30, 0xab5b, 0xab60, 0xab6f, 0xfb00, 0xfb06, 0x1d400, 0x1d7ff,
    ],
    nonBase: [
      0x005e, 0x0060, 0x007e, 0x007e, 0x00a8, 0x00a9, 0x00ae, 0x00b0, 0x00b4, 0x00b4, 0x00b8, 0x00b8, 0x00bc, 0x00be,
      0x02b9, 0x02df, 0x02e5, 0x02ff, 0x0300, 0x036f, 0x1ab0, 0x1abe, 0x1dc0, 0x1dff, 0x2017, 0x2017, 0x203e, 0x203e,
      0xa788, 0xa788, 0xa7f8, 0xa7fa,
    ],
    standard: ['o', 'O', '0'],
    blues: [
      ['T H E Z O C Q S', BLUE_TOP],
      ['H E Z L O C U S', 0],
      ['f i j k d b h', BLUE_TOP],
      ['u v x z o e s c', BLUE_TOP | BLUE_X_HEIGHT],
      ['n r x z o e s c', 0],
      ['p q g j y', 0],
    ],
  },
]

/** Whether `code` is in one of the [first, last] pairs of `ranges`. */
export function inRanges(ranges: readonly number[], code: number): boolean {
  for (let i = 0; i < ranges.length; i += 2) {
    if (code >= ranges[i] && code <= ranges[i + 1]) return true
  }
  return false
}
