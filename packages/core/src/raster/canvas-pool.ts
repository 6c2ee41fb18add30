/**
 * Raster buffers kept for the next render of the same thread (switch `canvasReuse`, tuning/switches.ts). A fresh
 * buffer of a 1200×630 card (3 MB) costs its page faults on first touch — about 1.7 ms of the 2 ms it takes to fill
 * one with a colour, and more work for the garbage collector, which counts external memory — on every render; a
 * buffer filled again costs 0.15 ms. The raster of a render is given back once its image is encoded (nothing holds
 * it then); at most MAX_KEPT buffers of at most `keptCanvasMb` together are kept: a large canvas (a 2400×1260 card
 * is 12 MB) would be resident memory held between renders for a saving small beside its render.
 */
import { DEFAULT_KEPT_CANVAS_MB } from '../limits.js';

/** At most this many buffers are kept (renders of one thread at once, sizes in use). */
const MAX_KEPT = 2;

const kept: Buffer[] = [];

/** A buffer of `bytes` bytes whose content is undefined (the caller writes every byte): a kept one, or a new one. */
export function takeCanvas(bytes: number): Buffer {
  const at = kept.findIndex((buffer) => buffer.length === bytes);
  if (at >= 0) return kept.splice(at, 1)[0] as Buffer;
  return Buffer.allocUnsafeSlow(bytes);
}

/**
 * Keep a buffer from `takeCanvas` for a later render, the kept ones together at most `maxBytes` (the oldest go
 * first); the caller must not touch it any more. False when it is larger than `maxBytes` (not kept).
 */
export function giveBackCanvas(buffer: Buffer, maxBytes = DEFAULT_KEPT_CANVAS_MB << 20): boolean {
  if (kept.includes(buffer)) return true;
  if (buffer.length > maxBytes) return false;
  kept.push(buffer);
  while (kept.length > MAX_KEPT || keptBytes() > maxBytes) kept.shift();
  return true;
}

/**
 * Stop keeping every buffer, and hand them over (for the caller to free: tuning/release-buffers.ts): a render whose
 * raster is too large to be kept would otherwise hold them idle beside its own raster and the encoder's copies, when
 * its thread's memory is at its highest. The next small render takes a fresh buffer (its page faults, ~2 ms).
 */
export function dropKeptCanvases(): Buffer[] {
  return kept.splice(0);
}

/** Bytes of the buffers kept now. */
export function keptBytes(): number {
  return kept.reduce((total, buffer) => total + buffer.length, 0);
}
