/**
 * The studio's API on the real server: sign-in and its limits, the session cookie, CSRF, accounts that never see
 * each other's templates, the preview route (no units, rate limited, errors with their line), versions and
 * snippets.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  adminOk,
  call,
  fetchImage,
  render,
  seedAccount,
  startTestServer,
  templateBody,
  type TestServer,
  unitsLeft,
} from './helpers/http-server.js';
import { signIn, type StudioClient } from './helpers/studio.js';

let server: TestServer;
let mine: { accountId: string; key: string; keyId: string };
let theirs: { accountId: string; key: string; keyId: string };
let theirTemplate: string;
let studio: StudioClient;

beforeAll(async () => {
  server = await startTestServer({
    studioSignInFailuresMax: 3,
    studioPreviewRateMax: 40,
    studioIdleSeconds: 600,
  });
  mine = await seedAccount(server.url, 10);
  theirs = await seedAccount(server.url, 10);
  theirTemplate = (
    await adminOk<{ id: string }>(server.url, 'POST', '/templates', {
      ...templateBody(theirs.accountId),
      id: 'their-card',
    })
  ).id;
  await adminOk(server.url, 'POST', `/templates/${theirTemplate}/publish`);
  studio = await signIn(server.url, { apiKey: mine.key });
});

afterAll(async () => {
  await server?.close();
});

const previewBody = {
  content: '<div style="display:flex;width:100%;height:100%;background:{{bg}}">{{title}}</div>',
  variables: { title: { type: 'string', maxLength: 10 }, bg: { type: 'color', default: '#00ff00' } },
  width: 120,
  height: 60,
  format: 'png',
  values: { title: 'Hi' },
};

describe('sign-in and the session', () => {
  it('sets an HttpOnly, SameSite=Strict cookie for /studio only, not Secure over http', async () => {
    const response = await call(server.url, 'POST', '/studio/api/session', { body: { apiKey: mine.key } });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^pictor_studio=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/studio');
    expect(cookie).not.toContain('Secure');
    expect(response.body.data).toMatchObject({
      kind: 'account',
      accountId: mine.accountId,
      idleSeconds: 600,
      maxDimension: 4096,
    });
    // The key itself is never echoed back.
    expect(JSON.stringify(response.body)).not.toContain(mine.key);
  });

  it('marks the cookie Secure when the server is published over https', async () => {
    const https = await startTestServer({}, { publicUrl: 'https://img.example.com' });
    try {
      const account = await seedAccount(https.url, 0);
      const response = await call(https.url, 'POST', '/studio/api/session', {
        body: { apiKey: account.key },
      });
      expect(response.headers.get('set-cookie')).toContain('Secure');
    } finally {
      await https.close();
    }
  });

  it("tells the page the server's PICTOR_MAX_DIMENSION, which its size fields follow", async () => {
    const small = await startTestServer({ maxDimension: 2000 });
    try {
      const account = await seedAccount(small.url, 0);
      const response = await call(small.url, 'POST', '/studio/api/session', {
        body: { apiKey: account.key },
      });
      expect(response.body.data).toMatchObject({ kind: 'account', maxDimension: 2000 });
    } finally {
      await small.close();
    }
  });

  it('refuses wrong keys with 401, then holds the key tried off with 429 and Retry-After, not the right key', async () => {
    const limited = await startTestServer({ studioSignInFailuresMax: 2 });
    try {
      const account = await seedAccount(limited.url, 0);
      const wrong = () => call(limited.url, 'POST', '/studio/api/session', { body: { apiKey: 'pk_wrong' } });
      expect((await wrong()).status).toBe(401);
      expect((await wrong()).status).toBe(401);
      const refused = await wrong();
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe(10108);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Someone else's failures never refuse the right key (sign-in-limits.test.ts has the rest).
      const right = await call(limited.url, 'POST', '/studio/api/session', { body: { apiKey: account.key } });
      expect(right.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses a wrong admin token, and a body with both or neither credential', async () => {
    const token = await call(server.url, 'POST', '/studio/api/session', { body: { adminToken: 'nope' } });
    expect([token.status, token.body.code]).toEqual([401, 10104]);
    const both = await call(server.url, 'POST', '/studio/api/session', {
      body: { apiKey: mine.key, adminToken: ADMIN_TOKEN },
    });
    expect([both.status, both.body.code]).toEqual([400, 10103]);
    expect((await call(server.url, 'POST', '/studio/api/session', { body: {} })).status).toBe(400);
  });

  it('answers 401 without a session and with a made-up cookie', async () => {
    expect((await call(server.url, 'GET', '/studio/api/session')).status).toBe(401);
    const forged = await call(server.url, 'GET', '/studio/api/templates', {
      headers: { cookie: 'pictor_studio=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect([forged.status, forged.body.code]).toEqual([401, 10104]);
  });

  it('ends a session after the idle time, and keeps one that is used', async () => {
    const idle = await startTestServer({ studioIdleSeconds: 600 });
    try {
      const account = await seedAccount(idle.url, 0);
      const client = await signIn(idle.url, { apiKey: account.key });
      idle.advance(500_000);
      expect((await client.api('GET', '/session')).status).toBe(200);
      idle.advance(500_000);
      expect((await client.api('GET', '/session')).status).toBe(200);
      idle.advance(601_000);
      expect((await client.api('GET', '/session')).status).toBe(401);
    } finally {
      await idle.close();
    }
  });

  it('signs out: the cookie is cleared and the session is gone on the server', async () => {
    const client = await signIn(server.url, { apiKey: mine.key });
    const out = await client.api('DELETE', '/session');
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/pictor_studio=;.*Expires=Thu, 01 Jan 1970/);
    expect((await client.api('GET', '/templates')).status).toBe(401);
  });

  it('ends the sessions of a key revoked after sign-in', async () => {
    const key = await adminOk<{ id: string; key: string }>(
      server.url,
      'POST',
      `/accounts/${mine.accountId}/keys`,
    );
    const client = await signIn(server.url, { apiKey: key.key });
    expect((await client.api('GET', '/templates')).status).toBe(200);
    await adminOk(server.url, 'DELETE', `/keys/${key.id}`);
    expect((await client.api('GET', '/templates')).status).toBe(401);
  });
});

describe('CSRF and origin', () => {
  it('refuses a change without the CSRF token, or with a wrong one, with 401 / 10104', async () => {
    const missing = await studio.api('POST', '/preview', previewBody, { csrf: false });
    expect([missing.status, missing.body.code]).toEqual([401, 10104]);
    expect(missing.body.message).toContain('X-CSRF-Token');
    const wrong = await studio.api('POST', '/preview', previewBody, {
      csrf: false,
      headers: { 'x-csrf-token': 'x'.repeat(43) },
    });
    expect(wrong.status).toBe(401);
    const create = await studio.api(
      'POST',
      '/templates',
      { name: 'x', content: 'x', width: 10, height: 10 },
      {
        csrf: false,
      },
    );
    expect(create.status).toBe(401);
    const list = await studio.api('GET', '/templates');
    expect(list.body.data?.templates).toEqual([]);
  });

  it('refuses a change sent from another origin, even with the token', async () => {
    const response = await studio.api('DELETE', '/session', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    expect([response.status, response.body.code]).toEqual([401, 10104]);
    expect(response.body.message).toContain('Origin');
    expect((await studio.api('GET', '/session')).status).toBe(200);
    const signInFromElsewhere = await call(server.url, 'POST', '/studio/api/session', {
      body: { apiKey: mine.key },
      headers: { origin: 'https://evil.example' },
    });
    expect(signInFromElsewhere.status).toBe(401);
  });
});

describe('accounts never see each other', () => {
  it('hides another account’s template from the list and answers 404 on every route', async () => {
    const list = await studio.api('GET', '/templates');
    expect(
      ((list.body.data as Record<string, unknown>).templates as { id: string }[]).map((t) => t.id),
    ).not.toContain(theirTemplate);
    const id = theirTemplate;
    const routes: [string, string, unknown?][] = [
      ['GET', `/templates/${id}`],
      ['PUT', `/templates/${id}/draft`, { content: '<p>mine now</p>' }],
      ['DELETE', `/templates/${id}/draft`],
      ['POST', `/templates/${id}/publish`],
      ['POST', `/templates/${id}/unpublish`],
      ['POST', `/templates/${id}/archive`],
      ['GET', `/templates/${id}/revisions/1`],
      ['POST', `/templates/${id}/restore`, { revision: 1 }],
      ['POST', `/templates/${id}/snippets`, { values: {} }],
    ];
    for (const [method, path, body] of routes) {
      const response = await studio.api(method, path, body);
      expect([method, path, response.status, response.body.code]).toEqual([method, path, 404, 10105]);
      expect(response.body.message).toBe(`template "${id}" not found`);
    }
    const missing = await studio.api('GET', '/templates/no-such-template');
    expect(missing.body.message).toBe('template "no-such-template" not found');
    // Their template is untouched.
    const record = await adminOk<{ status: string; draft: { content: string } }>(
      server.url,
      'GET',
      `/templates/${id}`,
    );
    expect(record.status).toBe('published');
    expect(record.draft.content).not.toContain('mine now');
  });

  it('refuses another account as accountId and shows only the own account and usage', async () => {
    const other = await studio.api('GET', `/templates?accountId=${theirs.accountId}`);
    expect(other.status).toBe(404);
    const create = await studio.api('POST', '/templates', {
      accountId: theirs.accountId,
      name: 'planted',
      content: '<p>x</p>',
      width: 10,
      height: 10,
    });
    expect(create.status).toBe(404);
    const accounts = await studio.api('GET', '/accounts');
    expect(
      ((accounts.body.data as Record<string, unknown>).accounts as { id: string }[]).map((a) => a.id),
    ).toEqual([mine.accountId]);
    expect((await studio.api('GET', `/usage?accountId=${theirs.accountId}`)).status).toBe(404);
  });

  it('lets the admin see every account and act on any of them', async () => {
    const admin = await signIn(server.url, { adminToken: ADMIN_TOKEN });
    const session = await admin.api('GET', '/session');
    expect(session.body.data).toMatchObject({ kind: 'admin', accountId: null });
    const accounts = (await admin.api('GET', '/accounts')).body.data?.accounts as { id: string }[];
    expect(accounts.map((a) => a.id)).toEqual(expect.arrayContaining([mine.accountId, theirs.accountId]));
    const theirList = await admin.api('GET', `/templates?accountId=${theirs.accountId}`);
    expect(
      ((theirList.body.data as Record<string, unknown>).templates as { id: string }[]).map((t) => t.id),
    ).toEqual([theirTemplate]);
    expect((await admin.api('GET', `/templates/${theirTemplate}`)).status).toBe(200);
    const noAccount = await admin.api('POST', '/templates', {
      name: 'x',
      content: '<p>x</p>',
      width: 10,
      height: 10,
    });
    expect([noAccount.status, noAccount.body.message]).toEqual([400, 'accountId: choose an account']);
  });
});

describe('preview', () => {
  it('renders the draft with the sample values: the image, its size and time, no unit used', async () => {
    const before = await unitsLeft(server.url, mine.accountId);
    const response = await studio.api('POST', '/preview', previewBody);
    expect(response.status).toBe(200);
    const data = response.body.data as {
      image: string;
      width: number;
      height: number;
      renderMs: number;
      warnings: string[];
    };
    expect(data).toMatchObject({ width: 120, height: 60, contentType: 'image/png', warnings: [] });
    expect(data.renderMs).toBeGreaterThan(0);
    const bytes = Buffer.from(data.image.replace(/^data:image\/png;base64,/, ''), 'base64');
    const { data: pixels, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([120, 60]);
    const corner = (60 * 120 - 1) * info.channels;
    expect([pixels[corner], pixels[corner + 1], pixels[corner + 2]]).toEqual([0, 255, 0]);
    expect(await unitsLeft(server.url, mine.accountId)).toBe(before);
  });

  it('says which rule a value breaks', async () => {
    const response = await studio.api('POST', '/preview', {
      ...previewBody,
      values: { title: 'far too long a title' },
    });
    expect([response.status, response.body.code]).toEqual([400, 10103]);
    expect(response.body.message).toBe('variables.title: must NOT have more than 10 characters');
    expect(response.body.data).toMatchObject({ field: 'variables.title', rule: 'maxLength' });
  });

  it('says on which line a Mustache syntax error is', async () => {
    const response = await studio.api('POST', '/preview', {
      ...previewBody,
      content: '<div>\n  <h1>{{title}}</h1>\n  {{#items}}<p>x</p>\n</div>',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^content: Unclosed section "items"/);
    expect(response.body.data).toMatchObject({ field: 'content', rule: 'syntax', line: 4 });
  });

  it('keeps the pixel limits', async () => {
    const response = await studio.api('POST', '/preview', { ...previewBody, width: 4096, height: 4096 + 1 });
    expect(response.status).toBe(400);
  });

  it('refuses without a session, and counts previews per account: every session and sign-in of it together', async () => {
    const anonymous = await call(server.url, 'POST', '/studio/api/preview', { body: previewBody });
    expect(anonymous.status).toBe(401);
    const tight = await startTestServer({ studioPreviewRateMax: 2 });
    try {
      const account = await seedAccount(tight.url, 1);
      const client = await signIn(tight.url, { apiKey: account.key });
      expect((await client.api('POST', '/preview', previewBody)).status).toBe(200);
      // A second sign-in of the same account shares its allowance.
      const other = await signIn(tight.url, { apiKey: account.key });
      expect((await other.api('POST', '/preview', previewBody)).status).toBe(200);
      const third = await client.api('POST', '/preview', previewBody);
      expect([third.status, third.body.code]).toEqual([429, 10108]);
      expect(third.body.message).toMatch(/at most 2 previews a minute per account/);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await other.api('POST', '/preview', previewBody)).status).toBe(429);
      // Another account has its own.
      const stranger = await seedAccount(tight.url, 1);
      const theirs = await signIn(tight.url, { apiKey: stranger.key });
      expect((await theirs.api('POST', '/preview', previewBody)).status).toBe(200);
    } finally {
      await tight.close();
    }
  });

  it('needs a valid resource package (and uses no unit of it)', async () => {
    const none = await seedAccount(server.url, 0);
    const client = await signIn(server.url, { apiKey: none.key });
    const refused = await client.api('POST', '/preview', previewBody);
    expect([refused.status, refused.body.code]).toEqual([403, 30101]);
    expect(refused.body.message).toMatch(
      /^preview: this account has no valid resource package .* previews use no unit but need one/,
    );
    // The studio still works for everything else (editing, listing).
    expect((await client.api('GET', '/templates')).status).toBe(200);
  });

  it("has its own size cap (PICTOR_STUDIO_PREVIEW_MAX_PIXELS), under the API's", async () => {
    const response = await studio.api('POST', '/preview', { ...previewBody, width: 4096, height: 4096 });
    expect([response.status, response.body.code]).toEqual([400, 10103]);
    expect(response.body.message).toBe(
      'width × height: a preview may have at most 4194304 pixels (PICTOR_STUDIO_PREVIEW_MAX_PIXELS), got 4096 × 4096; render larger images through the API',
    );
    expect((await studio.api('POST', '/preview', { ...previewBody, width: 2048, height: 2048 })).status).toBe(
      200,
    );
  });

  it('pays the time-limit penalty of the account: over the limit too often, previews and renders answer 429', async () => {
    const strict = await startTestServer({ renderTimeoutMs: 100, timeoutPenaltyMax: 1 });
    try {
      const account = await seedAccount(strict.url, 5);
      const client = await signIn(strict.url, { apiKey: account.key });
      const heavy = {
        ...previewBody,
        content: `<div style="display:flex;flex-wrap:wrap">${'<div style="box-shadow:0 0 40px red;width:30px;height:30px;margin:2px;filter:blur(4px)">x</div>'.repeat(2000)}</div>`,
        width: 2000,
        height: 2000,
        variables: {},
        values: {},
      };
      // More than one (timeoutPenaltyMax) within a minute holds the account off.
      for (let round = 0; round < 2; round++) {
        const stopped = await client.api('POST', '/preview', heavy);
        expect([stopped.status, stopped.body.code]).toEqual([403, 20105]);
        expect(stopped.body.message).toMatch(/PICTOR_RENDER_TIMEOUT_MS$/);
      }
      const held = await client.api('POST', '/preview', previewBody);
      expect([held.status, held.body.code]).toEqual([429, 10108]);
      // The same account's API renders are held off too: one penalty per account.
      const api = await call(strict.url, 'POST', '/open/v1/images/render', {
        body: { content: '<div style="display:flex">x</div>', width: 50, height: 50 },
        headers: { 'x-api-key': account.key },
      });
      expect([api.status, api.body.code]).toEqual([429, 10108]);
    } finally {
      await strict.close();
    }
  });
});

describe('templates, versions and snippets', () => {
  it('saving an unchanged draft makes no revision, and publishing what is live makes no published revision', async () => {
    const body = {
      content: previewBody.content,
      variables: previewBody.variables,
      width: 120,
      height: 60,
      format: 'png',
    };
    // An account of its own, so that the other tests' template lists stay as they are.
    const own = await signIn(server.url, { apiKey: (await seedAccount(server.url, 0)).key });
    const created = await own.api('POST', '/templates', { id: 'same-card', name: 'Same', ...body });
    expect(created.status).toBe(200);
    const revisionOf = (answer: { body: { data?: unknown } }) =>
      (answer.body.data as { draft: { revision: number } }).draft.revision;
    expect(revisionOf(created)).toBe(1);
    expect(revisionOf(await own.api('PUT', '/templates/same-card/draft', body))).toBe(1);
    expect((await own.api('POST', '/templates/same-card/publish')).status).toBe(200);
    expect((await own.api('POST', '/templates/same-card/publish')).status).toBe(200);
    const published = async () =>
      (
        (await own.api('GET', '/templates/same-card')).body.data as { revisions: { revision: number }[] }
      ).revisions.map((r) => r.revision);
    expect(await published()).toEqual([1]);
    // A change makes one revision however often it is saved; published, it is the second.
    const blue = { ...body, content: body.content.replace('{{title}}', '<b>{{title}}</b>') };
    expect(revisionOf(await own.api('PUT', '/templates/same-card/draft', blue))).toBe(2);
    expect(revisionOf(await own.api('PUT', '/templates/same-card/draft', blue))).toBe(2);
    expect((await own.api('POST', '/templates/same-card/publish')).status).toBe(200);
    expect((await own.api('POST', '/templates/same-card/publish')).status).toBe(200);
    expect(await published()).toEqual([2, 1]);
  });

  it('creates, edits, publishes, lists revisions, restores one as the draft', async () => {
    const created = await studio.api('POST', '/templates', {
      id: 'studio-card',
      name: 'Studio card',
      content: previewBody.content,
      variables: previewBody.variables,
      width: 120,
      height: 60,
      format: 'png',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ accountId: mine.accountId, status: 'draft' });
    expect((await studio.api('POST', '/templates/studio-card/publish')).status).toBe(200);
    const edited = await studio.api('PUT', '/templates/studio-card/draft', {
      content: '<div style="display:flex;width:100%;height:100%;background:#0000ff">{{title}}</div>',
    });
    expect(edited.status).toBe(200);
    expect((await studio.api('POST', '/templates/studio-card/publish')).status).toBe(200);
    const record = await studio.api('GET', '/templates/studio-card');
    const revisions = record.body.data?.revisions as { revision: number }[];
    expect(revisions.length).toBe(2);
    const first = revisions[1]?.revision as number;
    const old = await studio.api('GET', `/templates/studio-card/revisions/${first}`);
    expect(old.body.data).toMatchObject({ content: previewBody.content, width: 120 });
    const restored = await studio.api('POST', '/templates/studio-card/restore', { revision: first });
    expect(restored.status).toBe(200);
    const draft = (restored.body.data as { draft: { content: string; revision: number } }).draft;
    expect(draft.content).toBe(previewBody.content);
    expect(draft.revision).toBeGreaterThan(revisions[0]?.revision as number);
    expect((await studio.api('POST', '/templates/studio-card/restore', { revision: 99 })).status).toBe(404);

    const list = await studio.api('GET', '/templates');
    expect(list.body.data?.templates).toEqual([
      expect.objectContaining({
        id: 'studio-card',
        name: 'Studio card',
        status: 'published',
        hasDraft: true,
      }),
    ]);
  });

  it('gives curl, Node and a signed image URL that renders the same image', async () => {
    await adminOk(server.url, 'POST', `/accounts/${mine.accountId}/url-keys`);
    const response = await studio.api('POST', '/templates/studio-card/snippets', { values: { title: 'Hi' } });
    const data = response.body.data as { curl: string; node: string; imageUrl: string; imageUrlNote: string };
    expect(data.curl).toContain(`${server.url}/open/v1/images/templates/studio-card/render`);
    expect(data.curl).toContain(`-d '{"variables":{"title":"Hi"}}'`);
    expect(data.node).toContain("import { createClient } from '@pictor/client';");
    expect(data.imageUrl.startsWith(`${server.url}/img/uk_`)).toBe(true);
    const image = await fetchImage(data.imageUrl);
    expect([image.format, image.width, image.height]).toEqual(['png', 120, 60]);
    expect(image.pixel(119, 59).slice(0, 3)).toEqual([0, 0, 255]);
    // The curl snippet's request works as written (with a real key).
    const viaApi = await render(server.url, mine.key, '/templates/studio-card/render', {
      variables: { title: 'Hi' },
    });
    expect(viaApi.status).toBe(200);
  });
});

describe('the page', () => {
  it('is served with a strict Content-Security-Policy, compressed, its API never cached', async () => {
    const page = await fetch(`${server.url}/studio`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await page.text();
    const script = /src="(\/studio\/assets\/studio-[0-9a-f]{12}\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const compressed = Number(asset.headers.get('content-length'));
    expect(compressed).toBeLessThan(300 * 1024);
    expect((await studio.api('GET', '/session')).headers.get('cache-control')).toBe('no-store');
  });

  it('is not there when PICTOR_STUDIO is off', async () => {
    const off = await startTestServer({}, { studio: false });
    try {
      expect((await fetch(`${off.url}/studio`)).status).toBe(404);
      expect((await call(off.url, 'POST', '/studio/api/session', { body: { apiKey: 'x' } })).status).toBe(
        404,
      );
    } finally {
      await off.close();
    }
  });
});
