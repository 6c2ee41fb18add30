/**
 * The template service reads a template's contents only when its row changed: a render reads the owner and row
 * version, and the stored record is parsed again after any change — made through this service's store or
 * another node's (two services over one SQLite file stand for two server processes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemplateService } from '../src/services/template-service.js';
import { createSqliteStore } from '../src/db/index.js';
import type { Store } from '../src/db/types.js';
import { draftV } from './contracts/store-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'pictor-template-cache-'));
const stores: Store[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A real SQLite store whose full template reads are counted. */
async function countingStore(file: string): Promise<{ store: Store; fullReads: () => number }> {
  const store = createSqliteStore(file);
  await store.migrate();
  stores.push(store);
  let reads = 0;
  const getTemplate = store.getTemplate.bind(store);
  store.getTemplate = (accountId: string, id: string) => {
    reads++;
    return getTemplate(accountId, id);
  };
  return { store, fullReads: () => reads };
}

describe('template records cached per row version', () => {
  it('parses a template once while it is unchanged, and again after each change, on every node', async () => {
    const file = join(dir, 'nodes.db');
    const one = await countingStore(file);
    const two = await countingStore(file);
    const account = await one.store.createAccount('a');
    await one.store.createTemplate({ id: 'card', accountId: account.id, name: 'Card', draft: draftV });
    await one.store.publishTemplate(account.id, 'card');
    const nodeOne = createTemplateService(one.store);
    const nodeTwo = createTemplateService(two.store);

    for (let i = 0; i < 5; i++) {
      expect((await nodeOne.resolve(account.id, 'card', false)).version.content).toBe(draftV.content);
    }
    expect(one.fullReads()).toBe(1);

    // A change through the other node's store: the next render here sees it.
    await two.store.updateDraft(account.id, 'card', { content: '<p>{{title}}</p>' });
    expect((await nodeOne.resolve(account.id, 'card', true)).version.content).toBe('<p>{{title}}</p>');
    expect((await nodeOne.resolve(account.id, 'card', false)).version.content).toBe(draftV.content);
    expect(one.fullReads()).toBe(2);
    await two.store.publishTemplate(account.id, 'card');
    expect((await nodeOne.resolve(account.id, 'card', false)).version.content).toBe('<p>{{title}}</p>');
    expect(one.fullReads()).toBe(3);

    // Status changes count too: an archived template stops rendering at once.
    await two.store.setTemplateStatus(account.id, 'card', 'archived');
    await expect(nodeOne.resolve(account.id, 'card', false)).rejects.toMatchObject({ code: 10106 });
    expect((await nodeTwo.resolve(account.id, 'card', true).catch((e) => e)).code).toBe(10106);
  });

  it("another account's template answers 404 without its contents being read", async () => {
    const { store, fullReads } = await countingStore(join(dir, 'tenants.db'));
    const owner = await store.createAccount('owner');
    const other = await store.createAccount('other');
    await store.createTemplate({ id: 'mine', accountId: owner.id, name: 'Mine', draft: draftV });
    const service = createTemplateService(store);
    await expect(service.resolve(other.id, 'mine', true)).rejects.toMatchObject({ code: 10105 });
    await expect(service.resolve(other.id, 'nothing', true)).rejects.toMatchObject({ code: 10105 });
    expect(fullReads()).toBe(0);
  });

  it('keeps records within maxRecordChars, dropping the least recently used', async () => {
    const { store, fullReads } = await countingStore(join(dir, 'bounded.db'));
    const account = await store.createAccount('a');
    const content = `<div>${'x'.repeat(1000)}{{title}}</div>`;
    for (const id of ['t1', 't2', 't3']) {
      await store.createTemplate({ id, accountId: account.id, name: id, draft: { ...draftV, content } });
    }
    // Room for two records (each has only a draft of ~1 KB).
    const service = createTemplateService(store, { maxRecordChars: 2 * content.length + 10 });
    for (const id of ['t1', 't2', 't1', 't3', 't1']) await service.resolve(account.id, id, true);
    // t1 read once (kept as most recent), t2 once, t3 once; then t2 was dropped for t3, so it is read again.
    expect(fullReads()).toBe(3);
    await service.resolve(account.id, 't2', true);
    expect(fullReads()).toBe(4);
  });
});
