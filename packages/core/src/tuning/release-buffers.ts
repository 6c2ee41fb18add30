/**
 * Free a large raster's memory when its render is done with it, not when a collection finds its Buffer dead
 * (`workerReleaseRasters`, worker processes). A raster's pixels (12 MB for 2400×1260) are external memory of a small
 * JavaScript object; a render's objects often outlive a minor collection, and a major one may be many renders away,
 * so a worker held the rasters of one or two earlier large renders beside the next one's. Detaching the Buffer's
 * ArrayBuffer (`ArrayBuffer.prototype.transfer(0)`) frees its memory now. Node 20's V8 (11.3) has `transfer` behind
 * `--harmony-rab-gsab-transfer`: set once, the method is taken from a new context (the flag acts on contexts made
 * after it) without changing this one's globals; a V8 that has it already is used as is.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Transfer = (this: ArrayBufferLike, length: number) => ArrayBuffer;
let transfer: Transfer | null | undefined;

/** `ArrayBuffer.prototype.transfer`, taken once; null when this V8 has none. */
function transferFunction(): Transfer | null {
  if (transfer !== undefined) return transfer;
  const own = (ArrayBuffer.prototype as { transfer?: Transfer }).transfer;
  if (typeof own === 'function') transfer = own;
  else {
    try {
      setFlagsFromString('--harmony-rab-gsab-transfer');
      const found = runInNewContext('ArrayBuffer.prototype.transfer') as unknown;
      transfer = typeof found === 'function' ? (found as Transfer) : null;
    } catch {
      transfer = null;
    }
  }
  return transfer;
}

/**
 * Free `buffer`'s memory now when it is the whole of its own ArrayBuffer: afterwards it is empty (length 0), so the
 * caller must be the last user. False when it was left to the collector (a view into a larger buffer, or no way).
 */
export function releaseBuffer(buffer: Buffer): boolean {
  const whole = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength;
  if (!whole || buffer.buffer instanceof SharedArrayBuffer) return false;
  const detach = transferFunction();
  if (!detach) return false;
  try {
    detach.call(buffer.buffer, 0);
    return true;
  } catch {
    return false;
  }
}
