/**
 * Fairness under attack: two accounts on one real server (built CLI, its own process, 2 workers, default limits
 * except the render time limit). The well-behaved account sends one small fresh render at a time, steadily; after a
 * quiet phase the abusive account floods the server with renders built to run to the time limit (hundreds in flight,
 * from several connections, clients that give up after a few seconds). Reported: the well-behaved account's latency
 * (p50/p95/p99) before and during the attack, its errors, and what the attacker got (200/403/429/503) and paid.
 *
 *   pnpm --filter @pictor/core build && pnpm --filter @pictor/server build
 *   node benchmarks/fairness/run.mjs [--phase 20] [--limit-ms 3000] [--flood 300] [--write]
 */
import { parseArgs } from 'node:util';
import { appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin, startBenchServer } from '../http/server-process.mjs';
import { fmt, machineLine, quantile } from '../lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    phase: { type: 'string', default: '20' },
    'limit-ms': { type: 'string', default: '3000' },
    flood: { type: 'string', default: '300' },
    write: { type: 'boolean', default: false },
  },
});
const PHASE_S = Number(values.phase);
const LIMIT_MS = Number(values['limit-ms']);
const FLOOD = Number(values.flood);

/** Runs to the time limit (the 361-byte body of the report): an SVG filter with a huge morphology radius at 4096². */
const HOSTILE = (i) =>
  `<img width="4096" height="4096" src="data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4096" height="4096"><filter id="f"><feMorphology radius="2000"/></filter><rect width="4096" height="4096" fill="#${(i % 4096).toString(16).padStart(3, '0')}" filter="url(#f)"/></svg>`,
  )}">`;
let counter = 0;
const small = () =>
  `<div style="display:flex;align-items:center;justify-content:center;width:100%;height:100%;background:#0f766e;color:white;font-size:28px">Order ${++counter}</div>`;

async function post(base, key, body, signal) {
  const started = performance.now();
  const res = await fetch(`${base}/open/v1/images/render`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  const envelope = await res.json();
  return { status: res.status, code: envelope.code, ms: performance.now() - started };
}

/** One request at a time for `seconds`: the well-behaved account's latencies and failures. */
async function steady(base, key, seconds) {
  const latencies = [];
  const failures = {};
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const r = await post(base, key, { content: small(), width: 480, height: 240, format: 'webp' });
    if (r.status === 200) latencies.push(r.ms);
    else failures[`${r.status}/${r.code}`] = (failures[`${r.status}/${r.code}`] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { latencies, failures };
}

/** The attacker: `count` hostile renders in flight, each client giving up after 8 s (as in the report). */
async function flood(base, keys, count, stopAt) {
  const outcome = {};
  let sent = 0;
  const one = async (i) => {
    while (Date.now() < stopAt) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 8_000);
      sent++;
      try {
        const r = await post(
          base,
          keys[i % keys.length],
          { content: HOSTILE(sent), width: 4096, height: 4096, format: 'png' },
          controller.signal,
        );
        outcome[`${r.status}/${r.code}`] = (outcome[`${r.status}/${r.code}`] ?? 0) + 1;
        if (r.status === 429 || r.status === 503) await new Promise((resolve) => setTimeout(resolve, 1000));
      } catch {
        outcome['client gave up'] = (outcome['client gave up'] ?? 0) + 1;
      } finally {
        clearTimeout(timer);
      }
    }
  };
  await Promise.all(Array.from({ length: count }, (_, i) => one(i)));
  return { outcome, sent };
}

const server = await startBenchServer({
  root: join(here, '../..'),
  workers: 2,
  env: { PICTOR_RENDER_TIMEOUT_MS: String(LIMIT_MS), PICTOR_RATE_LIMIT_MAX: '120' },
});
try {
  const { base, adminToken } = server;
  const { id: attackerId } = await admin(base, adminToken, 'POST', '/accounts', { name: 'attacker' });
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  await admin(base, adminToken, 'POST', `/accounts/${attackerId}/packages`, {
    renders: 1_000_000,
    expiresAt,
  });
  const attackerKeys = [];
  for (let i = 0; i < 10; i++)
    attackerKeys.push((await admin(base, adminToken, 'POST', `/accounts/${attackerId}/keys`)).key);

  // Warm up, then the quiet phase.
  await steady(base, server.key, 3);
  const before = await steady(base, server.key, PHASE_S);
  // The attack phase: the well-behaved account keeps going while the attacker floods.
  const stopAt = Date.now() + PHASE_S * 1000;
  const [during, attack] = await Promise.all([
    steady(base, server.key, PHASE_S),
    flood(base, attackerKeys, FLOOD, stopAt),
  ]);
  const usage = await admin(base, adminToken, 'GET', `/accounts/${attackerId}/usage`);

  const row = (name, s) =>
    `| ${name} | ${s.latencies.length} | ${fmt(quantile(s.latencies, 0.5), 0)} | ${fmt(quantile(s.latencies, 0.95), 0)} | ${fmt(quantile(s.latencies, 0.99), 0)} | ${JSON.stringify(s.failures)} |`;
  const report = [
    '',
    `### ${new Date().toISOString().slice(0, 16)}Z — \`node benchmarks/fairness/run.mjs --phase ${PHASE_S} --limit-ms ${LIMIT_MS} --flood ${FLOOD}\``,
    '',
    machineLine(),
    '',
    '| well-behaved account | renders | p50 ms | p95 ms | p99 ms | failures |',
    '|---|---|---|---|---|---|',
    row('alone', before),
    row(`while ${FLOOD} hostile renders are in flight`, during),
    '',
    `Attacker: ${attack.sent} requests sent from ${attackerKeys.length} keys of one account; answers ${JSON.stringify(attack.outcome)}; units used ${usage.rendersDone} (failed renders use none; after ${'PICTOR_TIMEOUT_PENALTY_MAX'} renders stopped by the ${LIMIT_MS} ms limit within a minute the account gets 429).`,
    `p99 during / alone: ${fmt(quantile(during.latencies, 0.99) / quantile(before.latencies, 0.99), 2)}.`,
    '',
  ].join('\n');
  process.stdout.write(report);
  if (values.write) appendFileSync(join(here, 'RESULTS.md'), report);
} finally {
  await server.stop();
}
