/**
 * A process whose renders all run in worker processes holds only the pool: the engine (satori and the layout bundle,
 * resvg, sharp and libvips, the fonts) is imported by the workers and by `workers: 0` renderers on their first render
 * (pool/local-executor.ts), never by a pool's caller — its memory is the pool's and its own traffic
 * (benchmarks/render/RESULTS.md, ninth pass). Checked on the built package in a real process: the modules it
 * resolved and the native libraries mapped into it. Needs the built dist (`pnpm build`).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const probe = new URL('./helpers/pool-caller-probe.mjs', import.meta.url);

describe('a pool caller (workers: 2)', () => {
  it('renders and fills templates without loading the engine or its native libraries', () => {
    const report = JSON.parse(execFileSync(process.execPath, [probe.pathname], { encoding: 'utf8' }));
    expect(report.formats).toEqual([
      ['webp', 320, 120, true],
      ['png', 320, 120, true],
    ]);
    expect(report.filled).toBe('<b>Ada</b>');
    // What it did import: the package's entry and its small shared chunks, lru-cache.
    expect(report.modules.some((url: string) => url.endsWith('/dist/index.js'))).toBe(true);
    const packages = report.modules
      .filter((url: string) => url.includes('/node_modules/'))
      .map((url: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(url)?.[1]);
    expect(packages.filter((name: string | undefined) => name !== 'lru-cache')).toEqual([]);
    // The engine's modules (render.ts and what it imports: satori, resvg, sharp, parse5, css-tree…).
    expect(report.modules.filter((url: string) => /\/dist\/render-[^/]*\.js$/.test(url))).toEqual([]);
    expect(report.resvg).toBe(false);
    expect(report.libvips).toBe(false);
  });
});
