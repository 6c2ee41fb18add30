/** The one contract suite every ObjectStorage driver must pass (disk now; S3 next). */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../../src/storage/types.js';
import { framedImage } from '../helpers/framed-image.js';

export interface StorageHarness {
  open(): Promise<ObjectStorage>;
  cleanup?(): Promise<void>;
  /**
   * False when the server behind the driver cannot replace an object atomically, so the
   * concurrent-overwrite case cannot pass whatever the driver does (s3rver rewrites files in
   * place; S3 itself replaces an object atomically on one PUT). Default true.
   */
  atomicOverwrite?: boolean;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const KEY = `${'ab12'.repeat(16)}.png`;

/** Register the contract tests for one driver. */
export function describeStorageContract(driver: string, harness: StorageHarness): void {
  describe(`ObjectStorage contract: ${driver}`, () => {
    let storage: ObjectStorage;

    beforeEach(async () => {
      storage = await harness.open();
    });
    afterEach(async () => {
      await storage.close();
      await harness.cleanup?.();
    });

    it('stores bytes and reads them back with size and content type', async () => {
      const data = framedImage('png', randomBytes(100_000));
      await storage.put(KEY, data, 'image/png');
      expect(await storage.head(KEY)).toEqual({ size: data.length, contentType: 'image/png' });
      const object = await storage.get(KEY);
      expect(object?.size).toBe(data.length);
      expect(object?.contentType).toBe('image/png');
      expect((await readAll(object?.body as Readable)).equals(data)).toBe(true);
    });

    it('derives the content type from the extension', async () => {
      await storage.put('cafe0001.jpg', framedImage('jpeg', Buffer.from('j')), 'image/jpeg');
      await storage.put('cafe0002.webp', framedImage('webp', Buffer.from('w')), 'image/webp');
      expect((await storage.head('cafe0001.jpg'))?.contentType).toBe('image/jpeg');
      expect((await storage.head('cafe0002.webp'))?.contentType).toBe('image/webp');
    });

    it('answers null for absent objects and deletes idempotently', async () => {
      expect(await storage.head(KEY)).toBeNull();
      expect(await storage.get(KEY)).toBeNull();
      await storage.delete(KEY);
      await storage.put(KEY, framedImage('png', Buffer.from('x')), 'image/png');
      await storage.delete(KEY);
      expect(await storage.head(KEY)).toBeNull();
      expect(await storage.get(KEY)).toBeNull();
    });

    it('overwrites an object as a whole', async () => {
      await storage.put(KEY, framedImage('png', Buffer.alloc(5000, 1)), 'image/png');
      await storage.put(KEY, framedImage('png', Buffer.alloc(10, 2)), 'image/png');
      const object = await storage.get(KEY);
      expect(await readAll(object?.body as Readable)).toEqual(framedImage('png', Buffer.alloc(10, 2)));
    });

    it('a new object is invisible until the whole of it is stored', async () => {
      const data = framedImage('png', randomBytes(4_000_000));
      let stored = false;
      const put = storage.put(KEY, data, 'image/png').then(() => {
        stored = true;
      });
      // Read as often as the store answers while the write is in flight: each read finds nothing or all of it.
      while (!stored) {
        const object = await storage.get(KEY);
        if (!object) continue;
        const bytes = await readAll(object.body as Readable);
        expect(object.size).toBe(data.length);
        expect(bytes.equals(data)).toBe(true);
      }
      await put;
    });

    it.skipIf(harness.atomicOverwrite === false)('readers never see a half-written object', async () => {
      const a = framedImage('png', Buffer.alloc(2_000_000, 0xaa));
      const b = framedImage('png', Buffer.alloc(1_000_000, 0xbb));
      await storage.put(KEY, a, 'image/png');
      const writes = Array.from({ length: 6 }, (_, i) => storage.put(KEY, i % 2 ? a : b, 'image/png'));
      const reads = Array.from({ length: 12 }, async () => {
        const object = await storage.get(KEY);
        const bytes = await readAll(object?.body as Readable);
        expect(bytes.length).toBe(object?.size);
        expect(bytes.equals(a) || bytes.equals(b)).toBe(true);
      });
      await Promise.all([...writes, ...reads]);
    });

    it.each([
      '../../etc/passwd',
      '..',
      'ab/cd.png',
      'ab\\cd.png',
      '',
      'abc',
      'abcd.PNG',
      'abcd..png',
      '.abcd',
      'abcd.png/',
      'abcd%2F..png',
      'abcd\u0000.png',
      'x'.repeat(201),
    ])('rejects the key %j', async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/storage key/);
      await expect(storage.head(key)).rejects.toThrow(/storage key/);
      await expect(storage.get(key)).rejects.toThrow(/storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/storage key/);
    });
  });
}
