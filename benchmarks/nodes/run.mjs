/**
 * Many nodes as one service: renders/s and latency with 1, 2 and 3 server processes sharing one PostgreSQL and one
 * S3-compatible bucket (s3rver), driven by autocannon on loopback with fresh content every request (operation B,
 * the reference card with a new title each time). Also what one render costs the shared parts: PostgreSQL
 * transactions and rows per render (pg_stat_database) and storage requests per render (s3rver's request log).
 * Everything runs on this machine's two cores, so more nodes cannot add cores: the table shows the cost of the
 * shared parts and of spreading, not a scale-out.
 *
 *   node benchmarks/nodes/run.mjs            # 3 node counts × 2 rounds × 10 s, writes benchmarks/nodes/RESULTS.md
 *   node benchmarks/nodes/run.mjs --quick    # 1 round × 4 s, prints only
 *
 * Options: --rounds N, --seconds N, --connections N (default 8, spread over the nodes), --no-write.
 * PostgreSQL: PICTOR_BENCH_DATABASE_URL, else a throw-away cluster (packages/server/scripts/start-test-postgres.sh).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { fmt, machineLine, markdownTable, quantile } from '../lib/report.mjs';
import { CARD_HEIGHT, CARD_WIDTH, cardHtml, createAvatar, TITLE } from '../render/card.mjs';
import { startBenchServer } from '../http/server-process.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const serverRequire = createRequire(join(root, 'packages/server/package.json'));
const pg = serverRequire('pg');
const S3rver = serverRequire('s3rver');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(args.rounds ?? (args.quick ? 1 : 2));
const SECONDS = Number(args.seconds ?? (args.quick ? 4 : 10));
const CONNECTIONS = Number(args.connections ?? 8);
const NODE_COUNTS = [1, 2, 3];

/** PostgreSQL for the run, and a fresh schema of it. */
function postgresUrl() {
  if (process.env.PICTOR_BENCH_DATABASE_URL) return process.env.PICTOR_BENCH_DATABASE_URL;
  const out = execFileSync('bash', [join(root, 'packages/server/scripts/start-test-postgres.sh')], {
    encoding: 'utf8',
  });
  const match = /PICTOR_TEST_DATABASE_URL=(\S+)/.exec(out);
  if (!match) throw new Error(`could not start PostgreSQL: ${out}`);
  return match[1];
}
async function query(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** CPU ms of a process and its children (the render workers), from /proc. */
function treeCpuMs(pid) {
  let ms = 0;
  for (const entry of readdirSafe('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(entry) === pid || Number(fields[1]) === pid)
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return ms;
}
function readdirSafe(dir) {
  try {
    return execFileSync('ls', [dir], { encoding: 'utf8' }).split('\n');
  } catch {
    return [];
  }
}

const avatar = await createAvatar();
const avatarUri = `data:image/jpeg;base64,${avatar.toString('base64')}`;
let counter = 0;
const freshBody = () =>
  JSON.stringify({
    content: cardHtml(avatarUri).replace(TITLE, `${TITLE.slice(0, 40)} #${++counter} ${Date.now()}`),
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    format: 'webp',
  });

const baseUrl = postgresUrl();
const rows = [];
const shared = [];
for (const count of NODE_COUNTS) {
  const schema = `nodes_${count}_${Date.now()}`;
  await query(baseUrl, `create schema ${schema}`);
  const dbUrl = new URL(baseUrl);
  dbUrl.searchParams.set('options', `-c search_path=${schema}`);
  const s3dir = mkdtempSync(join(tmpdir(), 'pictor-bench-s3-'));
  let s3Requests = 0;
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3dir,
    silent: true,
    configureBuckets: [{ name: 'bench' }],
  });
  s3.on?.('event', () => {});
  const { port } = await s3.run();
  // Count storage requests with a tiny pass-through: s3rver's own logger is off.
  const http = await import('node:http');
  const proxy = http.createServer((req, res) => {
    s3Requests++;
    const upstream = http.request(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${proxy.address().port}`;
  const env = {
    PICTOR_DATABASE_URL: dbUrl.toString(),
    PICTOR_STORAGE: 's3://bench/nodes',
    PICTOR_S3_ENDPOINT: endpoint,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    PICTOR_SIGNING_SECRET: 'bench-signing-secret-shared-by-nodes',
  };
  const nodes = [];
  try {
    for (let i = 0; i < count; i++) nodes.push(await startBenchServer({ root, workers: 2, env }));
    const { key } = nodes[0];
    // Warm-up: every node renders for a while before anything is measured.
    await Promise.all(nodes.map((n) => drive(n.base, key, 2, 3)));
    for (let round = 0; round < ROUNDS; round++) {
      const cpuBefore = nodes.map((n) => treeCpuMs(n.child.pid));
      const [stat0] = await query(
        baseUrl,
        `select xact_commit, tup_inserted + tup_updated + tup_deleted as rows_written, tup_returned + tup_fetched as rows_read from pg_stat_database where datname = current_database()`,
      );
      const s3Before = s3Requests;
      const t0 = performance.now();
      const runs = await Promise.all(
        nodes.map((n, i) =>
          drive(
            n.base,
            key,
            Math.max(1, Math.round(CONNECTIONS / count) + (i < CONNECTIONS % count ? 0 : 0)),
            SECONDS,
          ),
        ),
      );
      const elapsed = (performance.now() - t0) / 1000;
      const [stat1] = await query(
        baseUrl,
        `select xact_commit, tup_inserted + tup_updated + tup_deleted as rows_written, tup_returned + tup_fetched as rows_read from pg_stat_database where datname = current_database()`,
      );
      const cpu = nodes.map((n, i) => (treeCpuMs(n.child.pid) - cpuBefore[i]) / 1000 / elapsed);
      const latencies = runs.flatMap((r) => r.latencies);
      const ok = runs.reduce((a, r) => a + r.ok, 0);
      const other = runs.reduce((a, r) => a + r.other, 0);
      rows.push([
        String(count),
        String(round + 1),
        fmt(ok / elapsed, 1),
        fmt(quantile(latencies, 0.5), 0),
        fmt(quantile(latencies, 0.99), 0),
        cpu.map((c) => c.toFixed(2)).join(' + '),
        String(other),
      ]);
      shared.push({
        count,
        renders: ok,
        xacts: (Number(stat1.xact_commit) - Number(stat0.xact_commit)) / ok,
        rowsWritten: (Number(stat1.rows_written) - Number(stat0.rows_written)) / ok,
        s3: (s3Requests - s3Before) / ok,
      });
    }
  } finally {
    for (const n of nodes) await n.stop();
    await s3.close();
    proxy.close();
    rmSync(s3dir, { recursive: true, force: true });
    await query(baseUrl, `drop schema ${schema} cascade`);
  }
}

/** autocannon against one node for `seconds`, fresh content every request. */
async function drive(base, key, connections, seconds) {
  const latencies = [];
  let ok = 0;
  let other = 0;
  const instance = autocannon({
    url: `${base}/open/v1/images/render`,
    method: 'POST',
    connections,
    duration: seconds,
    timeout: 60,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: freshBody() }) }],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === 200) {
      ok++;
      latencies.push(ms);
    } else other++;
  });
  await instance;
  return { latencies, ok, other };
}

const perRender = (key) =>
  fmt(shared.reduce((a, s) => a + s[key] * s.renders, 0) / shared.reduce((a, s) => a + s.renders, 0), 2);
const report = [
  `Run ${new Date().toISOString()} — ${machineLine()}`,
  '',
  `\`node benchmarks/nodes/run.mjs${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}\`: ${ROUNDS} round(s) × ${SECONDS} s per node count after 3 s of warm-up per node; ${CONNECTIONS} connections in all, spread over the nodes; each node \`pictor serve\` with 2 render workers (one per core), PostgreSQL ${(await query(baseUrl, 'show server_version'))[0].server_version} and s3rver on the same machine; operation B, the 1200×630 reference card as webp with a new title every request (nothing reused).`,
  '',
  markdownTable(['nodes', 'round', 'renders/s', 'p50 ms', 'p99 ms', 'cores used per node', 'not 200'], rows),
  '',
  `What one render costs the shared parts (all rounds): ${perRender('xacts')} PostgreSQL transactions (commits), ${perRender('rowsWritten')} rows written, ${perRender('s3')} storage requests.`,
].join('\n');
console.log(report);
if (!args.quick && !args['no-write']) {
  writeFileSync(join(here, 'RESULTS.md'), `# Many nodes as one service\n\n${report}\n`);
}
