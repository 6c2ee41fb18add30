/** Store contract: batches as a queue — claims that run out and are taken over, an item charged at most once. */
import { expect, it } from 'vitest';
import type { BatchEndHook, ClaimedBatchItem, Store } from '../../src/db/types.js';
import { HOUR, T0, at, type StoreContext } from './store-fixtures.js';

const ends: string[] = [];
const onEnd: BatchEndHook = (batch) => {
  ends.push(batch.id);
  return { id: `msg_${batch.id}`, payload: JSON.stringify({ id: batch.id, done: batch.done }) };
};

async function batchOf(store: Store, n: number) {
  const account = await store.createAccount('a');
  await store.grantPackage(account.id, 100, at(HOUR));
  const batch = await store.createBatch(
    {
      accountId: account.id,
      templateId: 't',
      useDraft: false,
      options: {},
      webhookUrl: 'http://hooks.example/x',
      items: Array.from({ length: n }, (_, i) => ({ id: `i${i}`, request: { variables: { n: i } } })),
    },
    T0,
  );
  return { account, batch };
}

const done = { status: 'done', objectKey: 'k.png', width: 1, height: 1, format: 'png' } as const;

/** Register these cases inside the driver's describe block. */
export function batchCases(ctx: StoreContext): void {
  it('claims items in order; a claim that ran out is taken over and the first claimant can no longer finish', async () => {
    const { store } = ctx;
    const { account, batch } = await batchOf(store, 2);
    const first = (await store.claimBatchItem(T0, at(30_000), 10)) as ClaimedBatchItem;
    expect([first.itemId, first.attempts, first.request]).toEqual(['i0', 1, { variables: { n: 0 } }]);
    const second = (await store.claimBatchItem(T0, at(30_000), 10)) as ClaimedBatchItem;
    expect(second.itemId).toBe('i1');
    expect(await store.claimBatchItem(T0, at(30_000), 10)).toBeNull();
    // The first claimant dies: its claim runs out and another node takes item 0 (attempt 2).
    const again = (await store.claimBatchItem(at(30_000), at(60_000), 10)) as ClaimedBatchItem;
    expect([again.itemId, again.attempts]).toEqual(['i0', 2]);
    // Both render and reserve a unit; only the current claim's end is kept and charged.
    const stale = await store.reserveUnit(account.id, T0, at(HOUR));
    const current = await store.reserveUnit(account.id, T0, at(HOUR));
    expect(await store.finishBatchItem(first, done, stale!.id, at(31_000), onEnd)).toBe(false);
    expect(await store.finishBatchItem(again, done, current!.id, at(31_000), onEnd)).toBe(true);
    expect(await store.finishBatchItem(again, done, null, at(31_000), onEnd)).toBe(false);
    expect((await store.usage(account.id, T0)).rendersDone).toBe(1);
    expect((await store.getBatch(account.id, batch.id))?.status).toBe('running');
    expect(ends).not.toContain(batch.id);
    await store.finishBatchItem(
      second,
      { status: 'failed', code: 30101, message: 'no units' },
      null,
      at(32_000),
      onEnd,
    );
    const ended = await store.getBatch(account.id, batch.id);
    expect(ended).toMatchObject({ status: 'done', done: 1, failed: 1, pending: 0 });
    expect(ends.filter((id) => id === batch.id)).toHaveLength(1);
    expect((await store.usage(account.id, T0)).packages[0]?.remaining).toBe(99);
    const deliveries = await store.listWebhookDeliveries(batch.id);
    expect(deliveries.map((d) => [d.id, d.status, d.attempts])).toEqual([[`msg_${batch.id}`, 'pending', 0]]);
  });

  it('takes turns between accounts and caps the items one account has claimed', async () => {
    const { store } = ctx;
    const a = await batchOf(store, 3);
    await batchOf(store, 3);
    const owners: string[] = [];
    for (let i = 0; i < 4; i++) {
      const item = await store.claimBatchItem(at(i), at(30_000), 2);
      owners.push(item ? (item.accountId === a.account.id ? 'a' : 'b') : 'none');
    }
    expect(owners).toEqual(['a', 'b', 'a', 'b']);
    expect(await store.claimBatchItem(at(10), at(30_000), 2)).toBeNull();
  });

  it('cancels the pending items, the claimed ones too, and ends the batch once', async () => {
    const { store } = ctx;
    const { account, batch } = await batchOf(store, 3);
    const claimed = (await store.claimBatchItem(T0, at(30_000), 10)) as ClaimedBatchItem;
    const reservation = await store.reserveUnit(account.id, T0, at(HOUR));
    const cancelled = await store.cancelBatch(account.id, batch.id, at(1), onEnd);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled: 3, pending: 0 });
    expect(await store.finishBatchItem(claimed, done, reservation!.id, at(2), onEnd)).toBe(false);
    expect((await store.usage(account.id, T0)).packages[0]?.remaining).toBe(100);
    expect(await store.cancelBatch(account.id, batch.id, at(3), onEnd)).toMatchObject({
      status: 'cancelled',
    });
    expect(await store.listWebhookDeliveries(batch.id)).toHaveLength(1);
    const other = await store.createAccount('b');
    expect(await store.cancelBatch(other.id, batch.id, at(4), onEnd)).toBeNull();
  });
}
