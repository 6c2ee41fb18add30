/**
 * The disk driver: objects as files under `{dir}/ab/cd/{key}` (sharded by the key's first four
 * characters), written atomically (temp file in the same folder, renamed) by a thread of its own
 * (file-writer.ts), or by a render worker straight after encoding (`localPath`); not flushed to the disk, so a
 * file that came back short after a power cut is treated as absent (image-integrity.ts). The content type comes
 * from the key's extension.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { FileWriter } from './file-writer.js';
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
  const writer = new FileWriter();
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

  return {
    async put(key: string, data: Buffer): Promise<void> {
      await writer.write({ target: pathOf(key), data });
    },

    localPath: pathOf,

    async head(key: string): Promise<StoredObjectInfo | null> {
      // Blocking calls on purpose: a local file's metadata and first and last bytes come from the kernel's cache in
      // microseconds, while a round trip through libuv's pool waits to be scheduled (up to ms) when every core is
      // rendering. The store's SQLite calls are synchronous on this thread too.
      const path = pathOf(key);
      const info = statSync(path, { throwIfNoEntry: false });
      if (!info) return null;
      // A file this process has read whole stays whole until it is replaced (a new inode or time) or deleted.
      if (verified.get(key) === stampOf(info)) return { size: info.size, contentType: contentTypeOfKey(key) };
      let fd: number;
      try {
        fd = openSync(path, 'r');
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      try {
        const opened = fstatSync(fd);
        return isWhole(fd, key, opened) ? { size: opened.size, contentType: contentTypeOfKey(key) } : null;
      } finally {
        closeSync(fd);
      }
    },

    async get(key: string) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      try {
        // Size from the open descriptor: a concurrent delete or replace cannot change what we stream.
        const info = await handle.stat();
        const { size } = info;
        // Two small blocking reads of cached pages (see head()), once per file.
        if (!isWhole(handle.fd, key, info)) {
          await handle.close();
          return null;
        }
        // The stream owns the handle from here and closes it when it ends or is destroyed.
        return { size, contentType: contentTypeOfKey(key), body: handle.createReadStream({ start: 0 }) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async close(): Promise<void> {
      await writer.close();
    },
  };
}
