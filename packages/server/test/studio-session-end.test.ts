/**
 * Studio sessions end when their credential changes or they grow old, on the real server: an admin session when the
 * admin token is replaced (PICTOR_ADMIN_TOKEN changed, or `pictor admin-token reset`, then a restart), and every
 * session at its absolute lifetime however often it is used.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { ADMIN_TOKEN, call, seedAccount, startTestServer } from './helpers/http-server.js';
import { CLI_PATH, cliBuilt } from './helpers/server-process.js';
import { signIn } from './helpers/studio.js';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pictor-session-end-'));
  dirs.push(dir);
  return dir;
}

/** A server on `dir` (kept between starts) with `adminToken`, or the data dir's own token when undefined. */
function startOn(dir: string, adminToken: string | undefined) {
  return startServer(
    loadConfig(
      {},
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: dir,
        logLevel: 'silent',
        workers: 1,
        signingSecret: 'session-end-secret-0123',
        ...(adminToken ? { adminToken } : {}),
      },
    ),
  );
}

/** Status of `GET /studio/api/session` with a cookie. */
async function sessionStatus(url: string, cookie: string): Promise<number> {
  return (await call(url, 'GET', '/studio/api/session', { headers: { cookie } })).status;
}

describe('an admin session ends when the admin token is replaced', () => {
  it('PICTOR_ADMIN_TOKEN changed, then a restart: the old admin cookie is refused, a key session lives on', async () => {
    const dir = await dataDir();
    const first = await startOn(dir, ADMIN_TOKEN);
    const admin = await signIn(first.url, { adminToken: ADMIN_TOKEN });
    const account = await seedAccount(first.url, 0);
    const keySession = await signIn(first.url, { apiKey: account.key });
    await first.close();

    // A restart with the same token keeps the session.
    const same = await startOn(dir, ADMIN_TOKEN);
    try {
      expect(await sessionStatus(same.url, admin.cookie)).toBe(200);
    } finally {
      await same.close();
    }

    const newToken = 'replaced-admin-token-0123456789abcdef';
    const next = await startOn(dir, newToken);
    try {
      const old = await call(next.url, 'GET', '/studio/api/accounts', { headers: { cookie: admin.cookie } });
      expect([old.status, old.body.code]).toEqual([401, 10104]);
      expect(await sessionStatus(next.url, keySession.cookie)).toBe(200);
      expect(
        (await call(next.url, 'POST', '/studio/api/session', { body: { adminToken: ADMIN_TOKEN } })).status,
      ).toBe(401);
      const fresh = await signIn(next.url, { adminToken: newToken });
      expect((await fresh.api('GET', '/accounts')).status).toBe(200);
    } finally {
      await next.close();
    }
  });

  it.runIf(cliBuilt())(
    '`pictor admin-token reset`, then a restart: the old admin cookie is refused',
    async () => {
      const dir = await dataDir();
      const first = await startOn(dir, undefined);
      const oldToken = first.generatedAdminToken as string;
      const admin = await signIn(first.url, { adminToken: oldToken });
      expect(await sessionStatus(first.url, admin.cookie)).toBe(200);
      await first.close();
      const { stdout } = await run(process.execPath, [CLI_PATH, '--data-dir', dir, 'admin-token', 'reset'], {
        env: { ...process.env, PICTOR_ADMIN_TOKEN: '' },
      });
      const newToken = /^\s+(pat_[A-Za-z0-9_-]{43})$/m.exec(stdout)?.[1] as string;
      expect(newToken).toBeDefined();
      const next = await startOn(dir, undefined);
      try {
        expect(await sessionStatus(next.url, admin.cookie)).toBe(401);
        expect(await sessionStatus(next.url, (await signIn(next.url, { adminToken: newToken })).cookie)).toBe(
          200,
        );
      } finally {
        await next.close();
      }
    },
  );
});

describe('every session has an absolute lifetime', () => {
  it('ends at PICTOR_STUDIO_SESSION_MAX_AGE however often it is used, and says when', async () => {
    const server = await startTestServer({ studioIdleSeconds: 600, studioSessionMaxAgeSeconds: 1800 });
    try {
      const account = await seedAccount(server.url, 0);
      const before = server.now();
      const client = await signIn(server.url, { apiKey: account.key });
      const after = server.now();
      const admin = await signIn(server.url, { adminToken: ADMIN_TOKEN });
      const endsAt = Date.parse(String((await client.api('GET', '/session')).body.data?.endsAt));
      expect(endsAt - 1_800_000).toBeGreaterThanOrEqual(before);
      expect(endsAt - 1_800_000).toBeLessThanOrEqual(after);
      for (let used = 0; used < 3; used++) {
        server.advance(500_000);
        expect((await client.api('GET', '/session')).status).toBe(200);
        expect((await admin.api('GET', '/session')).status).toBe(200);
      }
      server.advance(299_000);
      expect((await client.api('GET', '/templates')).status).toBe(200);
      server.advance(2_000);
      // Used a second ago, yet over: 1801 s since sign-in.
      expect((await client.api('GET', '/templates')).status).toBe(401);
      expect((await admin.api('GET', '/templates')).status).toBe(401);
      expect(
        (await signIn(server.url, { apiKey: account.key }).then((c) => c.api('GET', '/templates'))).status,
      ).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('lasts 12 hours by default', async () => {
    const server = await startTestServer();
    try {
      const account = await seedAccount(server.url, 0);
      const client = await signIn(server.url, { apiKey: account.key });
      // Used every 20 minutes (within the 30-minute idle limit) for 12 hours less a minute.
      for (let minutes = 20; minutes < 720; minutes += 20) {
        server.advance(20 * 60_000);
        expect((await client.api('GET', '/session')).status).toBe(200);
      }
      server.advance(19 * 60_000);
      expect((await client.api('GET', '/session')).status).toBe(200);
      server.advance(2 * 60_000);
      expect((await client.api('GET', '/session')).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
