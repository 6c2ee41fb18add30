/**
 * Worker memory (built package): a worker process whose resident memory is over `workerMaxRssMb` after a render is
 * replaced by a fresh one once that render has answered — decided by what the worker reports after each render, so
 * a limit under any worker's size recycles after every render and the default never does for small cards.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderer, PictorError, type Renderer } from '../dist/index.js';
import { workerProcessEnv } from '../src/tuning/allocator.js';
import { decodeImage, expectFormatAndSize, pixelDifference } from './helpers/image-compare.js';

interface ChildProcess {
  pid: number;
  env: Record<string, string>;
  args: string[];
}

/** The environment and arguments of each live child process of this one (the pool's workers), from /proc. */
function childProcesses(): ChildProcess[] {
  const found: ChildProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
      const pairs = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').filter(Boolean);
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      found.push({
        pid: Number(entry),
        args,
        env: Object.fromEntries(
          pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
        ),
      });
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/**
 * Resident MiB of resvg's allocator in process `pid`: mimalloc's arenas, the anonymous mappings of a GiB and more
 * (benchmarks/lib/smaps.mjs tells them apart the same way).
 */
function resvgAllocatorMiB(pid: number): number {
  let kib = 0;
  let arena = false;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const size = Number.parseInt(head[2] as string, 16) - Number.parseInt(head[1] as string, 16);
      arena = (head[3] as string).trim() === '' && size >= 2 ** 30;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && arena) kib += Number(rss[1]);
  }
  return kib / 1024;
}

const card = (n: number) =>
  `<div style="display:flex;width:200px;height:100px;background:#0ea5e9;color:#fff;font-size:24px">card ${n}</div>`;

describe('workerMaxRssMb', () => {
  let renderer: Renderer | undefined;
  afterEach(async () => {
    await renderer?.close();
    renderer = undefined;
  });

  it('replaces a worker process over the limit after its render, and every render still answers', async () => {
    // 1 MB: below any worker process, so each render's worker is recycled once it has answered.
    renderer = createRenderer({ workers: 1, workerMaxRssMb: 1 });
    for (let n = 1; n <= 3; n++) {
      const result = await renderer.render({ html: card(n), width: 200, height: 100, format: 'png' });
      await expectFormatAndSize(result.data, { format: 'png', width: 200, height: 100 });
      expect(renderer.stats()).toMatchObject({
        completed: n,
        failed: 0,
        workersReplaced: 0,
        workersRecycled: n,
      });
    }
    // Renders sent together wait for the fresh worker; none fails.
    const many = await Promise.all(
      [4, 5, 6].map((n) => renderer?.render({ html: card(n), width: 200, height: 100, format: 'webp' })),
    );
    expect(many).toHaveLength(3);
    expect(renderer.stats()).toMatchObject({ completed: 6, failed: 0, workersRecycled: 6, workers: 1 });
  });

  it('keeps a worker under the limit (the default) and never recycles worker threads', async () => {
    renderer = createRenderer({ workers: 1 });
    for (let n = 1; n <= 3; n++) await renderer.render({ html: card(n), width: 200, height: 100 });
    expect(renderer.stats()).toMatchObject({ completed: 3, workersRecycled: 0 });
    await renderer.close();
    // A thread's memory is its whole process's: it is not what the limit is about.
    renderer = createRenderer({ workers: 1, isolation: 'thread', workerMaxRssMb: 1 });
    for (let n = 1; n <= 2; n++) await renderer.render({ html: card(n), width: 200, height: 100 });
    expect(renderer.stats()).toMatchObject({ completed: 2, workersRecycled: 0 });
  });

  it('turns recycling off with 0 and refuses a value that is not a count', () => {
    expect(() => createRenderer({ workers: 1, workerMaxRssMb: -1 })).toThrow(PictorError);
    expect(() => createRenderer({ workers: 1, workerMaxRssMb: 1.5 })).toThrow(
      /workerMaxRssMb: must be an integer/,
    );
    renderer = createRenderer({ workers: 1, workerMaxRssMb: 0 });
    expect(renderer.stats()).toMatchObject({ workersRecycled: 0 });
  });
});

describe.skipIf(process.platform !== 'linux')('workerMallocArenas, workerSemiSpaceMb', () => {
  it('starts worker processes with MALLOC_ARENA_MAX=2 and 2 MB semi-spaces by default, the given values, or none with 0', async () => {
    const seen: [string | undefined, string | undefined][] = [];
    for (const [workerMallocArenas, workerSemiSpaceMb] of [
      [undefined, undefined],
      [3, 8],
      [0, 0],
    ]) {
      const renderer = createRenderer({
        workers: 1,
        startWorkers: 'eager',
        workerMallocArenas,
        workerSemiSpaceMb,
      });
      await renderer.render({ html: card(1), width: 200, height: 100 });
      const children = childProcesses();
      expect(children).toHaveLength(1);
      seen.push([
        children[0]?.env.MALLOC_ARENA_MAX,
        children[0]?.args.find((arg) => arg.startsWith('--max-semi-space-size=')),
      ]);
      await renderer.close();
    }
    const arenas = (value: string | undefined) => process.env.MALLOC_ARENA_MAX ?? value;
    expect(seen).toEqual([
      [arenas('2'), '--max-semi-space-size=2'],
      [arenas('3'), '--max-semi-space-size=8'],
      [arenas(undefined), undefined],
    ]);
  });

  it("keeps the environment's own value and refuses a count out of range", () => {
    const allocators = { resvgPurgeDelayMs: 0, mallocMmapThresholdKb: 0 };
    expect(
      workerProcessEnv({ largePages: false, mallocArenas: 2, ...allocators }, { MALLOC_ARENA_MAX: '8' }),
    ).toEqual({ MALLOC_ARENA_MAX: '8', MIMALLOC_PURGE_DELAY: '0' });
    expect(
      workerProcessEnv(
        { largePages: true, mallocArenas: 2, resvgPurgeDelayMs: -1, mallocMmapThresholdKb: 0 },
        {},
      ),
    ).toEqual({ MIMALLOC_ALLOW_LARGE_OS_PAGES: '1', MIMALLOC_PURGE_DELAY: '-1', MALLOC_ARENA_MAX: '2' });
    expect(() => createRenderer({ workers: 1, workerMallocArenas: -1 })).toThrow(
      /workerMallocArenas: must be an integer from 0 to 1024/,
    );
    expect(() => createRenderer({ workers: 1, workerSemiSpaceMb: 2048 })).toThrow(
      /workerSemiSpaceMb: must be an integer from 0 to 1024/,
    );
  });
});

describe.skipIf(process.platform !== 'linux')(
  'workerResvgPurgeDelayMs, workerMallocMmapThresholdKb, workerGcAfterMegapixels',
  () => {
    it("starts worker processes with resvg's allocator purging at once and a 256 KiB mmap threshold, the given values, or glibc's own with 0", async () => {
      const seen: (string | undefined)[][] = [];
      for (const options of [
        {},
        { workerResvgPurgeDelayMs: -1, workerMallocMmapThresholdKb: 1024 },
        { workerResvgPurgeDelayMs: 50, workerMallocMmapThresholdKb: 0 },
      ]) {
        const renderer = createRenderer({ workers: 1, startWorkers: 'eager', ...options });
        await renderer.render({ html: card(1), width: 200, height: 100 });
        const [child] = childProcesses();
        seen.push([
          child?.env.MIMALLOC_PURGE_DELAY,
          child?.env.MIMALLOC_ALLOW_LARGE_OS_PAGES,
          child?.env.MALLOC_MMAP_THRESHOLD_,
        ]);
        await renderer.close();
      }
      const own = (name: string, value: string | undefined) => process.env[name] ?? value;
      const expected = (purge: string, large: string | undefined, threshold: string | undefined) => [
        own('MIMALLOC_PURGE_DELAY', purge),
        own('MIMALLOC_ALLOW_LARGE_OS_PAGES', large),
        own('MALLOC_MMAP_THRESHOLD_', threshold),
      ];
      expect(seen).toEqual([
        expected('0', undefined, '262144'),
        // Large pages (tuning largePages) only where resvg's allocator never gives memory back.
        expected('-1', '1', '1048576'),
        expected('50', undefined, undefined),
      ]);
    });

    it('refuses values out of range', () => {
      for (const [options, message] of [
        [{ workerResvgPurgeDelayMs: -2 }, /workerResvgPurgeDelayMs: must be an integer from -1 to 60000/],
        [
          { workerMallocMmapThresholdKb: 32769 },
          /workerMallocMmapThresholdKb: must be an integer from 0 to 32768/,
        ],
        [{ workerGcAfterMegapixels: 1.5 }, /workerGcAfterMegapixels: must be an integer from 0 to 1000/],
        [{ workerEarlyMarkingPercent: 101 }, /workerEarlyMarkingPercent: must be an integer from 0 to 100/],
      ] as const) {
        expect(() => createRenderer({ workers: 1, ...options })).toThrow(message);
      }
    });

    it("gives a 2400×1260 raster's memory back after the render by default, not with the collection off and no purging; the same pixels", async () => {
      // resvg draws the ellipse and its shadow on a 12 MB pixmap of its own allocator (and copies it once).
      const page = (n: number) =>
        `<div style="display:flex;align-items:center;justify-content:center;width:2400px;height:1260px;background:#fff"><div style="display:flex;width:2000px;height:1000px;border-radius:500px;background:#f43;box-shadow:0 0 40px #000;transform:rotate(${n}deg)"></div></div>`;
      const kept: number[] = [];
      const images: Buffer[] = [];
      for (const options of [{}, { workerGcAfterMegapixels: 0, workerResvgPurgeDelayMs: -1 }]) {
        const renderer = createRenderer({ workers: 1, startWorkers: 'eager', ...options });
        let last: Buffer | undefined;
        for (let n = 1; n <= 3; n++) {
          last = (await renderer.render({ html: page(n), width: 2400, height: 1260, format: 'png' })).data;
        }
        const [child] = childProcesses();
        kept.push(resvgAllocatorMiB(child?.pid as number));
        const image = await decodeImage(last as Buffer);
        const centre = (630 * 2400 + 1200) * 4;
        // The ellipse's colour in the middle, white in the corner.
        expect([...image.pixels.subarray(centre, centre + 3)]).toEqual([0xff, 0x44, 0x33]);
        expect([...image.pixels.subarray(0, 3)]).toEqual([255, 255, 255]);
        images.push(image.pixels);
        await renderer.close();
      }
      // Less than one raster (12 MB) stays with the defaults; the rasters of earlier renders stay without them.
      expect(kept[0]).toBeLessThan(12);
      expect(kept[1]).toBeGreaterThanOrEqual(12);
      expect(pixelDifference(images[0] as Buffer, images[1] as Buffer)).toEqual({ max: 0, pixels: 0 });
    });

    it("frees a 2400×1260 card's raster once encoded by default, not with workerGcAfterMegapixels 0; the same pixels", async () => {
      // A plain card: its raster (12 MB, filled without resvg) is the only block of that size in the worker.
      const card = (n: number) =>
        `<div style="display:flex;box-sizing:border-box;width:2400px;height:1260px;padding:120px;background:#eef2ff;color:#1e1b4b;font-size:96px">Card ${n}</div>`;
      const rasters: number[] = [];
      const images: Buffer[] = [];
      for (const options of [{}, { workerGcAfterMegapixels: 0 }]) {
        const renderer = createRenderer({ workers: 1, startWorkers: 'eager', ...options });
        let last: Buffer | undefined;
        for (let n = 1; n <= 3; n++) {
          const result = await renderer.render({ html: card(n), width: 2400, height: 1260, format: 'webp' });
          expect(result.tuningsUsed).toContain('solidCanvas');
          last = result.data;
        }
        const [child] = childProcesses();
        rasters.push(anonymousBlocksOver(child?.pid as number, 11));
        images.push((await decodeImage(last as Buffer)).pixels);
        await renderer.close();
      }
      expect(rasters[0]).toBe(0);
      expect(rasters[1]).toBeGreaterThanOrEqual(1);
      expect(pixelDifference(images[0] as Buffer, images[1] as Buffer)).toEqual({ max: 0, pixels: 0 });
    });
  },
);

/** How many anonymous mappings of process `pid` other than mimalloc's arenas hold `mib` MiB or more resident. */
function anonymousBlocksOver(pid: number, mib: number): number {
  let count = 0;
  let anonymous = false;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const size = Number.parseInt(head[2] as string, 16) - Number.parseInt(head[1] as string, 16);
      anonymous = (head[3] as string).trim() === '' && size < 2 ** 30;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && anonymous && Number(rss[1]) >= mib * 1024) count++;
  }
  return count;
}
