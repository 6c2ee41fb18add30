/**
 * One zlib stream deflated as two halves at the same time: the first half on one of libuv's threads, the second on
 * the calling thread. A render has the second core to itself when it is the only one in flight, and deflate is the
 * largest part of writing an opaque PNG.
 */
import zlib from 'node:zlib';

/** Deflate settings shared by both halves. */
export interface DeflateSettings {
  level: number;
  /** Output piece size: one piece should hold a half's compressed bytes. */
  chunkSize: number;
}

/** The empty final block (fixed Huffman, end-of-block only) zlib writes when a stream is finished after a flush. */
const EMPTY_FINAL_BLOCK = [0x03, 0x00];
/** zlib's stream header and Adler-32 trailer sizes. */
const HEADER_BYTES = 2;
const TRAILER_BYTES = 4;

/**
 * A zlib stream of `data` (the same format as `zlib.deflateSync`), deflated in two halves at once. The first half
 * is sync-flushed, which leaves its blocks byte-aligned and not final, so the second half's blocks follow it
 * directly; the trailer is the Adler-32 of the whole, combined from the halves' as zlib's `adler32_combine` does.
 * Matches cannot reach across the join, so the stream is a little larger than one pass makes it. Should zlib ever
 * end the first half in another shape, the whole is deflated in one pass instead.
 */
export async function deflateInHalves(data: Uint8Array, settings: DeflateSettings): Promise<Buffer> {
  const half = data.length >>> 1;
  const firstHalf = deflateFlushed(data.subarray(0, half), settings);
  let second: Buffer;
  try {
    second = zlib.deflateSync(data.subarray(half), settings);
  } catch (error) {
    firstHalf.catch(() => undefined);
    throw error;
  }
  const first = await firstHalf;
  // first: header, blocks, sync-flush marker, empty final block, Adler-32 of the first half.
  const tail = first.length - TRAILER_BYTES - EMPTY_FINAL_BLOCK.length;
  if (
    tail < HEADER_BYTES ||
    first[tail] !== EMPTY_FINAL_BLOCK[0] ||
    first[tail + 1] !== EMPTY_FINAL_BLOCK[1]
  ) {
    return zlib.deflateSync(data, settings);
  }
  const checksum = combineAdler32(
    first.readUInt32BE(first.length - TRAILER_BYTES),
    second.readUInt32BE(second.length - TRAILER_BYTES),
    data.length - half,
  );
  const secondBlocks = second.subarray(HEADER_BYTES, second.length - TRAILER_BYTES);
  const out = Buffer.allocUnsafe(tail + secondBlocks.length + TRAILER_BYTES);
  first.copy(out, 0, 0, tail);
  secondBlocks.copy(out, tail);
  out.writeUInt32BE(checksum, out.length - TRAILER_BYTES);
  return out;
}

/** A zlib stream of `data` sync-flushed and then finished, deflated on libuv's threads. */
function deflateFlushed(data: Uint8Array, settings: DeflateSettings): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = zlib.createDeflate(settings);
    const pieces: Buffer[] = [];
    deflate.on('data', (piece: Buffer) => pieces.push(piece));
    deflate.on('error', reject);
    deflate.on('end', () => resolve(pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces)));
    deflate.write(data);
    deflate.flush(zlib.constants.Z_SYNC_FLUSH, () => deflate.end());
  });
}

/** Adler-32's modulus. */
const ADLER_BASE = 65_521;

/**
 * The Adler-32 of two byte runs one after the other, from the checksum of each and the length of the second
 * (zlib's `adler32_combine`).
 */
export function combineAdler32(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_BASE;
  let sum1 = first & 0xffff;
  let sum2 = (remainder * sum1) % ADLER_BASE;
  sum1 += (second & 0xffff) + ADLER_BASE - 1;
  sum2 += ((first >>> 16) & 0xffff) + ((second >>> 16) & 0xffff) + ADLER_BASE - remainder;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}
