/**
 * Worker memory (built package): a worker process whose resident memory is over `workerMaxRssMb` after a render is
 * replaced by a fresh one once that render has answered — decided by what the worker reports after each render, so
 * a limit under any worker's size recycles after every render and the default never does for small cards.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderer, PictorError, type Renderer } from '../dist/index.js';
import { expectFormatAndSize } from './helpers/image-compare.js';

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
