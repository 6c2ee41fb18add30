/**
 * Atomic file writes: the bytes go to a new temporary file in the target's folder (made when missing), which is
 * then renamed over the target, so a reader sees the old file or the complete new one, never part of one. Not
 * flushed to the disk (no fsync): a flush forces a journal commit that stalls the process's other writes (its
 * database) for milliseconds on virtual disks, and the file survives any crash of the process. After a power cut the
 * newest files may come back short; a reader that must not serve such a file checks it (the server's disk storage
 * does). Blocking calls on purpose: one thread makes the four calls back to back instead of four round trips through
 * libuv's pool.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Write `data` to `target` atomically (see the module comment). Throws the file-system error. */
export function saveFileAtomically(target: string, data: Uint8Array): void {
  const folder = dirname(target);
  const temp = join(folder, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number;
  try {
    fd = openSync(temp, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(folder, { recursive: true });
    fd = openSync(temp, 'wx', 0o644);
  }
  try {
    try {
      let written = 0;
      while (written < data.length) written += writeSync(fd, data, written, data.length - written);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
