/**
 * Worker processes start from the startup snapshot the build left (dist/worker-<node>-<arch>-<flags>.snapshot.br,
 * written out once into the workers' cache directory) when it was made for their flags, and from the bundle when it was
 * not, when Node refuses it, or with `workerSnapshot: false` — the same image either way. Which way a worker started
 * is read from its command line (`--snapshot-blob`): a process Node cannot start from its snapshot ends before it
 * renders anything. Needs the built dist (`pnpm build`).
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  symlinkSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_WORKER_SEMI_SPACE_MB } from '../src/pool/renderer.js';
import { workerExecArgv } from '../src/pool/worker-handle.js';
import { WorkerPool } from '../src/pool/worker-pool.js';
import { findSnapshot, snapshotName } from '../src/pool/worker-snapshot.js';
import { resolveLimits, validateRenderInput } from '../src/validate.js';
import { expectFormatAndSize } from './helpers/image-compare.js';

const dist = new URL('../dist/', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'pictor-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const limits = resolveLimits();
const html =
  '<div style="display:flex;width:600px;height:300px;background:#123;color:#fff;font-size:48px">Hello snapshot</div>';
const card = () => validateRenderInput({ html, format: 'png' }, limits);

/** The flags of a default renderer's workers (what the build's snapshot is made for). */
const setup = { environment: { limits }, nice: 0, heapGrowingPercent: 100 };
const defaultFlags = workerExecArgv({
  setup,
  memoryLimitMb: 2048,
  semiSpaceMb: DEFAULT_WORKER_SEMI_SPACE_MB,
});

/** A pool of one real worker process of the built package, started from `snapshot` (a file, or none). */
function pool(snapshot: string | false): WorkerPool {
  return new WorkerPool({
    size: 1,
    eager: false,
    maxQueue: 10,
    maxQueuedPerTenant: 10,
    maxRunningPerTenant: 1,
    maxQueueWaitMs: Number.POSITIVE_INFINITY,
    timeoutMs: 20_000,
    wallTimeoutMs: 120_000,
    memoryLimitMb: 2048,
    semiSpaceMb: DEFAULT_WORKER_SEMI_SPACE_MB,
    setup,
    isolation: 'process',
    script: new URL('worker-loader.cjs', dist),
    snapshot,
  });
}

/** The command lines of this process's worker processes (children running worker-loader.cjs). */
function workerCommandLines(): string[][] {
  return readdirSync('/proc/self/task')
    .flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, 'latin1').split(' '))
    .filter(Boolean)
    .map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0'))
    .filter((argv) => argv.some((arg) => arg.endsWith('worker-loader.cjs')));
}

const fromSnapshot = (argv: string[]) => argv.some((arg) => arg.startsWith('--snapshot-blob'));

/** One render by a fresh pool, and whether its worker started from a snapshot. */
async function renderWith(snapshot: string | false): Promise<{ data: Buffer; fromSnapshot: boolean }> {
  const workers = pool(snapshot);
  try {
    const data = Buffer.from((await workers.run(card())).data);
    const lines = workerCommandLines();
    expect(lines).toHaveLength(1);
    return { data, fromSnapshot: fromSnapshot(lines[0] as string[]) };
  } finally {
    await workers.close();
  }
}

/** A stand-in worker bundle for the fake dist/ folders. */
const BUNDLE = Buffer.from('a worker bundle');

describe('the build leaves a snapshot for the default workers', () => {
  it('is found for their flags, written out once into the cache directory, and not for other flags', () => {
    const cacheDir = join(dir, 'cache');
    const file = findSnapshot(dist, defaultFlags, cacheDir);
    expect(file).toBeDefined();
    expect(file?.startsWith(cacheDir)).toBe(true);
    const written = statSync(file as string).mtimeMs;
    expect(findSnapshot(dist, defaultFlags, cacheDir)).toBe(file);
    expect(statSync(file as string).mtimeMs).toBe(written);
    expect(findSnapshot(dist, [...defaultFlags, '--max-semi-space-size=8'], cacheDir)).toBeUndefined();
    // No directory of this user's own to write it to: none.
    expect(findSnapshot(dist, defaultFlags, undefined)).toBeUndefined();
  });

  it("is written out again for a new build at the same place, and the earlier build's copy goes", () => {
    const place = join(dir, 'rebuilt-dist');
    mkdirSync(place);
    const cacheDir = join(dir, 'rebuilt-cache');
    const build = (text: string) => {
      for (const old of readdirSync(place)) rmSync(join(place, old));
      const compressed = brotliCompressSync(text);
      writeFileSync(join(place, 'worker.cjs'), `bundle of ${text}`);
      writeFileSync(
        join(place, snapshotName(defaultFlags, Buffer.from(`bundle of ${text}`), compressed)),
        compressed,
      );
    };
    build('first build');
    const first = findSnapshot(pathToFileURL(`${place}/`), defaultFlags, cacheDir) as string;
    expect(readFileSync(first, 'utf8')).toBe('first build');
    build('second build');
    const second = findSnapshot(pathToFileURL(`${place}/`), defaultFlags, cacheDir) as string;
    expect(second).not.toBe(first);
    expect(readFileSync(second, 'utf8')).toBe('second build');
    expect(readdirSync(cacheDir)).toEqual([basename(second)]);
  });

  it('is used only with the bundle it was made from, whatever else an earlier build left beside it', () => {
    const place = join(dir, 'mixed-dist');
    mkdirSync(place);
    const cacheDir = join(dir, 'mixed-cache');
    const snapshotOf = (bundle: string, text: string) => {
      const compressed = brotliCompressSync(text);
      writeFileSync(join(place, snapshotName(defaultFlags, Buffer.from(bundle), compressed)), compressed);
    };
    // An earlier build's snapshot left beside this build's (names sort either way round).
    snapshotOf('earlier bundle', 'earlier snapshot');
    snapshotOf('this bundle', 'this snapshot');
    snapshotOf('a later bundle', 'a later snapshot');
    writeFileSync(join(place, 'worker.cjs'), 'this bundle');
    const found = findSnapshot(pathToFileURL(`${place}/`), defaultFlags, cacheDir) as string;
    expect(readFileSync(found, 'utf8')).toBe('this snapshot');
    // The bundle rebuilt without its snapshot: none, the workers start from the bundle.
    writeFileSync(join(place, 'worker.cjs'), 'a rebuilt bundle');
    expect(
      findSnapshot(pathToFileURL(`${place}/`), defaultFlags, join(dir, 'mixed-cache-2')),
    ).toBeUndefined();
  });

  it('a compressed snapshot that cannot be read, or is not what its name says, gives none', () => {
    const fakeDist = join(dir, 'fake-dist');
    mkdirSync(fakeDist);
    writeFileSync(join(fakeDist, 'worker.cjs'), BUNDLE);
    writeFileSync(
      join(fakeDist, snapshotName(defaultFlags, BUNDLE, Buffer.from('not brotli'))),
      'not brotli',
    );
    const cacheDir = join(dir, 'broken');
    expect(findSnapshot(pathToFileURL(`${fakeDist}/`), defaultFlags, cacheDir)).toBeUndefined();
    // Bytes that do not match the CRC in the name (a damaged or replaced file).
    const other = join(dir, 'renamed-dist');
    mkdirSync(other);
    writeFileSync(join(other, 'worker.cjs'), BUNDLE);
    writeFileSync(
      join(other, snapshotName(defaultFlags, BUNDLE, brotliCompressSync('a'))),
      brotliCompressSync('b'),
    );
    expect(findSnapshot(pathToFileURL(`${other}/`), defaultFlags, cacheDir)).toBeUndefined();
    expect(readdirSync(cacheDir)).toEqual([]);
  });
});

describe('a renderer of the built package', () => {
  it('starts its workers from the snapshot by default, and from the bundle with workerSnapshot: false', async () => {
    const { createRenderer } = await import('../dist/index.js');
    for (const [options, expected] of [
      [{}, true],
      [{ workerSnapshot: false }, false],
    ] as const) {
      const renderer = createRenderer({ workers: 1, ...options });
      try {
        const { data } = await renderer.render({ html, format: 'png' });
        await expectFormatAndSize(data, { format: 'png', width: 600, height: 300 });
        const lines = workerCommandLines();
        expect(lines).toHaveLength(1);
        expect(fromSnapshot(lines[0] as string[])).toBe(expected);
      } finally {
        await renderer.close();
      }
    }
  });
});

describe('worker processes and the snapshot', () => {
  it('start from it when it was made for their flags, and draw what a worker started from the bundle draws', async () => {
    const file = findSnapshot(dist, defaultFlags, join(dir, 'cache'));
    const snapped = await renderWith(file as string);
    expect(snapped.fromSnapshot).toBe(true);
    await expectFormatAndSize(snapped.data, { format: 'png', width: 600, height: 300 });
    const plain = await renderWith(false);
    expect(plain.fromSnapshot).toBe(false);
    expect(Buffer.from(snapped.data).equals(Buffer.from(plain.data))).toBe(true);
  });

  it('start from the bundle when Node refuses the snapshot (the render is not failed)', async () => {
    const bogus = join(dir, 'bogus.snapshot');
    writeFileSync(bogus, Buffer.alloc(4096, 7));
    const result = await renderWith(bogus);
    expect(result.fromSnapshot).toBe(false);
    await expectFormatAndSize(result.data, { format: 'png', width: 600, height: 300 });
  });
});

describe('a snapshot built in one place', () => {
  it("runs the package where it is installed: its own assets, not the build directory's", async () => {
    // A copy of the built package elsewhere, without its fonts: a worker started from the snapshot (built in this
    // dist/, whose fonts are there) must look for them in the copy — and so cannot start — as one started from the
    // bundle does. A worker reading the build directory's fonts would render.
    const place = join(dir, 'installed');
    mkdirSync(place);
    cpSync(new URL('../dist/', import.meta.url), join(place, 'dist'), { recursive: true });
    rmSync(join(place, 'dist/assets'), { recursive: true });
    symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(place, 'node_modules'));
    writeFileSync(join(place, 'package.json'), JSON.stringify({ type: 'module' }));
    const { createRenderer } = await import(pathToFileURL(join(place, 'dist/index.js')).href);
    for (const workerSnapshot of [true, false]) {
      const renderer = createRenderer({
        workers: 1,
        workerSnapshot,
        workerCodeCache: join(dir, 'installed-cache'),
      });
      try {
        await expect(renderer.render({ html, format: 'png' })).rejects.toMatchObject({
          code: 'RENDER_FAILED',
        });
      } finally {
        await renderer.close();
      }
    }
    // The copy's snapshot was written out for the copy's place.
    expect(
      readdirSync(join(dir, 'installed-cache')).filter((name) => name.endsWith('.snapshot')),
    ).toHaveLength(1);
  });
});
