/**
 * Limits on failed sign-ins (the studio's and the admin API's bearer token) on the real server: counted per client
 * and per credential with growing delays, never refusing a correct credential because of someone else's failures;
 * the client address and protocol behind a trusted proxy (`PICTOR_TRUST_PROXY`).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  call,
  type JsonResponse,
  seedAccount,
  startTestServer,
  type TestServer,
} from './helpers/http-server.js';
import { createTestSchema } from './helpers/postgres-schema.js';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const server = await startTestServer(...args);
  servers.push(server);
  return server;
}

/** A studio sign-in, from `client` (an `X-Forwarded-For` address) when given. */
function signIn(server: TestServer, body: Record<string, string>, client?: string): Promise<JsonResponse> {
  return call(server.url, 'POST', '/studio/api/session', {
    body,
    headers: client === undefined ? {} : { 'x-forwarded-for': client },
  });
}

/** An admin API request with `token` as its bearer, from `client` when given. */
function adminWith(server: TestServer, token: string | undefined, client?: string): Promise<JsonResponse> {
  return call(server.url, 'GET', '/admin/v1/templates', {
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(client === undefined ? {} : { 'x-forwarded-for': client }),
    },
  });
}

/** A well-formed key nobody was given. */
const randomKey = () => `pk_${randomBytes(32).toString('base64url')}`;

const statusAndWait = (response: JsonResponse) => [response.status, response.headers.get('retry-after')];

describe('failed sign-ins never lock out a correct credential', () => {
  it('the issue: 10 wrong keys, then the right key and the admin token answer 200, not 429', async () => {
    const server = await start();
    const account = await seedAccount(server.url, 0);
    for (let i = 0; i < 10; i++) expect((await signIn(server, { apiKey: 'pk_wrong' })).status).toBe(401);
    // The wrong key itself is held off from here: its 11th and 12th tries wait.
    const held = await signIn(server, { apiKey: 'pk_wrong' });
    expect([held.status, held.body.code, held.headers.get('retry-after')]).toEqual([429, 10108, '1']);
    expect((await signIn(server, { apiKey: 'pk_wrong' })).status).toBe(429);
    for (let i = 0; i < 30; i++) expect((await signIn(server, { apiKey: randomKey() })).status).toBe(401);
    expect((await signIn(server, { apiKey: account.key })).status).toBe(200);
    expect((await signIn(server, { adminToken: ADMIN_TOKEN })).status).toBe(200);
    expect((await adminWith(server, ADMIN_TOKEN)).status).toBe(200);
  });

  it('holds one client off one credential with growing delays; another client signs in meanwhile', async () => {
    const server = await start({ studioSignInFailuresMax: 2 }, { trustProxy: ['127.0.0.1'] });
    const attacker = '203.0.113.7';
    for (let i = 0; i < 2; i++) {
      expect((await signIn(server, { adminToken: 'wrong-admin-token' }, attacker)).status).toBe(401);
    }
    expect(statusAndWait(await signIn(server, { adminToken: 'wrong-admin-token' }, attacker))).toEqual([
      429,
      '1',
    ]);
    // Held off, the attacker's address is refused the admin token unchecked, even the right one …
    expect(statusAndWait(await signIn(server, { adminToken: ADMIN_TOKEN }, attacker))).toEqual([429, '1']);
    // … while anyone else signs in with it.
    expect((await signIn(server, { adminToken: ADMIN_TOKEN }, '198.51.100.20')).status).toBe(200);
    // Each further failure doubles the wait.
    server.advance(1000);
    expect(statusAndWait(await signIn(server, { adminToken: 'guess-2' }, attacker))).toEqual([429, '2']);
    server.advance(2000);
    expect(statusAndWait(await signIn(server, { adminToken: 'guess-3' }, attacker))).toEqual([429, '4']);
    server.advance(3000);
    expect((await signIn(server, { adminToken: 'guess-4' }, attacker)).status).toBe(429);
    server.advance(1000);
    expect(statusAndWait(await signIn(server, { adminToken: 'guess-4' }, attacker))).toEqual([429, '8']);
    // Once the wait is over the right token is checked again, from the same address too.
    server.advance(8000);
    expect((await signIn(server, { adminToken: ADMIN_TOKEN }, attacker)).status).toBe(200);
  });

  it('counts wrong bearer tokens of the admin API with the studio’s wrong admin tokens', async () => {
    const server = await start({ studioSignInFailuresMax: 2 }, { trustProxy: ['127.0.0.1'] });
    const attacker = '203.0.113.8';
    // No token at all is no attempt: not counted.
    for (let i = 0; i < 5; i++) expect((await adminWith(server, undefined, attacker)).status).toBe(401);
    expect((await adminWith(server, 'wrong-admin-token', attacker)).status).toBe(401);
    expect((await signIn(server, { adminToken: 'wrong-admin-token' }, attacker)).status).toBe(401);
    const held = await adminWith(server, 'wrong-admin-token', attacker);
    expect([held.status, held.body.code, held.headers.get('retry-after')]).toEqual([429, 10108, '1']);
    expect(held.body.message).toMatch(/retry after 1 s/);
    expect((await adminWith(server, ADMIN_TOKEN, attacker)).status).toBe(429);
    expect((await signIn(server, { adminToken: ADMIN_TOKEN }, attacker)).status).toBe(429);
    expect((await adminWith(server, ADMIN_TOKEN, '198.51.100.21')).status).toBe(200);
    expect((await signIn(server, { adminToken: ADMIN_TOKEN }, '198.51.100.21')).status).toBe(200);
  });

  it('a client spraying keys is held off each new wrong key at once, never its right key', async () => {
    const server = await start({ studioSignInFailuresMax: 1 }, { trustProxy: ['127.0.0.1'] });
    const account = await seedAccount(server.url, 0);
    const client = '203.0.113.9';
    // 10 failures over all credentials are the client's allowance (10 × the per-credential one).
    for (let i = 0; i < 10; i++)
      expect((await signIn(server, { apiKey: randomKey() }, client)).status).toBe(401);
    expect(statusAndWait(await signIn(server, { apiKey: randomKey() }, client))).toEqual([429, '1']);
    expect(statusAndWait(await signIn(server, { apiKey: randomKey() }, client))).toEqual([429, '2']);
    expect((await signIn(server, { apiKey: account.key }, client)).status).toBe(200);
  });

  it('one credential tried from many addresses: each new one is held off after one failure, a clean one signs in', async () => {
    const server = await start({ studioSignInFailuresMax: 1 }, { trustProxy: ['127.0.0.1'] });
    for (let i = 1; i <= 10; i++) {
      expect((await adminWith(server, `guess-${i}`, `192.0.2.${i}`)).status).toBe(401);
    }
    expect(statusAndWait(await adminWith(server, 'guess-11', '192.0.2.11'))).toEqual([429, '1']);
    expect((await adminWith(server, ADMIN_TOKEN, '192.0.2.11')).status).toBe(429);
    expect((await adminWith(server, ADMIN_TOKEN, '192.0.2.12')).status).toBe(200);
  });

  it('without PICTOR_TRUST_PROXY, X-Forwarded-For is not believed: a held-off client cannot claim another address', async () => {
    const server = await start({ studioSignInFailuresMax: 1 });
    expect((await adminWith(server, 'wrong-admin-token', '192.0.2.1')).status).toBe(401);
    expect((await adminWith(server, 'wrong-admin-token', '192.0.2.2')).status).toBe(429);
    expect((await adminWith(server, ADMIN_TOKEN, '192.0.2.3')).status).toBe(429);
    server.advance(1000);
    expect((await adminWith(server, ADMIN_TOKEN, '192.0.2.3')).status).toBe(200);
  });
});

describe.skipIf(!process.env.PICTOR_TEST_DATABASE_URL)('two nodes on one PostgreSQL', () => {
  it('count failures together: past the allowance over both nodes, a failure on either is held off', async () => {
    const schema = await createTestSchema(process.env.PICTOR_TEST_DATABASE_URL as string, 'signin');
    try {
      const [a, b] = [
        await start({ studioSignInFailuresMax: 2 }, { databaseUrl: schema.url }),
        await start({ studioSignInFailuresMax: 2 }, { databaseUrl: schema.url }),
      ];
      expect((await adminWith(a, 'wrong-admin-token')).status).toBe(401);
      expect((await adminWith(b, 'wrong-admin-token')).status).toBe(401);
      expect(statusAndWait(await adminWith(a, 'wrong-admin-token'))).toEqual([429, '1']);
      // Hold-offs are kept per process; the count is not, so node b's next failure waits twice as long.
      expect(statusAndWait(await adminWith(b, 'wrong-admin-token'))).toEqual([429, '2']);
    } finally {
      for (const server of servers.splice(0)) await server.close();
      await schema.drop();
    }
  });
});

describe('behind a trusted proxy', () => {
  it('marks the studio cookie Secure when the proxy says the request came over https, only from a trusted proxy', async () => {
    const trusting = await start({}, { trustProxy: ['loopback'] });
    const account = await seedAccount(trusting.url, 0);
    const viaHttps = await call(trusting.url, 'POST', '/studio/api/session', {
      body: { apiKey: account.key },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaHttps.headers.get('set-cookie')).toMatch(/; Secure/);
    const plain = await call(trusting.url, 'POST', '/studio/api/session', { body: { apiKey: account.key } });
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);

    const untrusting = await start();
    const other = await seedAccount(untrusting.url, 0);
    const claimed = await call(untrusting.url, 'POST', '/studio/api/session', {
      body: { apiKey: other.key },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.status).toBe(200);
    expect(claimed.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('takes the studio page’s origin from X-Forwarded-Host of a trusted proxy only', async () => {
    const proxied = { origin: 'https://img.example.com', 'x-forwarded-host': 'img.example.com' };
    const trusting = await start({}, { trustProxy: ['127.0.0.1'] });
    const account = await seedAccount(trusting.url, 0);
    const viaProxy = await call(trusting.url, 'POST', '/studio/api/session', {
      body: { apiKey: account.key },
      headers: proxied,
    });
    expect(viaProxy.status).toBe(200);

    const untrusting = await start();
    const other = await seedAccount(untrusting.url, 0);
    const claimed = await call(untrusting.url, 'POST', '/studio/api/session', {
      body: { apiKey: other.key },
      headers: proxied,
    });
    expect([claimed.status, claimed.body.code]).toEqual([401, 10104]);
    expect(claimed.body.message).toMatch(/^Origin: /);
  });
});
