/**
 * Accounts own their template namespaces and storage (issue 38 item 5), on the real server with real SQLite: the
 * same id in two accounts is two templates — created through the admin API and the studio without a 409 that would
 * say the id exists elsewhere, rendered by operation A and by image URLs each as its own —; the admin names the
 * account when an id is shared; templates per account and kept published revisions per template are bounded. On
 * PostgreSQL too when PICTOR_TEST_DATABASE_URL is set.
 */
import { imageUrl } from '@pictor/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  adminOk,
  call,
  fetchImage,
  render,
  seedAccount,
  startTestServer,
  type TestServer,
  templateBody,
} from './helpers/http-server.js';
import { createTestSchema, type TestSchema } from './helpers/postgres-schema.js';
import { signIn } from './helpers/studio.js';

type Seeded = { accountId: string; key: string; keyId: string };

let t: TestServer;
let alice: Seeded;
let bob: Seeded;

/** With PICTOR_TEST_DATABASE_URL set, the same cases run on PostgreSQL (a schema of their own). */
const postgresUrl = process.env.PICTOR_TEST_DATABASE_URL;
let schema: TestSchema | undefined;

beforeAll(async () => {
  if (postgresUrl) schema = await createTestSchema(postgresUrl, 'ns');
  t = await startTestServer(
    { maxTemplatesPerAccount: 3, maxRevisionsPerTemplate: 2 },
    schema ? { databaseUrl: schema.url } : {},
  );
  alice = await seedAccount(t.url, 20);
  bob = await seedAccount(t.url, 20);
});
afterAll(async () => {
  await t.close();
  await schema?.drop();
});

/** A card of one colour, with a title variable. */
const card = (accountId: string, bg: string, extra: Record<string, unknown> = {}) =>
  templateBody(accountId, {
    id: 'card',
    variables: { title: { type: 'string' }, bg: { type: 'color', default: bg } },
    ...extra,
  });

/** The colour of the middle of the image a signed URL of `owner`'s template `id` answers. */
async function urlColour(owner: Seeded, id: string, extra: { revision?: number } = {}) {
  const key = await adminOk<{ id: string; secret: string }>(
    t.url,
    'POST',
    `/accounts/${owner.accountId}/url-keys`,
  );
  const url = await imageUrl({
    baseUrl: t.url,
    keyId: key.id,
    secret: key.secret,
    template: id,
    variables: { title: 'x' },
    format: 'png',
    ...extra,
  });
  const res = await fetch(url);
  if (res.status !== 200)
    return { status: res.status, body: (await res.json()) as { code: number; message: string } };
  const image = await fetchImage(url);
  return { status: 200, pixel: image.pixel(200, 100) };
}

describe('the same id in two accounts', () => {
  it('admin API: creating an id another account uses succeeds; each account renders its own', async () => {
    await adminOk(t.url, 'POST', '/templates', card(alice.accountId, '#ff0000'));
    const created = await admin(t.url, 'POST', '/templates', card(bob.accountId, '#0000ff'));
    expect([created.status, created.body.code]).toEqual([200, 0]);
    expect(created.body.data).toMatchObject({ id: 'card', accountId: bob.accountId, status: 'draft' });

    // Shared id: the admin says whose.
    const ambiguous = await admin(t.url, 'POST', '/templates/card/publish');
    expect([ambiguous.status, ambiguous.body.code]).toEqual([400, 10103]);
    expect(ambiguous.body.message).toMatch(
      /^accountId: is required, template id "card" is used by 2 accounts/,
    );
    await adminOk(t.url, 'POST', `/templates/card/publish?accountId=${alice.accountId}`);
    await adminOk(t.url, 'POST', `/templates/card/publish?accountId=${bob.accountId}`);
    const bobs = await adminOk<{ accountId: string; status: string }>(
      t.url,
      'GET',
      `/templates/card?accountId=${bob.accountId}`,
    );
    expect(bobs).toMatchObject({ accountId: bob.accountId, status: 'published' });

    for (const [owner, colour] of [
      [alice, [255, 0, 0, 255]],
      [bob, [0, 0, 255, 255]],
    ] as const) {
      const res = await render(t.url, owner.key, '/templates/card/render', { variables: { title: 'x' } });
      expect([res.status, res.body.code]).toEqual([200, 0]);
      expect((await fetchImage(String(res.body.data?.url))).pixel(200, 100)).toEqual(colour);
      // The image URL of each account's key renders that account's template, never the other's stored image.
      expect(await urlColour(owner, 'card')).toEqual({ status: 200, pixel: colour });
    }
  });

  it('within one account an id is taken: 409 / 10106 that speaks of this account only', async () => {
    const again = await admin(t.url, 'POST', '/templates', card(alice.accountId, '#00ff00'));
    expect([again.status, again.body.code]).toEqual([409, 10106]);
    expect(again.body.message).toBe(
      'id: this account already has a template "card"; choose another id, or edit its draft',
    );
  });

  it('studio: a key session creates an id another account uses (no leak), edits only its own', async () => {
    await adminOk(t.url, 'POST', '/templates', templateBody(alice.accountId, { id: 'only-alice' }));
    const studio = await signIn(t.url, { apiKey: bob.key });
    const created = await studio.api('POST', '/templates', {
      id: 'only-alice',
      name: 'mine too',
      content: '<div>{{title}}</div>',
      width: 10,
      height: 10,
    });
    expect([created.status, created.body.code]).toEqual([200, 0]);
    expect(created.body.data).toMatchObject({ id: 'only-alice', accountId: bob.accountId });
    const taken = await studio.api('POST', '/templates', {
      id: 'only-alice',
      name: 'again',
      content: '<div></div>',
      width: 10,
      height: 10,
    });
    expect([taken.status, taken.body.code]).toEqual([409, 10106]);
    expect(taken.body.message).not.toContain(alice.accountId);
    // Naming another account finds nothing, as for an id that does not exist.
    const other = await studio.api('GET', `/templates/only-alice?accountId=${alice.accountId}`);
    expect([other.status, other.body.code]).toEqual([404, 10105]);
    await studio.api('PUT', '/templates/only-alice/draft', { width: 77 });
    const alices = await adminOk<{ draft: { width: number } }>(
      t.url,
      'GET',
      `/templates/only-alice?accountId=${alice.accountId}`,
    );
    expect(alices.draft.width).toBe(400);
  });

  it('studio: an admin session names the account when an id is shared', async () => {
    const studio = await signIn(t.url, { adminToken: 'test-admin-token-0123456789abcdef' });
    const ambiguous = await studio.api('GET', '/templates/card');
    expect([ambiguous.status, ambiguous.body.code]).toEqual([400, 10103]);
    const bobs = await studio.api('GET', `/templates/card?accountId=${bob.accountId}`);
    expect([bobs.status, bobs.body.data?.accountId]).toEqual([200, bob.accountId]);
    const edited = await studio.api('PUT', `/templates/card/draft?accountId=${bob.accountId}`, {
      height: 222,
    });
    expect((edited.body.data as { draft: { height: number } }).draft.height).toBe(222);
  });
});

describe('storage each account may use', () => {
  it('templates per account: past PICTOR_MAX_TEMPLATES_PER_ACCOUNT, 409 / 10106 naming it; other accounts go on', async () => {
    const carol = await seedAccount(t.url, 0);
    for (const id of ['t1', 't2', 't3']) {
      await adminOk(t.url, 'POST', '/templates', templateBody(carol.accountId, { id }));
    }
    const refused = await admin(t.url, 'POST', '/templates', templateBody(carol.accountId, { id: 't4' }));
    expect([refused.status, refused.body.code]).toEqual([409, 10106]);
    expect(refused.body.message).toMatch(
      /3 templates, the most allowed \(PICTOR_MAX_TEMPLATES_PER_ACCOUNT\)/,
    );
    const studio = await signIn(t.url, { apiKey: carol.key });
    const viaStudio = await studio.api('POST', '/templates', {
      name: 'x',
      content: '<div></div>',
      width: 10,
      height: 10,
    });
    expect([viaStudio.status, viaStudio.body.code]).toEqual([409, 10106]);
    const list = await adminOk<{ templates: unknown[] }>(
      t.url,
      'GET',
      `/templates?accountId=${carol.accountId}`,
    );
    expect(list.templates.length).toBe(3);
    const dave = await seedAccount(t.url, 0);
    expect(
      (await admin(t.url, 'POST', '/templates', templateBody(dave.accountId, { id: 't4' }))).status,
    ).toBe(200);
  });

  it('published revisions: only the newest PICTOR_MAX_REVISIONS_PER_TEMPLATE are kept; a pruned _v is 400 saying so', async () => {
    const id = 'revised';
    await adminOk(t.url, 'POST', '/templates', card(alice.accountId, '#ff0000', { id }));
    const revisions: number[] = [];
    for (const bg of ['#ff0000', '#00ff00', '#0000ff']) {
      await adminOk(t.url, 'PUT', `/templates/${id}/draft`, {
        variables: { title: { type: 'string' }, bg: { type: 'color', default: bg } },
      });
      const published = await adminOk<{ published: { revision: number } }>(
        t.url,
        'POST',
        `/templates/${id}/publish`,
      );
      revisions.push(published.published.revision);
    }
    const [first, second, third] = revisions as [number, number, number];
    const studio = await signIn(t.url, { apiKey: alice.key });
    const record = await studio.api('GET', `/templates/${id}`);
    const kept = (record.body.data as { revisions: { revision: number }[] }).revisions;
    expect(kept.map((r) => r.revision)).toEqual([third, second]);
    expect(await urlColour(alice, id, { revision: second })).toEqual({
      status: 200,
      pixel: [0, 255, 0, 255],
    });
    expect(await urlColour(alice, id)).toEqual({ status: 200, pixel: [0, 0, 255, 255] });
    const pruned = await urlColour(alice, id, { revision: first });
    expect(pruned.status).toBe(400);
    expect(pruned.body).toMatchObject({ code: 10103 });
    expect(pruned.body?.message).toContain(
      `_v: revision ${first} of template "${id}" was never published or is no longer kept`,
    );
    const old = await studio.api('GET', `/templates/${id}/revisions/${first}`);
    expect([old.status, old.body.code]).toEqual([404, 10105]);
  });
});

describe('unknown template routes stay in the envelope', () => {
  it('an accountId of no account finds nothing: 404 / 10105', async () => {
    const res = await call(t.url, 'GET', '/admin/v1/templates/card?accountId=acc_none', {
      headers: { authorization: 'Bearer test-admin-token-0123456789abcdef' },
    });
    expect([res.status, res.body.code]).toEqual([404, 10105]);
  });
});
