/**
 * Batches: items per second of one batch on 1 to 3 nodes, the overhead of a batch over the same renders made one by
 * one (operation A, as many at once as there are workers), and what a batch does to another account's interactive
 * renders (p50/p99 of single renders made one after another, before and during a batch). The built CLI runs each
 * node (`pictor serve`); one node runs on SQLite, several share a PostgreSQL (PICTOR_BENCH_DATABASE_URL, else a
 * throw-away cluster from packages/server/scripts/start-test-postgres.sh). All nodes share this machine's cores.
 *
 *   node benchmarks/batches/run.mjs                 # 2,000 items; 1 node, and 2 and 3 nodes on PostgreSQL
 *   node benchmarks/batches/run.mjs --quick         # 200 items, 1 node only
 *
 * Options: --items N, --interactive N (single renders per measurement, default 100), --nodes 1,2,3, --workers N
 * (per node, default 2), --no-write.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { admin, startBenchServer } from '../http/server-process.mjs';
import { fmt, machineLine, markdownTable, quantile } from '../lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const pg = createRequire(join(root, 'packages/server/package.json'))('pg');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    items: { type: 'string' },
    interactive: { type: 'string' },
    nodes: { type: 'string' },
    workers: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const ITEMS = Number(args.items ?? (args.quick ? 200 : 2000));
const INTERACTIVE = Number(args.interactive ?? (args.quick ? 40 : 100));
const WORKERS = Number(args.workers ?? 2);
const NODE_COUNTS = (args.nodes ?? (args.quick ? '1' : '1,2,3')).split(',').map(Number);

const TEMPLATE = {
  name: 'bench-card',
  content:
    '<div style="display:flex;flex-direction:column;justify-content:center;width:100%;height:100%;padding:40px;background:linear-gradient(135deg,#0f172a,#1e3a8a);color:white;font-family:Inter"><div style="font-size:22px;opacity:0.7">{{kicker}}</div><div style="font-size:44px;font-weight:700">{{title}}</div></div>',
  variables: { title: { type: 'string', required: true }, kicker: { type: 'string', default: 'Pictor' } },
  width: 800,
  height: 420,
  format: 'png',
};

async function call(base, key, method, path, body) {
  const res = await fetch(`${base}/open/v1/images${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = await res.json();
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${res.status} ${envelope.message}`);
  return envelope.data;
}

/** An account on `node` with a key, units and the template (published). */
async function account(node, name) {
  const { id } = await admin(node.base, node.adminToken, 'POST', '/accounts', { name });
  const { key } = await admin(node.base, node.adminToken, 'POST', `/accounts/${id}/keys`);
  await admin(node.base, node.adminToken, 'POST', `/accounts/${id}/packages`, {
    renders: 100_000_000,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const template = await admin(node.base, node.adminToken, 'POST', '/templates', {
    ...TEMPLATE,
    accountId: id,
  });
  await admin(node.base, node.adminToken, 'POST', `/templates/${template.id}/publish?accountId=${id}`, {});
  return { id, key, templateId: template.id };
}

/** Run a batch of `n` fresh items; resolves with its wall time (submit to done), polling every 100 ms. */
async function runBatch(node, who, n, tag) {
  const items = Array.from({ length: n }, (_, i) => ({ variables: { title: `${tag} ${i}` } }));
  const started = performance.now();
  const batch = await call(node.base, who.key, 'POST', '/batches', { templateId: who.templateId, items });
  for (;;) {
    const b = await call(node.base, who.key, 'GET', `/batches/${batch.id}`);
    if (b.status === 'done') {
      if (b.failed > 0) throw new Error(`${b.failed} items failed`);
      return performance.now() - started;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The same renders one by one through operation A, `concurrency` at once. */
async function oneByOne(node, who, n, concurrency, tag) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        await call(node.base, who.key, 'POST', `/templates/${who.templateId}/render`, {
          variables: { title: `${tag} ${i}` },
        });
      }
    }),
  );
  return performance.now() - started;
}

/** `n` single renders one after another; their latencies (ms). */
async function interactive(node, who, n, tag) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call(node.base, who.key, 'POST', `/templates/${who.templateId}/render`, {
      variables: { title: `${tag} ${i}` },
    });
    times.push(performance.now() - t0);
  }
  return times;
}

function postgresUrl() {
  if (process.env.PICTOR_BENCH_DATABASE_URL) return process.env.PICTOR_BENCH_DATABASE_URL;
  const out = execFileSync('bash', [join(root, 'packages/server/scripts/start-test-postgres.sh')], {
    encoding: 'utf8',
  });
  const match = /PICTOR_TEST_DATABASE_URL=(\S+)/.exec(out);
  if (!match) throw new Error(`could not start PostgreSQL: ${out}`);
  return match[1];
}

async function freshSchema(baseUrl) {
  const schema = `bench_batches_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

const machine = machineLine();
console.log(machine);
const rows = [];
const latency = [];
for (const count of NODE_COUNTS) {
  const env = count === 1 ? {} : { PICTOR_DATABASE_URL: await freshSchema(postgresUrl()) };
  const nodes = [];
  for (let i = 0; i < count; i++)
    nodes.push(await startBenchServer({ root, workers: WORKERS, env: { ...env, PICTOR_LOG_LEVEL: 'warn' } }));
  try {
    const shop = await account(nodes[0], 'shop');
    // Warm every node's workers (fonts) with a small batch first.
    await runBatch(nodes[0], shop, 4 * count * WORKERS, `warm-${count}`);
    const batchMs = await runBatch(nodes[0], shop, ITEMS, `batch-${count}`);
    const row = [
      `${count}`,
      count === 1 ? 'SQLite' : 'PostgreSQL',
      `${ITEMS}`,
      fmt(batchMs / 1000, 1),
      fmt(ITEMS / (batchMs / 1000), 1),
    ];
    if (count === 1) {
      const singleMs = await oneByOne(nodes[0], shop, ITEMS, WORKERS, `single-${count}`);
      row.push(fmt(ITEMS / (singleMs / 1000), 1), `${fmt((batchMs / singleMs - 1) * 100, 1)}%`);
      // Another account's single renders, before and during a batch of the first.
      const reader = await account(nodes[0], 'reader');
      const before = await interactive(nodes[0], reader, INTERACTIVE, 'before');
      const running = runBatch(nodes[0], shop, ITEMS, 'during-batch');
      const during = await interactive(nodes[0], reader, INTERACTIVE, 'during');
      await running;
      latency.push(['before a batch', fmt(quantile(before, 0.5)), fmt(quantile(before, 0.99))]);
      latency.push([`during a ${ITEMS}-item batch`, fmt(quantile(during, 0.5)), fmt(quantile(during, 0.99))]);
    } else row.push('', '');
    rows.push(row);
    console.log(row.join('  '));
  } finally {
    for (const node of nodes) await node.stop();
  }
}

const report = [
  '# Batches',
  '',
  `\`node benchmarks/batches/run.mjs${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}\`, ${new Date().toISOString().slice(0, 16)}Z. ${machine}. ${WORKERS} render workers per node; the template card is 800×420 png, every item's title new (no reuse).`,
  '',
  markdownTable(
    ['nodes', 'database', 'items', 'batch s', 'batch items/s', 'one by one items/s', 'batch overhead'],
    rows,
  ),
  '',
  `Another account's single renders (operation A, one after another, ${INTERACTIVE} each), ms:`,
  '',
  markdownTable(['', 'p50', 'p99'], latency),
  '',
].join('\n');
console.log(`\n${report}`);
if (!args['no-write'] && !args.quick) writeFileSync(join(here, 'RESULTS.md'), report);
