/**
 * A fresh worker process (built package) does only what its renders need: the warm-up and a Latin PNG card load
 * neither sharp (libvips), node:crypto, node:https nor the optional font packages' lists (lazy imports, issue 42 item
 * 5); a WebP then loads libvips, Thai text the font packages, and the images are right. It starts from the CommonJS loader without Node's ES module loader, and loads resvg without a
 * diagnostic report (resvg-js's C-library probe). Its bundle's code cache is made by the first worker and used by the next; a corrupt one is
 * ignored and the image is the same.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerPool } from '../src/pool/worker-pool.js';
import { resolveLimits, validateRenderInput } from '../src/validate.js';
import { expectFormatAndSize } from './helpers/image-compare.js';

const dir = mkdtempSync(join(tmpdir(), 'pictor-cold-'));
const probeFile = join(dir, 'loaded.json');
process.env.PICTOR_PROBE_FILE = probeFile;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const limits = resolveLimits();
const card = (format: 'png' | 'webp', text = 'Hello card') =>
  validateRenderInput(
    {
      html: `<div style="display:flex;width:600px;height:300px;background:#123;color:#fff;font-size:48px">${text}</div>`,
      format,
    },
    limits,
  );

/** A pool of one real worker process (the probe around dist/worker-loader.cjs), with its code cache in `cacheDir`. */
function probedPool(cacheDir?: string): WorkerPool {
  return new WorkerPool({
    size: 1,
    eager: false,
    maxQueue: 10,
    maxQueuedPerTenant: 10,
    maxRunningPerTenant: 1,
    maxQueueWaitMs: Number.POSITIVE_INFINITY,
    timeoutMs: 20_000,
    wallTimeoutMs: 120_000,
    memoryLimitMb: 1024,
    setup: { environment: { limits }, nice: 0, heapGrowingPercent: 0 },
    isolation: 'process',
    script: new URL('./helpers/loaded-modules-probe.cjs', import.meta.url),
    codeCacheDir: cacheDir,
  });
}

const probe = () => JSON.parse(readFileSync(probeFile, 'utf8'));

describe('a fresh worker loads what its renders need', () => {
  it('renders a Latin PNG card without sharp, crypto, https or the optional fonts, and loads libvips for a WebP', async () => {
    const pool = probedPool();
    try {
      const png = await pool.run(card('png'));
      await expectFormatAndSize(png.data, { format: 'png', width: 600, height: 300 });
      expect(probe()).toEqual({
        libvips: false,
        crypto: false,
        https: false,
        fontPackages: false,
        esModuleLoader: false,
        diagnosticReport: false,
        codeCache: 'off',
      });

      const webp = await pool.run(card('webp'));
      await expectFormatAndSize(webp.data, { format: 'webp', width: 600, height: 300 });
      expect(probe()).toMatchObject({ libvips: true, fontPackages: false });

      // Thai text: now the optional fonts' packages are read (fonts-world draws it).
      const thai = await pool.run(card('png', 'สวัสดีครับ'));
      await expectFormatAndSize(thai.data, { format: 'png', width: 600, height: 300 });
      expect(probe()).toMatchObject({ fontPackages: true });
    } finally {
      await pool.close();
    }
  });

  it('makes its code cache once, uses it in the next worker, and ignores a corrupt one', async () => {
    const cacheDir = join(dir, 'code-cache');
    const renderIn = async (alsoWebp = false) => {
      const pool = probedPool(cacheDir);
      try {
        const result = await pool.run(card('png'));
        // A WebP loads sharp by a dynamic import, which code from the cache must still be able to do.
        if (alsoWebp)
          await expectFormatAndSize((await pool.run(card('webp'))).data, {
            format: 'webp',
            width: 600,
            height: 300,
          });
        return { png: Buffer.from(result.data), codeCache: probe().codeCache };
      } finally {
        await pool.close();
      }
    };
    const first = await renderIn();
    expect(first.codeCache).toBe('missing');
    const [file] = readdirSync(cacheDir);
    const second = await renderIn(true);
    expect(second.codeCache).toBe('used');
    expect(second.png.equals(first.png)).toBe(true);
    // One byte of the payload changed: compiled from source, the same image, and the cache made again.
    const cacheFile = join(cacheDir, file as string);
    const bytes = readFileSync(cacheFile);
    bytes[bytes.length - 1000] = (bytes[bytes.length - 1000] as number) ^ 0xff;
    writeFileSync(cacheFile, bytes);
    const third = await renderIn();
    expect(third.codeCache).toBe('rejected');
    expect(third.png.equals(first.png)).toBe(true);
    expect((await renderIn()).codeCache).toBe('used');
  });
});
