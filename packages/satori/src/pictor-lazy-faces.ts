/**
 * Pictor (lazy-faces): a face given to the font loader is parsed the first time a render needs it, not when it is
 * added. A worker that holds ten faces and draws a Latin card parses one or two (opentype.js takes 10–60 ms a face:
 * its cmap, GSUB and GPOS tables); the font's bytes are kept as given, never copied here.
 */
import type opentype from '@shuding/opentype.js'

let facesParsed = 0

/** How many faces this process has parsed so far (every loader counts; a face shared by loaders counts once). */
export function pictorFontStats(): { facesParsed: number } {
  return { facesParsed }
}

/** One face's bytes and the way to parse them, parsed at most once (a failure is kept and thrown at each use). */
export class LazyFace {
  private font?: opentype.Font
  private failure?: unknown

  constructor(private readonly parseFace: () => opentype.Font) {}

  /** Whether the face has been parsed (what asking for `font` would cost nothing more). */
  get parsed(): boolean {
    return this.font !== undefined
  }

  /** The parsed face; parses it on first use. @throws what parsing threw, the first time and after. */
  get face(): opentype.Font {
    if (this.font) return this.font
    if (this.failure !== undefined) throw this.failure
    try {
      this.font = this.parseFace()
    } catch (error) {
      this.failure = error
      throw error
    }
    // The face it was parsed for, for what is set per face (its advances); a variable instance inherits it.
    ;(this.font as any)._pictorFace = this
    facesParsed++
    return this.font
  }
}

/** Faces by the identity of their bytes: the same Buffer given to several loaders is parsed once. */
const facesByData = new WeakMap<object, LazyFace>()

/** The face of `data`, made with `parse` unless these bytes have one already. */
export function lazyFaceOf(
  data: Buffer | ArrayBuffer | (() => Buffer | ArrayBuffer),
  parse: () => opentype.Font
): LazyFace {
  let face = facesByData.get(data)
  if (!face) {
    face = new LazyFace(parse)
    facesByData.set(data, face)
  }
  return face
}

/**
 * Pictor (shaping-tables-unparsed): the parsed face of `data` when some loader has parsed it, else undefined (for
 * tests: what a parsed face holds).
 */
export function parsedFaceOf(data: object): opentype.Font | undefined {
  const face = facesByData.get(data)
  return face?.parsed ? face.face : undefined
}
