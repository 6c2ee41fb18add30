/**
 * The real server for the HTTP benchmarks: the built CLI (`pictor serve`) in a process of its own on loopback, with a
 * temporary data dir (SQLite, disk storage), its log in a file, and one account with a key and a package of 10⁸
 * renders; plus the server's own time per request, read from that log.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_FLAGS } from '../lib/node-flags.mjs';
import { quantile } from '../lib/report.mjs';

/** A free loopback port (bound, read, released). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer /healthz within ${timeoutMs} ms`);
}
/** Call the admin API; returns `data` of the envelope. */
export async function admin(base, token, method, path, body) {
  const res = await fetch(`${base}/admin/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await res.json();
  if (!res.ok || envelope.code !== 0) {
    throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(envelope)}`);
  }
  return envelope.data;
}
/**
 * Start `{root}/packages/server/dist/cli.js serve` with `workers` render workers, the rate limit raised and a 16 MiB
 * body limit, at log level info to `{dataDir}/server.log`; `env` adds to (or overrides) the environment,
 * `nodeArgs` go before the script, after NODE_FLAGS (as the README starts the server) unless `bare`. Resolves when /healthz answers, with an account, its key and a package.
 */
export async function startBenchServer({ root, workers, env = {}, nodeArgs = [], bare = false }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pictor-bench-'));
  const adminToken = randomBytes(24).toString('hex');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logPath = join(dataDir, 'server.log');
  const log = openSync(logPath, 'w');
  const cli = join(root, 'packages/server/dist/cli.js');
  const child = spawn(
    process.execPath,
    [...(bare ? [] : NODE_FLAGS), ...nodeArgs, cli, 'serve', '--port', String(port), '--host', '127.0.0.1'],
    {
      env: {
        ...process.env,
        PICTOR_DATA_DIR: dataDir,
        PICTOR_ADMIN_TOKEN: adminToken,
        PICTOR_WORKERS: String(workers),
        PICTOR_RATE_LIMIT_MAX: '100000000',
        PICTOR_BODY_LIMIT: String(16 * 1024 * 1024),
        PICTOR_LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', log, log],
    },
  );
  /** SIGTERM, wait for the exit; `keepLog` keeps the data dir (and its log) instead of removing it. */
  const stop = async ({ keepLog = false } = {}) => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (!keepLog) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, child, 60_000);
    const { id: accountId } = await admin(base, adminToken, 'POST', '/accounts', { name: 'bench' });
    const { key } = await admin(base, adminToken, 'POST', `/accounts/${accountId}/keys`);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    await admin(base, adminToken, 'POST', `/accounts/${accountId}/packages`, {
      renders: 100_000_000,
      expiresAt,
    });
    return { base, adminToken, dataDir, logPath, child, accountId, key, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The server's own time per request, from its log (JSON lines written after `fromByte`): fastify's
 * `responseTime` of each request, minus the render's queue wait and stages that its log line reports (the
 * 'rendered' line of the same request in builds before the one-line log). Grouped by operation and by whether the stored object was reused (no render).
 */
export function serverSideTimes(logPath, fromByte) {
  const text = readFileSync(logPath, 'utf8').slice(fromByte);
  const byId = new Map();
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!entry.reqId) continue;
    // One line per request ('request completed'); older builds also wrote 'incoming request' and 'rendered' lines.
    const r = byId.get(entry.reqId) ?? {};
    if (entry.req?.url) r.url = entry.req.url;
    if (entry.msg === 'incoming request') r.incomingAt = entry.time;
    if (entry.render) {
      r.render = entry.render;
      r.renderedAt = entry.time;
    }
    if (typeof entry.responseTime === 'number') r.responseTime = entry.responseTime;
    byId.set(entry.reqId, r);
  }
  const groups = {};
  for (const r of byId.values()) {
    if (r.responseTime === undefined || !r.render || !r.url) continue;
    const op = r.url.includes('/templates/') ? 'A' : 'B';
    const key = `${op}${r.render.reused ? '-cached' : ''}`;
    if (!groups[key]) groups[key] = { response: [], own: [], after: [], lookup: [], store: [] };
    const g = groups[key];
    g.response.push(r.responseTime);
    if (r.render.server) {
      g.lookup.push(r.render.server.lookup);
      g.store.push(r.render.server.store);
    }
    // The render worker's own stages; a local-disk object is written by the worker (timings.save), which is the
    // server's work, not the render's.
    const t = r.render.timings;
    const render = t ? t.queue + t.total - (t.save ?? 0) : 0;
    g.own.push(r.responseTime - render);
    // After the object was stored and linked: quota commit, envelope, reply. (Builds before the one-line log: from
    // the 'rendered' line's time, in whole ms.)
    if (r.render.server?.storedAt !== undefined) g.after.push(r.responseTime - r.render.server.storedAt);
    else if (r.incomingAt !== undefined) g.after.push(r.responseTime - (r.renderedAt - r.incomingAt));
  }
  return Object.fromEntries(
    Object.entries(groups).map(([key, g]) => [
      key,
      {
        n: g.response.length,
        response: quantile(g.response, 0.5),
        own: quantile(g.own, 0.5),
        ownP95: quantile(g.own, 0.95),
        ownP90: quantile(g.own, 0.9),
        after: quantile(g.after, 0.5),
        lookup: g.lookup.length > 0 ? quantile(g.lookup, 0.5) : undefined,
        store: g.store.length > 0 ? quantile(g.store, 0.5) : undefined,
      },
    ]),
  );
}
