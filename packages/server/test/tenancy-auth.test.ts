/**
 * Auth and tenancy on a real server (loopback, SQLite, files): constant-time secret checks (as a property of the
 * implementation), no key or secret in logs or error messages, accounts isolated from each other, links that
 * cannot be forged or extended, and an admin API closed without its token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { hashToken, tokenMatches } from '../src/data-dir.js';
import { createLogger } from '../src/http/logging.js';
import { type RunningServer, startServer } from '../src/server.js';
import { authenticateApiKey, generateApiKey } from '../src/services/api-keys.js';
import { signFilePath, verifyFileLink } from '../src/services/links.js';
import type { Store, StoredApiKey } from '../src/db/types.js';
import {
  ADMIN_TOKEN,
  admin,
  adminOk,
  call,
  render,
  seedAccount,
  templateBody,
} from './helpers/http-server.js';

// Every module of the server under test gets node:crypto's own timingSafeEqual, wrapped in a spy: the constant-time
// tests below see each comparison it makes (which bytes, how long), not the source text.
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  return { ...crypto, timingSafeEqual: vi.fn(crypto.timingSafeEqual) };
});

const SIGNING_SECRET = 'tenancy-signing-secret-0123456789abcdef';

let dataDir: string;
let server: RunningServer;
let url: string;
let logs = '';
let offset = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pictor-tenancy-'));
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      adminToken: ADMIN_TOKEN,
      signingSecret: SIGNING_SECRET,
      logLevel: 'trace',
      workers: 1,
      // Every route is tried with wrong admin tokens here; holding them off is sign-in-limits.test.ts's subject.
      limits: { rateLimitMax: 100_000, studioSignInFailuresMax: 100_000 },
    },
  );
  server = await startServer(config, { logger: createLogger('trace', sink), now: () => Date.now() + offset });
  url = server.url;
});

afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const PIXEL = {
  content: '<div style="display:flex;width:100%;height:100%;background:#f00"></div>',
  width: 4,
  height: 4,
};

describe('constant-time checks (seen by a spy on timingSafeEqual, not a stopwatch)', () => {
  const compared = vi.mocked(timingSafeEqual);
  beforeEach(() => {
    compared.mockClear();
  });
  /** The byte pairs timingSafeEqual was given, as hex. */
  const comparisons = () =>
    compared.mock.calls.map(([a, b]) => [
      Buffer.from(a as Buffer).toString('hex'),
      Buffer.from(b as Buffer).toString('hex'),
    ]);

  it('API keys: the store is asked only for the SHA-256 of the key, and the found hash is compared with timingSafeEqual', async () => {
    const asked: string[] = [];
    const stored = generateApiKey();
    const record = {
      id: 'k1',
      accountId: 'a1',
      prefix: stored.prefix,
      createdAt: '',
      revokedAt: null,
      secretHash: stored.hash,
    };
    const store = {
      async findActiveApiKey(hash: string): Promise<StoredApiKey | null> {
        asked.push(hash);
        return hash === stored.hash ? record : null;
      },
    } as unknown as Store;
    expect(await authenticateApiKey(store, stored.key)).toMatchObject({ id: 'k1', accountId: 'a1' });
    expect(comparisons()).toEqual([[stored.hash, stored.hash]]);
    const wrong = `${stored.key.slice(0, -1)}${stored.key.endsWith('A') ? 'B' : 'A'}`;
    expect(await authenticateApiKey(store, wrong)).toBeNull();
    // Malformed keys never reach the store at all (no lookup to time).
    expect(await authenticateApiKey(store, 'pk_short')).toBeNull();
    expect(await authenticateApiKey(store, `${stored.key} `)).toBeNull();
    const wrongHash = createHash('sha256').update(wrong).digest('hex');
    expect(asked).toEqual([stored.hash, wrongHash]);
    // A lookup by digest: a key sharing a long prefix with a real one gives a digest sharing nothing with it,
    // so the index lookup learns nothing from how much of the key was right.
    expect(asked[1]!.slice(0, 8)).not.toBe(asked[0]!.slice(0, 8));
    // A store that answers a record for another digest (a collision, a broken index): the comparison still
    // decides, in constant time.
    const careless = { findActiveApiKey: async () => record } as unknown as Store;
    compared.mockClear();
    expect(await authenticateApiKey(careless, wrong)).toBeNull();
    expect(comparisons()).toEqual([[stored.hash, wrongHash]]);
  });

  it('the admin token: hashed to a fixed length, compared with timingSafeEqual, whatever the length presented', () => {
    const expected = hashToken(ADMIN_TOKEN);
    expect(tokenMatches(ADMIN_TOKEN, expected)).toBe(true);
    const presented = ['', 'x', ADMIN_TOKEN.slice(0, -1), `${ADMIN_TOKEN}x`, 'y'.repeat(10_000)];
    for (const wrong of presented) expect(tokenMatches(wrong, expected)).toBe(false);
    // Every presented token became 32 bytes and was compared with the stored hash: no early exit on length.
    expect(comparisons()).toEqual(
      [ADMIN_TOKEN, ...presented].map((token) => [
        hashToken(token).toString('hex'),
        expected.toString('hex'),
      ]),
    );
  });

  it('link signatures: checked in constant time before the expiry is looked at', () => {
    const path = '/files/abcd1234.png';
    const expires = Math.floor(Date.now() / 1000) - 10;
    const sign = signFilePath(SIGNING_SECRET, path, expires);
    // Expired but correctly signed: "expired"; expired and forged: "bad-signature" (a forger learns nothing about time).
    expect(verifyFileLink({ secret: SIGNING_SECRET, path, expires: String(expires), sign })).toMatchObject({
      ok: false,
      reason: 'expired',
    });
    const forged = `${sign.slice(0, -1)}${sign.endsWith('A') ? 'B' : 'A'}`;
    expect(
      verifyFileLink({ secret: SIGNING_SECRET, path, expires: String(expires), sign: forged }),
    ).toMatchObject({ ok: false, reason: 'bad-signature' });
    // Both signatures went through timingSafeEqual against the expected one, as equally long byte strings.
    expect(compared).toHaveBeenCalledTimes(2);
    for (const [actual, expected] of comparisons()) expect(actual).toHaveLength(expected!.length);
    expect(new Set(comparisons().map(([, expected]) => expected)).size).toBe(1);
  });
});

describe('tenancy', () => {
  it('an account can never render, see or use another account’s templates', async () => {
    const a = await seedAccount(url, 20);
    const b = await seedAccount(url, 20);
    const tb = await adminOk<{ id: string }>(url, 'POST', '/templates', templateBody(b.accountId));
    await adminOk(url, 'POST', `/templates/${tb.id}/publish`);
    const ta = await adminOk<{ id: string }>(url, 'POST', '/templates', templateBody(a.accountId));
    await adminOk(url, 'POST', `/templates/${ta.id}/publish`);

    // B renders its own.
    const own = await render(url, b.key, `/templates/${tb.id}/render`, { variables: { title: 'B' } });
    expect(own.status).toBe(200);
    // A gets exactly what a template that does not exist gets: 404 / 10105, published or draft.
    const missing = await render(url, a.key, '/templates/no-such-template/render', {
      variables: { title: 'A' },
    });
    for (const useDraft of [false, true]) {
      const foreign = await render(url, a.key, `/templates/${tb.id}/render`, {
        variables: { title: 'A' },
        useDraft,
      });
      expect([foreign.status, foreign.body.code]).toEqual([404, 10105]);
      expect(foreign.body.message.replace(tb.id, 'ID')).toBe(
        missing.body.message.replace('no-such-template', 'ID'),
      );
      expect(foreign.body.data).toBeUndefined();
    }
    // B's template is untouched: no unit of A was charged for trying.
    const usageA = await adminOk<{ rendersDone: number; packages: { remaining: number }[] }>(
      url,
      'GET',
      `/accounts/${a.accountId}/usage`,
    );
    expect(usageA.rendersDone).toBe(0);
    expect(usageA.packages[0]?.remaining).toBe(20);
    // Admin listings are per account.
    const listA = await adminOk<
      { id: string; accountId: string }[] | { templates: { id: string; accountId: string }[] }
    >(url, 'GET', `/templates?accountId=${a.accountId}`);
    const items = Array.isArray(listA) ? listA : listA.templates;
    expect(items.map((t) => t.id)).toEqual([ta.id]);
  });

  it('a revoked key is refused at once (401), and a key of another account cannot spend this account’s units', async () => {
    const a = await seedAccount(url, 5);
    const b = await seedAccount(url, 0);
    expect((await render(url, b.key, '/render', PIXEL)).body.code).toBe(30101);
    expect((await render(url, a.key, '/render', PIXEL)).status).toBe(200);
    await adminOk(url, 'DELETE', `/keys/${a.keyId}`);
    const revoked = await render(url, a.key, '/render', PIXEL);
    expect([revoked.status, revoked.body.code]).toEqual([401, 10104]);
  });
});

describe('signed links', () => {
  let link: URL;
  beforeAll(async () => {
    const a = await seedAccount(url, 5);
    const res = await render(url, a.key, '/render', { ...PIXEL, format: 'png' });
    link = new URL(String(res.body.data?.url));
  });

  async function get(target: string) {
    const res = await fetch(target);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body: Buffer.from(await res.arrayBuffer()),
    };
  }

  it('the link as given works', async () => {
    const res = await get(link.href);
    expect([res.status, res.type]).toEqual([200, 'image/png']);
  });

  it.each([
    [
      'another key in the path',
      (u: URL) => u.pathname.replace(/\/files\/(.)/, (_m, c: string) => `/files/${c === 'a' ? 'b' : 'a'}`),
    ],
    ['another extension', (u: URL) => u.pathname.replace('.png', '.webp')],
    ['a traversal in the path', () => '/files/..%2F..%2Fpictor.db'],
    [
      'expires moved later by 1 s',
      (u: URL) =>
        `${u.pathname}?expires=${Number(u.searchParams.get('expires')) + 1}&sign=${u.searchParams.get('sign')}`,
    ],
    [
      'expires moved to 2100',
      (u: URL) => `${u.pathname}?expires=4102444800&sign=${u.searchParams.get('sign')}`,
    ],
    [
      'one character of sign changed',
      (u: URL) => {
        const sign = u.searchParams.get('sign')!;
        return `${u.pathname}?expires=${u.searchParams.get('expires')}&sign=${sign.slice(0, -1)}${sign.endsWith('A') ? 'B' : 'A'}`;
      },
    ],
    ['no sign', (u: URL) => `${u.pathname}?expires=${u.searchParams.get('expires')}`],
    ['no expires', (u: URL) => `${u.pathname}?sign=${u.searchParams.get('sign')}`],
    [
      'sign with padding',
      (u: URL) =>
        `${u.pathname}?expires=${u.searchParams.get('expires')}&sign=${u.searchParams.get('sign')}=`,
    ],
    [
      'sign given twice',
      (u: URL) =>
        `${u.pathname}?expires=${u.searchParams.get('expires')}&sign=x&sign=${u.searchParams.get('sign')}`,
    ],
    [
      'expires given twice',
      (u: URL) =>
        `${u.pathname}?expires=4102444800&expires=${u.searchParams.get('expires')}&sign=${u.searchParams.get('sign')}`,
    ],
    [
      'a signature made with another secret',
      (u: URL) => {
        const expires = 4102444800;
        return `${u.pathname}?expires=${expires}&sign=${signFilePath('another-secret-0123456789', u.pathname, expires)}`;
      },
    ],
  ])('%s → 403 / 10109 (or 404), never image bytes', async (_name, tamper) => {
    const changed = tamper(new URL(link.href));
    const query = changed.includes('?') ? '' : link.search;
    const target = `${link.origin}${changed.startsWith('/') ? changed : `/${changed}`}${changed.includes('?') ? '' : query}`;
    const res = await get(target);
    expect(res.status).not.toBe(200);
    expect(res.type ?? '').not.toMatch(/^image\//);
    if (res.status === 403) expect(JSON.parse(res.body.toString()).code).toBe(10109);
  });

  it('an expired link → 403 / 10109', async () => {
    offset = 301_000;
    try {
      const res = await get(link.href);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body.toString())).toMatchObject({ code: 10109 });
    } finally {
      offset = 0;
    }
  });
});

describe('the admin API without its token', () => {
  const routes: [string, string][] = [
    ['POST', '/accounts'],
    ['POST', '/accounts/x/keys'],
    ['DELETE', '/keys/x'],
    ['POST', '/accounts/x/packages'],
    ['GET', '/accounts/x/usage'],
    ['POST', '/templates'],
    ['PUT', '/templates/x/draft'],
    ['DELETE', '/templates/x/draft'],
    ['POST', '/templates/x/publish'],
    ['POST', '/templates/x/unpublish'],
    ['POST', '/templates/x/archive'],
    ['GET', '/templates'],
    ['GET', '/templates/x'],
  ];
  const credentials: [string, Record<string, string>][] = [
    ['none', {}],
    ['a wrong token', { authorization: 'Bearer wrong-token-0123456789abcdef' }],
    ['the token one character short', { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` }],
    [
      'the token as Basic',
      { authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` },
    ],
    ['the token without Bearer', { authorization: ADMIN_TOKEN }],
    ['the token in X-API-Key', { 'x-api-key': ADMIN_TOKEN }],
  ];
  it.each(routes)(
    '%s %s → 401 / 10104 for every wrong credential, and nothing changes',
    async (method, path) => {
      const before = await adminOk<unknown[]>(url, 'GET', '/templates');
      for (const [, headers] of credentials) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', accountId: 'x' };
        const res = await call(url, method, `/admin/v1${path}`, { body, headers });
        expect([res.status, res.body.code]).toEqual([401, 10104]);
        expect(res.body.message).not.toContain(ADMIN_TOKEN);
      }
      const query = await call(
        url,
        'GET',
        `/admin/v1/templates?token=${ADMIN_TOKEN}&access_token=${ADMIN_TOKEN}`,
      );
      expect(query.status).toBe(401);
      expect(await adminOk<unknown[]>(url, 'GET', '/templates')).toEqual(before);
    },
  );
});

describe('secrets never in logs or error messages', () => {
  it('after keys, renders, links, failures and admin calls, the log holds no key, token, secret or signature', async () => {
    const { key, accountId } = await seedAccount(url, 5);
    const ok = await render(url, key, '/render', { ...PIXEL, format: 'webp' });
    const sign = new URL(String(ok.body.data?.url)).searchParams.get('sign')!;
    await fetch(String(ok.body.data?.url));
    const messages: string[] = [];
    const wrongKey = `${key.slice(0, -2)}zz`;
    for (const res of [
      await render(url, wrongKey, '/render', PIXEL),
      await render(url, key, '/render', { content: 42 }),
      await render(url, key, '/render', '{"content": "<div>', { 'content-type': 'application/json' }),
      await call(url, 'GET', '/admin/v1/templates', { headers: { authorization: `Bearer ${key}` } }),
      await call(url, 'GET', `/files/x.png?expires=1&sign=${sign}`),
      await admin(url, 'POST', `/accounts/${accountId}/packages`, { renders: 'many', expiresAt: 'x' }),
    ]) {
      messages.push(res.body.message);
    }
    // A request's line is written once its response has gone out, which the client may see first: wait for the
    // last one's (the test's time-out is the hang guard).
    await expect
      .poll(
        () =>
          logs
            .split('\n')
            .some((l) => /request completed/.test(l) && /\/packages/.test(l) && /"statusCode":400/.test(l)),
        { timeout: 100_000, interval: 20 },
      )
      .toBe(true);
    expect(logs.length).toBeGreaterThan(1000);
    for (const secret of [key, wrongKey, key.slice(3), ADMIN_TOKEN, SIGNING_SECRET, sign]) {
      const leak = logs.split('\n').find((line) => line.includes(secret));
      expect(leak, `a log line holds a secret: ${leak}`).toBeUndefined();
      for (const message of messages) expect(message).not.toContain(secret);
    }
    // The request log still says which routes were called (the redaction is targeted, not a blank log).
    expect(logs).toContain('/open/v1/images/render');
    expect(logs).toContain('[redacted]');
  });
});
