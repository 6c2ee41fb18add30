/**
 * The worker bundle's V8 code cache (src/pool/code-cache.ts), on real files and real V8: a cache is made, then used;
 * a corrupt, stale, foreign or unreadable one is ignored (the bundle still runs right) and remade; a directory
 * others can write to, or none at all, means no cache and no error. A cache the build left beside the bundle is used
 * when the user's directory has none, under the same checks, and never when the cache is off.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CompiledBundle, compileWithCodeCache, shippedCacheName } from '../src/pool/code-cache.js';

const root = mkdtempSync(join(tmpdir(), 'pictor-code-cache-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let made = 0;
/** A new directory with a CommonJS bundle in it (enough functions for V8 to cache) whose export says `answer`. */
function bundleSaying(answer: string): { file: string; cacheDir: string } {
  const dir = join(root, `case-${made++}`);
  mkdirSync(dir);
  const functions = Array.from(
    { length: 50 },
    (_, i) => `function f${i}(x) { return x * ${i} + ${i}; }`,
  ).join('\n');
  const file = join(dir, 'bundle.cjs');
  writeFileSync(file, `${functions}\nmodule.exports = () => ${JSON.stringify(answer)} + f3(1);\n`);
  return { file, cacheDir: join(dir, 'cache') };
}

/** What the compiled bundle exports, called. */
function run(compiled: CompiledBundle, file: string): string {
  const module = { exports: {} as unknown };
  compiled.script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return (module.exports as () => string)();
}

const cacheFileOf = (cacheDir: string) => join(cacheDir, readdirSync(cacheDir)[0] as string);

describe('worker bundle code cache', () => {
  it('is made once, then used', () => {
    const { file, cacheDir } = bundleSaying('made');
    const first = compileWithCodeCache(file, cacheDir);
    expect(first.state).toBe('missing');
    expect(run(first, file)).toBe('made6');
    expect(first.save()).toBe(true);
    expect(readdirSync(cacheDir)).toHaveLength(1);
    const second = compileWithCodeCache(file, cacheDir);
    expect(second.state).toBe('used');
    expect(run(second, file)).toBe('made6');
    // A used cache is not written again.
    expect(second.save()).toBe(false);
  });

  it('ignores a corrupt cache (one byte of its payload changed), runs right, and remakes it', () => {
    const { file, cacheDir } = bundleSaying('corrupt');
    compileWithCodeCache(file, cacheDir).save();
    const cacheFile = cacheFileOf(cacheDir);
    const bytes = readFileSync(cacheFile);
    bytes[bytes.length - 100] = (bytes[bytes.length - 100] as number) ^ 0xff;
    writeFileSync(cacheFile, bytes);
    const compiled = compileWithCodeCache(file, cacheDir);
    expect(compiled.state).toBe('rejected');
    expect(run(compiled, file)).toBe('corrupt6');
    expect(compiled.save()).toBe(true);
    expect(compileWithCodeCache(file, cacheDir).state).toBe('used');
  });

  it('ignores a stale cache: the bundle changed, even to the same length', () => {
    const { file, cacheDir } = bundleSaying('before');
    compileWithCodeCache(file, cacheDir).save();
    writeFileSync(file, readFileSync(file, 'utf8').replace('"before"', '"after!"'));
    const compiled = compileWithCodeCache(file, cacheDir);
    expect(compiled.state).toBe('rejected');
    expect(run(compiled, file)).toBe('after!6');
  });

  it('ignores a truncated file and one that is not a cache', () => {
    const { file, cacheDir } = bundleSaying('garbage');
    compileWithCodeCache(file, cacheDir).save();
    const cacheFile = cacheFileOf(cacheDir);
    writeFileSync(cacheFile, readFileSync(cacheFile).subarray(0, 500));
    expect(compileWithCodeCache(file, cacheDir).state).toBe('rejected');
    writeFileSync(cacheFile, 'not a cache at all');
    const compiled = compileWithCodeCache(file, cacheDir);
    expect(compiled.state).toBe('rejected');
    expect(run(compiled, file)).toBe('garbage6');
  });

  it('uses no directory others can write to, and none that cannot be made', () => {
    const { file, cacheDir } = bundleSaying('open');
    mkdirSync(cacheDir);
    chmodSync(cacheDir, 0o777);
    const open = compileWithCodeCache(file, cacheDir);
    expect(open.state).toBe('off');
    expect(open.save()).toBe(false);
    expect(readdirSync(cacheDir)).toEqual([]);
    expect(run(open, file)).toBe('open6');
    // Under a file: cannot be made.
    const underFile = compileWithCodeCache(file, join(file, 'cache'));
    expect(underFile.state).toBe('off');
    expect(run(underFile, file)).toBe('open6');
    expect(compileWithCodeCache(file, undefined).state).toBe('off');
  });

  it("uses the build's cache beside the bundle when this user's directory has none", () => {
    const { file, cacheDir } = bundleSaying('shipped');
    // The build's way (scripts/prime-code-cache.mjs): a cache made by a worker, copied beside the bundle.
    const buildDir = join(dirname(file), 'build-cache');
    compileWithCodeCache(file, buildDir).save();
    // Another user of the host already made a cache of their own.
    const ownDir = join(dirname(file), 'own-cache');
    compileWithCodeCache(file, ownDir).save();
    const shippedFile = join(dirname(file), shippedCacheName());
    writeFileSync(shippedFile, readFileSync(cacheFileOf(buildDir)));
    const compiled = compileWithCodeCache(file, cacheDir);
    expect(compiled.state).toBe('shipped');
    expect(run(compiled, file)).toBe('shipped6');
    // Nothing to write: the next worker uses it again.
    expect(compiled.save()).toBe(false);
    expect(readdirSync(cacheDir)).toEqual([]);
    expect(compileWithCodeCache(file, cacheDir).state).toBe('shipped');
    // Off means off: not even the build's cache.
    expect(compileWithCodeCache(file, undefined).state).toBe('off');
    // A user's own cache comes first.
    expect(compileWithCodeCache(file, ownDir).state).toBe('used');
  });

  it("ignores a corrupt or stale cache of the build's, and makes the user's own", () => {
    const { file, cacheDir } = bundleSaying('stale');
    const buildDir = join(dirname(file), 'build-cache');
    compileWithCodeCache(file, buildDir).save();
    const shippedFile = join(dirname(file), shippedCacheName());
    const bytes = readFileSync(cacheFileOf(buildDir));
    bytes[bytes.length - 100] = (bytes[bytes.length - 100] as number) ^ 0xff;
    writeFileSync(shippedFile, bytes);
    const corrupt = compileWithCodeCache(file, cacheDir);
    expect(corrupt.state).toBe('missing');
    expect(run(corrupt, file)).toBe('stale6');
    expect(corrupt.save()).toBe(true);
    expect(compileWithCodeCache(file, cacheDir).state).toBe('used');
    // A build cache of another bundle (the bundle changed after it was made): ignored.
    const other = bundleSaying('other');
    writeFileSync(join(dirname(other.file), shippedCacheName()), readFileSync(cacheFileOf(buildDir)));
    const stale = compileWithCodeCache(other.file, other.cacheDir);
    expect(stale.state).toBe('missing');
    expect(run(stale, other.file)).toBe('other6');
  });
});
