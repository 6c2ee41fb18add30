/** Store contract, part 5: URL keys and published revisions (embeddable image URLs). */
import { expect, it } from 'vitest';
import { StoreError } from '../../src/db/errors.js';
import { draftV, type StoreContext } from './store-fixtures.js';

/** Register these cases inside the driver's describe block. */
export function urlKeyCases(ctx: StoreContext): void {
  it('URL keys: create, get, list per account, revoke once (no secret is stored)', async () => {
    const { store } = ctx;
    const a = await store.createAccount('a');
    const b = await store.createAccount('b');
    const first = await store.createUrlKey(a.id);
    const second = await store.createUrlKey(a.id);
    await store.createUrlKey(b.id);
    expect(first).toMatchObject({ accountId: a.id, revokedAt: null });
    expect(first.id).toMatch(/^uk_[A-Za-z0-9_-]{22}$/);
    expect(Object.keys(first).sort()).toEqual(['accountId', 'createdAt', 'id', 'revokedAt']);
    expect(await store.getUrlKey(first.id)).toEqual(first);
    expect((await store.listUrlKeys(a.id)).map((k) => k.id).sort()).toEqual([first.id, second.id].sort());

    expect(await store.revokeUrlKey(first.id)).toBe(true);
    const revoked = await store.getUrlKey(first.id);
    expect(revoked?.revokedAt).not.toBeNull();
    expect(await store.revokeUrlKey(first.id)).toBe(true);
    expect((await store.getUrlKey(first.id))?.revokedAt).toBe(revoked?.revokedAt);
    expect(await store.revokeUrlKey('uk_missing')).toBe(false);
    expect(await store.getUrlKey('uk_missing')).toBeNull();
    await expect(store.createUrlKey('acc_missing')).rejects.toBeInstanceOf(StoreError);
  });

  it('every published revision is kept; publishing the same revision again keeps the first record', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    await store.createTemplate({ id: 'pinned', accountId: account.id, name: 'P', draft: draftV });
    expect(await store.getPublishedRevision(account.id, 'pinned', 1)).toBeNull();
    await store.publishTemplate(account.id, 'pinned');
    await store.updateDraft(account.id, 'pinned', { content: '<p>two</p>' });
    expect(await store.getPublishedRevision(account.id, 'pinned', 2)).toBeNull();
    await store.publishTemplate(account.id, 'pinned');
    await store.setTemplateStatus(account.id, 'pinned', 'unpublished');
    await store.publishTemplate(account.id, 'pinned');
    expect(await store.getPublishedRevision(account.id, 'pinned', 1)).toEqual({ ...draftV, revision: 1 });
    expect(await store.getPublishedRevision(account.id, 'pinned', 2)).toEqual({
      ...draftV,
      content: '<p>two</p>',
      revision: 2,
    });
    expect(await store.getPublishedRevision(account.id, 'other', 1)).toBeNull();
  });
}

/** Register the render-claim cases inside the driver's describe block. */
export function renderClaimCases(ctx: StoreContext): void {
  it('render claims: one holder at a time; released or expired claims can be taken again', async () => {
    const { store } = ctx;
    const t0 = new Date('2030-01-01T00:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await store.claimRender('k.png', t0, at(1000))).toBe(true);
    expect(await store.claimRender('k.png', at(10), at(2000))).toBe(false);
    expect(await store.claimRender('other.png', at(10), at(2000))).toBe(true);
    await store.releaseRenderClaim('k.png');
    expect(await store.claimRender('k.png', at(20), at(1000))).toBe(true);
    expect(await store.claimRender('k.png', at(999), at(5000))).toBe(false);
    expect(await store.claimRender('k.png', at(1000), at(5000))).toBe(true);
    await store.releaseRenderClaim('never-claimed.png');
  });

  it('render claims under concurrency: exactly one of many callers wins', async () => {
    const { store } = ctx;
    const now = new Date('2030-01-01T00:00:00Z');
    const until = new Date(now.getTime() + 60_000);
    const stores = [store];
    for (let i = 0; i < 3 && ctx.harness.openPeer; i++) {
      const peer = await ctx.harness.openPeer();
      ctx.peers.push(peer);
      stores.push(peer);
    }
    const wins = await Promise.all(
      Array.from({ length: 24 }, (_, i) => stores[i % stores.length]!.claimRender('race.webp', now, until)),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
  });
}
