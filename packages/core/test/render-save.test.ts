/** saveTo: the rendering thread writes the image to a file, atomically, before the render resolves. */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// The pool runs the built worker (as in pool.test.ts); the calling-thread renderer runs the sources.
import { createRenderer as createBuiltRenderer, PictorError as BuiltPictorError } from '../dist/index.js';
import { createRenderer } from '../src/index.js';
import {
  openAtomicFile,
  releaseAbandonedFile,
  saveFileAtomically,
  temporaryPathOf,
} from '../src/output/atomic-file.js';
import { expectFormatAndSize } from './helpers/image-compare.js';

const root = mkdtempSync(join(tmpdir(), 'pictor-save-'));
const pooled = createBuiltRenderer({ workers: 1 });
const local = createRenderer({ workers: 0 });
afterAll(async () => {
  await Promise.all([pooled.close(), local.close()]);
  rmSync(root, { recursive: true, force: true });
});

const card = (text: string) =>
  `<div style="display:flex;width:100%;height:100%;background:#0ea5e9;color:white;font-size:40px">${text}</div>`;

describe('saveTo', () => {
  for (const [name, renderer] of [
    ['in a worker', pooled],
    ['on the calling thread (workers: 0)', local],
  ] as const) {
    it(`${name}: writes the returned bytes to the file, making its folders, and times the write`, async () => {
      const target = join(root, name.replace(/\W+/g, '-'), 'ab', 'card.webp');
      const result = await renderer.render({
        html: card('Saved'),
        width: 320,
        height: 160,
        format: 'webp',
        saveTo: target,
      });
      const saved = readFileSync(target);
      expect(saved.equals(result.data)).toBe(true);
      await expectFormatAndSize(saved, { format: 'webp', width: 320, height: 160 });
      expect(result.timings.save).toBeGreaterThan(0);
      expect(result.timings.total).toBeGreaterThanOrEqual(result.timings.save);
      expect(readdirSync(join(root, name.replace(/\W+/g, '-'), 'ab'))).toEqual(['card.webp']);
    });
  }

  it('replaces an existing file whole, and renderTemplate passes it on', async () => {
    const target = join(root, 'replace.png');
    writeFileSync(target, 'old bytes');
    const result = await pooled.renderTemplate({
      template: { content: card('{{t}}'), variables: { t: { type: 'string' } }, width: 200, height: 100 },
      variables: { t: 'New' },
      saveTo: target,
    });
    expect(readFileSync(target).equals(result.data)).toBe(true);
    await expectFormatAndSize(readFileSync(target), { format: 'png', width: 200, height: 100 });
  });

  it('without saveTo nothing is written and the save stage is 0', async () => {
    const result = await pooled.render({ html: card('x'), width: 100, height: 50 });
    expect(result.timings.save).toBe(0);
  });

  it('a relative or non-string path is INVALID_INPUT naming saveTo', async () => {
    for (const saveTo of ['relative/card.png', 42]) {
      await expect(
        pooled.render({ html: card('x'), width: 100, height: 50, saveTo: saveTo as string }),
      ).rejects.toMatchObject({ code: 'INVALID_INPUT', details: { field: 'saveTo' } });
    }
  });

  it('a file that cannot be written is SAVE_FAILED with the system error, leaves nothing, and the pool goes on', async () => {
    writeFileSync(join(root, 'blocker'), 'a file where a folder should be');
    const error = await pooled
      .render({ html: card('x'), width: 100, height: 50, saveTo: join(root, 'blocker', 'sub', 'card.png') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuiltPictorError);
    expect(error).toMatchObject({ code: 'SAVE_FAILED', details: { field: 'saveTo', errno: 'ENOTDIR' } });
    expect((error as Error).message).toMatch(/^saveTo: could not write the image to .*blocker.*ENOTDIR/);
    const after = await pooled.render({
      html: card('ok'),
      width: 100,
      height: 50,
      saveTo: join(root, 'after.png'),
    });
    expect(readFileSync(join(root, 'after.png')).equals(after.data)).toBe(true);
  });
});

describe('saveFileAtomically', () => {
  it('removes its temporary file when the rename fails (a folder in the way)', () => {
    const folder = mkdtempSync(join(root, 'rename-'));
    const target = join(folder, 'taken');
    mkdirSync(target);
    let error: unknown;
    try {
      saveFileAtomically(target, Buffer.from('x'));
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'EISDIR', syscall: 'rename' });
    expect(readdirSync(folder)).toEqual(['taken']);
  });

  it('openAtomicFile: nothing under the name until commit; discard leaves nothing', () => {
    const folder = mkdtempSync(join(root, 'two-step-'));
    const kept = openAtomicFile(join(folder, 'kept'));
    const dropped = openAtomicFile(join(folder, 'dropped'));
    expect(readdirSync(folder)).toHaveLength(2);
    expect(readdirSync(folder).every((name) => name.endsWith('.tmp'))).toBe(true);
    kept.commit(Buffer.from('bytes'));
    dropped.discard();
    expect(readdirSync(folder)).toEqual(['kept']);
    expect(readFileSync(join(folder, 'kept'), 'utf8')).toBe('bytes');
  });

  it('a render stopped by its time limit while encoding leaves no temporary file (the pool removes it)', async () => {
    const folder = mkdtempSync(join(root, 'stopped-'));
    // A 4000×4000 webp: a few hundred ms of layout and raster, then several hundred ms of encoding.
    const input = (name: string) => ({
      html: '<div style="display:flex;width:100%;height:100%;background:linear-gradient(45deg,#f00,#00f)"></div>',
      width: 4000,
      height: 4000,
      format: 'webp' as const,
      saveTo: join(folder, name),
    });
    const probe = createBuiltRenderer({ workers: 1 });
    const { timings } = await probe.render(input('probe.webp'));
    await probe.close();
    // The temporary file is opened as the encode starts and renamed when it ends: a render out of time after its
    // temporary file appeared and before its image did was stopped mid-encode. Aim early in the encode; a render
    // that finished gets less time, one stopped before its encode more (bisection).
    const created = new Set<string>();
    const watcher = watch(folder, (_event, name) => {
      if (name) created.add(String(name));
    });
    let outcome = 'not tried';
    try {
      let [early, late] = [0, timings.total];
      let timeoutMs = Math.round(timings.total - timings.encode * 0.75);
      for (let attempt = 0; attempt < 8 && outcome !== 'stopped mid-encode'; attempt++) {
        const name = `attempt-${attempt}.webp`;
        const renderer = createBuiltRenderer({ workers: 1, limits: { timeoutMs } });
        try {
          await renderer.render(input(name));
          outcome = 'finished';
        } catch (error) {
          expect(error).toMatchObject({ code: 'RENDER_TIMEOUT' });
          const opened = [...created].some((file) => file.startsWith(`.${name}.`) && file.endsWith('.tmp'));
          outcome = opened && !existsSync(join(folder, name)) ? 'stopped mid-encode' : 'stopped before';
        } finally {
          await renderer.close();
        }
        if (outcome === 'finished') late = timeoutMs;
        if (outcome === 'stopped before') early = timeoutMs;
        timeoutMs = Math.round((early + late) / 2);
      }
    } finally {
      watcher.close();
    }
    expect(outcome).toBe('stopped mid-encode');
    await expect
      .poll(() => readdirSync(folder).filter((name) => name.endsWith('.tmp')), { timeout: 100_000 })
      .toEqual([]);
  }, 120_000);

  it('releaseAbandonedFile removes a temporary file left behind; nothing when there is none', () => {
    const folder = mkdtempSync(join(root, 'abandoned-'));
    const target = join(folder, 'image.webp');
    openAtomicFile(target, 'c0ffee'); // never committed nor discarded
    expect(readdirSync(folder)).toEqual(['.image.webp.c0ffee.tmp']);
    releaseAbandonedFile(temporaryPathOf(target, 'c0ffee'));
    expect(readdirSync(folder)).toEqual([]);
    releaseAbandonedFile(temporaryPathOf(target, 'never-opened'));
    releaseAbandonedFile(join(folder, 'no-such-folder', '.x.tmp'));
  });

  it('is published as @pictor/core/save-file (built file, no engine loaded)', async () => {
    const resolved = createRequire(import.meta.url).resolve('@pictor/core/save-file');
    expect(resolved).toMatch(/dist[/\\]save-file\.js$/);
    const module = await import(resolved);
    expect(Object.keys(module)).toEqual(['saveFileAtomically']);
  });
});
