/** The admin API (docs/contract/decisions.md "Administration"), /healthz and /openapi.json over HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  admin,
  adminOk,
  call,
  render,
  startTestServer,
  type TestServer,
  templateBody,
} from './helpers/http-server.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('admin authorisation', () => {
  it('a missing or wrong admin token is 401 / 10104 on every route', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-wrong-token' },
      { authorization: ADMIN_TOKEN },
      { authorization: `Basic ${ADMIN_TOKEN}` },
      { authorization: `Bearer ${ADMIN_TOKEN}x` },
    ]) {
      for (const [method, path] of [
        ['POST', '/admin/v1/accounts'],
        ['GET', '/admin/v1/templates'],
        ['DELETE', '/admin/v1/keys/some-key'],
      ]) {
        const body = method === 'GET' ? undefined : { name: 'x' };
        const res = await call(t.url, method as string, path as string, { headers, body });
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.body.code).toBe(10104);
      }
    }
  });
});

describe('admin flows', () => {
  it('accounts, keys (shown once), packages and usage', async () => {
    const account = await adminOk<{ id: string; name: string }>(t.url, 'POST', '/accounts', { name: 'Acme' });
    expect(account).toMatchObject({ id: expect.any(String), name: 'Acme' });
    const key = await adminOk<{ id: string; key: string; prefix: string }>(
      t.url,
      'POST',
      `/accounts/${account.id}/keys`,
      {},
    );
    expect(key.key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    const pkg = await adminOk<{ renders: number; remaining: number }>(
      t.url,
      'POST',
      `/accounts/${account.id}/packages`,
      {
        renders: 5,
        expiresAt: '2099-01-01T00:00:00Z',
      },
    );
    expect(pkg).toMatchObject({ renders: 5, remaining: 5 });
    const usage = await adminOk<{ packages: unknown[]; rendersDone: number }>(
      t.url,
      'GET',
      `/accounts/${account.id}/usage`,
    );
    expect(usage.packages).toHaveLength(1);
    expect(usage.rendersDone).toBe(0);
    const revoked = await admin(t.url, 'DELETE', `/keys/${key.id}`);
    expect(revoked.body).toEqual({ code: 0, message: 'success', data: { id: key.id, revoked: true } });
    expect((await admin(t.url, 'DELETE', '/keys/does-not-exist')).body.code).toBe(10105);
  });

  it('templates: create (draft), edit, publish, unpublish, archive, list, get', async () => {
    const account = await adminOk<{ id: string }>(t.url, 'POST', '/accounts', { name: 'T' });
    const created = await adminOk<{ id: string; status: string; draft: { width: number } }>(
      t.url,
      'POST',
      '/templates',
      templateBody(account.id, { id: 'my-card' }),
    );
    expect(created).toMatchObject({ id: 'my-card', status: 'draft', draft: { width: 400 } });
    const dup = await admin(t.url, 'POST', '/templates', templateBody(account.id, { id: 'my-card' }));
    expect(dup.status).toBe(409);
    const edited = await adminOk<{ draft: { width: number } }>(t.url, 'PUT', '/templates/my-card/draft', {
      width: 500,
    });
    expect(edited.draft.width).toBe(500);
    expect((await adminOk<{ status: string }>(t.url, 'POST', '/templates/my-card/publish')).status).toBe(
      'published',
    );
    expect(
      (await adminOk<{ status: string }>(t.url, 'POST', '/templates/my-card/unpublish', {})).status,
    ).toBe('unpublished');
    expect((await adminOk<{ status: string }>(t.url, 'POST', '/templates/my-card/archive')).status).toBe(
      'archived',
    );
    const list = await adminOk<{ templates: { id: string }[] }>(
      t.url,
      'GET',
      `/templates?accountId=${account.id}`,
    );
    expect(list.templates.map((x) => x.id)).toEqual(['my-card']);
    expect((await adminOk<{ id: string }>(t.url, 'GET', '/templates/my-card')).id).toBe('my-card');
    expect((await admin(t.url, 'GET', '/templates/nope')).status).toBe(404);
    const discarded = await adminOk<{ draft: unknown }>(t.url, 'DELETE', '/templates/my-card/draft');
    expect(discarded.draft).toBeNull();
    const publishNothing = await admin(t.url, 'POST', '/templates/my-card/publish');
    expect(publishNothing.status).toBe(409);
    expect(publishNothing.body.code).toBe(10106);
    // Editing again starts a new draft from the published copy.
    const again = await adminOk<{ draft: { width: number; content: string } }>(
      t.url,
      'PUT',
      '/templates/my-card/draft',
      {
        height: 120,
      },
    );
    expect(again.draft).toMatchObject({
      width: 500,
      height: 120,
      content: expect.stringContaining('{{title}}'),
    });
  });

  it('rejects invalid bodies with 400 / 10103 naming the field', async () => {
    const account = await adminOk<{ id: string }>(t.url, 'POST', '/accounts', { name: 'V' });
    const cases: [string, string, unknown, string][] = [
      ['POST', '/accounts', {}, 'name: is required'],
      ['POST', '/accounts', { name: 5 }, 'name: must be a string'],
      [
        'POST',
        `/accounts/${account.id}/packages`,
        { renders: -1, expiresAt: '2099-01-01' },
        'renders: must be an integer',
      ],
      [
        'POST',
        `/accounts/${account.id}/packages`,
        { renders: 3, expiresAt: 'tomorrow' },
        'expiresAt: must be an ISO 8601 time',
      ],
      [
        'POST',
        '/templates',
        { ...templateBody(account.id), width: 0 },
        'width: must be an integer from 1 to 4096',
      ],
      [
        'POST',
        '/templates',
        templateBody(account.id, { variables: { t: { type: 'nonsense' } } }),
        'variables.t',
      ],
      ['POST', `/templates/x/publish`, { unexpected: true }, 'body: must be empty or {}'],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await admin(t.url, method, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.code).toBe(10103);
      expect(res.body.message).toContain(message);
    }
    const noAccount = await admin(t.url, 'POST', '/templates', templateBody('no-such-account'));
    expect(noAccount.status).toBe(404);
    expect(noAccount.body.code).toBe(10105);
  });

  it('a template pushed through the admin API renders for its account', async () => {
    const account = await adminOk<{ id: string }>(t.url, 'POST', '/accounts', { name: 'R' });
    const { key } = await adminOk<{ key: string }>(t.url, 'POST', `/accounts/${account.id}/keys`);
    await adminOk(t.url, 'POST', `/accounts/${account.id}/packages`, {
      renders: 1,
      expiresAt: '2099-01-01T00:00:00Z',
    });
    const { id } = await adminOk<{ id: string }>(t.url, 'POST', '/templates', templateBody(account.id));
    await adminOk(t.url, 'POST', `/templates/${id}/publish`);
    const res = await render(t.url, key, `/templates/${id}/render`, { variables: { title: 'x' } });
    expect(res.body.code).toBe(0);
  });
});

describe('operations', () => {
  it('GET /healthz', async () => {
    const res = await fetch(`${t.url}/healthz`);
    const body = (await res.json()) as { status: string; renderer: Record<string, number> };
    expect(res.status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.renderer.workers).toBeGreaterThanOrEqual(1);
  });

  it('GET /openapi.json documents both operations from the route schemas', async () => {
    const res = await fetch(`${t.url}/openapi.json`);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toMatch(/^3\./);
    const a = doc.paths['/open/v1/images/templates/{id}/render']?.post;
    const b = doc.paths['/open/v1/images/render']?.post;
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    const bSchema = b?.requestBody?.content['application/json']?.schema as {
      required: string[];
      properties: Record<string, { enum?: string[]; maximum?: number }>;
    };
    expect(bSchema.required).toEqual(['content']);
    expect(bSchema.properties.format?.enum).toEqual(['png', 'jpeg', 'webp', 'avif']);
    expect(bSchema.properties.width?.maximum).toBe(4096);
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
    expect(doc.paths['/files/{name}']?.get).toBeDefined();
  });

  it('every response carries a request id', async () => {
    const res = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': 'trace-abc.1' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc.1');
    const other = await fetch(`${t.url}/healthz`);
    expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
