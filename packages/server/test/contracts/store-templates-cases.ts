/** Store contract, part 3: templates, their states and revisions. */
import { expect, it } from 'vitest';
import { draftV, type StoreContext } from './store-fixtures.js';

/** Register these cases inside the driver's describe block. */
export function templateCases(ctx: StoreContext): void {
  it('template lifecycle: draft, publish, edit, unpublish, archive, discard, revisions', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    const created = await store.createTemplate({
      id: 'card',
      accountId: account.id,
      name: 'Card',
      draft: draftV,
    });
    expect(created).toMatchObject({
      id: 'card',
      status: 'draft',
      published: null,
      draft: { ...draftV, revision: 1 },
    });

    const published = await store.publishTemplate('card');
    expect(published?.status).toBe('published');
    expect(published?.published).toEqual({ ...draftV, revision: 1 });
    expect(published?.draft).toEqual(published?.published);

    const edited = await store.updateDraft('card', { content: '<p>{{title}}</p>', width: 800 });
    expect(edited?.draft).toEqual({ ...draftV, content: '<p>{{title}}</p>', width: 800, revision: 2 });
    expect(edited?.published?.revision).toBe(1);
    expect(edited?.status).toBe('published');

    const unpublished = await store.setTemplateStatus('card', 'unpublished');
    expect(unpublished?.status).toBe('unpublished');
    expect(unpublished?.published?.revision).toBe(1);

    const republished = await store.publishTemplate('card');
    expect(republished?.published).toMatchObject({ content: '<p>{{title}}</p>', revision: 2 });

    const discarded = await store.discardDraft('card');
    expect(discarded?.draft).toBeNull();
    expect(discarded?.published?.revision).toBe(2);
    await expect(store.publishTemplate('card')).rejects.toMatchObject({ kind: 'conflict' });

    const recreated = await store.updateDraft('card', { height: 400 });
    expect(recreated?.draft).toMatchObject({
      content: '<p>{{title}}</p>',
      width: 800,
      height: 400,
      revision: 3,
    });

    const archived = await store.setTemplateStatus('card', 'archived');
    expect(archived?.status).toBe('archived');
    expect(await store.getTemplate('card')).toEqual(archived);
  });

  it('template misses, duplicates, listing by account', async () => {
    const { store } = ctx;
    const a = await store.createAccount('a');
    const b = await store.createAccount('b');
    expect(await store.getTemplate('none')).toBeNull();
    expect(await store.updateDraft('none', { width: 1 })).toBeNull();
    expect(await store.discardDraft('none')).toBeNull();
    expect(await store.publishTemplate('none')).toBeNull();
    expect(await store.setTemplateStatus('none', 'archived')).toBeNull();
    const t1 = await store.createTemplate({ accountId: a.id, name: 'one', draft: draftV });
    await store.createTemplate({ id: 'two', accountId: b.id, name: 'two', draft: draftV });
    await expect(
      store.createTemplate({ id: 'two', accountId: a.id, name: 'again', draft: draftV }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    await expect(
      store.createTemplate({ accountId: 'acc_missing', name: 'x', draft: draftV }),
    ).rejects.toMatchObject({ kind: 'not-found' });
    expect((await store.listTemplates(a.id)).map((t) => t.id)).toEqual([t1.id]);
    expect((await store.listTemplates()).length).toBe(2);
  });

  it('concurrent draft edits all land, each with its own revision', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    await store.createTemplate({ id: 'busy', accountId: account.id, name: 'busy', draft: draftV });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.updateDraft('busy', { content: `<b>${i}</b>` })),
    );
    const revisions = results.map((r) => r?.draft?.revision).sort((x, y) => (x as number) - (y as number));
    expect(revisions).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect((await store.getTemplate('busy'))?.draft?.revision).toBe(11);
  });

  it('a template stamp names its owner and changes with every change to the row, never on reads', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    expect(await store.getTemplateStamp('none')).toBeNull();
    await store.createTemplate({ id: 'stamped', accountId: account.id, name: 'stamped', draft: draftV });
    const seen: number[] = [];
    const stamp = async () => {
      const current = await store.getTemplateStamp('stamped');
      expect(current?.accountId).toBe(account.id);
      seen.push(current?.version as number);
    };
    await stamp();
    await store.getTemplate('stamped');
    await stamp();
    await store.updateDraft('stamped', { width: 700 });
    await stamp();
    await store.publishTemplate('stamped');
    await stamp();
    await store.setTemplateStatus('stamped', 'unpublished');
    await stamp();
    await store.discardDraft('stamped');
    await stamp();
    expect(seen[1]).toBe(seen[0]);
    expect(new Set(seen.slice(1)).size).toBe(5);
  });
}
