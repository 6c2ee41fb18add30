/**
 * Pictor (face-set-up-untimed): the first use of a face in this process does set-up that belongs to loading the face,
 * not to the content being drawn: its bytes copied into HarfBuzz's memory for shaping, and the table of which
 * autohinter script covers each glyph of its cmap. For a CJK face (tens of thousands of glyphs) that is more than a
 * small render's whole time limit. A render's caller may run that set-up outside its time limit (`faceSetUp`).
 */

/** Runs `work` (synchronous, returns its value) as the caller counts set-up; set per render. */
export type FaceSetUp = <T>(work: () => T) => T

let current: FaceSetUp | undefined

/** The set-up runner of the render about to run (process-wide, like the other per-render switches), or none. */
export function setFaceSetUp(run: FaceSetUp | undefined): void {
  current = run
}

/** Run a face's one-time set-up through the render's runner (or directly, without one). */
export function faceSetUp<T>(work: () => T): T {
  return current ? current(work) : work()
}
