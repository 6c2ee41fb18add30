/**
 * Pictor (wasm-files): the layout engine's and HarfBuzz's WebAssembly modules are read when first instantiated, from
 * files the embedder names (`setWasmFiles`), not inlined in the build as base64 text (which every process loading the
 * bundle kept, in its source and in a startup snapshot made of it).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

const distFile =
  process.env.PICTOR_SATORI_DIST ?? fileURLToPath(new URL('../dist/index.js', import.meta.url));
const built = await import(pathToFileURL(distFile).href);
const require = createRequire(import.meta.url);

describe('WebAssembly modules read from files', () => {
  it('the build inlines neither module', () => {
    const source = readFileSync(distFile, 'utf8');
    const longest = Math.max(0, ...(source.match(/[A-Za-z0-9+/=]{20000,}/g) ?? []).map((run) => run.length));
    expect(longest).toBe(0);
  });

  it('reads both through the embedder reader, once, on the first render', async () => {
    const asked: string[] = [];
    built.setWasmFiles((name: 'layout' | 'harfbuzz') => {
      asked.push(name);
      return readFileSync(
        name === 'layout'
          ? fileURLToPath(new URL('../layout.wasm', import.meta.url))
          : require.resolve('harfbuzzjs/hb.wasm'),
      );
    });
    const page = h('div', { display: 'flex', fontSize: 32, fontFamily: 'Inter' }, 'office AVA');
    const first = await render(page, { width: 300, height: 60, fonts });
    await render(page, { width: 300, height: 60, fonts });
    expect(asked.sort()).toEqual(['harfbuzz', 'layout']);
    expect(first).toMatch(/<path[^>]* d="M/);
  });
});
