/**
 * Storage faults with the real disk driver: unwritable storage (a file where the objects folder should be) and a
 * full disk (a 64 KiB tmpfs; needs root, skipped otherwise) answer 500 / 50000 without internals, charge no unit,
 * leave no partial file, and the server recovers once the disk is usable again.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/server.js';
import { ADMIN_TOKEN, render, seedAccount, unitsLeft } from './helpers/http-server.js';

const dirs: string[] = [];
const mounts: string[] = [];
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.close();
  for (const mount of mounts) {
    try {
      execFileSync('umount', [mount]);
    } catch {}
  }
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function start(storageDir: string): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pictor-storage-fault-'));
  dirs.push(dataDir);
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      adminToken: ADMIN_TOKEN,
      logLevel: 'silent',
      workers: 1,
      storage: `file://${storageDir}`,
    },
  );
  const server = await startServer(config);
  servers.push(server);
  return server;
}

/** A render of random noise: its PNG is far larger than 64 KiB. */
async function noiseBody(size = 400) {
  const noise = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
    .png()
    .toBuffer();
  return {
    content: `<img src="data:image/png;base64,${noise.toString('base64')}" width="${size}" height="${size}">`,
    width: size,
    height: size,
    format: 'png',
  };
}

function expectServerFault(res: Awaited<ReturnType<typeof render>>): void {
  expect(res.status).toBe(500);
  expect(res.body.code).toBe(50000);
  expect(res.body.message).toMatch(/^internal server error \(request id [\w-]+\)$/);
  expect(res.body.message).not.toMatch(/ENOSPC|ENOTDIR|EROFS|\//);
  expect(res.body.data).toBeUndefined();
}

describe('unwritable storage', () => {
  it('a file where the objects folder should be: 50000, no unit charged; fixed, it renders again', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'pictor-unwritable-'));
    dirs.push(parent);
    const objects = join(parent, 'objects');
    await writeFile(objects, 'not a folder');
    const server = await start(objects);
    const { accountId, key } = await seedAccount(server.url, 5);
    for (let i = 0; i < 3; i++)
      expectServerFault(await render(server.url, key, '/render', await noiseBody(100 + i)));
    expect(await unitsLeft(server.url, accountId)).toBe(5);

    await rm(objects);
    await mkdir(objects);
    const ok = await render(server.url, key, '/render', await noiseBody(100));
    expect(ok.status).toBe(200);
    expect(await unitsLeft(server.url, accountId)).toBe(4);
  });
});

describe('full disk', () => {
  it('ENOSPC on a 64 KiB tmpfs: 50000, no unit charged, no partial file left', async (ctx) => {
    const mount = await mkdtemp(join(tmpdir(), 'pictor-full-'));
    dirs.push(mount);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      ctx.skip('mounting a tmpfs needs root');
      return;
    }
    mounts.push(mount);
    const server = await start(mount);
    const { accountId, key } = await seedAccount(server.url, 5);
    const big = await noiseBody();
    expectServerFault(await render(server.url, key, '/render', big));
    expect(await unitsLeft(server.url, accountId)).toBe(5);
    // The temp file of the failed write was removed: only (empty) shard folders remain.
    const walk = async (dir: string): Promise<string[]> => {
      const out: string[] = [];
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) out.push(...(await walk(join(dir, entry.name))));
        else out.push(entry.name);
      }
      return out;
    };
    expect(await walk(mount)).toEqual([]);
    // A small image still fits: the server is healthy and charges normally.
    const small = await render(server.url, key, '/render', {
      content: '<div style="display:flex;width:100%;height:100%;background:#00f"></div>',
      width: 16,
      height: 16,
      format: 'png',
    });
    expect(small.status).toBe(200);
    expect(await unitsLeft(server.url, accountId)).toBe(4);
  });
});
