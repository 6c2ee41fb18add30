/**
 * The disk driver: objects as files under `{dir}/ab/cd/{key}` (sharded by the key's first four
 * characters), written atomically (temp file in the same folder, renamed; `@pictor/core/save-file`) by the caller's
 * thread, or by a render worker straight after encoding (`localPath`, the server's way); not flushed to the disk, so
 * a file that came back short after a power cut is treated as absent (image-integrity.ts). The content type comes
 * from the key's extension.
 *
 * One rule for every call (issue 21): the file-system calls of an object — stat, open, the two small integrity
 * probes, the atomic write of a put, unlink — are blocking calls on the calling thread. They touch the kernel's page
 * cache and take microseconds; a round trip through libuv's pool (or to a thread of our
 * own) waits to be scheduled, up to milliseconds, when every core is rendering. The store's SQLite calls are
 * synchronous on this thread too. Only an object's body is streamed (get()), through libuv.
 */
import {
  closeSync,
  createReadStream,
  fstatSync,
  openSync,
  readSync,
  type Stats,
  statSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { saveFileAtomically } from '@pictor/core/save-file';
import { LRUCache } from 'lru-cache';
import { INTEGRITY_PROBE_BYTES, isCompleteImage } from './image-integrity.js';
import { assertValidStorageKey, contentTypeOfKey } from './keys.js';
import type { ObjectStorage, StoredObjectInfo } from './types.js';

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** How many files head() and get() remember as read whole. */
const MAX_VERIFIED = 10_000;

/** The identity of a file's current contents: inode, size and modification time. */
function stampOf(info: { ino: number; size: number; mtimeMs: number }): string {
  return `${info.ino}:${info.size}:${info.mtimeMs}`;
}

/** Whether the open image file `fd` of `key`, `size` bytes long, is whole (image-integrity.ts). */
function isWholeOpenFile(fd: number, key: string, size: number): boolean {
  const start = Buffer.alloc(Math.min(size, INTEGRITY_PROBE_BYTES));
  const end = Buffer.alloc(start.length);
  readSync(fd, start, 0, start.length, 0);
  readSync(fd, end, 0, end.length, size - end.length);
  return isCompleteImage(key, size, start, end);
}

/** Disk storage rooted at `dir` (created on first write). */
export function createDiskStorage(dir: string): ObjectStorage {
  const folderOf = (key: string) => join(dir, key.slice(0, 2), key.slice(2, 4));
  const pathOf = (key: string) => {
    assertValidStorageKey(key);
    return join(folderOf(key), key);
  };

  /** Files already read whole (key → inode, size and time), bounded; the oldest are forgotten first. */
  const verified = new LRUCache<string, string>({ max: MAX_VERIFIED });
  /** Whether the open file `fd` (its `fstat`: `info`) of `key` is whole: checked once per file, then remembered. */
  const isWhole = (
    fd: number,
    key: string,
    info: { ino: number; size: number; mtimeMs: number },
  ): boolean => {
    const stamp = stampOf(info);
    if (verified.get(key) === stamp) return true;
    if (!isWholeOpenFile(fd, key, info.size)) return false;
    verified.set(key, stamp);
    return true;
  };
  /** The open file of `key` and its `fstat`, or null when absent. */
  const openObject = (key: string): { fd: number; info: Stats } | null => {
    let fd: number;
    try {
      fd = openSync(pathOf(key), 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    try {
      return { fd, info: fstatSync(fd) };
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  };

  return {
    async put(key: string, data: Buffer): Promise<void> {
      saveFileAtomically(pathOf(key), data);
    },

    localPath: pathOf,

    async head(key: string): Promise<StoredObjectInfo | null> {
      const info = statSync(pathOf(key), { throwIfNoEntry: false });
      if (!info) return null;
      // A file this process has read whole stays whole until it is replaced (a new inode or time) or deleted.
      if (verified.get(key) === stampOf(info)) return { size: info.size, contentType: contentTypeOfKey(key) };
      const opened = openObject(key);
      if (!opened) return null;
      try {
        const whole = isWhole(opened.fd, key, opened.info);
        return whole ? { size: opened.info.size, contentType: contentTypeOfKey(key) } : null;
      } finally {
        closeSync(opened.fd);
      }
    },

    async get(key: string) {
      const opened = openObject(key);
      if (!opened) return null;
      const { fd, info } = opened;
      try {
        // Size from the open descriptor: a concurrent delete or replace cannot change what we stream.
        if (!isWhole(fd, key, info)) {
          closeSync(fd);
          return null;
        }
      } catch (error) {
        closeSync(fd);
        throw error;
      }
      // The stream owns the descriptor from here and closes it when it ends or is destroyed.
      const body = createReadStream('', { fd, start: 0, autoClose: true });
      return { size: info.size, contentType: contentTypeOfKey(key), body };
    },

    async delete(key: string): Promise<void> {
      try {
        unlinkSync(pathOf(key));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async close(): Promise<void> {},
  };
}
