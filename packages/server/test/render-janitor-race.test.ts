/**
 * An identical render arriving while the janitor deletes the stored object it would reuse: the render must not
 * hand out a link to the vanishing file, it renders and stores the object again. On SQLite the store serialises
 * the two; on PostgreSQL (PICTOR_TEST_DATABASE_URL) the render's existence check really runs while the janitor
 * holds the object's row, which is the case the touch's "extended or created" answer exists for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Renderer, createRenderer } from '@pictor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startJanitor } from '../src/services/janitor.js';
import { keepMsOf } from '../src/services/render-job.js';
import { createRenderService } from '../src/services/render-service.js';
import { createTemplateService } from '../src/services/template-service.js';
import { createDiskStorage } from '../src/storage/index.js';
import type { ObjectStorage } from '../src/storage/types.js';
import { type Store, createStore } from '../src/db/index.js';
import { createTestSchema } from './helpers/postgres-schema.js';

const databaseUrl = process.env.PICTOR_TEST_DATABASE_URL;
const T0 = Date.parse('2030-01-01T00:00:00Z');

const stores: [string, string | undefined][] = [['sqlite', undefined]];
if (databaseUrl) stores.push(['postgres', databaseUrl]);

describe.each(stores)('render vs janitor on %s', (_name, url) => {
  let dir: string;
  let store: Store;
  let renderer: Renderer;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pictor-race-'));
    const scoped = url ? await createTestSchema(url, 'race') : undefined;
    drop = scoped?.drop;
    store = createStore(scoped?.url, dir);
    await store.migrate();
    renderer = createRenderer({ workers: 0 });
  });
  afterAll(async () => {
    await renderer.close();
    await store.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders the object again instead of linking the file being deleted', async () => {
    const disk = createDiskStorage(join(dir, 'objects'));
    let clock = T0;
    let onDeleteStarted: (() => void) | undefined;
    let onChecked: (() => void) | undefined;
    let checked: Promise<void> = Promise.resolve();
    // On PostgreSQL the janitor's delete waits until the second render has looked for the file: its existence
    // check runs in the middle of the delete, whatever else the machine is doing. (SQLite serialises the two: the
    // render's store calls wait for the janitor's round, so there is nothing to wait for.)
    const storage: ObjectStorage = {
      ...disk,
      async head(key) {
        const found = await disk.head(key);
        onChecked?.();
        return found;
      },
      async delete(key) {
        onDeleteStarted?.();
        await checked;
        await disk.delete(key);
      },
    };
    const config = loadConfig({}, { dataDir: dir, adminToken: 'race-admin-token-0123456789abcdef' });
    const service = createRenderService({
      store,
      storage,
      renderer,
      templates: createTemplateService(store),
      limits: config.limits,
      signingSecret: 'race-signing-secret-0123456789abcdef',
      publicUrl: () => 'http://127.0.0.1:1',
      now: () => clock,
    });
    const account = await store.createAccount('race');
    await store.grantPackage(account.id, 10, new Date(T0 + 24 * 3600_000));
    const caller = { keyId: 'key', accountId: account.id };
    const request = {
      content: '<div style="display:flex;width:40px;height:20px;background:#123456"></div>',
      width: 40,
      height: 20,
      format: 'png' as const,
    };

    const first = await service.renderHtml(caller, request);
    const key = new URL(first.url).pathname.split('/').pop() as string;
    expect(await disk.head(key)).not.toBeNull();

    // Ten minutes later the link has expired; the janitor removes the object while the same render comes in.
    // Past the object's keep time (the link's lifetime plus the longest wait and render, plus 5 minutes).
    clock = T0 + keepMsOf(config.limits) + 60_000;
    let second: Promise<unknown> | undefined;
    onDeleteStarted = () => {
      onDeleteStarted = undefined;
      if (url !== undefined) {
        checked = new Promise((resolve) => {
          onChecked = () => {
            onChecked = undefined;
            resolve();
          };
        });
      }
      second = service.renderHtml(caller, request);
    };
    const janitor = startJanitor({ store, storage, graceMs: 0, now: () => new Date(clock) });
    const round = await janitor.runOnce();
    await janitor.stop();
    expect(round.objectsDeleted).toBe(1);
    expect(second).toBeDefined();
    await second;

    // The link the second render handed out points at a file that exists, and the store keeps it linked.
    expect(await disk.head(key)).not.toBeNull();
    expect(await store.getObjectExpiry(key)).toEqual(new Date(clock + keepMsOf(config.limits)));
  });
});
