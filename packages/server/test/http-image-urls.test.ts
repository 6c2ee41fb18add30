/**
 * Embeddable image URLs over HTTP (docs/contract/decisions.md "Embeddable image URLs", "Device scale") on the real
 * server: SQLite and disk always, PostgreSQL and S3-compatible storage (s3rver) when PICTOR_TEST_DATABASE_URL is set.
 * URLs are signed here with node:crypto, independently of @pictor/client (whose own tests check it against published
 * vectors).
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/server.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestSchema } from './helpers/postgres-schema.js';
import {
  adminOk,
  admin,
  seedAccount,
  startTestServer,
  type TestBackends,
  type TestServer,
  unitsLeft,
} from './helpers/http-server.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';

const TEMPLATE = {
  name: 'og card',
  content:
    '<div style="display:flex;width:100%;height:100%;background:{{bg}};color:white;font-size:40px;padding:20px">{{title}} {{count}}{{#show}} ✓{{/show}}{{#tags}} #{{.}}{{/tags}}</div>',
  variables: {
    title: { type: 'string', required: true, maxLength: 20 },
    count: { type: 'integer', minimum: 0 },
    bg: { type: 'color', default: '#0000ff' },
    show: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
  },
  width: 400,
  height: 200,
  format: 'png',
};

/** base64url HMAC-SHA256: the signature of docs/contract/decisions.md "Embeddable image URLs". */
function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('base64url');
}

/** A signed URL in the query form: `{path}?{query}&sign=…` (`query` exactly as given). */
function queryForm(secret: string, path: string, query: string): string {
  const target = query === '' ? path : `${path}?${query}`;
  return `${target}${query === '' ? '?' : '&'}sign=${hmac(secret, target)}`;
}

/** The same URL in the path form. */
function pathForm(secret: string, keyId: string, templateId: string, ext: string, query: string): string {
  const signature = hmac(secret, `/img/${keyId}/${templateId}.${ext}${query === '' ? '' : `?${query}`}`);
  const q = query === '' ? '-' : Buffer.from(query, 'utf8').toString('base64url');
  return `/img/${keyId}/${templateId}/${q}/${signature}.${ext}`;
}

/** A new account with `renders` units, a URL key and the published test template: what a URL signer needs. */
async function signer(base: string, renders: number) {
  const owner = await seedAccount(base, renders);
  const key = await adminOk<{ id: string; secret: string }>(
    base,
    'POST',
    `/accounts/${owner.accountId}/url-keys`,
  );
  const created = await adminOk<{ id: string }>(base, 'POST', '/templates', {
    ...TEMPLATE,
    accountId: owner.accountId,
  });
  await adminOk(base, 'POST', `/templates/${created.id}/publish`);
  /** The query-form URL path of the template with `query`. */
  const sign = (query: string) => queryForm(key.secret, `/img/${key.id}/${created.id}.png`, query);
  return { owner, key, templateId: created.id, sign };
}

interface Backend {
  name: string;
  setUp(): Promise<{ backends: TestBackends; tearDown(): Promise<void> }>;
}

const postgresUrl = process.env.PICTOR_TEST_DATABASE_URL;
const BACKENDS: Backend[] = [
  { name: 'SQLite and disk', setUp: async () => ({ backends: {}, tearDown: async () => {} }) },
];
if (postgresUrl) {
  BACKENDS.push({
    name: 'PostgreSQL and S3',
    async setUp() {
      const schema: TestSchema = await createTestSchema(postgresUrl, 'img');
      const s3: TestS3 = await startTestS3();
      return {
        backends: { databaseUrl: schema.url, storage: `s3://${s3.bucket}/img`, s3Endpoint: s3.endpoint },
        async tearDown() {
          await s3.stop();
          await schema.drop();
        },
      };
    },
  });
}

async function get(t: TestServer, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(`${t.url}${path}`, { method, headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, json: () => JSON.parse(bytes.toString('utf8')) as { code: number; message: string } };
}

/** GET `path` sent exactly as written (fetch drops an empty `?`); the answer is an error envelope. */
function getExact(t: TestServer, path: string) {
  return new Promise<{ status: number; cacheControl: unknown; body: { code: number; message: string } }>(
    (resolve, reject) => {
      const req = request(`${t.url}${path}`, { path }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const body = res.headers['content-type']?.startsWith('application/json')
            ? JSON.parse(text)
            : { code: 0, message: `not JSON: ${text.slice(0, 8)}` };
          resolve({ status: res.statusCode ?? 0, cacheControl: res.headers['cache-control'], body });
        });
      });
      req.on('error', reject);
      req.end();
    },
  );
}

async function renders(t: TestServer): Promise<number> {
  const health = (await (await fetch(`${t.url}/healthz`)).json()) as { renderer: Record<string, number> };
  return health.renderer.completed ?? Number.NaN;
}

describe.each(BACKENDS)('image URLs on $name', (backend) => {
  let t: TestServer;
  let tearDown: () => Promise<void>;
  let owner: { accountId: string; key: string };
  let urlKey: { id: string; secret: string };
  let templateId: string;

  async function newTemplate(extra: Record<string, unknown> = {}): Promise<string> {
    const created = await adminOk<{ id: string }>(t.url, 'POST', '/templates', {
      ...TEMPLATE,
      accountId: owner.accountId,
      ...extra,
    });
    await adminOk(t.url, 'POST', `/templates/${created.id}/publish`);
    return created.id;
  }
  const url = (query: string, template = templateId, ext = 'png') =>
    queryForm(urlKey.secret, `/img/${urlKey.id}/${template}.${ext}`, query);

  beforeAll(async () => {
    const set = await backend.setUp();
    tearDown = set.tearDown;
    t = await startTestServer({ imgRenderRateMax: 40 }, set.backends);
    owner = await seedAccount(t.url, 100);
    urlKey = await adminOk(t.url, 'POST', `/accounts/${owner.accountId}/url-keys`);
    templateId = await newTemplate();
  });
  afterAll(async () => {
    await t?.close();
    await tearDown?.();
  });

  it('URL keys: created with a secret shown once, listed without it, uk_ ids', async () => {
    expect(urlKey.id).toMatch(/^uk_[A-Za-z0-9_-]{22}$/);
    expect(urlKey.secret).toMatch(/^us_[A-Za-z0-9_-]{43}$/);
    const listed = await adminOk<{ urlKeys: Record<string, unknown>[] }>(
      t.url,
      'GET',
      `/accounts/${owner.accountId}/url-keys`,
    );
    expect(listed.urlKeys.map((k) => k.id)).toContain(urlKey.id);
    expect(JSON.stringify(listed)).not.toContain(urlKey.secret);
  });

  it('renders on the first request with the right format and size, then serves it without a render or a unit', async () => {
    const path = url('title=Hello&count=3');
    const unitsBefore = await unitsLeft(t.url, owner.accountId);
    const rendersBefore = await renders(t);
    const first = await get(t, path);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toBe('image/png');
    expect(Number(first.res.headers.get('content-length'))).toBe(first.bytes.length);
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(first.res.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    const meta = await sharp(first.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 200]);
    const data = await sharp(first.bytes).ensureAlpha().raw().toBuffer();
    expect([...data.subarray((199 * 400 + 399) * 4, (199 * 400 + 399) * 4 + 4)]).toEqual([0, 0, 255, 255]);
    expect(await unitsLeft(t.url, owner.accountId)).toBe(unitsBefore - 1);
    expect(await renders(t)).toBe(rendersBefore + 1);

    const second = await get(t, path);
    expect(second.res.status).toBe(200);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.res.headers.get('etag')).toBe(first.res.headers.get('etag'));
    expect(await unitsLeft(t.url, owner.accountId)).toBe(unitsBefore - 1);
    expect(await renders(t)).toBe(rendersBefore + 1);
  });

  it('the path form answers the same image and headers as the query form', async () => {
    const query = 'title=Path%20form&count=7';
    const viaQuery = await get(t, url(query));
    const viaPath = await get(t, pathForm(urlKey.secret, urlKey.id, templateId, 'png', query));
    expect(viaPath.res.status).toBe(200);
    expect(viaPath.bytes.equals(viaQuery.bytes)).toBe(true);
    for (const header of ['content-type', 'content-length', 'etag', 'cache-control'])
      expect(viaPath.res.headers.get(header)).toBe(viaQuery.res.headers.get(header));
    const noParams = await newTemplate({ variables: {}, content: '<div style="display:flex">fixed</div>' });
    const fixed = await get(t, pathForm(urlKey.secret, urlKey.id, noParams, 'webp', ''));
    expect(fixed.res.status).toBe(200);
    expect((await sharp(fixed.bytes).metadata()).format).toBe('webp');
    const sameAsQuery = await get(t, url('', noParams, 'webp'));
    expect(sameAsQuery.res.headers.get('etag')).toBe(fixed.res.headers.get('etag'));
  });

  it('50 concurrent requests for one new image: one render, one unit, 50 identical images', async () => {
    const path = url('title=Concurrent&count=50', templateId, 'webp');
    const unitsBefore = await unitsLeft(t.url, owner.accountId);
    const rendersBefore = await renders(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(t, path)));
    expect(answers.map((a) => a.res.status)).toEqual(Array(50).fill(200));
    for (const answer of answers) expect(answer.bytes.equals(answers[0]!.bytes)).toBe(true);
    expect((await sharp(answers[0]!.bytes).metadata()).format).toBe('webp');
    expect(await unitsLeft(t.url, owner.accountId)).toBe(unitsBefore - 1);
    expect(await renders(t)).toBe(rendersBefore + 1);
  });

  it('HEAD answers the headers of GET without a body; If-None-Match answers 304', async () => {
    const path = url('title=Head&count=1', templateId, 'jpg');
    const head = await get(t, path, {}, 'HEAD');
    expect(head.res.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    const full = await get(t, path);
    expect(full.res.status).toBe(200);
    expect(full.res.headers.get('content-type')).toBe('image/jpeg');
    for (const header of ['content-type', 'content-length', 'etag', 'cache-control'])
      expect(head.res.headers.get(header)).toBe(full.res.headers.get(header));
    expect((await sharp(full.bytes).metadata()).format).toBe('jpeg');
    const etag = full.res.headers.get('etag') as string;
    const notModified = await get(t, path, { 'if-none-match': etag });
    expect(notModified.res.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
    expect(notModified.res.headers.get('etag')).toBe(etag);
    expect((await get(t, path, { 'if-none-match': `"x", W/${etag}` })).res.status).toBe(304);
    expect((await get(t, path, { 'if-none-match': '"other"' })).res.status).toBe(200);
  });

  it('anything tampered with, or sign not last, is 403 / 10109 and renders nothing', async () => {
    const good = url('title=Tamper&count=1');
    const rendersBefore = await renders(t);
    const unitsBefore = await unitsLeft(t.url, owner.accountId);
    const sign = good.slice(good.indexOf('&sign=') + 6);
    const cases = {
      'changed value': good.replace('Tamper', 'Tamped'),
      'changed template': good.replace(`/${templateId}.png`, `/${templateId}x.png`),
      'changed extension': good.replace('.png?', '.jpg?'),
      'parameters reordered': `/img/${urlKey.id}/${templateId}.png?count=1&title=Tamper&sign=${sign}`,
      'parameter added': good.replace('&sign=', '&_w=300&sign='),
      'wrong signature': `${good.slice(0, -3)}${good.endsWith('AAA') ? 'BBB' : 'AAA'}`,
      'no signature': good.slice(0, good.indexOf('&sign=')),
      'sign not last': `/img/${urlKey.id}/${templateId}.png?sign=${sign}&title=Tamper&count=1`,
      'signed by another key': queryForm(
        'us_not-the-secret',
        `/img/${urlKey.id}/${templateId}.png`,
        'title=Tamper&count=1',
      ),
      'percent-encoding changed': good.replace('Tamper', '%54amper'),
    };
    for (const [name, path] of Object.entries(cases)) {
      const answer = await get(t, path);
      expect([name, answer.res.status, answer.json().code]).toEqual([name, 403, 10109]);
      expect(answer.res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await get(t, cases['sign not last'])).json().message).toContain('last parameter');
    expect((await get(t, cases['no signature'])).json().message).toMatch(/^sign: missing/);
    expect(await renders(t)).toBe(rendersBefore);
    expect(await unitsLeft(t.url, owner.accountId)).toBe(unitsBefore);
  });

  it('the path form is served only as signed: {q} spelt otherwise is 403 / 10109, a query string 400 / 10103', async () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const query = 'title=Canon&count=2'; // 19 bytes: 26 characters, the last with 4 spare bits
    const canonical = pathForm(urlKey.secret, urlKey.id, templateId, 'png', query);
    const [, , , , q = '', file = ''] = canonical.split('/');
    const withQ = (segment: string) => `/img/${urlKey.id}/${templateId}/${segment}/${file}`;
    // U+FFFD signed by the owner: invalid UTF-8 in {q} would read as the same text.
    const replacement = pathForm(urlKey.secret, urlKey.id, templateId, 'png', 'title=\uFFFD');
    const [, , , , , replacementFile = ''] = replacement.split('/');
    const invalid = Buffer.concat([Buffer.from('title='), Buffer.from([0xff])]).toString('base64url');
    const rendersBefore = await renders(t);
    const unitsBefore = await unitsLeft(t.url, owner.accountId);
    const malleable: Record<string, [string, number, number]> = {
      'spare bits in the last character': [
        withQ(`${q.slice(0, -1)}${alphabet[alphabet.indexOf(q.at(-1) as string) | 1]}`),
        403,
        10109,
      ],
      'a dangling character': [withQ(`${q}AA`), 403, 10109],
      padding: [withQ(`${q}==`), 403, 10109],
      'invalid UTF-8': [`/img/${urlKey.id}/${templateId}/${invalid}/${replacementFile}`, 403, 10109],
      'a query string': [`${canonical}?utm_source=x`, 400, 10103],
      'an empty query string': [`${canonical}?`, 400, 10103],
      'parameters in the query string': [`${canonical}?_w=300`, 400, 10103],
    };
    for (const [name, [path, status, code]] of Object.entries(malleable)) {
      const answer = await getExact(t, path);
      expect([name, answer.status, answer.body.code]).toEqual([name, status, code]);
      expect(answer.cacheControl).toBe('no-store');
    }
    expect((await getExact(t, `${canonical}?x=1`)).body.message).toMatch(/path form takes no query string/);
    expect(await renders(t)).toBe(rendersBefore);
    expect(await unitsLeft(t.url, owner.accountId)).toBe(unitsBefore);
    // The URLs as signed are served.
    expect((await get(t, canonical)).res.status).toBe(200);
    expect((await get(t, replacement)).res.status).toBe(200);
  });

  it('an unknown or revoked URL key is 403 / 10109; revocation stops serving stored images at once', async () => {
    const key = await adminOk<{ id: string; secret: string }>(
      t.url,
      'POST',
      `/accounts/${owner.accountId}/url-keys`,
    );
    const path = queryForm(key.secret, `/img/${key.id}/${templateId}.png`, 'title=Revoke');
    expect((await get(t, path)).res.status).toBe(200);
    await adminOk(t.url, 'DELETE', `/url-keys/${key.id}`);
    const revoked = await get(t, path);
    expect([revoked.res.status, revoked.json().code]).toEqual([403, 10109]);
    expect(revoked.json().message).toContain('unknown or revoked');
    expect((await admin(t.url, 'DELETE', '/url-keys/uk_AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    // A key id that was never issued cannot carry a valid signature (its secret is derived by the server).
    const unknown = queryForm(urlKey.secret, `/img/uk_AAAAAAAAAAAAAAAAAAAAAA/${templateId}.png`, 'title=X');
    expect([(await get(t, unknown)).res.status, (await get(t, unknown)).json().code]).toEqual([403, 10109]);
  });

  it("another account's template and an unknown template are 404 / 10105", async () => {
    const other = await seedAccount(t.url, 5);
    const theirs = await adminOk<{ id: string }>(t.url, 'POST', '/templates', {
      ...TEMPLATE,
      accountId: other.accountId,
    });
    await adminOk(t.url, 'POST', `/templates/${theirs.id}/publish`);
    for (const id of [theirs.id, 'no-such-template']) {
      const answer = await get(t, url('title=Hi', id));
      expect([answer.res.status, answer.json().code]).toEqual([404, 10105]);
    }
  });

  it('variables are typed from text by their definitions, with the messages of operation A', async () => {
    const ok = await get(t, url(`title=Typed&count=12&show=true&tags=${encodeURIComponent('["a","b"]')}`));
    expect(ok.res.status).toBe(200);
    const cases: [string, string][] = [
      ['title=X&count=1.5', 'variables.count: must be an integer'],
      ['title=X&count=abc', 'variables.count: must be an integer'],
      ['title=X&count=-1', 'variables.count: must be >= 0'],
      ['title=X&show=yes', 'variables.show: must be true or false'],
      ['title=X&tags=notjson', 'variables.tags: must be an array'],
      ['count=1', 'variables.title: is required'],
      [`title=${'x'.repeat(21)}`, 'variables.title: must NOT have more than 20 characters'],
      ['title=X&bg=notacolor', 'variables.bg: must be a CSS color'],
      ['title=X&_w=0', '_w: must be an integer from 1 to 4096'],
      ['title=X&_q=101', '_q: must be an integer from 0 to 100'],
      ['title=X&_scale=5', '_scale: must be a number from 1 to 4'],
      ['title=X&_v=abc', '_v: must be an integer'],
      ['title=X&_title=1', '_title: is not a reserved parameter'],
      ['title=X&title=Y', 'title: is given more than once'],
      ['title=X&_w=4096&_scale=2', '_w × _scale: must be at most 4096 pixels'],
    ];
    for (const [query, message] of cases) {
      const answer = await get(t, url(query));
      expect([query, answer.res.status, answer.json().code]).toEqual([query, 400, 10103]);
      expect(answer.json().message).toContain(message);
    }
    // Names the template does not define are ignored.
    expect((await get(t, url('title=Ignored&unknown=1'))).res.status).toBe(200);
  });

  it('_v pins a published revision (immutable for a year); a republish changes the images of URLs without _v', async () => {
    const id = await newTemplate({
      content: '<div style="display:flex;width:100%;height:100%;background:#ff0000">{{title}}</div>',
    });
    const v1 = (await adminOk<{ published: { revision: number } }>(t.url, 'GET', `/templates/${id}`))
      .published.revision;
    const latest = url('title=R', id);
    const pinned = url(`title=R&_v=${v1}`, id);
    const before = await get(t, latest);
    expect(before.res.status).toBe(200);
    const pinnedBefore = await get(t, pinned);
    expect(pinnedBefore.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    await adminOk(t.url, 'PUT', `/templates/${id}/draft`, {
      content: '<div style="display:flex;width:100%;height:100%;background:#00ff00">{{title}}</div>',
    });
    await adminOk(t.url, 'POST', `/templates/${id}/publish`);
    const after = await get(t, latest);
    expect(after.res.status).toBe(200);
    expect(after.res.headers.get('etag')).not.toBe(before.res.headers.get('etag'));
    const green = await sharp(after.bytes).raw().toBuffer();
    expect([...green.subarray(0, 3)]).toEqual([0, 255, 0]);

    const pinnedAfter = await get(t, pinned);
    expect(pinnedAfter.res.status).toBe(200);
    expect(pinnedAfter.res.headers.get('etag')).toBe(pinnedBefore.res.headers.get('etag'));
    const red = await sharp(pinnedAfter.bytes).raw().toBuffer();
    expect([...red.subarray(0, 3)]).toEqual([255, 0, 0]);

    const never = await get(t, url(`title=R&_v=${v1 + 100}`, id));
    expect([never.res.status, never.json().code]).toEqual([400, 10103]);
    expect(never.json().message).toContain('was never published');
  });

  it('unpublishing or archiving stops serving at once, stored images too (409 / 10106)', async () => {
    const id = await newTemplate();
    const path = url('title=Gone', id);
    expect((await get(t, path)).res.status).toBe(200);
    await adminOk(t.url, 'POST', `/templates/${id}/unpublish`);
    const unpublished = await get(t, path);
    expect([unpublished.res.status, unpublished.json().code]).toEqual([409, 10106]);
    // Image URLs have no useDraft: the message only says to publish.
    expect(unpublished.json().message).toMatch(
      /is unpublished: publish it again \(image URLs render published/,
    );
    expect(unpublished.json().message).not.toContain('useDraft');
    await adminOk(t.url, 'POST', `/templates/${id}/publish`);
    expect((await get(t, path)).res.status).toBe(200);
    await adminOk(t.url, 'POST', `/templates/${id}/archive`);
    expect((await get(t, path)).res.status).toBe(409);
    const draftOnly = await adminOk<{ id: string }>(t.url, 'POST', '/templates', {
      ...TEMPLATE,
      accountId: owner.accountId,
    });
    const draft = await get(t, url('title=Draft', draftOnly.id));
    expect(draft.res.status).toBe(409);
    expect(draft.json().message).toMatch(/has never been published: publish it \(image URLs/);
  });

  it('_scale 2 doubles the pixel size; _w and _h set the CSS size', async () => {
    const scaled = await get(t, url('title=Retina&_w=300&_h=120&_scale=2'));
    expect(scaled.res.status).toBe(200);
    const meta = await sharp(scaled.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([600, 240]);
    const oneAndHalf = await get(t, url('title=Retina&_scale=1.5', templateId, 'webp'));
    const m15 = await sharp(oneAndHalf.bytes).metadata();
    expect([m15.width, m15.height]).toEqual([600, 300]);
  });

  it('a URL over 8 KiB is 414 with the envelope', async () => {
    const long = await get(t, url(`title=X&pad=${'a'.repeat(9000)}`));
    expect([long.res.status, long.json().code]).toEqual([414, 10103]);
    expect(long.json().message).toContain('URL: must be at most 8192 bytes');
  });

  it('no unit left: 403 / 30101 for a new image, while stored images are still served', async () => {
    const poor = await signer(t.url, 1);
    const first = poor.sign('title=One');
    expect((await get(t, first)).res.status).toBe(200);
    const second = await get(t, poor.sign('title=Two'));
    expect([second.res.status, second.json().code]).toEqual([403, 30101]);
    expect((await get(t, first)).res.status).toBe(200);
  });
});

describe('image URL render rate limit', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ imgRenderRateMax: 2, imgRenderRateWindowMs: 60_000 });
  });
  afterAll(() => t.close());

  it('counts renders per URL key (429 / 10108 with Retry-After); stored images are not limited', async () => {
    const { owner, sign: signQuery } = await signer(t.url, 20);
    const sign = (title: string) => signQuery(`title=${title}`);
    expect((await get(t, sign('a'))).res.status).toBe(200);
    expect((await get(t, sign('b'))).res.status).toBe(200);
    const limited = await get(t, sign('c'));
    expect([limited.res.status, limited.json().code]).toEqual([429, 10108]);
    expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect((await get(t, sign('a'))).res.status).toBe(200);
    expect(await unitsLeft(t.url, owner.accountId)).toBe(18);
  });
});

describe.each(BACKENDS)('image URLs on two servers sharing $name', (backend) => {
  let nodes: RunningServer[] = [];
  let dataDirs: string[] = [];
  let tearDown: () => Promise<void>;
  beforeAll(async () => {
    const set = await backend.setUp();
    tearDown = set.tearDown;
    const shared = await mkdtemp(join(tmpdir(), 'pictor-nodes-'));
    dataDirs = [shared];
    // SQLite and disk: both nodes on one data dir. PostgreSQL and S3: a data dir each, the same database and bucket.
    for (let i = 0; i < 2; i++) {
      const dataDir =
        set.backends.databaseUrl && i > 0 ? await mkdtemp(join(tmpdir(), 'pictor-nodes-')) : shared;
      if (dataDir !== shared) dataDirs.push(dataDir);
      const config = loadConfig(
        {},
        {
          port: 0,
          host: '127.0.0.1',
          dataDir,
          adminToken: 'test-admin-token-0123456789abcdef',
          signingSecret: 'shared-signing-secret-of-both-nodes',
          logLevel: 'silent',
          workers: 1,
          ...set.backends,
        },
      );
      nodes.push(await startServer(config));
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    nodes = [];
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    await tearDown?.();
  });

  it('30 requests for one new image spread over both nodes: one render in all, one unit, identical bytes', async () => {
    const [a, b] = nodes as [RunningServer, RunningServer];
    const { owner, key, sign } = await signer(a.url, 10);
    const path = sign('title=Two%20nodes');
    const completed = () => a.renderer.stats().completed + b.renderer.stats().completed;
    const before = completed();
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const res = await fetch(`${(i % 2 === 0 ? a : b).url}${path}`);
        return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
      }),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(30).fill(200));
    for (const answer of answers) expect(answer.bytes.equals(answers[0]!.bytes)).toBe(true);
    expect(completed() - before).toBe(1);
    expect(await unitsLeft(a.url, owner.accountId)).toBe(9);
    // Revoked on one node: refused by the other at once.
    await adminOk(a.url, 'DELETE', `/url-keys/${key.id}`);
    expect((await fetch(`${b.url}${path}`)).status).toBe(403);
  });
});
