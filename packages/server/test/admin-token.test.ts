/** The admin token is never lost: a start that fails before showing it leaves no token nobody saw; it can be reset. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { cliBuilt, CLI_PATH } from './helpers/server-process.js';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pictor-admin-token-'));
  dirs.push(dir);
  return dir;
}

function config(dir: string, extra: Record<string, unknown> = {}) {
  return loadConfig(
    {},
    { port: 0, host: '127.0.0.1', dataDir: dir, logLevel: 'silent', workers: 1, ...extra },
  );
}

async function adminStatus(url: string, token: string): Promise<number> {
  return (await fetch(`${url}/admin/v1/templates`, { headers: { authorization: `Bearer ${token}` } })).status;
}

describe('the admin token of a data dir', () => {
  it('a first start that fails after creating the data dir leaves no unseen token: the next start shows a new one', async () => {
    const dir = await dataDir();
    // The database cannot be reached: the start fails after the data dir and its secrets were prepared.
    await expect(
      startServer(config(dir, { databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })),
    ).rejects.toThrow();
    expect((await stat(join(dir, 'admin-token.sha256'))).isFile()).toBe(true);

    const second = await startServer(config(dir));
    try {
      expect(second.generatedAdminToken).toMatch(/^pat_/);
      expect(second.replacedUnshownToken).toBe(true);
      expect(await adminStatus(second.url, second.generatedAdminToken as string)).toBe(200);
    } finally {
      await second.close();
    }
    // Shown by a start that succeeded: later starts keep it and print none.
    const third = await startServer(config(dir));
    try {
      expect(third.generatedAdminToken).toBeUndefined();
      expect(await adminStatus(third.url, second.generatedAdminToken as string)).toBe(200);
    } finally {
      await third.close();
    }
  });

  it.runIf(cliBuilt())(
    '`pictor admin-token reset` prints a new token; servers use it from their next start',
    async () => {
      const dir = await dataDir();
      const first = await startServer(config(dir));
      const old = first.generatedAdminToken as string;
      await first.close();
      const { stdout } = await run(process.execPath, [CLI_PATH, '--data-dir', dir, 'admin-token', 'reset'], {
        env: { ...process.env, PICTOR_ADMIN_TOKEN: '' },
      });
      const token = /^\s+(pat_[A-Za-z0-9_-]{43})$/m.exec(stdout)?.[1] as string;
      expect(token).toBeDefined();
      const next = await startServer(config(dir));
      try {
        expect(next.generatedAdminToken).toBeUndefined();
        expect(await adminStatus(next.url, token)).toBe(200);
        expect(await adminStatus(next.url, old)).toBe(401);
      } finally {
        await next.close();
      }
    },
  );
});
