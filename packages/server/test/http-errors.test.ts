/**
 * Every row of the error table (docs/contract/decisions.md "Error codes") over HTTP, and the order of checks (401 →
 * 400/413 → 404/409 → variables → 30101 → 20105).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOk,
  call,
  render,
  seedAccount,
  startTestServer,
  type TestServer,
  templateBody,
  unitsLeft,
} from './helpers/http-server.js';

const BODY_LIMIT = 4096;
let t: TestServer;
let acct: { accountId: string; key: string; keyId: string };
let broke: { accountId: string; key: string };
let templateId: string;
let archivedId: string;

const ok = {
  content: '<div style="display:flex;width:10px;height:10px;background:#000"></div>',
  format: 'png',
};
/** A render that fails in the engine: a remote image on a refused (loopback) address. */
const failing = { content: '<img src="http://127.0.0.1:9/x.png" width="10" height="10">', format: 'png' };

beforeAll(async () => {
  t = await startTestServer({ bodyLimit: BODY_LIMIT });
  acct = await seedAccount(t.url, 50);
  broke = await seedAccount(t.url, 0);
  templateId = (await adminOk<{ id: string }>(t.url, 'POST', '/templates', templateBody(acct.accountId))).id;
  await adminOk(t.url, 'POST', `/templates/${templateId}/publish`);
  archivedId = (await adminOk<{ id: string }>(t.url, 'POST', '/templates', templateBody(acct.accountId))).id;
  await adminOk(t.url, 'POST', `/templates/${archivedId}/archive`);
  const brokeTemplate = await adminOk<{ id: string }>(
    t.url,
    'POST',
    '/templates',
    templateBody(broke.accountId, { id: 'broke-template' }),
  );
  await adminOk(t.url, 'POST', `/templates/${brokeTemplate.id}/publish`);
});
afterAll(() => t.close());

function raw(path: string, body: string, headers: Record<string, string>) {
  return call(t.url, 'POST', `/open/v1/images${path}`, { body, headers });
}

describe('10103 / 400: body parsing and parameters', () => {
  it('malformed JSON', async () => {
    const res = await raw('/render', '{"content": ', {
      'x-api-key': acct.key,
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 10103, message: 'body: must be valid JSON' });
  });

  it('a key named __proto__ or constructor.prototype is named as the problem', async () => {
    for (const body of [
      '{"content":"<p>x</p>","__proto__":{"polluted":1}}',
      '{"content":"<p>x</p>","constructor":{"prototype":{"polluted":1}}}',
    ]) {
      const res = await raw('/render', body, { 'x-api-key': acct.key, 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 10103,
        message: 'body: a key named __proto__ (or constructor.prototype) is not allowed',
      });
    }
  });

  it('a compressed body (Content-Encoding: gzip) is refused with what to do', async () => {
    const { gzipSync } = await import('node:zlib');
    const res = await fetch(`${t.url}/open/v1/images/render`, {
      method: 'POST',
      headers: { 'x-api-key': acct.key, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ content: '<p>x</p>' })),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 10103,
      message: 'Content-Encoding: gzip is not supported; send the JSON uncompressed',
    });
  });

  it('a JSON body that is not an object', async () => {
    for (const body of ['[]', '"x"', 'null', '42']) {
      const res = await raw('/render', body, { 'x-api-key': acct.key, 'content-type': 'application/json' });
      expect(res.status, body).toBe(400);
      expect(res.body.code).toBe(10103);
      expect(res.body.message).toBe('body: must be a JSON object');
    }
  });

  it('Content-Type: application/json with or without charset=utf-8 is accepted', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
    ]) {
      const res = await raw('/render', JSON.stringify(ok), { 'x-api-key': acct.key, 'content-type': type });
      expect(res.status, type).toBe(200);
    }
  });

  it('any other Content-Type, or none, is 400 / 10103', async () => {
    const rule = 'Content-Type: must be application/json or application/json; charset=utf-8';
    for (const type of [
      'text/plain',
      'application/json; charset=latin1',
      'application/x-www-form-urlencoded',
      'nonsense',
    ]) {
      const res = await raw('/render', JSON.stringify(ok), { 'x-api-key': acct.key, 'content-type': type });
      expect(res.status, type).toBe(400);
      expect(res.body).toEqual({ code: 10103, message: rule });
    }
    const noType = await fetch(`${t.url}/open/v1/images/render`, {
      method: 'POST',
      headers: { 'x-api-key': acct.key },
      body: new Uint8Array(Buffer.from(JSON.stringify(ok))),
    });
    expect(noType.status).toBe(400);
    expect(await noType.json()).toEqual({ code: 10103, message: rule });
    const empty = await fetch(`${t.url}/open/v1/images/render`, {
      method: 'POST',
      headers: { 'x-api-key': acct.key },
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ code: 10103, message: rule });
  });

  it('an empty JSON body', async () => {
    const res = await raw('/render', '', { 'x-api-key': acct.key, 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(10103);
  });

  it('width × height above the pixel limit', async () => {
    const small = await startTestServer({ maxPixels: 10_000 });
    try {
      const a = await seedAccount(small.url, 5);
      const res = await render(small.url, a.key, '/render', { ...ok, width: 200, height: 100 });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(10103);
      expect(res.body.message).toContain('width × height: must be at most 10000 pixels');
      expect(await unitsLeft(small.url, a.accountId)).toBe(5);
    } finally {
      await small.close();
    }
  });
});

describe('10104 / 401: API key', () => {
  it('missing, unknown, malformed and revoked keys', async () => {
    const missing = await render(t.url, '', '/render', ok);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ code: 10104, message: 'X-API-Key: header is required' });
    for (const key of ['pk_wrong', `pk_${'A'.repeat(43)}`, 'not a key at all']) {
      const res = await render(t.url, key, '/render', ok);
      expect(res.status, key).toBe(401);
      expect(res.body.code).toBe(10104);
    }
    const temp = await seedAccount(t.url, 5);
    expect((await render(t.url, temp.key, '/render', ok)).status).toBe(200);
    await adminOk(t.url, 'DELETE', `/keys/${temp.keyId}`);
    const revoked = await render(t.url, temp.key, '/render', ok);
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe(10104);
    const templateRes = await render(t.url, temp.key, `/templates/${templateId}/render`, {
      variables: { title: 'x' },
    });
    expect(templateRes.status).toBe(401);
  });
});

describe('a URL that cannot be decoded', () => {
  it('is 400 / 10103 in the envelope', async () => {
    const res = await call(t.url, 'POST', '/open/v1/images/templates/%E0%A4%A/render', {
      headers: { 'x-api-key': acct.key },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 10103, message: 'URL: is not a valid URL (bad percent-encoding)' });
  });
});

describe('10105 / 404', () => {
  it('unknown routes under /open/v1 answer the envelope', async () => {
    for (const [method, path] of [
      ['POST', '/open/v1/images/nothing'],
      ['GET', '/open/v1/images/render'],
      ['GET', '/open/v1/'],
      ['POST', '/open/v2/images/render'],
    ]) {
      const res = await call(t.url, method as string, path as string, { headers: { 'x-api-key': acct.key } });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe(10105);
      expect(res.body.message).toContain('route not found');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });
});

describe('10107 / 413: body larger than the limit', () => {
  it('answers 413 in the envelope', async () => {
    const res = await render(t.url, acct.key, '/render', {
      ...ok,
      content: `<div>${'x'.repeat(BODY_LIMIT)}</div>`,
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 10107, message: `body: must be at most ${BODY_LIMIT} bytes` });
  });
});

describe('10108 / 429: rate limit per key', () => {
  it('limits each key on its own and sets Retry-After; an invalid key is still 401', async () => {
    const limited = await startTestServer({ rateLimitMax: 3, rateLimitWindowMs: 60_000 });
    try {
      const a = await seedAccount(limited.url, 20);
      const b = await seedAccount(limited.url, 20);
      for (let i = 0; i < 3; i++) expect((await render(limited.url, a.key, '/render', ok)).status).toBe(200);
      const over = await render(limited.url, a.key, '/render', ok);
      expect(over.status).toBe(429);
      expect(over.body.code).toBe(10108);
      expect(over.body.message).toContain('rate limit');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect((await render(limited.url, b.key, '/render', ok)).status).toBe(200);
      expect((await render(limited.url, 'pk_bad', '/render', ok)).status).toBe(401);
      expect(await unitsLeft(limited.url, a.accountId)).toBe(17);
    } finally {
      await limited.close();
    }
  });
});

describe('20105 / 403 and 30101 / 403', () => {
  it('a render that fails is 20105 with the reason, and consumes nothing', async () => {
    const before = await unitsLeft(t.url, acct.accountId);
    const res = await render(t.url, acct.key, '/render', failing);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(20105);
    expect(res.body.message).toMatch(/^image generation failed: /);
    expect(res.body.message).toContain('127.0.0.1');
    expect(await unitsLeft(t.url, acct.accountId)).toBe(before);
  });

  it('no package, an expired package and a used-up package are 30101', async () => {
    const none = await render(t.url, broke.key, '/render', ok);
    expect(none.status).toBe(403);
    expect(none.body.code).toBe(30101);

    const expired = await seedAccount(t.url, 0);
    await adminOk(t.url, 'POST', `/accounts/${expired.accountId}/packages`, {
      renders: 10,
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect((await render(t.url, expired.key, '/render', ok)).body.code).toBe(30101);

    const empty = await seedAccount(t.url, 0);
    await adminOk(t.url, 'POST', `/accounts/${empty.accountId}/packages`, {
      renders: 0,
      expiresAt: '2099-01-01T00:00:00Z',
    });
    expect((await render(t.url, empty.key, '/render', ok)).body.code).toBe(30101);

    const two = await seedAccount(t.url, 2);
    expect((await render(t.url, two.key, '/render', ok)).status).toBe(200);
    expect((await render(t.url, two.key, '/render', ok)).status).toBe(200);
    const usedUp = await render(t.url, two.key, '/render', ok);
    expect(usedUp.status).toBe(403);
    expect(usedUp.body.code).toBe(30101);
    expect(await unitsLeft(t.url, two.accountId)).toBe(0);
  });

  it('a package that expires by the clock stops working', async () => {
    const soon = await seedAccount(t.url, 0);
    await adminOk(t.url, 'POST', `/accounts/${soon.accountId}/packages`, {
      renders: 10,
      expiresAt: new Date(t.now() + 60_000).toISOString(),
    });
    expect((await render(t.url, soon.key, '/render', ok)).status).toBe(200);
    t.advance(61_000);
    try {
      expect((await render(t.url, soon.key, '/render', ok)).body.code).toBe(30101);
    } finally {
      t.advance(-61_000);
    }
  });
});

describe('order of checks', () => {
  it('401 comes before every body problem (JSON, Content-Type, size, fields)', async () => {
    const cases: [string, Record<string, string>][] = [
      ['{"content": ', { 'content-type': 'application/json' }],
      [JSON.stringify(ok), { 'content-type': 'text/plain' }],
      ['x'.repeat(BODY_LIMIT * 4), { 'content-type': 'application/json' }],
      [JSON.stringify({ content: 1, format: 'gif' }), { 'content-type': 'application/json' }],
    ];
    for (const [body, headers] of cases) {
      for (const key of [undefined, 'pk_invalid']) {
        const res = await raw('/render', body, key ? { ...headers, 'x-api-key': key } : headers);
        expect(res.status, `${headers['content-type']} ${body.slice(0, 20)}`).toBe(401);
        expect(res.body.code).toBe(10104);
      }
      const tpl = await raw(`/templates/${templateId}/render`, body, headers);
      expect(tpl.status).toBe(401);
    }
  });

  it('parameters (400) come before the template (404, 409)', async () => {
    const unknown = await render(t.url, acct.key, '/templates/nope/render', { variables: {}, format: 'gif' });
    expect(unknown.status).toBe(400);
    const archived = await render(t.url, acct.key, `/templates/${archivedId}/render`, {
      variables: {},
      quality: 500,
    });
    expect(archived.status).toBe(400);
  });

  it('the template (404, 409) comes before the variables (400)', async () => {
    const unknown = await render(t.url, acct.key, '/templates/nope/render', { variables: { title: 5 } });
    expect(unknown.status).toBe(404);
    const archived = await render(t.url, acct.key, `/templates/${archivedId}/render`, {
      variables: { title: 5 },
    });
    expect(archived.status).toBe(409);
    expect(archived.body.code).toBe(10106);
  });

  it('the variables (400) come before the package (30101)', async () => {
    const res = await render(t.url, broke.key, '/templates/broke-template/render', {
      variables: { title: 5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(10103);
    const valid = await render(t.url, broke.key, '/templates/broke-template/render', {
      variables: { title: 'x' },
    });
    expect(valid.body.code).toBe(30101);
  });

  it('the package (30101) comes before rendering (20105)', async () => {
    const res = await render(t.url, broke.key, '/render', failing);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(30101);
  });
});
