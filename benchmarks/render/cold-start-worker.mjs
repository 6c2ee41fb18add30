/**
 * Cold start seen from inside the worker: the CPU a fresh worker process spends up to each step of its life — Node's
 * bootstrap, `started` (loader, code cache, bundle evaluated), `ready` (fonts, warm-up render), its first result —
 * for the whole process and for its main thread (what the first image's wall time waits on), and its garbage
 * collection; for builds side by side, interleaved, each run a fresh process rendering one Latin card of its own
 * (cold-start.mjs's child). A build named `miss…` has its workers' own code cache deleted before each run: the first
 * run after a build; one named `nosnap…` starts its workers without the startup snapshot (`workerSnapshot: false`). Linux only (/proc). The first round is a warm-up, not counted (it makes the caches).
 *
 *   node benchmarks/render/cold-start-worker.mjs [--rounds 6] this=packages/core main=/work/main/packages/core \
 *     [missmain=/work/main/packages/core]
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { fmt, load1, machineLine, markdownTable, quantile } from '../lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({
  options: { rounds: { type: 'string', default: '6' } },
  allowPositionals: true,
});
const builds = positionals.map((spec) => {
  const [name, core] = spec.split('=');
  return { name, core: resolve(core) };
});
const cacheDir = join('/tmp', `pictor-code-cache-${process.getuid()}`);

/** Delete the user-directory code cache of `core`'s worker bundle (named by the bundle's place, code-cache.ts). */
function deleteOwnCache(core) {
  const prefix = `worker-${zlib.crc32(join(core, 'dist/worker.cjs')).toString(16)}-`;
  for (const name of readdirSync(cacheDir, { withFileTypes: false }).filter((n) => n.startsWith(prefix)))
    rmSync(join(cacheDir, name));
}

const keys = ['boot', 'started', 'ready', 'result', 'readyMainThread', 'resultMainThread', 'total', 'gcMs'];
const samples = Object.fromEntries(builds.map(({ name }) => [name, []]));
const loads = [];
for (let round = 0; round <= Number(values.rounds); round++) {
  for (const { name, core } of builds) {
    if (name.startsWith('miss')) {
      try {
        deleteOwnCache(core);
      } catch {}
    }
    const child = spawnSync(
      process.execPath,
      [
        join(here, 'cold-start.mjs'),
        '--child',
        `latin:${round}-${name}-${process.pid}`,
        '--core',
        core,
        ...(name.startsWith('nosnap') ? ['--no-snapshot'] : []),
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: `--require ${join(here, 'cold-start-probe.cjs')}` },
      },
    );
    loads.push(load1());
    if (round === 0) continue;
    const probe = JSON.parse(/COLD-START-PROBE (.*)/.exec(child.stderr)?.[1] ?? 'null');
    if (!probe) throw new Error(`no probe line from ${name}: ${child.stderr}`);
    samples[name].push({ ...probe, total: JSON.parse(child.stdout).cpu });
  }
}

const median = (name, key) =>
  quantile(
    samples[name].map((s) => s[key]),
    0.5,
  );
const rows = builds.map(({ name }) => [
  name,
  ...keys.map(
    (key) =>
      `${fmt(median(name, key), 0)} / ${fmt(
        quantile(
          samples[name].map((s) => s[key]),
          1,
        ),
        0,
      )}`,
  ),
  [...new Set(samples[name].map((s) => s.codeCache))].join(', '),
]);
const base = builds[0].name;
const ratios = builds
  .slice(1)
  .map(
    ({ name }) =>
      `${name} / ${base}: ${keys.map((key) => `${key} ${fmt(median(name, key) / median(base, key), 2)}`).join(', ')}`,
  );
console.log(
  [
    `Run ${new Date().toISOString()} — ${machineLine()}; load during the runs ${fmt(Math.min(...loads), 1)}–${fmt(Math.max(...loads), 1)}`,
    '',
    `\`node benchmarks/render/cold-start-worker.mjs --rounds ${values.rounds} ${positionals.join(' ')}\`: a fresh worker's CPU (ms) when it reaches each step, median / worst of ${values.rounds}; "total" is the CPU of the calling process and its worker.`,
    '',
    markdownTable(
      [
        'build',
        'bootstrap',
        'started',
        'ready',
        'first result',
        'main thread at ready',
        'main thread at first result',
        'total',
        'GC',
        'code cache',
      ],
      rows,
    ),
    '',
    ...ratios,
  ].join('\n'),
);
