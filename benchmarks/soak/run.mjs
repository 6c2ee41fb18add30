/**
 * Soak benchmark: the real server (built CLI, its own process, a temporary data dir, SQLite, files) under mixed
 * operation A (template) and operation B (HTML) traffic from autocannon over loopback, for a bounded time, at the
 * highest rate the machine sustains (closed loop: every connection sends its next request as soon as the last one
 * answers). Every request renders something new (a counter in the variables and the HTML), so nothing is served
 * from a stored object.
 *
 * It checks, and exits 1 when one fails:
 *   - zero errors: every response is 200 with code 0 (no intended errors are sent), no timeouts, no socket errors;
 *   - no leak: the server's RSS (VmRSS of /proc/<pid>/status) after the run is within 20% of its highest RSS during
 *     warm-up;
 *   - every unit accounted for: renders done + units left = units granted (admin usage API), and
 *     200 responses ≤ renders done ≤ requests sent (requests cut off when the time is up may still be rendered).
 * It reports requests per second and p50/p95/p99 latency.
 *
 *   pnpm --filter @pictor/core build && pnpm --filter @pictor/server build
 *   node benchmarks/soak/run.mjs                    # 600 s, the documented run
 *   node benchmarks/soak/run.mjs --duration 30      # the CI version
 *
 * Options: --duration S (default 600), --warmup S (default min(30, duration / 5); then on in 5 s steps until two
 * steps in a row set no new RSS high (+2%), at most 4 × S in all), --connections N (default
 * 2 × cores), --workers N (server render workers, default cores), --json FILE (write the summary as JSON),
 * --write (append the figures to benchmarks/soak/RESULTS.md).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { NODE_FLAGS } from '../lib/node-flags.mjs';
import { fmt, machineLine } from '../lib/report.mjs';
import { admin as callAdmin } from '../http/server-process.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const cliPath = join(here, '../../packages/server/dist/cli.js');

const ADMIN_TOKEN = `soak-admin-${Date.now()}-0123456789abcdef`;
const GRANTED = 10_000_000;
/** RSS after the run may exceed RSS after warm-up by at most this fraction. */
export const RSS_TOLERANCE = 0.2;

/** VmRSS of a process in KiB, from /proc. */
function rssKiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]);
}

/** The admin API with the soak server's token. */
const admin = (base, method, path, body) => callAdmin(base, ADMIN_TOKEN, method, path, body);

/** Start the server; resolves with its URL once it prints it. */
function startServer(dataDir, workers) {
  const child = spawn(
    process.execPath,
    [...NODE_FLAGS, cliPath, 'serve', '--port', '0', '--host', '127.0.0.1'],
    {
      env: {
        PATH: process.env.PATH ?? '',
        PICTOR_DATA_DIR: dataDir,
        PICTOR_ADMIN_TOKEN: ADMIN_TOKEN,
        PICTOR_LOG_LEVEL: 'warn',
        PICTOR_WORKERS: String(workers),
        PICTOR_RATE_LIMIT_MAX: '100000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}):\n${output}`));
    });
  });
}

const TEMPLATE = {
  name: 'soak-card',
  content:
    '<div style="display:flex;flex-direction:column;justify-content:center;width:100%;height:100%;padding:32px;background:linear-gradient(135deg,{{bg}},#1e293b);color:white;font-family:sans-serif"><div style="font-size:40px;font-weight:700">{{title}}</div><div style="font-size:22px;opacity:0.8;margin-top:12px">{{subtitle}}</div></div>',
  variables: {
    title: { type: 'string', required: true, maxLength: 80 },
    subtitle: { type: 'string', default: 'pictor soak', maxLength: 80 },
    bg: { type: 'color', default: '#4f46e5' },
  },
  width: 600,
  height: 315,
  format: 'webp',
};

let counter = 0;
function colour() {
  return `#${((counter * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(-6)}`;
}

/** Operation A: a new title each time. */
function bodyA() {
  counter++;
  return JSON.stringify({ variables: { title: `Soak request ${counter}`, bg: colour() }, quality: 70 });
}

/** Operation B: new HTML each time. */
function bodyB() {
  counter++;
  return JSON.stringify({
    content: `<div style="display:flex;align-items:center;justify-content:center;width:100%;height:100%;background:${colour()};color:white;font-size:36px"><b>HTML ${counter}</b>&nbsp;render</div>`,
    width: 480,
    height: 240,
    format: counter % 3 === 0 ? 'png' : counter % 3 === 1 ? 'jpeg' : 'webp',
  });
}

/** autocannon for `seconds` with `connections`, alternating A and B on every connection. */
async function drive(base, key, templateId, seconds, connections) {
  const latencies = [];
  const statuses = {};
  let badEnvelopes = 0;
  const onResponse = (status, body) => {
    if (status === 200 && !body.startsWith('{"code":0,')) badEnvelopes++;
  };
  const instance = autocannon({
    url: base,
    connections,
    pipelining: 1,
    duration: seconds,
    timeout: 60,
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json; charset=utf-8' },
    requests: [
      {
        path: `/open/v1/images/templates/${templateId}/render`,
        setupRequest: (request) => ({ ...request, body: bodyA() }),
        onResponse,
      },
      {
        path: '/open/v1/images/render',
        setupRequest: (request) => ({ ...request, body: bodyB() }),
        onResponse,
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    latencies.push(ms);
  });
  const result = await instance;
  return { latencies, statuses, badEnvelopes, errors: result.errors, timeouts: result.timeouts, result };
}

/** Warm-up steps after the first WARMUP seconds: each lasts this long, ... */
const SETTLE_STEP_SECONDS = 5;
/** ... a step sets a new high when RSS rises more than this fraction over the highest reading so far, ... */
const NEW_HIGH = 0.02;
/** ... and the warm-up ends after this many steps in a row without a new high (or after 4 × WARMUP seconds). */
const CALM_STEPS = 2;

/**
 * Drive traffic for `seconds`, then on in steps until RSS stops setting new highs: the heap reaches its working size
 * after a number of renders, not of seconds (a busy machine renders fewer per second), and it grows in jumps with
 * flat stretches between them, so one flat step is not enough. Growth measured from a settled heap means a leak.
 * Returns the merged counts and `seconds` actually driven.
 */
async function warmUp(base, key, templateId, pid, seconds, connections) {
  const runs = [await drive(base, key, templateId, seconds, connections)];
  let driven = seconds;
  let high = rssKiB(pid);
  let calm = 0;
  while (calm < CALM_STEPS && driven + SETTLE_STEP_SECONDS <= 4 * seconds) {
    runs.push(await drive(base, key, templateId, SETTLE_STEP_SECONDS, connections));
    driven += SETTLE_STEP_SECONDS;
    const now = rssKiB(pid);
    if (now > high * (1 + NEW_HIGH)) calm = 0;
    else calm++;
    high = Math.max(high, now);
  }
  await new Promise((r) => setTimeout(r, 2000));
  const statuses = {};
  for (const run of runs)
    for (const [status, n] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
  const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    seconds: driven,
    latencies: runs.flatMap((run) => run.latencies),
    statuses,
    badEnvelopes: sum((run) => run.badEnvelopes),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    sent: sum((run) => run.result.requests.sent),
  };
}

function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * Run the soak; returns the summary with `checks` and `pass`.
 * @param {{ duration?: number, warmup?: number, connections?: number, workers?: number }} options seconds, counts
 */
export async function runSoak(options = {}) {
  const DURATION = options.duration ?? 600;
  const WARMUP = options.warmup ?? Math.min(30, Math.max(5, Math.round(DURATION / 5)));
  const WORKERS = options.workers ?? cpus().length;
  const CONNECTIONS = options.connections ?? cpus().length * 2;
  const machine = machineLine();
  const dataDir = mkdtempSync(join(tmpdir(), 'pictor-soak-'));
  const server = await startServer(dataDir, WORKERS);
  const pid = server.child.pid;
  const rssSamples = [];
  const sampler = setInterval(() => {
    try {
      rssSamples.push(rssKiB(pid));
    } catch {}
  }, 1000);
  try {
    const account = await admin(server.url, 'POST', '/accounts', { name: 'soak' });
    const { key } = await admin(server.url, 'POST', `/accounts/${account.id}/keys`);
    await admin(server.url, 'POST', `/accounts/${account.id}/packages`, {
      renders: GRANTED,
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    const template = await admin(server.url, 'POST', '/templates', { accountId: account.id, ...TEMPLATE });
    await admin(server.url, 'POST', `/templates/${template.id}/publish`);
    const rssStart = rssKiB(pid);
    const warmupFrom = rssSamples.length;

    const warm = await warmUp(server.url, key, template.id, pid, WARMUP, CONNECTIONS);
    // RSS swings by ±10% as the heap grows and shrinks: the baseline is the highest RSS seen while warming up, which a
    // settled heap stays near and a leak outgrows.
    const rssWarm = Math.max(rssKiB(pid), ...rssSamples.slice(warmupFrom));
    const startedAt = new Date().toISOString();
    const main = await drive(server.url, key, template.id, DURATION, CONNECTIONS);
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfter = rssKiB(pid);

    const usage = await admin(server.url, 'GET', `/accounts/${account.id}/usage`);
    const left = usage.packages.reduce((sum, p) => sum + p.remaining, 0);
    const ok = (run) => run.statuses[200] ?? 0;
    const failures = (run) =>
      Object.entries(run.statuses)
        .filter(([status]) => status !== '200')
        .reduce((sum, [, n]) => sum + n, 0) +
      run.badEnvelopes +
      run.errors +
      run.timeouts;
    const summary = {
      startedAt,
      machine,
      durationSeconds: DURATION,
      warmupSeconds: warm.seconds,
      connections: CONNECTIONS,
      workers: WORKERS,
      requests: ok(main),
      requestsPerSecond: ok(main) / DURATION,
      latencyMs: {
        p50: quantile(main.latencies, 0.5),
        p95: quantile(main.latencies, 0.95),
        p99: quantile(main.latencies, 0.99),
        max: main.latencies.reduce((a, b) => Math.max(a, b), 0),
      },
      errors: failures(warm) + failures(main),
      statuses: main.statuses,
      rssMiB: {
        start: rssStart / 1024,
        warmupPeak: rssWarm / 1024,
        after: rssAfter / 1024,
        peak: Math.max(...rssSamples) / 1024,
      },
      rssGrowth: rssAfter / rssWarm - 1,
      units: {
        granted: GRANTED,
        left,
        rendersDone: usage.rendersDone,
        okResponses: ok(warm) + ok(main),
        sent: warm.sent + main.result.requests.sent,
      },
    };
    const checks = {
      'zero errors': summary.errors === 0,
      'RSS after the run within 20% of the highest RSS during warm-up': summary.rssGrowth <= RSS_TOLERANCE,
      'renders done + units left = units granted': usage.rendersDone + left === GRANTED,
      // Requests still in flight when autocannon stops are cut off on the client side; the server may still finish
      // (and charge) them. Every charged render was a request sent, and every 200 a charged render.
      '200 responses ≤ renders done ≤ requests sent':
        summary.units.okResponses <= usage.rendersDone && usage.rendersDone <= summary.units.sent,
      'some traffic': ok(main) > 0,
    };
    summary.checks = checks;
    summary.pass = Object.values(checks).every(Boolean);
    return summary;
  } finally {
    clearInterval(sampler);
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The summary as the lines printed and recorded in RESULTS.md. */
export function report(s) {
  const lines = [
    `soak: ${s.durationSeconds} s (+${s.warmupSeconds} s warm-up), ${s.connections} connections, ${s.workers} render workers`,
    `  ${s.machine}`,
    `  ${s.requests} renders, ${fmt(s.requestsPerSecond)} req/s; latency p50 ${fmt(s.latencyMs.p50, 0)} ms, p95 ${fmt(s.latencyMs.p95, 0)} ms, p99 ${fmt(s.latencyMs.p99, 0)} ms, max ${fmt(s.latencyMs.max, 0)} ms`,
    `  errors ${s.errors}; statuses ${JSON.stringify(s.statuses)}`,
    `  RSS MiB: start ${fmt(s.rssMiB.start)}, warm-up peak ${fmt(s.rssMiB.warmupPeak)}, after ${fmt(s.rssMiB.after)} (${fmt(s.rssGrowth * 100)}%), peak ${fmt(s.rssMiB.peak)}`,
    `  units: granted ${s.units.granted} = done ${s.units.rendersDone} + left ${s.units.left}; 200 responses ${s.units.okResponses}, requests sent ${s.units.sent}`,
    ...Object.entries(s.checks).map(([name, ok]) => `  ${ok ? 'PASS' : 'FAIL'} ${name}`),
  ];
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      workers: { type: 'string' },
      json: { type: 'string' },
      write: { type: 'boolean', default: false },
    },
  });
  const number = (value) => (value === undefined ? undefined : Number(value));
  const summary = await runSoak({
    duration: number(args.duration),
    warmup: number(args.warmup),
    connections: number(args.connections),
    workers: number(args.workers),
  });
  process.stdout.write(`${report(summary)}\n`);
  if (args.json) writeFileSync(args.json, `${JSON.stringify(summary, null, 2)}\n`);
  if (args.write) {
    appendFileSync(
      join(here, 'RESULTS.md'),
      `\n## ${summary.startedAt}\n\n\`node benchmarks/soak/run.mjs --duration ${summary.durationSeconds}\`\n\n\`\`\`\n${report(summary)}\n\`\`\`\n`,
    );
  }
  process.exit(summary.pass ? 0 : 1);
}
