/**
 * Atomic file writes: the bytes go to a new temporary file in the target's folder (made when missing), which is
 * then renamed over the target, so a reader sees the old file or the complete new one, never part of one. Not
 * flushed to the disk (no fsync): a flush forces a journal commit that stalls the process's other writes (its
 * database) for milliseconds on virtual disks, and the file survives any crash of the process. After a power cut the
 * newest files may come back short; a reader that must not serve such a file checks it (the server's disk storage
 * does). Blocking calls on purpose: the writing thread makes them itself instead of round trips through libuv's
 * pool; a renderer opens the file while its encoder runs, and writes, closes and renames once the bytes are there.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomHex } from '../lazy-crypto.js';

/** A random part for the name of a temporary file. */
export function newTemporarySuffix(): string {
  return randomHex(6);
}

/** The temporary file of `target` with the random part `suffix`: hidden, in the same folder. */
export function temporaryPathOf(target: string, suffix: string): string {
  return join(dirname(target), `.${basename(target)}.${suffix}.tmp`);
}

/** A file being written atomically: its temporary file is open; `commit` puts the bytes under the target's name. */
export interface AtomicFile {
  /** Write `data`, close, and rename over the target. Throws the file-system error (the temporary file is removed). */
  commit(data: Uint8Array): void;
  /** Close and remove the temporary file (when the bytes will not come). */
  discard(): void;
}

/**
 * Open the temporary file for `target` (making its folder when missing), so the bytes can follow later — a renderer
 * opens it while its encoder runs on another thread. `suffix` names it (`temporaryPathOf`), so whoever stops the
 * writing thread can release it (`releaseAbandonedFile`). Throws the file-system error.
 */
export function openAtomicFile(target: string, suffix = newTemporarySuffix()): AtomicFile {
  const folder = dirname(target);
  const temp = temporaryPathOf(target, suffix);
  let fd: number;
  try {
    fd = openSync(temp, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(folder, { recursive: true });
    fd = openSync(temp, 'wx', 0o644);
  }
  const discard = (): void => {
    try {
      closeSync(fd);
    } catch {
      // Already closed.
    }
    rmSync(temp, { force: true });
  };
  return {
    commit(data) {
      try {
        let written = 0;
        while (written < data.length) written += writeSync(fd, data, written, data.length - written);
      } catch (error) {
        discard();
        throw error;
      }
      try {
        closeSync(fd);
        renameSync(temp, target);
      } catch (error) {
        rmSync(temp, { force: true });
        throw error;
      }
    },
    discard,
  };
}

/** Write `data` to `target` atomically (see the module comment). Throws the file-system error. */
export function saveFileAtomically(target: string, data: Uint8Array): void {
  openAtomicFile(target).commit(data);
}

/**
 * After the thread writing the temporary file `temporaryPath` was stopped mid-way (a render out of time, a crashed
 * worker), remove the file. Node closes the descriptors a worker thread opened when it stops (measured on Node 20).
 * Nothing happens when it was never opened or already committed.
 */
export function releaseAbandonedFile(temporaryPath: string): void {
  rmSync(temporaryPath, { force: true });
}
