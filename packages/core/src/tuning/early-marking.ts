/**
 * Early marking before large renders, in worker processes (`workerEarlyMarkingPercent`). A worker's peak memory is
 * reached inside its large renders (a 1200×3030 card, a 2400×1260 image: the raster's copy, libvips's frame and
 * libwebp's picture in flight), on top of an old generation that V8 lets grow to twice its live size before a full
 * collection. For the length of such a render, V8 starts marking (incrementally, as it would at its own limit) as
 * soon as the old generation is this far on its way to that limit, so the collection V8 would run anyway comes before
 * the old garbage meets the render's buffers. Small renders keep V8's own timing.
 *
 * The V8 flag is process-wide: only a worker process, whose one isolate renders one document at a time, sets it.
 */
import { setFlagsFromString } from 'node:v8';
import { collectsAfter } from './native-collection.js';

/** Default `workerEarlyMarkingPercent`: marking starts 60% of the way from the last full collection to the limit. */
export const DEFAULT_EARLY_MARKING_PERCENT = 60;

/** V8's threshold for starting incremental marking at once, in percent of the way to the limit; 0: V8's own rule. */
const HARD_TRIGGER = '--incremental-marking-hard-trigger';

/**
 * Run `work` with V8's marking started early (`percent` of the way to the old generation's limit), then V8's own
 * rule again; `percent` 0 runs it as it is.
 */
export async function withEarlyMarking<T>(percent: number, work: () => Promise<T>): Promise<T> {
  if (percent <= 0) return work();
  setFlagsFromString(`${HARD_TRIGGER}=${percent}`);
  try {
    return await work();
  } finally {
    setFlagsFromString(`${HARD_TRIGGER}=0`);
  }
}

/**
 * Whether a render of this input is large enough to be marked early: its size known before layout (width and
 * height given) and at least `megapixels` output pixels (the workers' `workerGcAfterMegapixels`).
 */
export function marksEarly(
  input: { width: number | undefined; height: number | undefined; scale: number },
  megapixels: number,
): boolean {
  if (input.width === undefined || input.height === undefined) return false;
  return collectsAfter(input.width * input.scale, input.height * input.scale, megapixels);
}
