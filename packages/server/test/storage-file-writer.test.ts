/** The disk driver's writer thread: atomic writes in one hop, errors with their codes, close waits, no leftovers. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileWriter } from '../src/storage/file-writer.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});
function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'pictor-writer-'));
  roots.push(root);
  return root;
}
const job = (folder: string, name: string, data: Uint8Array) => ({ target: join(folder, name), data });

describe('FileWriter', () => {
  it('writes many files at once, each complete under its name, the caller keeping its bytes', async () => {
    const root = tempRoot();
    const writer = new FileWriter();
    const payloads = Array.from({ length: 40 }, (_, i) => Buffer.alloc(10_000 + i * 997, i));
    await Promise.all(payloads.map((data, i) => writer.write(job(join(root, `f${i % 3}`), `o${i}`, data))));
    for (const [i, data] of payloads.entries()) {
      expect(data.length).toBe(10_000 + i * 997);
      expect(readFileSync(join(root, `f${i % 3}`, `o${i}`)).equals(data)).toBe(true);
    }
    expect(readdirSync(root).sort()).toEqual(['f0', 'f1', 'f2']);
    expect(readdirSync(join(root, 'f0')).every((name) => !name.endsWith('.tmp'))).toBe(true);
    await writer.close();
  });

  it('rejects with the file-system error and its code, leaves no temporary file, and keeps working', async () => {
    const root = tempRoot();
    writeFileSync(join(root, 'not-a-folder'), 'x');
    const writer = new FileWriter();
    await expect(
      writer.write(job(join(root, 'not-a-folder', 'sub'), 'o', Buffer.from('a'))),
    ).rejects.toMatchObject({
      code: 'ENOTDIR',
      syscall: 'open',
    });
    // A folder in the way of the target: the rename fails, and the temporary file is gone.
    mkdirSync(join(root, 'taken'));
    await expect(writer.write(job(root, 'taken', Buffer.from('a')))).rejects.toMatchObject({
      code: 'EISDIR',
      syscall: 'rename',
    });
    expect(readdirSync(root).sort()).toEqual(['not-a-folder', 'taken']);
    await writer.write(job(root, 'fine', Buffer.from('ok')));
    expect(readFileSync(join(root, 'fine'), 'utf8')).toBe('ok');
    await writer.close();
  });

  it('close() waits for the writes under way, then refuses new ones', async () => {
    const root = tempRoot();
    const writer = new FileWriter();
    const big = Buffer.alloc(32 * 1024 * 1024, 3);
    const written = writer.write(job(root, 'big', big));
    await writer.close();
    await written;
    expect(readFileSync(join(root, 'big')).length).toBe(big.length);
    await expect(writer.write(job(root, 'late', Buffer.from('x')))).rejects.toThrow(/closed/);
  });

  it('an idle writer thread does not keep the process alive', () => {
    const root = tempRoot();
    // A child process writes once through the built package and must then exit by itself.
    const script = `
      import { createDiskStorage } from ${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)};
      const storage = createDiskStorage(${JSON.stringify(root)});
      await storage.put('abcd0000.png', Buffer.from('png'), 'image/png');
      console.log('written');`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(output.trim()).toBe('written');
    expect(readFileSync(join(root, 'ab', 'cd', 'abcd0000.png'), 'utf8')).toBe('png');
  });
});
