/** Configuration errors fail fast and name the variable; defaults follow docs/contract/decisions.md "Limits". */
import { MAX_VARIABLE_DEFINITIONS, MAX_VARIABLE_ENTRIES } from '@pictor/core';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_LIMITS, LIMIT_VARIABLES, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('the wall-clock backstop follows the render time limit unless set', () => {
    expect(loadConfig({ PICTOR_RENDER_TIMEOUT_MS: '20000' }).limits.renderWallTimeoutMs).toBe(120_000);
    expect(loadConfig({ PICTOR_RENDER_TIMEOUT_MS: '2000' }).limits.renderWallTimeoutMs).toBe(60_000);
    expect(
      loadConfig({ PICTOR_RENDER_TIMEOUT_MS: '2000', PICTOR_RENDER_WALL_TIMEOUT_MS: '5000' }).limits
        .renderWallTimeoutMs,
    ).toBe(5000);
  });

  it('has the defaults of the contract', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toMatch(/\/\.pictor$/);
    expect(config.publicUrl).toBeUndefined();
    expect(config.workerNice).toBeUndefined();
    expect(config.workerIsolation).toBeUndefined();
    expect(config.limits).toEqual({
      bodyLimit: 5 * 1024 * 1024,
      maxDimension: 4096,
      maxPixels: 16_777_216,
      renderTimeoutMs: 10_000,
      renderWallTimeoutMs: 60_000,
      queueWaitMs: 60_000,
      accountMaxQueued: 250,
      accountMaxRunning: 0,
      timeoutPenaltyMax: 5,
      fetchMaxBytes: 10 * 1024 * 1024,
      fetchTimeoutMs: 5_000,
      fetchAllowList: [],
      maxTemplateVariables: 256,
      maxRequestVariables: 1024,
      maxTemplatesPerAccount: 500,
      maxRevisionsPerTemplate: 20,
      rateLimitMax: 120,
      rateLimitWindowMs: 10_000,
      linkTtlSeconds: 300,
      remoteReuseSeconds: 300,
      maxUrlBytes: 8192,
      imgMaxAgeSeconds: 86_400,
      imgRetentionSeconds: 30 * 86_400,
      imgRenderRateMax: 120,
      imgRenderRateWindowMs: 10_000,
      studioIdleSeconds: 1_800,
      studioPreviewRateMax: 60,
      studioPreviewMaxPixels: 4_194_304,
      studioSessionMaxAgeSeconds: 43_200,
      studioSignInFailuresMax: 10,
      batchMaxItems: 10_000,
      batchLinkTtlSeconds: 86_400,
      batchMaxRunningPerAccount: 4,
      batchConcurrency: 0,
      webhookTimeoutMs: 10_000,
      batchClaimSeconds: 30,
    });
    expect(config.trustProxy).toBe(false);
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.limits)).toBe(true);
    expect(config.warnings).toEqual([]);
  });

  it('warns about a variable it no longer reads, and otherwise ignores it', () => {
    const config = loadConfig({ PICTOR_PIN_WORKERS: '1' });
    expect(config.warnings).toEqual([
      expect.stringMatching(/^PICTOR_PIN_WORKERS is no longer read: .*Remove/),
    ]);
    expect(config.workers).toBeUndefined();
  });

  it('reads every variable, with a trailing slash of the public URL removed', () => {
    const config = loadConfig({
      PICTOR_PORT: '8080',
      PICTOR_HOST: '0.0.0.0',
      PICTOR_DATA_DIR: '/tmp/pictor-x',
      PICTOR_PUBLIC_URL: 'https://img.example.com/',
      PICTOR_DATABASE_URL: 'postgres://u:p@db/pictor',
      PICTOR_FETCH_ALLOW_LIST: 'assets.internal, 10.0.0.0/8',
      PICTOR_RATE_LIMIT_MAX: '5',
      PICTOR_WORKER_NICE: '4',
      PICTOR_WORKER_ISOLATION: 'thread',
      PICTOR_WORKER_MAX_RSS_MB: '300',
      PICTOR_WORKER_MALLOC_ARENAS: '0',
      PICTOR_WORKER_RESVG_PURGE_DELAY_MS: 'never',
      PICTOR_WORKER_MALLOC_MMAP_THRESHOLD_KB: '1024',
      PICTOR_WORKER_GC_AFTER_MEGAPIXELS: '0',
      PICTOR_WORKER_EARLY_MARKING_PERCENT: '0',
      PICTOR_WORKER_KEPT_CANVAS_MB: '16',
      PICTOR_WORKER_HEAP_GROWING_PERCENT: '50',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/pictor-x',
      publicUrl: 'https://img.example.com',
      databaseUrl: 'postgres://u:p@db/pictor',
      workerNice: 4,
      workerIsolation: 'thread',
      workerMaxRssMb: 300,
      workerMallocArenas: 0,
      workerResvgPurgeDelayMs: -1,
      workerMallocMmapThresholdKb: 1024,
      workerGcAfterMegapixels: 0,
      workerEarlyMarkingPercent: 0,
      workerKeptCanvasMb: 16,
      workerHeapGrowingPercent: 50,
    });
    expect(config.limits.fetchAllowList).toEqual(['assets.internal', '10.0.0.0/8']);
    expect(config.limits.rateLimitMax).toBe(5);
  });

  it('reads PICTOR_TRUST_PROXY as Fastify takes it: true, false, or addresses, ranges and names', () => {
    expect(loadConfig({ PICTOR_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ PICTOR_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(
      loadConfig({ PICTOR_TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8, 192.168.0.0/255.255.0.0,loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8', '192.168.0.0/255.255.0.0', 'loopback']);
    expect(() => loadConfig({ PICTOR_TRUST_PROXY: '2' })).toThrow(/list the proxies' addresses/);
  });

  it('fails fast naming the variable', () => {
    const bad: [Record<string, string>, string][] = [
      [{ PICTOR_PORT: 'eighty' }, 'PICTOR_PORT'],
      [{ PICTOR_PORT: '70000' }, 'PICTOR_PORT'],
      [{ PICTOR_PUBLIC_URL: 'not a url' }, 'PICTOR_PUBLIC_URL'],
      [{ PICTOR_PUBLIC_URL: 'ftp://x' }, 'PICTOR_PUBLIC_URL'],
      [{ PICTOR_DATABASE_URL: 'mysql://x' }, 'PICTOR_DATABASE_URL'],
      [{ PICTOR_SIGNING_SECRET: 'short' }, 'PICTOR_SIGNING_SECRET'],
      [{ PICTOR_ADMIN_TOKEN: 'short' }, 'PICTOR_ADMIN_TOKEN'],
      [{ PICTOR_LOG_LEVEL: 'loud' }, 'PICTOR_LOG_LEVEL'],
      [{ PICTOR_STORAGE: 'gs://bucket' }, 'PICTOR_STORAGE'],
      [{ PICTOR_WORKER_NICE: '20' }, 'PICTOR_WORKER_NICE'],
      [{ PICTOR_WORKER_NICE: '-1' }, 'PICTOR_WORKER_NICE'],
      [{ PICTOR_WORKER_ISOLATION: 'fiber' }, 'PICTOR_WORKER_ISOLATION'],
      [{ PICTOR_WORKER_MAX_RSS_MB: '-5' }, 'PICTOR_WORKER_MAX_RSS_MB'],
      [{ PICTOR_WORKER_MALLOC_ARENAS: 'two' }, 'PICTOR_WORKER_MALLOC_ARENAS'],
      [{ PICTOR_WORKER_RESVG_PURGE_DELAY_MS: '-1' }, 'PICTOR_WORKER_RESVG_PURGE_DELAY_MS'],
      [{ PICTOR_WORKER_MALLOC_MMAP_THRESHOLD_KB: '65536' }, 'PICTOR_WORKER_MALLOC_MMAP_THRESHOLD_KB'],
      [{ PICTOR_WORKER_GC_AFTER_MEGAPIXELS: 'big' }, 'PICTOR_WORKER_GC_AFTER_MEGAPIXELS'],
      [{ PICTOR_WORKER_EARLY_MARKING_PERCENT: '101' }, 'PICTOR_WORKER_EARLY_MARKING_PERCENT'],
      [{ PICTOR_WORKER_KEPT_CANVAS_MB: '2048' }, 'PICTOR_WORKER_KEPT_CANVAS_MB'],
      [{ PICTOR_WORKER_HEAP_GROWING_PERCENT: '1001' }, 'PICTOR_WORKER_HEAP_GROWING_PERCENT'],
      [{ PICTOR_TRUST_PROXY: '1' }, 'PICTOR_TRUST_PROXY'],
      [{ PICTOR_TRUST_PROXY: 'yes' }, 'PICTOR_TRUST_PROXY'],
      [{ PICTOR_TRUST_PROXY: '10.0.0.0/33' }, 'PICTOR_TRUST_PROXY'],
      [{ PICTOR_TRUST_PROXY: '127.0.0.1, proxy.internal' }, 'PICTOR_TRUST_PROXY'],
    ];
    for (const [env, name] of bad) {
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env), name).toThrow(new RegExp(`^${name}: `));
    }
    for (const [limit, name] of Object.entries(LIMIT_VARIABLES)) {
      if (limit === 'fetchAllowList') continue;
      expect(() => loadConfig({ [name]: '-1' }), name).toThrow(new RegExp(`^${name}: must be an integer`));
      expect(DEFAULT_LIMITS).toHaveProperty(limit);
    }
  });

  it('takes the template variable limits from the engine: a setting lowers them, never raises them', () => {
    expect(DEFAULT_LIMITS.maxTemplateVariables).toBe(MAX_VARIABLE_DEFINITIONS);
    expect(DEFAULT_LIMITS.maxRequestVariables).toBe(MAX_VARIABLE_ENTRIES);
    expect(loadConfig({ PICTOR_MAX_TEMPLATE_VARIABLES: '10' }).limits.maxTemplateVariables).toBe(10);
    expect(() => loadConfig({ PICTOR_MAX_TEMPLATE_VARIABLES: `${MAX_VARIABLE_DEFINITIONS + 1}` })).toThrow(
      `PICTOR_MAX_TEMPLATE_VARIABLES: must be an integer from 1 to ${MAX_VARIABLE_DEFINITIONS}`,
    );
    expect(() => loadConfig({ PICTOR_MAX_REQUEST_VARIABLES: `${MAX_VARIABLE_ENTRIES + 1}` })).toThrow(
      `PICTOR_MAX_REQUEST_VARIABLES: must be an integer from 1 to ${MAX_VARIABLE_ENTRIES}`,
    );
  });
});
