/**
 * Embeddable image URLs: what a page view costs once its image is stored, and what the first (rendering) request
 * costs. The real server (built CLI, own process, SQLite, disk storage) on loopback; autocannon requests one stored
 * image by its signed GET URL (`/img/…`, query form and path form) and, alternating in the same run, the same image
 * by its 5-minute `/files` link — the static-file baseline. Then the cold path: fresh URLs (a new title each), one
 * at a time, each rendering and storing its image.
 *
 *   node benchmarks/http/image-urls.mjs           # 3 rounds × 5 s per case, writes benchmarks/http/IMAGE-URLS.md
 *   node benchmarks/http/image-urls.mjs --quick   # 1 round × 3 s, prints only
 *
 * Options: --rounds N, --seconds N, --connections N (default 10), --first N (fresh URLs for the cold path,
 * default 40), --workers N (render workers; default one per core), --no-write, --root DIR (another checkout's built
 * server).
 */
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { fmt, machineLine, markdownTable, quantile } from '../lib/report.mjs';
import { cardTemplate, createAvatar } from '../render/card.mjs';
import { admin, startBenchServer } from './server-process.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    first: { type: 'string' },
    workers: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    root: { type: 'string' },
  },
});
/** The checkout whose built server is measured (`--root DIR`, for A/B runs of two builds; default this one). */
const root = args.root ?? join(here, '../..');
const quick = args.quick;
const ROUNDS = Number(args.rounds ?? (quick ? 1 : 3));
const SECONDS = Number(args.seconds ?? (quick ? 3 : 5));
const CONNECTIONS = Number(args.connections ?? 10);
const FIRST = Number(args.first ?? (quick ? 10 : 40));
const WORKERS = Number(args.workers ?? cpus().length);

const sign = (secret, text) => createHmac('sha256', secret).update(text, 'utf8').digest('base64url');
/** A signed image URL's path in the query form (`title` varies), and the same in the path form. */
function imagePaths(key, templateId, title) {
  const path = `/img/${key.id}/${templateId}.webp`;
  const query = `title=${encodeURIComponent(title)}&subtitle=${encodeURIComponent('pictor.dev · image URLs')}`;
  const signature = sign(key.secret, `${path}?${query}`);
  return {
    query: `${path}?${query}&sign=${signature}`,
    path: `/img/${key.id}/${templateId}/${Buffer.from(query).toString('base64url')}/${signature}.webp`,
  };
}

async function hammer(url, seconds) {
  const latencies = [];
  const statuses = {};
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    timeout: 30,
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    latencies.push(ms);
  });
  const t0 = performance.now();
  const result = await instance;
  return { latencies, statuses, errors: result.errors, elapsed: (performance.now() - t0) / 1000 };
}

const server = await startBenchServer({
  root,
  workers: WORKERS,
  env: { PICTOR_IMG_RENDER_RATE_MAX: '100000000' },
});
try {
  const key = await admin(server.base, server.adminToken, 'POST', `/accounts/${server.accountId}/url-keys`);
  const avatar = await createAvatar();
  const template = cardTemplate(`data:image/jpeg;base64,${avatar.toString('base64')}`, 'webp');
  const { id: templateId } = await admin(server.base, server.adminToken, 'POST', '/templates', {
    accountId: server.accountId,
    name: 'bench card',
    ...template,
  });
  await admin(server.base, server.adminToken, 'POST', `/templates/${templateId}/publish`);

  // The stored image, and its /files link from operation A with the same variables (the same object).
  const stored = imagePaths(key, templateId, 'Stored once, served to every view');
  const first = await fetch(`${server.base}${stored.query}`);
  if (first.status !== 200) throw new Error(`GET ${stored.query}: ${first.status} ${await first.text()}`);
  const imageBytes = (await first.arrayBuffer()).byteLength;
  const rendered = await fetch(`${server.base}/open/v1/images/templates/${templateId}/render`, {
    method: 'POST',
    headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
    body: JSON.stringify({
      variables: { title: 'Stored once, served to every view', subtitle: 'pictor.dev · image URLs' },
    }),
  });
  const fileUrl = (await rendered.json()).data.url;

  const cases = [
    ['GET /img (query form)', `${server.base}${stored.query}`],
    ['GET /img (path form)', `${server.base}${stored.path}`],
    ['GET /files link (baseline)', fileUrl],
  ];
  const runs = Object.fromEntries(cases.map(([name]) => [name, []]));
  await hammer(`${server.base}${stored.query}`, 1); // warm-up of both routes and the file cache
  await hammer(fileUrl, 1);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? cases : [...cases].reverse();
    for (const [name, url] of order) runs[name].push(await hammer(url, SECONDS));
  }

  // The cold path: each request a URL never requested before.
  const firstTimes = [];
  for (let i = 0; i < FIRST; i++) {
    const fresh = imagePaths(key, templateId, `Fresh card number ${i} at ${Date.now()}`);
    const t0 = performance.now();
    const res = await fetch(`${server.base}${fresh.query}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${fresh.query}: ${res.status}`);
    firstTimes.push(performance.now() - t0);
  }

  const rows = Object.entries(runs).map(([name, parts]) => {
    const latencies = parts.flatMap((p) => p.latencies);
    const count = latencies.length;
    const elapsed = parts.reduce((a, p) => a + p.elapsed, 0);
    const ok = parts.reduce((a, p) => a + (p.statuses[200] ?? 0), 0);
    const errors = parts.reduce((a, p) => a + p.errors, 0);
    return [
      name,
      fmt(count / elapsed, 0),
      fmt(quantile(latencies, 0.5), 1),
      fmt(quantile(latencies, 0.99), 1),
      `${ok} / ${count}${errors ? ` (${errors} errors)` : ''}`,
    ];
  });
  const baseline = rows.at(-1);
  const ratioRows = rows.map((r) => [...r, fmt(Number(r[1]) / Number(baseline[1]), 2)]);
  const report = [
    `Run ${new Date().toISOString()} — ${machineLine()}`,
    '',
    `\`node benchmarks/http/image-urls.mjs${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}\`: ${ROUNDS} round(s) × ${SECONDS} s per case, order alternating, ${CONNECTIONS} connections, server with ${WORKERS} render worker(s), SQLite + disk storage; the stored image is the 1200×630 benchmark card as webp (${(imageBytes / 1024).toFixed(1)} KB).`,
    '',
    markdownTable(['case', 'requests/s', 'p50 ms', 'p99 ms', '200 / all', 'req/s vs /files'], ratioRows),
    '',
    `First request of a new image URL (renders, stores, answers the bytes), ${FIRST} fresh URLs one at a time: median ${fmt(quantile(firstTimes, 0.5), 1)} ms, p95 ${fmt(quantile(firstTimes, 0.95), 1)} ms, max ${fmt(Math.max(...firstTimes), 1)} ms.`,
  ].join('\n');
  console.log(report);
  if (!quick && !args['no-write']) {
    writeFileSync(
      join(here, 'IMAGE-URLS.md'),
      `# Embeddable image URLs: serving and first render\n\n${report}\n`,
    );
  }
} finally {
  await server.stop();
}
