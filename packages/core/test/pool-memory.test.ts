/**
 * Worker memory (built package): a worker process whose resident memory is over `workerMaxRssMb` after a render is
 * replaced by a fresh one once that render has answered — decided by what the worker reports after each render, so
 * a limit under any worker's size recycles after every render and the default never does for small cards.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderer, PictorError, type Renderer } from '../dist/index.js';
import { workerProcessEnv } from '../src/tuning/allocator.js';
import { expectFormatAndSize } from './helpers/image-compare.js';

/** The environment and arguments of each live child process of this one (the pool's workers), from /proc. */
function childProcesses(): { env: Record<string, string>; args: string[] }[] {
  const found: { env: Record<string, string>; args: string[] }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
      const pairs = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').filter(Boolean);
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      found.push({
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
  it('starts worker processes with MALLOC_ARENA_MAX=2 and 4 MB semi-spaces by default, the given values, or none with 0', async () => {
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
      [arenas('2'), '--max-semi-space-size=4'],
      [arenas('3'), '--max-semi-space-size=8'],
      [arenas(undefined), undefined],
    ]);
  });

  it("keeps the environment's own value and refuses a count out of range", () => {
    expect(workerProcessEnv({ largePages: false, mallocArenas: 2 }, { MALLOC_ARENA_MAX: '8' })).toEqual({
      MALLOC_ARENA_MAX: '8',
    });
    expect(workerProcessEnv({ largePages: true, mallocArenas: 2 }, {})).toEqual({
      MIMALLOC_ALLOW_LARGE_OS_PAGES: '1',
      MALLOC_ARENA_MAX: '2',
    });
    expect(() => createRenderer({ workers: 1, workerMallocArenas: -1 })).toThrow(
      /workerMallocArenas: must be an integer from 0 to 1024/,
    );
    expect(() => createRenderer({ workers: 1, workerSemiSpaceMb: 2048 })).toThrow(
      /workerSemiSpaceMb: must be an integer from 0 to 1024/,
    );
  });
});
