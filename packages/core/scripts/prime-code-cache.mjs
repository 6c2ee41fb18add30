// Optional, not part of `build` (its startup snapshot, scripts/build-snapshot.mjs, starts the default workers and
// replaced this): after scripts/worker-bundle.mjs, leave a V8 code cache of dist/worker.cjs beside it (src/pool/code-cache.ts,
// `shippedCacheName`), so the first worker process on a host with no cache of its own — a fresh container, an empty
// temporary directory, the first run after an install — starts from compiled code too. Made by a real worker with
// the pool's default flags rendering a small card (what every worker's warm-up runs), in a private temporary
// directory, then copied to dist/worker-<node>-<arch>-<flags>.v8cache. Valid only on this Node version with the
// default flags; anywhere else a worker ignores it (by its name, or V8's check) and makes its own as before.
// Optional: if it cannot be made, the build goes on without it (a warning).
import { chmodSync, copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url);
// An older build's cache would be used (the same bundle) or ignored (another one), and then nothing new is written.
for (const name of readdirSync(dist)) if (/^worker-.*\.v8cache$/.test(name)) rmSync(new URL(name, dist));

const dir = mkdtempSync(join(tmpdir(), 'pictor-prime-code-cache-'));
try {
  const { createRenderer } = await import(new URL('index.js', dist).href);
  const renderer = createRenderer({ workers: 1, workerCodeCache: dir });
  try {
    await renderer.render({
      html: '<div style="display:flex;width:600px;height:300px;background:#123;color:#fff;font-size:48px">Hello card</div>',
      format: 'png',
    });
  } finally {
    await renderer.close();
  }
  const [made] = readdirSync(dir).filter((name) => name.endsWith('.v8cache'));
  if (made === undefined) throw new Error('the worker wrote no cache');
  // worker-<place>-<node>-<arch>-<flags>.v8cache → worker-<node>-<arch>-<flags>.v8cache
  const shipped = made.replace(/^worker-[0-9a-f]+-/, 'worker-');
  copyFileSync(join(dir, made), new URL(shipped, dist));
  // Readable by whoever runs the package (the build's user may not be the service's); it is no secret.
  chmodSync(new URL(shipped, dist), 0o644);
  console.log(`code cache: dist/${shipped}`);
} catch (error) {
  console.warn(`code cache: none shipped (${error instanceof Error ? error.message : error})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
