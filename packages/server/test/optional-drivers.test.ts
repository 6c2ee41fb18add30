/**
 * The PostgreSQL and S3 drivers are optional dependencies: a server on its defaults (SQLite, disk) starts without
 * them, and one configured for PostgreSQL or S3 without its driver stops at once saying what to install. The
 * packages are hidden from the built server with a resolve hook, as if they were not installed. Needs the built CLI.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from './helpers/http-server.js';
import { CLI_PATH, cliBuilt } from './helpers/server-process.js';

const hook = fileURLToPath(new URL('./helpers/hide-packages.mjs', import.meta.url));
const dirs: string[] = [];
beforeAll(() => {
  if (!cliBuilt()) throw new Error('dist/cli.js is missing: run `pnpm --filter @pictor/server build` first');
});
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Run `pictor serve` without pg and the AWS SDK until it listens (then stop it) or exits. */
async function serveWithoutDrivers(env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pictor-optional-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', hook, CLI_PATH, 'serve', '--port', '0'], {
    env: {
      PATH: process.env.PATH ?? '',
      PICTOR_DATA_DIR: dataDir,
      PICTOR_ADMIN_TOKEN: ADMIN_TOKEN,
      PICTOR_LOG_LEVEL: 'warn',
      PICTOR_WORKERS: '1',
      PICTOR_TEST_HIDE_PACKAGES: 'pg,@aws-sdk/client-s3',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<{ listening: string | undefined; code: number | null; output: string }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000); // a hang guard only
    child.stdout.on('data', async () => {
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      const health = await fetch(`${url}/healthz`).then((res) => res.status);
      child.kill('SIGTERM');
      child.once('exit', () => {
        clearTimeout(timer);
        resolve({ listening: String(health), code: 0, output });
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!/listening on/.test(output)) resolve({ listening: undefined, code, output });
    });
  });
}

describe('optional drivers', () => {
  it('the default server (SQLite, disk) starts and answers without pg and the AWS SDK', async () => {
    const run = await serveWithoutDrivers({});
    expect(run.listening).toBe('200');
  });

  it('PICTOR_DATABASE_URL without pg: stops at once saying to install pg', async () => {
    const run = await serveWithoutDrivers({ PICTOR_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      'PICTOR_DATABASE_URL (postgres://…) needs the package pg, which is not installed: run `npm install pg@8`',
    );
  });

  it('PICTOR_STORAGE=s3://… without the AWS SDK: stops at once saying to install @aws-sdk/client-s3', async () => {
    const run = await serveWithoutDrivers({ PICTOR_STORAGE: 's3://bucket/prefix' });
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      'PICTOR_STORAGE (s3://…) needs the package @aws-sdk/client-s3, which is not installed: run `npm install @aws-sdk/client-s3@3`',
    );
  });
});
