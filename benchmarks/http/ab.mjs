/**
 * A/B of two server builds or settings, side by side in one run: each variant is the real server (its own process,
 * data dir and 2 render workers, as in run.mjs) driven by autocannon with operation B (the reference card, a new
 * title per request), one variant at a time, the order alternating every round (a fixed order favours whichever
 * runs second). Per round and variant: req/s, the server's own time p50 / p90 from its log, the storage write p50,
 * and the main thread's CPU per request (from /proc, Linux).
 *
 *   node benchmarks/http/ab.mjs --env-b PICTOR_WORKER_NICE=0          # one setting (environment)
 *   node benchmarks/http/ab.mjs --node-arg-b=--max-semi-space-size=64  # a flag of node (before the script)
 *   node benchmarks/http/ab.mjs --bare --node-arg-b=--single-threaded-gc   # without NODE_FLAGS of lib/node-flags.mjs
 *   node benchmarks/http/ab.mjs --root-a ../other-checkout              # another build (its packages/*\/dist)
 *        [--rounds 4] [--seconds 15] [--warmup-seconds 20] [--connections 4] [--workers 2]
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { load1 } from '../lib/report.mjs';
import { CARD_HEIGHT, CARD_WIDTH, cardHtml, createAvatar, TITLE } from '../render/card.mjs';
import { serverSideTimes, startBenchServer } from './server-process.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    'root-a': { type: 'string', default: join(here, '../..') },
    'root-b': { type: 'string', default: join(here, '../..') },
    'env-a': { type: 'string', multiple: true, default: [] },
    'env-b': { type: 'string', multiple: true, default: [] },
    'node-arg-a': { type: 'string', multiple: true, default: [] },
    'node-arg-b': { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '15' },
    'warmup-seconds': { type: 'string', default: '20' },
    connections: { type: 'string', default: '4' },
    workers: { type: 'string', default: '2' },
    bare: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const envOf = (pairs) =>
  Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

/** CPU time of one thread of `pid` in ms (utime + stime, clock ticks of 10 ms), or NaN where /proc is missing. */
function threadCpuMs(pid, tid) {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

const avatarUri = `data:image/jpeg;base64,${(await createAvatar()).toString('base64')}`;
let counter = 0;
const body = () =>
  JSON.stringify({
    content: cardHtml(avatarUri).replace(TITLE, `${TITLE.slice(0, 50)} #${++counter}`),
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    format: 'webp',
  });

/** Operation B for `seconds` with `--connections` in flight; resolves with the number of 200s. */
async function load(server, seconds) {
  let ok = 0;
  await autocannon({
    url: `${server.base}/open/v1/images/render`,
    connections: Number(args.connections),
    duration: seconds,
    timeout: 60,
    method: 'POST',
    headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
    requests: [
      { setupRequest: (request) => ({ ...request, body: body() }), onResponse: (s) => s === 200 && ok++ },
    ],
  });
  return ok;
}

const variants = [
  {
    name: 'A',
    root: resolve(args['root-a']),
    env: envOf(args['env-a']),
    nodeArgs: args['node-arg-a'],
    own: [],
  },
  {
    name: 'B',
    root: resolve(args['root-b']),
    env: envOf(args['env-b']),
    nodeArgs: args['node-arg-b'],
    own: [],
  },
];
for (const v of variants) {
  const { root, env, nodeArgs } = v;
  v.server = await startBenchServer({ root, workers: Number(args.workers), env, nodeArgs, bare: args.bare });
}
try {
  for (const v of variants) {
    console.log(`${v.name}: ${v.root} ${JSON.stringify(v.env)} ${v.nodeArgs.join(' ')}`);
    await load(v.server, Number(args['warmup-seconds']));
  }
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const v of round % 2 ? [...variants].reverse() : variants) {
      await new Promise((r) => setTimeout(r, 3000));
      const pid = v.server.child.pid;
      const from = statSync(v.server.logPath).size;
      const cpuBefore = threadCpuMs(pid, pid);
      const ok = await load(v.server, SECONDS);
      const mainMs = (threadCpuMs(pid, pid) - cpuBefore) / ok;
      await new Promise((r) => setTimeout(r, 500));
      const times = serverSideTimes(v.server.logPath, from).B;
      console.log(
        `round ${round + 1} ${v.name}: ${(ok / SECONDS).toFixed(1)} req/s, own p50 ${times.own.toFixed(2)} p90 ${times.ownP90.toFixed(2)} ms, store p50 ${times.store.toFixed(2)} ms, main thread ${mainMs.toFixed(2)} ms CPU per request (load ${load1()})`,
      );
      v.own.push(times.own);
    }
  }
  for (const v of variants)
    console.log(`${v.name} own p50 by round: ${v.own.map((ms) => ms.toFixed(2)).join(' / ')}`);
} finally {
  for (const v of variants) await v.server.stop();
}
