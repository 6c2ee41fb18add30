/**
 * A minor collection (V8's scavenge) right after resvg drew a large canvas, in workers (`workerGcAfterMegapixels`).
 * resvg's raster and its parsed SVG are native memory (resvg's own allocator) held by small JavaScript objects
 * (`Resvg`, `RenderedImage`): they are freed only when a collection finds those objects dead, and V8 does not count
 * them, so a worker whose renders made few JavaScript objects kept the rasters of several renders at once (a
 * 2400×1260 one is 12 MB). Just drawn, those objects are young and dead (rasterize() kept only the pixels): a
 * scavenge of the young generation (a few MB) frees them before the encoder needs its own memory.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Default `workerGcAfterMegapixels`: a 2400×1260 canvas (3 MP) or a 1200×630 card at scale 2 is freed at once. */
export const DEFAULT_GC_AFTER_MEGAPIXELS = 2;

/** V8's `gc`: with `{ type: 'minor' }` a scavenge; without an argument a full collection. */
type Collect = (options?: { type: 'minor' }) => void;
let collect: Collect | undefined;

/** V8's `gc` function, taken once without exposing it to the global scope. */
function collector(): Collect {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  }
  return collect;
}

/** Run a minor collection now. */
export function collectYoungGeneration(): void {
  collector()({ type: 'minor' });
}

/**
 * Run a full collection now: after a font set loaded outside a render's time limit, whose parsing left much garbage
 * (a CJK face's character map), so collecting it is not the next render's cost.
 */
export function collectAllGenerations(): void {
  // Without an argument: Node 20's V8 (11.3) runs a scavenge for any options object, `{ type: 'major' }` included.
  collector()();
}

/** Whether the raster of a render of `width` × `height` output pixels is freed at once (`megapixels` 0: never). */
export function collectsAfter(width: number, height: number, megapixels: number): boolean {
  return megapixels > 0 && width * height >= megapixels * 1_000_000;
}
