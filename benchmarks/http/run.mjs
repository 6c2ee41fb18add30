/**
 * HTTP benchmark: the real server (built @pictor/server CLI, own process, temporary data dir) driven by autocannon
 * over loopback for operation A (template) and operation B (HTML), beside the same renders called directly on
 * @pictor/core with the same pool size and concurrency, in the same run, alternating, to show the server's own
 * cost per request. Also identical requests, which the content-derived object store answers without rendering.
 *
 *   node benchmarks/http/run.mjs            # 3 rounds × 5 s per case, writes benchmarks/http/RESULTS.md
 *   node benchmarks/http/run.mjs --quick    # 1 round × 3 s per case, prints only
 *
 * Options: --rounds N, --seconds N (per round and case), --warmup-seconds N (per rendering case, default 15),
 * --connections N, --no-write,
 * --workers N (render workers of both sides; default one per core),
 * --only NAME[,NAME] (cases whose name contains one of these), --profile DIR (server runs with --cpu-prof
 * writing its profile to DIR on exit; nothing is written to RESULTS.md). PICTOR_BENCH_KEEP_LOG=1 keeps the temporary
 * data dir and prints the server log's path (per-request `render.server.lookup` / `render.server.store` waits).
 */
import { statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compileTemplate, createRenderer } from '@pictor/core';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { NODE_FLAGS, relaunchWithNodeFlags } from '../lib/node-flags.mjs';
import { fmt, load1, machineLine, markdownTable, quantile } from '../lib/report.mjs';
import { CARD_HEIGHT, CARD_WIDTH, cardHtml, cardTemplate, createAvatar, TITLE } from '../render/card.mjs';
import { admin, serverSideTimes, startBenchServer } from './server-process.mjs';

// The core side renders in this process: it runs with the same flags of node as the server.
relaunchWithNodeFlags();
const here = dirname(fileURLToPath(import.meta.url));

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    'warmup-seconds': { type: 'string' },
    connections: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    only: { type: 'string' },
    workers: { type: 'string' },
    profile: { type: 'string' },
  },
});
const quick = args.quick;
const WORKERS = Number(args.workers ?? cpus().length);
const ROUNDS = Number(args.rounds ?? (quick ? 1 : 3));
const SECONDS = Number(args.seconds ?? (quick ? 3 : 5));
// Warm-up of each rendering case before anything is measured: V8 keeps optimising satori's code for the first few
// hundred renders of every worker thread (its background JIT and GC threads took 7–8 ms per render after 40
// renders and 3.3 ms after 250, 2026-11-23), and those threads compete with the server's event loop for the cores.
// 15 s per case is ~300 renders per side (both operations share the render code): a long-running service's state.
const WARMUP_SECONDS = Number(args['warmup-seconds'] ?? (quick ? 1 : 15));
const CONNECTIONS = Number(args.connections ?? WORKERS * 2);
const FORMAT = 'webp';

/** Drive the server with autocannon for `seconds`; every request body from `makeBody()`. */
async function runServerCase(base, key, path, makeBody, seconds) {
  const latencies = [];
  const statuses = {};
  let badEnvelopes = 0;
  const instance = autocannon({
    url: `${base}${path}`,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    timeout: 60,
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: makeBody() }),
        onResponse: (status, body) => {
          if (status === 200 && !body.startsWith('{"code":0,')) badEnvelopes++;
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    latencies.push(ms);
  });
  const t0 = performance.now();
  const result = await instance;
  const elapsed = (performance.now() - t0) / 1000;
  return { latencies, statuses, badEnvelopes, errors: result.errors, timeouts: result.timeouts, elapsed };
}

/** The same work on the core directly: `concurrency` lanes calling `render()` until the time is up. */
async function runCoreCase(render, seconds) {
  const latencies = [];
  const hops = [];
  let errors = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const lane = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      try {
        const { timings } = await render();
        const ms = performance.now() - start;
        latencies.push(ms);
        hops.push(ms - timings.queue - timings.total);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, lane));
  const elapsed = (performance.now() - t0) / 1000;
  return {
    latencies,
    hops,
    statuses: { 200: latencies.length },
    badEnvelopes: 0,
    errors,
    timeouts: 0,
    elapsed,
  };
}

function merge(parts) {
  const statuses = {};
  for (const p of parts)
    for (const [s, n] of Object.entries(p.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  return {
    latencies: parts.flatMap((p) => p.latencies),
    hops: parts.flatMap((p) => p.hops ?? []),
    statuses,
    badEnvelopes: parts.reduce((a, p) => a + p.badEnvelopes, 0),
    errors: parts.reduce((a, p) => a + p.errors, 0),
    timeouts: parts.reduce((a, p) => a + p.timeouts, 0),
    elapsed: parts.reduce((a, p) => a + p.elapsed, 0),
  };
}

function summary(run) {
  const ok = run.statuses[200] ?? 0;
  const non2xx = Object.entries(run.statuses)
    .filter(([s]) => !s.startsWith('2'))
    .reduce((a, [, n]) => a + n, 0);
  return {
    ok,
    rps: ok / run.elapsed,
    p50: quantile(run.latencies, 0.5),
    p95: quantile(run.latencies, 0.95),
    p99: quantile(run.latencies, 0.99),
    non2xx,
    errors: run.errors + run.badEnvelopes,
    statuses: run.statuses,
    hop: run.hops.length > 0 ? quantile(run.hops, 0.5) : undefined,
  };
}

async function main() {
  const startedAt = new Date();
  const machine = machineLine();
  const server = await startBenchServer({
    root: join(here, '../..'),
    workers: WORKERS,
    nodeArgs: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [],
  });
  const { base, adminToken, logPath, accountId, key } = server;
  const core = createRenderer({ workers: WORKERS });
  try {
    const avatar = await createAvatar();
    const avatarUri = `data:image/jpeg;base64,${avatar.toString('base64')}`;
    const template = cardTemplate(avatarUri, FORMAT);
    await admin(base, adminToken, 'POST', '/templates', {
      accountId,
      id: 'bench-card',
      name: 'bench card',
      ...template,
    });
    await admin(base, adminToken, 'POST', '/templates/bench-card/publish', {});
    const compiled = compileTemplate(template);

    let counter = 0;
    const uniqueTitle = () => `${TITLE.slice(0, 50)} #${++counter}`;
    const htmlFor = (title) => cardHtml(avatarUri).replace(TITLE, title);
    const pathA = '/open/v1/images/templates/bench-card/render';
    const pathB = '/open/v1/images/render';
    const bodyA = () => JSON.stringify({ variables: { title: uniqueTitle() } });
    const bodyB = () =>
      JSON.stringify({
        content: htmlFor(uniqueTitle()),
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        format: FORMAT,
      });
    const fixedA = JSON.stringify({ variables: { title: TITLE } });
    const fixedB = JSON.stringify({
      content: htmlFor(TITLE),
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      format: FORMAT,
    });

    // Both operations answer a link to a real 1200×630 webp (checked by decoding it) before anything is timed.
    for (const [path, body] of [
      [pathA, fixedA],
      [pathB, fixedB],
    ]) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body,
      });
      const envelope = await res.json();
      if (res.status !== 200 || envelope.code !== 0) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
      const image = Buffer.from(await (await fetch(envelope.data.url)).arrayBuffer());
      const meta = await sharp(image).metadata();
      if (meta.format !== FORMAT || meta.width !== CARD_WIDTH || meta.height !== CARD_HEIGHT) {
        throw new Error(`${path}: the linked image is ${meta.format} ${meta.width}×${meta.height}`);
      }
    }

    const allCases = [
      {
        name: 'A template, core direct',
        op: 'A',
        run: (s) =>
          runCoreCase(
            () =>
              core.renderTemplate({
                template: compiled,
                variables: { title: uniqueTitle() },
                format: FORMAT,
              }),
            s,
          ),
      },
      {
        name: 'A template, HTTP',
        op: 'A',
        http: true,
        run: (s) => runServerCase(base, key, pathA, bodyA, s),
      },
      {
        name: 'B HTML, core direct',
        op: 'B',
        run: (s) =>
          runCoreCase(
            () =>
              core.render({
                html: htmlFor(uniqueTitle()),
                width: CARD_WIDTH,
                height: CARD_HEIGHT,
                format: FORMAT,
              }),
            s,
          ),
      },
      { name: 'B HTML, HTTP', op: 'B', http: true, run: (s) => runServerCase(base, key, pathB, bodyB, s) },
      {
        name: 'A identical requests (stored object reused), HTTP',
        op: 'A-cached',
        http: true,
        run: (s) => runServerCase(base, key, pathA, () => fixedA, s),
      },
      {
        name: 'B identical requests (stored object reused), HTTP',
        op: 'B-cached',
        http: true,
        run: (s) => runServerCase(base, key, pathB, () => fixedB, s),
      },
    ];

    const only = args.only?.split(',');
    const cases = only ? allCases.filter((c) => only.some((o) => c.name.includes(o))) : allCases;

    // Warm-up: every rendering case for WARMUP_SECONDS (JIT of every worker, fonts, SQLite pages); the cases that
    // reuse a stored object render nothing and need only a moment.
    console.error(
      `warm-up (${WARMUP_SECONDS} s per rendering case); then ${ROUNDS} rounds × ${SECONDS} s per case, ${CONNECTIONS} connections, ${WORKERS} workers`,
    );
    for (const c of cases) await c.run(c.name.includes('identical') ? (quick ? 1 : 2) : WARMUP_SECONDS);
    // Requests autocannon left in flight when it stopped finish in the server meanwhile (and are counted).
    const settle = () => new Promise((r) => setTimeout(r, 3000));
    await settle();
    const usageBefore = await admin(base, adminToken, 'GET', `/accounts/${accountId}/usage`);

    const loadStart = load1();
    const logStart = statSync(logPath).size;
    const parts = cases.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < cases.length; i++) {
        // Alternate the order each round so neither side always runs first.
        const k = round % 2 === 0 ? i : cases.length - 1 - i;
        console.error(`round ${round + 1}: ${cases[k].name}`);
        parts[k].push(await cases[k].run(SECONDS));
      }
    }
    const loadEnd = load1();
    await settle();
    const serverTimes = serverSideTimes(logPath, logStart);
    const usageAfter = await admin(base, adminToken, 'GET', `/accounts/${accountId}/usage`);
    const results = cases.map((c, i) => ({ ...c, ...summary(merge(parts[i])) }));
    const httpOk = results.filter((r) => r.http).reduce((a, r) => a + r.ok, 0);
    const consumed = usageAfter.rendersDone - usageBefore.rendersDone;

    const bodyBytes = Buffer.byteLength(fixedB);
    const httpRuns = ROUNDS * results.filter((r) => r.http).length;
    const report = buildReport({
      startedAt,
      machine,
      loadStart,
      loadEnd,
      results,
      httpOk,
      consumed,
      bodyBytes,
      httpRuns,
      serverTimes,
    });
    process.stdout.write(`${report}\n`);
    if (!quick && !args['no-write'] && !only && !args.profile && !args.workers) {
      writeFileSync(join(here, 'RESULTS.md'), `${report}\n`);
      console.error(`written: ${join(here, 'RESULTS.md')}`);
    }
  } finally {
    await core.close();
    await server.stop({ keepLog: Boolean(process.env.PICTOR_BENCH_KEEP_LOG) });
    if (process.env.PICTOR_BENCH_KEEP_LOG) process.stderr.write(`log kept: ${logPath}\n`);
  }
}

function buildReport({
  startedAt,
  machine,
  loadStart,
  loadEnd,
  results,
  httpOk,
  consumed,
  bodyBytes,
  httpRuns,
  serverTimes,
}) {
  const rows = results.map((r) => [
    r.name,
    fmt(r.rps, 1),
    fmt(r.p50, 1),
    fmt(r.p95, 1),
    fmt(r.p99, 1),
    String(r.ok),
    String(r.non2xx),
    String(r.errors),
  ]);
  const by = (name) => results.find((r) => r.name === name);
  const overheadRows = ['A', 'B'].flatMap((op) => {
    const direct = results.find((r) => r.op === op && !r.http);
    const http = results.find((r) => r.op === op && r.http);
    if (!direct || !http) return [];
    const dp50 = http.p50 - direct.p50;
    const dRps = (1 - http.rps / direct.rps) * 100;
    return [
      [
        op === 'A' ? 'A template' : 'B HTML',
        `${fmt(dp50, 1)} ms`,
        dp50 < 2 ? 'met' : 'not met',
        `${fmt(dRps, 1)}%`,
        dRps < 10 ? 'met' : 'not met',
      ],
    ];
  });
  const timeRows = ['A', 'B', 'A-cached', 'B-cached'].flatMap((key) => {
    const t = serverTimes[key];
    const client = results.find((r) => r.op === key && r.http);
    if (!t || !client) return [];
    const direct = results.find((r) => r.op === key && !r.http);
    const hop = direct?.hop;
    const own = hop === undefined ? t.own : t.own - hop;
    return [
      [
        key.replace('-cached', ' (stored object reused)'),
        String(t.n),
        fmt(t.response, 2),
        hop === undefined ? 'no render' : fmt(t.response - t.own, 2),
        hop === undefined ? '–' : fmt(hop, 2),
        `**${fmt(own, 2)}**`,
        fmt(t.ownP95 - (hop ?? 0), 2),
        t.lookup === undefined ? '–' : fmt(t.lookup, 2),
        t.store === undefined ? '–' : fmt(t.store, 2),
        fmt(own - t.after, 1),
        fmt(t.after, 1),
        fmt(client.p50 - t.response, 2),
      ],
    ];
  });
  const cachedA = by('A identical requests (stored object reused), HTTP');
  const cachedB = by('B identical requests (stored object reused), HTTP');
  return [
    '# HTTP benchmark: operations A and B',
    '',
    `Command: \`node benchmarks/http/run.mjs\`${quick ? ' --quick' : ''} · ${startedAt.toISOString()}`,
    '',
    `Machine: ${machine}. Load average when measuring started ${fmt(loadStart, 2)}, at the end ${fmt(loadEnd, 2)}${loadStart > 1.5 || loadEnd > 1.5 ? ' — **the machine was shared with other jobs; compare the rows side by side**' : ''}.`,
    '',
    `Setup: the built CLI (\`node ${NODE_FLAGS.join(' ')} packages/server/dist/cli.js serve\`, as the README starts it) in its own process on 127.0.0.1 with a temporary data dir (SQLite, disk storage), ${WORKERS} render workers, log level info (to a file), rate limit raised to 10⁸ per window, one account, key, package of 10⁸ renders and a published template of the reference card (title and subtitle variables, the 40 KB avatar in the content). autocannon 8 with ${CONNECTIONS} connections, no pipelining; the core side is \`createRenderer({ workers: ${WORKERS} })\` in the benchmark's process (run with the same flags) with ${CONNECTIONS} renders in flight. Output webp 1200×630 (quality default). Every render request has a different title, so nothing is reused, except in the "identical requests" rows. ${ROUNDS} rounds × ${SECONDS} s per case, cases alternating, after a warm-up of ${WARMUP_SECONDS} s per rendering case (every worker past its JIT warm-up); latencies are per request, percentiles computed the same way on both sides.`,
    '',
    markdownTable(['case', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', '2xx', 'non-2xx', 'errors'], rows),
    '',
    `Non-2xx and errors must be 0 (errors = connection errors, timeouts, 200s whose envelope code was not 0). Quota check: the HTTP cases received ${httpOk} 200s and the account's \`rendersDone\` grew by ${consumed}; the difference (${consumed - httpOk}) ${consumed - httpOk >= 0 && consumed - httpOk <= httpRuns * CONNECTIONS ? 'is within' : '**is outside**'} the requests still in flight when autocannon stopped each of its ${httpRuns} runs (at most ${CONNECTIONS} each), which the server finished and counted.`,
    '',
    "## The server's own time per request (from its log: fastify's responseTime minus the render)",
    '',
    markdownTable(
      [
        'operation',
        'requests',
        'server responseTime p50',
        'render in pool p50 (queue + stages)',
        'worker hop p50 (core direct)',
        "server's own p50",
        "server's own p95",
        'of which object lookup p50 (touch + head)',
        'of which storage write p50 (temp file, write, rename; by the render worker)',
        'own: up to the object stored',
        'own: after (commit, reply)',
        'client p50 − server p50 (loopback, client, queueing in the socket)',
      ],
      timeRows,
    ),
    '',
    "The server's own time is everything the service does around the render: HTTP parsing, schema validation, key lookup, quota reservation and commit (SQLite), template fill, content hash, storage write, signed link, logging. It is measured inside the server per request, so other load on the machine inflates it far less than the end-to-end difference below. (The render column is the per-request difference; medians of differences are not differences of medians.)",
    '',
    '## End-to-end: HTTP minus core direct (same pool, same concurrency, alternating)',
    '',
    markdownTable(['operation', 'Δ p50', '< 2 ms', 'throughput lost', '< 10%'], overheadRows),
    '',
    'With renders of hundreds of ms on a shared machine, these end-to-end differences carry the noise of the renders themselves (± tens of ms); the table above is the precise measure of the overhead.',
    '',
    cachedA && cachedB
      ? `Identical requests (the content-derived object already stored: no render) show the server's own cost without rendering: A ${fmt(cachedA.rps, 0)} req/s at p50 ${fmt(cachedA.p50, 2)} ms, B ${fmt(cachedB.rps, 0)} req/s at p50 ${fmt(cachedB.p50, 2)} ms (B parses and hashes a ${fmt(bodyBytes / 1024, 0)} KB body each time).`
      : '',
  ].join('\n');
}

await main();
