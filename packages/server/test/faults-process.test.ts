/**
 * Faults with the real server process (`node dist/cli.js serve`, real SQLite, real files): SIGKILL in the middle of
 * renders and restart loses nothing (database consistent, every reserved unit comes back, no half-written file
 * served); SIGTERM drains in-flight renders and exits 0. Needs `pnpm --filter @pictor/server build` first.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { signFilePath } from '../src/services/links.js';
import { holdMsOf } from '../src/services/render-job.js';
import { createStore } from '../src/db/index.js';
import { type HeldImages, startHeldImages } from './helpers/held-image.js';
import { adminOk, render, seedAccount } from './helpers/http-server.js';
import { createTestSchema } from './helpers/postgres-schema.js';
import {
  cliBuilt,
  PROCESS_SIGNING_SECRET,
  spawnServer,
  type ServerProcess,
} from './helpers/server-process.js';

/** A render that takes a noticeable time (large canvas, blur), so a kill lands in the middle of some. */
function slowBody(i: number) {
  return {
    content: `<div style="display:flex;width:100%;height:100%;background:linear-gradient(135deg,#123456,#${(i * 4099).toString(16).padStart(6, '0').slice(-6)});filter:blur(12px);font-size:120px;color:white">Render ${i}</div>`,
    width: 2000,
    height: 1600,
    format: 'png',
  };
}

/** Two renders that take long (4000×3000, blurred) from `first` on, answers ignored (the server is stopped under them). */
function longRenders(url: string, key: string, first: number): Promise<unknown>[] {
  return [0, 1].map((i) =>
    render(url, key, '/render', { ...slowBody(first + i), width: 4000, height: 3000 }).catch(() => null),
  );
}

/** Poll /healthz until the render pool's counters pass `ready` (the test's time-out is the hang guard). */
async function waitForPool(
  url: string,
  ready: (pool: { busy: number; queued: number }) => boolean,
): Promise<void> {
  for (;;) {
    const health = (await (await fetch(`${url}/healthz`)).json()) as {
      renderer: { busy: number; queued: number };
    };
    if (ready(health.renderer)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Wait until `check` holds, looking every 20 ms (the test's time-out is the hang guard). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

/**
 * Renders held by the test (helpers/held-image.ts) are in flight until it lets them go; the server fetches their
 * images from this process, and no time limit of its ends them first.
 */
let held: HeldImages;
const HELD_ENV = {
  PICTOR_FETCH_ALLOW_LIST: '127.0.0.1',
  PICTOR_FETCH_TIMEOUT_MS: '600000',
  PICTOR_RENDER_TIMEOUT_MS: '600000',
};

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

const dirs: string[] = [];
const processes: ServerProcess[] = [];

beforeAll(async () => {
  if (!cliBuilt()) throw new Error('dist/cli.js is missing: run `pnpm --filter @pictor/server build` first');
  held = await startHeldImages();
});

afterAll(async () => {
  await held?.close();
  for (const p of processes)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pictor-faults-'));
  dirs.push(dir);
  return dir;
}

/** A database for one SIGKILL run: SQLite in the data dir, or a fresh schema of the test PostgreSQL. */
interface Backend {
  name: string;
  /** Extra environment of the server (PICTOR_DATABASE_URL) and the URL for createStore (undefined: SQLite). */
  databaseUrl?: string;
  drop?: () => Promise<void>;
}

const postgresUrl = process.env.PICTOR_TEST_DATABASE_URL;

async function postgresBackend(base: string): Promise<Backend> {
  const schema = await createTestSchema(base, 'faults');
  return { name: 'postgres', databaseUrl: schema.url, drop: schema.drop };
}

const backends: [string, () => Promise<Backend>][] = [
  ['SQLite', async () => ({ name: 'sqlite' })],
  ...(postgresUrl
    ? ([['PostgreSQL', () => postgresBackend(postgresUrl)]] as [string, () => Promise<Backend>][])
    : []),
];

describe.each(backends)('SIGKILL in the middle of renders, then restart (%s)', (_label, makeBackend) => {
  it('keeps the database consistent, gives every reserved unit back, and never serves a partial file', async () => {
    const backend = await makeBackend();
    const dataDir = await newDataDir();
    const env: Record<string, string> = {
      ...HELD_ENV,
      ...(backend.databaseUrl ? { PICTOR_DATABASE_URL: backend.databaseUrl } : {}),
    };
    const first = await spawnServer(dataDir, env);
    processes.push(first);
    const granted = 40;
    const { accountId, key } = await seedAccount(first.url, granted);

    // Fire renders; kill the process once a few have succeeded while others are in flight: one held by the test
    // on one worker (surely in flight), twelve slow ones going through the other.
    const outcomes: ({ ok: true; url: string } | { ok: false; error: string })[] = [];
    const hold = held.hold();
    const bodies = [
      { content: hold.content, format: 'png' },
      ...Array.from({ length: 12 }, (_, i) => slowBody(i)),
    ];
    const pending = bodies.map((body) =>
      render(first.url, key, '/render', body).then(
        (res) => {
          if (res.status === 200) outcomes.push({ ok: true, url: String(res.body.data?.url) });
          else outcomes.push({ ok: false, error: `${res.status} ${res.body.code}` });
        },
        (error: Error) => outcomes.push({ ok: false, error: error.message }),
      ),
    );
    await hold.asked;
    await until(() => outcomes.filter((o) => o.ok).length >= 2);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    await Promise.all(pending);
    const succeeded = outcomes.filter((o): o is { ok: true; url: string } => o.ok);
    expect(succeeded.length).toBeGreaterThanOrEqual(2);
    // Some requests were cut off by the kill (connection reset), none answered with an error code.
    expect(outcomes.filter((o) => !o.ok).every((o) => !/^\d{3} /.test((o as { error: string }).error))).toBe(
      true,
    );
    expect(succeeded.length).toBeLessThan(bodies.length);

    if (!backend.databaseUrl) {
      // The SQLite file is intact.
      const dbFile = (await readdir(dataDir)).find((f) => /\.(db|sqlite3?)$/.test(f));
      expect(dbFile).toBeDefined();
      const db = new Database(join(dataDir, dbFile!), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }

    const second = await spawnServer(dataDir, env);
    processes.push(second);
    try {
      // Units: left + done + still held by the dead process's reservations = granted.
      const store = createStore(backend.databaseUrl, dataDir);
      const usage = await adminOk<{ packages: { remaining: number }[]; rendersDone: number }>(
        second.url,
        'GET',
        `/accounts/${accountId}/usage`,
      );
      const left = usage.packages.reduce((sum, p) => sum + p.remaining, 0);
      expect(usage.rendersDone).toBeGreaterThanOrEqual(succeeded.length);
      const held = granted - left - usage.rendersDone;
      // The kill left renders in flight, each holding a unit.
      expect(held).toBeGreaterThan(0);
      // The janitor gives held units back once their hold (holdMsOf: wait, wall-clock limit, 5 min) has passed:
      // run its step
      // at that time. Nothing is left held for good.
      const holdMs = holdMsOf(loadConfig(env, { dataDir }).limits);
      const released = await store.releaseExpiredReservations(new Date(Date.now() + holdMs + 60_000));
      expect(released).toBe(held);
      await store.close();
      const after = await adminOk<{ packages: { remaining: number }[]; rendersDone: number }>(
        second.url,
        'GET',
        `/accounts/${accountId}/usage`,
      );
      expect(after.packages.reduce((sum, p) => sum + p.remaining, 0) + after.rendersDone).toBe(granted);

      // Every link handed out before the kill still serves a complete image.
      for (const { url } of succeeded) {
        const res = await fetch(url.replace(first.url, second.url));
        expect(res.status).toBe(200);
        const bytes = Buffer.from(await res.arrayBuffer());
        const { info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
        expect([info.width, info.height]).toEqual([2000, 1600]);
      }

      // No file in storage is partial: temp files (if the kill left any) are unreachable, the rest decode fully.
      const files = await filesUnder(join(dataDir, 'objects'));
      const expires = Math.floor(Date.now() / 1000) + 300;
      for (const file of files) {
        const name = file.split('/').pop()!;
        const path = `/files/${name}`;
        const res = await fetch(
          `${second.url}${path}?expires=${expires}&sign=${signFilePath(PROCESS_SIGNING_SECRET, path, expires)}`,
        );
        if (name.endsWith('.tmp') || name.startsWith('.')) {
          expect(res.status).not.toBe(200);
        } else {
          expect(res.status).toBe(200);
          const bytes = Buffer.from(await res.arrayBuffer());
          expect(bytes.length).toBe((await stat(file)).size);
          await expect(sharp(bytes).raw().toBuffer()).resolves.toBeInstanceOf(Buffer);
          expect(bytes.equals(await readFile(file))).toBe(true);
        }
      }

      // And the restarted server renders.
      const res = await render(second.url, key, '/render', {
        content: '<div style="display:flex;width:100%;height:100%;background:#0f0"></div>',
        width: 8,
        height: 8,
        format: 'png',
      });
      expect(res.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
      await backend.drop?.();
    }
  }, 180_000);
});

describe('SIGTERM', () => {
  it('answers what never started 503 at once, lets running renders finish, charges only what it answered, exits 0', async () => {
    const dataDir = await newDataDir();
    const server = await spawnServer(dataDir, HELD_ENV);
    processes.push(server);
    const { accountId, key } = await seedAccount(server.url, 20);
    const holds = Array.from({ length: 6 }, () => held.hold());
    let answered = 0;
    const inFlight = holds.map((hold) =>
      render(server.url, key, '/render', { content: hold.content, format: 'png' }).finally(() => answered++),
    );
    // Wait until all six are in the render pool (two rendering, four queued), then ask the server to stop.
    await waitForPool(server.url, (pool) => pool.busy >= 2 && pool.busy + pool.queued >= 6);
    server.child.kill('SIGTERM');
    // The four that never started are answered while the two running renders are still held; then those finish.
    await until(() => answered === 4);
    for (const hold of holds) hold.release();
    const results = await Promise.all(inFlight);
    const codes = results.map((r) => `${r.status}/${r.body.code}`).sort();
    // The two running renders finish and answer; the four that never started answer 503 with Retry-After.
    expect(codes).toEqual(['200/0', '200/0', '503/50000', '503/50000', '503/50000', '503/50000']);
    for (const refused of results.filter((r) => r.status === 503)) {
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.body.message).toContain('shutting down');
    }
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    // Not held open until the grace period (render time limit + 5 s) cut the connections left.
    expect(server.output()).not.toContain('after the grace period');
    // Nothing but the start banner and JSON log lines: no library notices on the operator's console.
    expect(server.output()).not.toMatch(/DEPRECATED|Warning:/);
    // Units: exactly one per 200 answer written; the refused renders' units came back.
    const again = await spawnServer(dataDir);
    processes.push(again);
    const usage = await adminOk<{ packages: { remaining: number }[]; rendersDone: number }>(
      again.url,
      'GET',
      `/accounts/${accountId}/usage`,
    );
    expect(usage.rendersDone).toBe(2);
    expect(usage.packages.reduce((sum, p) => sum + p.remaining, 0)).toBe(18);
    again.child.kill('SIGTERM');
    expect(await again.exited).toEqual({ code: 0, signal: null });
  }, 180_000);

  it('a second SIGTERM exits at once with a non-zero code, giving the held units back', async () => {
    const dataDir = await newDataDir();
    const server = await spawnServer(dataDir, { ...HELD_ENV, PICTOR_LOG_LEVEL: 'info' });
    processes.push(server);
    const { accountId, key } = await seedAccount(server.url, 20);
    const holds = [held.hold(), held.hold()];
    const inFlight = holds.map((hold) =>
      render(server.url, key, '/render', { content: hold.content, format: 'png' }).catch(() => null),
    );
    await Promise.all(holds.map((hold) => hold.asked));
    server.child.kill('SIGTERM');
    await until(() => server.output().includes('shutting down: finishing in-flight requests'));
    // The two renders are held until the process has exited: only the second signal can end it first.
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.output()).toContain('giving held units back');
    for (const hold of holds) hold.release();
    await Promise.all(inFlight);
    const again = await spawnServer(dataDir);
    processes.push(again);
    const usage = await adminOk<{ packages: { remaining: number }[]; rendersDone: number }>(
      again.url,
      'GET',
      `/accounts/${accountId}/usage`,
    );
    expect(usage.rendersDone).toBe(0);
    expect(usage.packages.reduce((sum, p) => sum + p.remaining, 0)).toBe(20);
    again.child.kill('SIGTERM');
    await again.exited;
  }, 180_000);

  it('SIGKILL of the server mid-render: its worker processes end too', async () => {
    const dataDir = await newDataDir();
    const server = await spawnServer(dataDir, { PICTOR_RENDER_TIMEOUT_MS: '60000' });
    processes.push(server);
    const { key } = await seedAccount(server.url, 5);
    const inFlight = longRenders(server.url, key, 300);
    await waitForPool(server.url, (pool) => pool.busy >= 2);
    const workers = execFileSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
    expect(workers.length).toBe(2);
    server.child.kill('SIGKILL');
    await server.exited;
    // Running or sleeping: a zombie (state Z, waiting for init to reap it) has ended.
    const alive = () =>
      workers.filter((pid) => {
        try {
          return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        } catch {
          return false;
        }
      });
    // That a worker ends in the middle of a render (its watchdog), not after it, is shown in core's
    // pool-fairness.test.ts with the worker's channel held open; here, that the server's workers end at all.
    await until(() => alive().length === 0);
    await Promise.all(inFlight);
  }, 120_000);
});
