/** The ObjectStorage contract on the disk driver, plus what only disk has: the sharded layout and no leftovers. */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDiskStorage } from '../src/storage/index.js';
import { describeStorageContract } from './contracts/storage-contract.js';
import { framedImage } from './helpers/framed-image.js';

let dir = '';

describeStorageContract('disk', {
  async open() {
    dir = mkdtempSync(join(tmpdir(), 'pictor-objects-'));
    return createDiskStorage(join(dir, 'objects'));
  },
  async cleanup() {
    rmSync(dir, { recursive: true, force: true });
  },
});

describe('disk storage layout', () => {
  it('writes {dir}/ab/cd/{key} and leaves no temporary files', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pictor-objects-'));
    try {
      const storage = createDiskStorage(root);
      const key = `abcd${'0'.repeat(60)}.webp`;
      const data = framedImage('webp', Buffer.from('VP8 '));
      await Promise.all(Array.from({ length: 5 }, () => storage.put(key, data, 'image/webp')));
      expect((await readFile(join(root, 'ab', 'cd', key))).equals(data)).toBe(true);
      expect(readdirSync(join(root, 'ab', 'cd'))).toEqual([key]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('writes again after its shard folders were removed behind its back (a missing folder is made on the spot)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pictor-objects-'));
    try {
      const storage = createDiskStorage(root);
      const key = `abcd${'1'.repeat(60)}.png`;
      await storage.put(key, Buffer.from('one'), 'image/png');
      rmSync(join(root, 'ab'), { recursive: true, force: true });
      await storage.put(key, Buffer.from('two'), 'image/png');
      expect(await readFile(join(root, 'ab', 'cd', key), 'utf8')).toBe('two');
      expect(readdirSync(join(root, 'ab', 'cd'))).toEqual([key]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('put rejects with the file-system error and its code, leaves no temporary file, and keeps working', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pictor-objects-'));
    try {
      const storage = createDiskStorage(root);
      const key = `abcd${'2'.repeat(60)}.png`;
      // A file where the shard folder should be: the folder cannot be made.
      writeFileSync(join(root, 'ab'), 'x');
      await expect(storage.put(key, Buffer.from('a'), 'image/png')).rejects.toMatchObject({
        code: 'ENOTDIR',
      });
      rmSync(join(root, 'ab'));
      // A folder in the way of the object: the rename fails, and the temporary file is gone.
      mkdirSync(join(root, 'ab', 'cd', key), { recursive: true });
      await expect(storage.put(key, Buffer.from('a'), 'image/png')).rejects.toMatchObject({
        code: 'EISDIR',
        syscall: 'rename',
      });
      expect(readdirSync(join(root, 'ab', 'cd'))).toEqual([key]);
      rmSync(join(root, 'ab', 'cd', key), { recursive: true });
      await storage.put(key, Buffer.from('ok'), 'image/png');
      expect(await readFile(join(root, 'ab', 'cd', key), 'utf8')).toBe('ok');
      await storage.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('an open read survives a concurrent delete', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pictor-objects-'));
    try {
      const storage = createDiskStorage(root);
      const data = framedImage('png', Buffer.alloc(3_000_000, 7));
      await storage.put('feed0000.png', data, 'image/png');
      const object = await storage.get('feed0000.png');
      if (!object) throw new Error('expected the object');
      await storage.delete('feed0000.png');
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(data)).toBe(true);
      expect(await storage.head('feed0000.png')).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('an image file that came back short or empty (a power cut before the disk had it) is absent', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pictor-objects-'));
    try {
      const storage = createDiskStorage(root);
      for (const [format, ext] of [
        ['png', 'png'],
        ['jpeg', 'jpg'],
        ['webp', 'webp'],
      ] as const) {
        const key = `c0de${'2'.repeat(60)}.${ext}`;
        const data = framedImage(format, Buffer.alloc(5000, 9));
        await storage.put(key, data, `image/${format}`);
        expect(await storage.head(key), ext).toEqual({ size: data.length, contentType: `image/${format}` });
        const path = join(root, 'c0', 'de', key);
        truncateSync(path, data.length - 100);
        expect(await storage.head(key), `${ext} cut short`).toBeNull();
        expect(await storage.get(key), `${ext} cut short`).toBeNull();
        truncateSync(path, 0);
        expect(await storage.head(key), `${ext} empty`).toBeNull();
        expect(await storage.get(key), `${ext} empty`).toBeNull();
        // Zeros where the data should be (blocks allocated, never written), as found by the next process after the
        // power cut (this one remembers files it has read whole by inode, size and time, and the size is the same).
        writeFileSync(path, Buffer.alloc(data.length));
        const restarted = createDiskStorage(root);
        expect(await restarted.head(key), `${ext} zeros`).toBeNull();
        expect(await restarted.get(key), `${ext} zeros`).toBeNull();
        await restarted.close();
        // Written again, it is whole again.
        await storage.put(key, data, `image/${format}`);
        expect((await storage.head(key))?.size).toBe(data.length);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
