/**
 * Floats placed below a forced line break. satori lays a float out before the paragraph it is in, so a float that
 * follows text and a `<br>` (an e-mail's button table, `text<br><br><table style="float:left">`) came out beside
 * the paragraph's first line. Chrome places it at the top of the line it is on: the line after the break. The
 * inline content before such a float, up to its last `<br>`, goes into an anonymous block, so the float starts a
 * paragraph of its own there; the block's lines are the lines that content had (the `<br>` ends them, as it ends
 * the last line of a block). A lone `<br>` (between a block and the floats, as Antwort's e-mails write it) is such a
 * run too: its line is empty but has the line height.
 */
import type { SatoriChild } from '../types.js';

/** Element type of the anonymous block that holds the lines before a float (no author selector reaches it). */
export const ANONYMOUS_BLOCK = 'pictor-block';

/** A child that is only white space (a line drops it at its ends). */
export const isBlankText = (kid: SatoriChild) => typeof kid === 'string' && kid.trim() === '';
/** A converted `<br>`. */
export const isBreak = (kid: SatoriChild) => typeof kid === 'object' && kid !== null && kid.type === 'br';

/**
 * `kids` of a block container with the inline content before each float that follows a `<br>` wrapped in an
 * anonymous block; undefined when no float follows one. `isFloat` tells the floated children; `isBlock` the
 * block-level ones (a run of inline content starts after them).
 */
export function wrapLinesBeforeFloats(
  kids: SatoriChild[],
  isFloat: (kid: SatoriChild) => boolean,
  isBlock: (kid: SatoriChild) => boolean,
): SatoriChild[] | undefined {
  const result: SatoriChild[] = [];
  let wrapped = false;
  // Where the current run of inline content starts in `result`.
  let runStart = 0;
  for (const kid of kids) {
    if (isFloat(kid)) {
      let last = result.length - 1;
      while (last >= runStart && isBlankText(result[last] as SatoriChild)) last--;
      const lines = result.slice(runStart, last + 1);
      if (isBreak(result[last] as SatoriChild)) {
        result.splice(runStart, lines.length, {
          type: ANONYMOUS_BLOCK,
          props: { style: { display: 'block' }, children: lines },
        });
        wrapped = true;
        runStart = result.length + 1;
      }
    } else if (isBlock(kid)) runStart = result.length + 1;
    result.push(kid);
  }
  return wrapped ? result : undefined;
}
