/**
 * Glyph runs: the text satori lays out, handed over as data instead of path data (satori patch `glyph-runs`). A text
 * path's `d` is then one or more tokens `~N`, each naming a run; `expandGlyphRuns` writes the path data satori would
 * have written, byte for byte.
 */

/**
 * One text run: three entries per glyph — its start point in tenths of a CSS pixel (x, y) and its outline as
 * relative path data (glyph-path-cache), or NaN, NaN and the glyph's absolute path data (a glyph reaching left of or
 * above the canvas's origin).
 */
export type GlyphRun = (number | string)[];

/** A `d` attribute holding glyph-run tokens (alone, or beside path data where satori joins a run with more). */
const TOKEN_PATH_DATA = / d="([^"]*~\d[^"]*)"/g;
const TOKEN = /~(\d+)/g;

/** Tenths of a pixel as satori writes them (glyph-path-numbers): `123` → "12.3", `-50` → "-5", `0` → "0". */
export function tenthsText(tenths: number): string {
  if (tenths === 0) return '0';
  const sign = tenths < 0 ? '-' : '';
  const magnitude = Math.abs(tenths);
  const digit = magnitude % 10;
  const whole = (magnitude - digit) / 10;
  return digit === 0 ? `${sign}${whole}` : `${sign}${whole}.${digit}`;
}

/** The path data of glyph `index` of `run` (three entries per glyph). */
export function glyphPathData(run: GlyphRun, index: number): string {
  const x = run[index] as number;
  if (Number.isNaN(x)) return run[index + 2] as string;
  return `M${tenthsText(x)} ${tenthsText(run[index + 1] as number)}${run[index + 2] as string}`;
}

/** The path data of a run: its glyphs one after the other, as satori writes a run. */
function runPathData(run: GlyphRun): string {
  let data = '';
  for (let index = 0; index < run.length; index += 3) data += glyphPathData(run, index);
  return data;
}

/** True when a run holds a glyph written as absolute path data. */
export function hasAbsoluteGlyph(run: GlyphRun): boolean {
  for (let index = 0; index < run.length; index += 3) if (Number.isNaN(run[index] as number)) return true;
  return false;
}

/**
 * `svg` with the tokens of every `d` attribute replaced by their runs' path data — all of them, or only those `which`
 * accepts (the others stay tokens).
 * @throws Error when a token names no run (the SVG did not come with these runs).
 */
export function expandGlyphRuns(
  svg: string,
  runs: readonly GlyphRun[],
  which: (run: GlyphRun) => boolean = () => true,
): string {
  if (runs.length === 0 || !svg.includes('~')) return svg;
  return svg.replace(TOKEN_PATH_DATA, (attribute, data: string) => {
    if (!runsOf(data, runs).some(which)) return attribute;
    return ` d="${data.replace(TOKEN, (_token, index: string) => runPathData(runs[Number(index)] as GlyphRun))}"`;
  });
}

/** The runs the tokens in path data `data` name, in order. */
export function runsOf(data: string, runs: readonly GlyphRun[]): GlyphRun[] {
  const named: GlyphRun[] = [];
  for (const [, index] of data.matchAll(TOKEN)) {
    const run = runs[Number(index)];
    if (!run) throw new Error(`glyph run ~${index} is not among the ${runs.length} runs of this layout`);
    named.push(run);
  }
  return named;
}
