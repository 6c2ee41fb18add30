/**
 * One zlib stream from several deflate runs at once on libuv's threads: each part but the last ends with a sync
 * flush (byte-aligned, not final), so the raw parts concatenate into one valid stream, as pigz builds one. The
 * Adler-32 of the whole comes from a stored (level 0) pass over it, which runs at copy speed beside them.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);
const deflate = promisify(zlib.deflate);

/** zlib header of a stream with a 32 KB window at a fast level (FLEVEL 1); CMF·256 + FLG is a multiple of 31. */
const HEADER = Buffer.from([0x78, 0x5e]);

/**
 * Deflate `data` as one zlib stream, compressing the pieces between `cuts` (ascending offsets) at the same time.
 * The result inflates to `data` exactly; it is a few hundred bytes larger than one run's (each part starts with an
 * empty window). `data` must not change until the promise settles.
 */
export async function deflateInParts(
  data: Buffer,
  cuts: number[],
  level: number,
  chunkSize: number,
): Promise<Buffer> {
  const bounds = [0, ...cuts, data.length];
  const parts = bounds.slice(0, -1).map((start, k) =>
    deflateRaw(data.subarray(start, bounds[k + 1]), {
      level,
      chunkSize,
      finishFlush: k < bounds.length - 2 ? zlib.constants.Z_SYNC_FLUSH : zlib.constants.Z_FINISH,
    }),
  );
  // A stored stream of the whole ends with its Adler-32, which a zlib stream must end with too.
  const stored = deflate(data, { level: 0, chunkSize: data.length + (data.length >>> 8) + 1024 });
  const [raw, whole] = await Promise.all([Promise.all(parts), stored]);
  return Buffer.concat([HEADER, ...raw, whole.subarray(whole.length - 4)]);
}
