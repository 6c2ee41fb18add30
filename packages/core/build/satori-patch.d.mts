/** Types of satori-patch.mjs, for the tests that import it. */
export interface SatoriEdit {
  find: string;
  replace: string;
}
export type SatoriPatch = { name: string; why: string } & (SatoriEdit | { edits: SatoriEdit[] });
export const SATORI_PATCHES: SatoriPatch[];
export const PLAIN_TEXT: string;
export const SATORI_ENTRY: RegExp;
export function patchSatori(source: string, patches?: SatoriPatch[]): string;
export function satoriPatchEsbuild(): unknown;
export function satoriPatchVite(): unknown;
