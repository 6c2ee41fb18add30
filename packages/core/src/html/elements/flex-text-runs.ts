/**
 * Text and `<br>` in a flex or grid container. CSS wraps each run of text children in one anonymous item, and in
 * Blink a `<br>` is text (its LayoutBR is a LayoutText): `<div style="display: flex; justify-content:
 * space-between">Bachelor in IT<br>at University</div>` is one item of two lines. Satori made the text before and
 * after the break items of their own, set side by side. Each run of text and breaks with some text in it is given
 * here as one anonymous block.
 */
import type { SatoriChild } from '../types.js';
import { ANONYMOUS_BLOCK, isBlankText, isBreak } from './float-breaks.js';

/** `display` values whose children are items (flex and grid, inline or not). */
export const ITEM_CONTAINER = /^\s*(?:inline-)?(?:flex|grid)\b/i;

/** `kids` with each run of text and `<br>`s holding a break and some text wrapped in one block; undefined if none. */
export function wrapTextRunsWithBreaks(kids: SatoriChild[]): SatoriChild[] | undefined {
  if (!kids.some(isBreak)) return undefined;
  const out: SatoriChild[] = [];
  let run: SatoriChild[] = [];
  let wrapped = false;
  const flush = () => {
    const text = run.some((kid) => typeof kid === 'string' && !isBlankText(kid));
    if (text && run.some(isBreak)) {
      out.push({ type: ANONYMOUS_BLOCK, props: { style: { display: 'block' }, children: run } });
      wrapped = true;
    } else out.push(...run);
    run = [];
  };
  for (const kid of kids) {
    if (typeof kid === 'string' || typeof kid === 'number' || isBreak(kid)) run.push(kid);
    else {
      flush();
      out.push(kid);
    }
  }
  flush();
  return wrapped ? out : undefined;
}
