/**
 * The disk driver: objects as files under `{dir}/ab/cd/{key}` (sharded by the key's first four
 * characters), written atomically (temp file in the same folder, fsync, rename). The content
 * type comes from the key's extension.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { assertValidStorageKey, contentTypeOfKey } from './keys.js';
import type { ObjectStorage, StoredObjectInfo } from './types.js';

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** Disk storage rooted at `dir` (created on first write). */
export function createDiskStorage(dir: string): ObjectStorage {
  /** Shard folders this process has created or seen: a put into one of them skips mkdir (one syscall less). */
  const knownFolders = new Set<string>();
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
      if (!knownFolders.has(folder)) await mkdir(folder, { recursive: true });
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(temp, 'wx', 0o644);
      } catch (error) {
        // The folder was removed behind our back (or never made): make it and try once more.
        if (!isNotFound(error)) throw error;
        await mkdir(folder, { recursive: true });
        handle = await open(temp, 'wx', 0o644);
      }
      // 256 × 256 shards at most: the set stays small.
      knownFolders.add(folder);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async head(key: string): Promise<StoredObjectInfo | null> {
      try {
        const info = await stat(pathOf(key));
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

    async close(): Promise<void> {},
  };
}
