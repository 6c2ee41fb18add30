/**
 * A fresh worker process (built package) does only what its renders need: the warm-up and a Latin PNG card load
 * neither sharp (libvips), node:crypto nor node:https (lazy imports, issue 42 item 5); a WebP then loads libvips, and
 * both images are right.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
const card = (format: 'png' | 'webp') =>
  validateRenderInput(
    {
      html: '<div style="display:flex;width:600px;height:300px;background:#123;color:#fff;font-size:48px">Hello card</div>',
      format,
    },
    limits,
  );

describe('a fresh worker loads what its renders need', () => {
  it('renders a Latin PNG card without sharp, crypto or https, and loads libvips for a WebP', async () => {
    const pool = new WorkerPool({
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
      script: new URL('./helpers/loaded-modules-probe.mjs', import.meta.url),
    });
    try {
      const png = await pool.run(card('png'));
      await expectFormatAndSize(png.data, { format: 'png', width: 600, height: 300 });
      expect(JSON.parse(readFileSync(probeFile, 'utf8'))).toEqual({
        libvips: false,
        crypto: false,
        https: false,
      });

      const webp = await pool.run(card('webp'));
      await expectFormatAndSize(webp.data, { format: 'webp', width: 600, height: 300 });
      expect(JSON.parse(readFileSync(probeFile, 'utf8'))).toMatchObject({ libvips: true });
    } finally {
      await pool.close();
    }
  });
});
