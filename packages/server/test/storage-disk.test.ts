/** The ObjectStorage contract on the disk driver, plus what only disk has: the sharded layout and no leftovers. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDiskStorage } from '../src/storage/index.js';
import { describeStorageContract } from './contracts/storage-contract.js';

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
      await Promise.all(Array.from({ length: 5 }, () => storage.put(key, Buffer.from('RIFF'), 'image/webp')));
      expect(await readFile(join(root, 'ab', 'cd', key), 'utf8')).toBe('RIFF');
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

  it('an open read survives a concurrent delete', async () => {
    const root = mkdtempSync(join(tmpdir(), 'pictor-objects-'));
    try {
      const storage = createDiskStorage(root);
      const data = Buffer.alloc(3_000_000, 7);
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
});
