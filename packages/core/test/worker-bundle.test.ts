/**
 * The worker bundle (dist/worker.cjs, scripts/worker-bundle.mjs) as a worker process's start needs it: ASCII only (the
 * loader reads it as a one-byte string), and linebreak's table decoded by Node's base64 and zlib (the shims in
 * scripts/worker-bundle-shims) with the same bytes as base64-js and tiny-inflate — and so the same line breaks: a
 * wrapping paragraph drawn by a worker process is the same image as drawn on this thread (the ES module build, which
 * keeps linebreak's own decoders). satori's WebAssembly modules are files beside it (dist/assets/wasm), not base64 text
 * in it: a worker keeps its bundle's source for as long as it runs.
 */
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createRenderer } from '../dist/index.js';

const bundle = readFileSync(new URL('../dist/worker.cjs', import.meta.url));
const shims = createRequire(new URL('../scripts/worker-bundle-shims/', import.meta.url));

/** A module as linebreak finds it (pnpm installs linebreak's dependencies beside it, not beside ours). */
function fromLinebreak<T>(name: string): T {
  const fromSatori = createRequire(createRequire(import.meta.url).resolve('@pictor/satori'));
  const fromLinebreak = createRequire(fromSatori.resolve('linebreak'));
  if (name === 'tiny-inflate')
    return createRequire(fromLinebreak.resolve('unicode-trie'))('tiny-inflate') as T;
  return fromLinebreak(name) as T;
}

describe('worker bundle', () => {
  it('is ASCII only', () => {
    expect(isAscii(bundle)).toBe(true);
  });

  it("carries no WebAssembly module as text; dist/assets/wasm has satori's two", () => {
    const runs = bundle.toString('latin1').match(/[A-Za-z0-9+/=]{20000,}/g) ?? [];
    expect(runs.map((run) => run.length)).toEqual([]);
    for (const file of ['layout.wasm', 'hb.wasm']) {
      const bytes = readFileSync(new URL(`../dist/assets/wasm/${file}`, import.meta.url));
      // A WebAssembly module: its magic number and version 1.
      expect([...bytes.subarray(0, 8)]).toEqual([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    }
  });

  it('carries no doc comments (a worker keeps its source)', () => {
    expect(bundle.toString('latin1')).not.toMatch(/^\s*\/\*\*/m);
  });

  it("carries Node-based decoders for linebreak's table, not tiny-inflate and base64-js", () => {
    const text = bundle.toString('latin1');
    expect(text).toContain('inflateRawSync(source)');
    expect(text).not.toContain('function tinf_uncompress');
    expect(text).not.toContain('function b64ToByteArray');
  });

  it('decodes as tiny-inflate and base64-js do', () => {
    const inflate = shims('./tiny-inflate.cjs') as (source: Uint8Array, dest: Uint8Array) => Uint8Array;
    const tinyInflate = fromLinebreak<typeof inflate>('tiny-inflate');
    const base64 = shims('./base64-js.cjs') as { toByteArray(text: string): Uint8Array };
    const base64js = fromLinebreak<typeof base64>('base64-js');
    // unicode-trie's way: raw DEFLATE twice, each inflated into a buffer of the final length.
    const data = Uint8Array.from({ length: 40_000 }, (_, index) => ((index * 7919) % 251) ^ (index >> 9));
    const twice = deflateRawSync(deflateRawSync(data));
    const ours = inflate(inflate(twice, new Uint8Array(data.length)), new Uint8Array(data.length));
    const theirs = tinyInflate(tinyInflate(twice, new Uint8Array(data.length)), new Uint8Array(data.length));
    expect(Buffer.from(ours).equals(Buffer.from(theirs))).toBe(true);
    expect(Buffer.from(ours).equals(Buffer.from(data))).toBe(true);
    const text = Buffer.from(twice).toString('base64');
    const decoded = base64.toByteArray(text);
    expect(decoded).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(decoded).equals(Buffer.from(base64js.toByteArray(text)))).toBe(true);
  });

  it('breaks lines as the ES module build does', async () => {
    const html = `<div style="display:flex;width:260px;padding:8px;background:#fff;font-size:20px">
      Line-breaking: well-known/slashed paths, (brackets) "quotes", 3.14 numbers, e-mail@example.com and
      a_very_long_identifier_without_spaces_at_all — dashes, ellipses… and 12,345.67 again.</div>`;
    const inWorker = createRenderer({ workers: 1, workerCodeCache: false });
    const here = createRenderer({ workers: 0 });
    try {
      const a = await inWorker.render({ html, format: 'png' });
      const b = await here.render({ html, format: 'png' });
      expect(a.height).toBeGreaterThan(100);
      expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
    } finally {
      await Promise.all([inWorker.close(), here.close()]);
    }
  });
});
