/**
 * The disk driver: objects as files under `{dir}/ab/cd/{key}` (sharded by the key's first four
 * characters), written atomically (temp file in the same folder, fsync, rename) by a thread of its own
 * (file-writer.ts). The content type comes from the key's extension.
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { FileWriter } from './file-writer.js';
import { assertValidStorageKey, contentTypeOfKey } from './keys.js';
import type { ObjectStorage, StoredObjectInfo } from './types.js';

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** Disk storage rooted at `dir` (created on first write). */
export function createDiskStorage(dir: string): ObjectStorage {
  const writer = new FileWriter();
  const folderOf = (key: string) => join(dir, key.slice(0, 2), key.slice(2, 4));
  const pathOf = (key: string) => {
    assertValidStorageKey(key);
    return join(folderOf(key), key);
  };

  return {
    async put(key: string, data: Buffer): Promise<void> {
      const target = pathOf(key);
      const folder = folderOf(key);
      const temp = join(folder, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      await writer.write({ folder, temp, target, data });
    },

    async head(key: string): Promise<StoredObjectInfo | null> {
      // A blocking stat on purpose: a local file's metadata comes from the kernel's cache in microseconds, while a
      // round trip through libuv's pool waits to be scheduled (up to ms) when every core is rendering. The store's
      // SQLite calls are synchronous on this thread too.
      try {
        const info = statSync(pathOf(key));
        return { size: info.size, contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
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
      // Size from the open descriptor: a concurrent delete or replace cannot change what we stream.
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      // The stream owns the handle from here and closes it when it ends or is destroyed.
      const body = handle.createReadStream();
      return { size: info.size, contentType: contentTypeOfKey(key), body };
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
