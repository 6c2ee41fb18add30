// After scripts/worker-bundle.mjs: leave a startup snapshot of the worker beside its bundle (src/pool/worker-snapshot.ts
// names it, src/pool/worker-snapshot-entry.ts is what it holds): dist/worker-<node>-<arch>-<flags>-<crc>.snapshot.br
// (Brotli: ~4 MB in the package for ~14; the first pool on a host writes it out into the workers' cache directory), made with
// the flags a worker of the default options runs with — read from a real worker's command line, so it follows the
// pool (src/pool/worker-handle.ts `workerExecArgv`) — by the building Node (a snapshot runs only on the Node that made
// it). Then checked: a worker must start from it and render a card; otherwise it is removed. Optional: if it cannot
// be made, the build goes on without it (a warning) and workers start from the bundle and its code cache.
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
// An older build's snapshot would hold an older bundle; the code cache the build used to leave is replaced by it.
for (const name of readdirSync(dist))
  if (/^worker-.*\.(snapshot|snapshot\.br|v8cache)$/.test(name)) rmSync(new URL(name, dist));

/** The processes this one has started (their ids), from /proc. */
function children() {
  return readdirSync(`/proc/self/task`).flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, 'latin1').split(' ').filter(Boolean),
  );
}

/** What a worker process of a default renderer runs with: its Node flags, and whether it started from a snapshot. */
async function defaultWorker() {
  const { createRenderer } = await import(new URL('index.js', dist).href);
  const renderer = createRenderer({ workers: 1 });
  try {
    const { data } = await renderer.render({
      html: '<div style="display:flex;width:600px;height:300px;background:#123;color:#fff;font-size:48px">Hello card</div>',
      format: 'png',
    });
    if (data.length < 1000) throw new Error('the check render drew no card');
    for (const pid of children()) {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').slice(1, -1);
      const script = argv.findIndex((arg) => arg.endsWith('worker-loader.cjs'));
      if (script >= 0) {
        const execArgv = argv.slice(0, script);
        return {
          execArgv: execArgv.filter((arg) => !arg.startsWith('--snapshot-blob')),
          fromSnapshot: execArgv.some((arg) => arg.startsWith('--snapshot-blob')),
        };
      }
    }
    throw new Error('no worker process found');
  } finally {
    await renderer.close();
  }
}

let made;
const blob = new URL('worker.snapshot.tmp', dist);
try {
  const { execArgv } = await defaultWorker();
  const key = `worker-${process.version}-${process.arch}-${zlib.crc32(execArgv.join('\0')).toString(16)}`;
  execFileSync(
    process.execPath,
    [
      ...execArgv,
      '--snapshot-blob',
      fileURLToPath(blob),
      '--build-snapshot',
      fileURLToPath(new URL('worker-snapshot-entry.cjs', dist)),
    ],
    // Node warns about built-in modules it has not verified in snapshots: they load after deserialisation here.
    { stdio: ['ignore', 'inherit', 'pipe'] },
  );
  const bytes = readFileSync(blob);
  const compressed = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  // Named by its key, a CRC-32 of the bundle it holds and one of its bytes (src/pool/worker-snapshot.ts `snapshotName`).
  const bundleCrc = zlib.crc32(readFileSync(new URL('worker.cjs', dist))).toString(16);
  const name = `${key}-${bundleCrc}-${zlib.crc32(compressed).toString(16)}.snapshot.br`;
  made = new URL(name, dist);
  writeFileSync(made, compressed);
  // Readable by whoever runs the package (the build's user may not be the service's); it is no secret.
  chmodSync(made, 0o644);
  const check = await defaultWorker();
  if (!check.fromSnapshot) throw new Error('a worker did not start from it');
  console.log(`worker snapshot: dist/${name}`);
} catch (error) {
  if (made) rmSync(made, { force: true });
  console.warn(`worker snapshot: none (${error instanceof Error ? error.message : error})`);
} finally {
  rmSync(blob, { force: true });
}
