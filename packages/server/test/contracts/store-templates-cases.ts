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

    const published = await store.publishTemplate(account.id, 'card');
    expect(published?.status).toBe('published');
    expect(published?.published).toEqual({ ...draftV, revision: 1 });
    expect(published?.draft).toEqual(published?.published);

    const edited = await store.updateDraft(account.id, 'card', { content: '<p>{{title}}</p>', width: 800 });
    expect(edited?.draft).toEqual({ ...draftV, content: '<p>{{title}}</p>', width: 800, revision: 2 });
    expect(edited?.published?.revision).toBe(1);
    expect(edited?.status).toBe('published');

    const unpublished = await store.setTemplateStatus(account.id, 'card', 'unpublished');
    expect(unpublished?.status).toBe('unpublished');
    expect(unpublished?.published?.revision).toBe(1);

    const republished = await store.publishTemplate(account.id, 'card');
    expect(republished?.published).toMatchObject({ content: '<p>{{title}}</p>', revision: 2 });

    const discarded = await store.discardDraft(account.id, 'card');
    expect(discarded?.draft).toBeNull();
    expect(discarded?.published?.revision).toBe(2);
    await expect(store.publishTemplate(account.id, 'card')).rejects.toMatchObject({ kind: 'conflict' });

    const recreated = await store.updateDraft(account.id, 'card', { height: 400 });
    expect(recreated?.draft).toMatchObject({
      content: '<p>{{title}}</p>',
      width: 800,
      height: 400,
      revision: 3,
    });

    const archived = await store.setTemplateStatus(account.id, 'card', 'archived');
    expect(archived?.status).toBe('archived');
    expect(await store.getTemplate(account.id, 'card')).toEqual(archived);
  });

  it('template misses, duplicates, listing by account', async () => {
    const { store } = ctx;
    const a = await store.createAccount('a');
    const b = await store.createAccount('b');
    expect(await store.getTemplate(a.id, 'none')).toBeNull();
    expect(await store.updateDraft(a.id, 'none', { width: 1 })).toBeNull();
    expect(await store.discardDraft(a.id, 'none')).toBeNull();
    expect(await store.publishTemplate(a.id, 'none')).toBeNull();
    expect(await store.setTemplateStatus(a.id, 'none', 'archived')).toBeNull();
    const t1 = await store.createTemplate({ accountId: a.id, name: 'one', draft: draftV });
    await store.createTemplate({ id: 'two', accountId: b.id, name: 'two', draft: draftV });
    await expect(
      store.createTemplate({ id: 'two', accountId: b.id, name: 'again', draft: draftV }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect(await store.getTemplate(a.id, 'two')).toBeNull();
    await expect(
      store.createTemplate({ accountId: 'acc_missing', name: 'x', draft: draftV }),
    ).rejects.toMatchObject({ kind: 'not-found' });
    expect((await store.listTemplates(a.id)).map((t) => t.id)).toEqual([t1.id]);
    expect((await store.listTemplates()).length).toBe(2);
    expect(await store.countTemplates(a.id)).toBe(1);
    expect(await store.countTemplates(b.id)).toBe(1);
  });

  it('concurrent draft edits all land, each with its own revision', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    await store.createTemplate({ id: 'busy', accountId: account.id, name: 'busy', draft: draftV });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.updateDraft(account.id, 'busy', { content: `<b>${i}</b>` })),
    );
    const revisions = results.map((r) => r?.draft?.revision).sort((x, y) => (x as number) - (y as number));
    expect(revisions).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect((await store.getTemplate(account.id, 'busy'))?.draft?.revision).toBe(11);
  });

  it('a template stamp names its owner and changes with every change to the row, never on reads', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    expect(await store.getTemplateStamp(account.id, 'none')).toBeNull();
    await store.createTemplate({ id: 'stamped', accountId: account.id, name: 'stamped', draft: draftV });
    const seen: number[] = [];
    const stamp = async () => {
      const current = await store.getTemplateStamp(account.id, 'stamped');
      expect(current?.accountId).toBe(account.id);
      seen.push(current?.version as number);
    };
    await stamp();
    await store.getTemplate(account.id, 'stamped');
    await stamp();
    await store.updateDraft(account.id, 'stamped', { width: 700 });
    await stamp();
    await store.publishTemplate(account.id, 'stamped');
    await stamp();
    await store.setTemplateStatus(account.id, 'stamped', 'unpublished');
    await stamp();
    await store.discardDraft(account.id, 'stamped');
    await stamp();
    expect(seen[1]).toBe(seen[0]);
    expect(new Set(seen.slice(1)).size).toBe(5);
  });

  it('ids are per account: the same id in two accounts is two templates, each with its own revisions', async () => {
    const { store } = ctx;
    const a = await store.createAccount('a');
    const b = await store.createAccount('b');
    await store.createTemplate({ id: 'shared', accountId: a.id, name: 'of a', draft: draftV });
    const theirs = await store.createTemplate({
      id: 'shared',
      accountId: b.id,
      name: 'of b',
      draft: { ...draftV, width: 321 },
    });
    expect(theirs).toMatchObject({ id: 'shared', accountId: b.id, name: 'of b' });
    await store.publishTemplate(a.id, 'shared');
    await store.updateDraft(a.id, 'shared', { width: 999 });
    await store.publishTemplate(a.id, 'shared');
    // b's template is untouched by a's edits and publications.
    expect(await store.getTemplate(b.id, 'shared')).toMatchObject({
      name: 'of b',
      status: 'draft',
      published: null,
      draft: { width: 321, revision: 1 },
    });
    expect(await store.listPublishedRevisions(b.id, 'shared')).toEqual([]);
    expect((await store.listPublishedRevisions(a.id, 'shared')).map((r) => r.revision)).toEqual([2, 1]);
    expect(await store.getPublishedRevision(b.id, 'shared', 1)).toBeNull();
    expect((await store.getPublishedRevision(a.id, 'shared', 1))?.width).toBe(draftV.width);
    expect((await store.findTemplates('shared')).map((t) => t.accountId).sort()).toEqual([a.id, b.id].sort());
    expect(await store.getTemplateStamp(b.id, 'shared')).toMatchObject({ accountId: b.id });
  });

  it('publishing keeps only the newest published revisions, never the one published now', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    await store.createTemplate({ id: 'pruned', accountId: account.id, name: 'pruned', draft: draftV });
    for (let width = 1; width <= 5; width++) {
      await store.updateDraft(account.id, 'pruned', { width });
      await store.publishTemplate(account.id, 'pruned', 3);
    }
    expect((await store.listPublishedRevisions(account.id, 'pruned')).map((r) => r.revision)).toEqual([
      6, 5, 4,
    ]);
    expect(await store.getPublishedRevision(account.id, 'pruned', 3)).toBeNull();
    expect((await store.getPublishedRevision(account.id, 'pruned', 4))?.width).toBe(3);
    // A limit of 1 keeps the current one alone; publishing the same revision again changes nothing.
    await store.publishTemplate(account.id, 'pruned', 1);
    await store.publishTemplate(account.id, 'pruned', 1);
    expect((await store.listPublishedRevisions(account.id, 'pruned')).map((r) => r.revision)).toEqual([6]);
    expect((await store.getTemplate(account.id, 'pruned'))?.published).toMatchObject({
      width: 5,
      revision: 6,
    });
  });
}
