/** 50000 / 500: an unexpected fault answers the envelope without internals, and the reserved unit goes back. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRenderer, type Renderer } from '@pictor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PictorApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { hashToken } from '../src/data-dir.js';
import { createDiskStorage } from '../src/storage/disk.js';
import type { ObjectStorage } from '../src/storage/types.js';
import { createStore } from '../src/db/index.js';
import type { Store } from '../src/db/types.js';
import { ADMIN_TOKEN, render, seedAccount, unitsLeft } from './helpers/http-server.js';

let dir: string;
let store: Store;
let renderer: Renderer;
let app: PictorApp;
let url: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pictor-fault-'));
  const config = loadConfig({}, { port: 0, dataDir: dir, logLevel: 'silent' });
  store = createStore(undefined, dir);
  await store.migrate();
  const disk = createDiskStorage(join(dir, 'objects'));
  // The disk fails on write, as a full disk would: the message carries a path that must not leak.
  const failingStorage: ObjectStorage = {
    ...disk,
    head: (k) => disk.head(k),
    get: (k) => disk.get(k),
    delete: (k) => disk.delete(k),
    close: () => disk.close(),
    // No local path: objects go through put (the render worker's own write is faulted in faults-storage.test.ts).
    localPath: undefined,
    put: async () => {
      throw new Error('ENOSPC: no space left on device, open /var/secret/objects/tmp-123');
    },
  };
  renderer = createRenderer({ workers: 1 });
  app = await buildApp(config, {
    store,
    storage: failingStorage,
    renderer,
    signingSecret: 'fault-test-signing-secret',
    adminTokenHash: hashToken(ADMIN_TOKEN),
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await renderer.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('unexpected faults', () => {
  it('answer 500 / 50000 with no internals in the message, and give the unit back', async () => {
    const { accountId, key } = await seedAccount(url, 3);
    const res = await render(url, key, '/render', {
      content: '<div style="display:flex;width:8px;height:8px;background:#f00"></div>',
    });
    expect(res.status).toBe(500);
    expect(res.body.code).toBe(50000);
    expect(res.body.message).toMatch(/^internal server error \(request id [\w-]+\)$/);
    expect(res.body.message).not.toMatch(/ENOSPC|secret|\//);
    expect(res.body.data).toBeUndefined();
    expect(res.headers.get('x-request-id')).toBe(/request id ([\w-]+)/.exec(res.body.message)?.[1]);
    expect(await unitsLeft(url, accountId)).toBe(3);
  });
});
