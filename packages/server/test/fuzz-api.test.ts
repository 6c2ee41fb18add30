/**
 * Fuzzing the HTTP API with fast-check: generated bodies, headers, content types and paths against both render
 * operations and the admin API. Whatever comes in: never a 5xx, never a crash, always the envelope with a
 * documented code whose HTTP status matches the error table.
 *
 * CI: a fixed seed and a few thousand cases (well under a minute). Nightly-style run:
 *   FUZZ_RUNS=100000 FUZZ_SEED=$RANDOM pnpm --filter @pictor/server exec vitest run test/fuzz-api.test.ts
 * (FUZZ_RUNS is the number of cases of each request property; the rendering property runs FUZZ_RUNS / 40.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PictorApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { ERROR_KINDS } from '../src/errors.js';
import { type RunningServer, startServer } from '../src/server.js';
import { ADMIN_TOKEN } from './helpers/http-server.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RENDER_RUNS = Math.max(25, Math.floor(RUNS / 40));

/** Every (status, code) pair the error table allows, plus success. */
const ALLOWED = new Set<string>(['200:0', ...Object.values(ERROR_KINDS).map((k) => `${k.status}:${k.code}`)]);

let dataDir: string;
let server: RunningServer;
let app: PictorApp;
let richKey: string;
let poorKey: string;
let templateId: string;
let accountId: string;

async function adminInject(method: 'POST' | 'GET', url: string, body?: unknown) {
  const res = await app.inject({
    method,
    url: `/admin/v1${url}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const parsed = res.json() as { code: number; data: Record<string, unknown> };
  if (parsed.code !== 0) throw new Error(`${url}: ${res.body}`);
  return parsed.data;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pictor-fuzz-'));
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      // Not listening (app.inject): links need a public URL.
      publicUrl: 'http://127.0.0.1:3000',
      adminToken: ADMIN_TOKEN,
      logLevel: 'silent',
      workers: 1,
      limits: { rateLimitMax: 100_000_000, renderTimeoutMs: 5_000, fetchTimeoutMs: 500 },
    },
  );
  server = await startServer(config, { listen: false });
  app = server.app;
  await app.ready();
  const rich = await adminInject('POST', '/accounts', { name: 'rich' });
  accountId = String(rich.id);
  richKey = String((await adminInject('POST', `/accounts/${accountId}/keys`)).key);
  await adminInject('POST', `/accounts/${accountId}/packages`, {
    renders: 1_000_000,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const poor = await adminInject('POST', '/accounts', { name: 'poor' });
  poorKey = String((await adminInject('POST', `/accounts/${String(poor.id)}/keys`)).key);
  const template = await adminInject('POST', '/templates', {
    accountId,
    name: 'fuzz',
    content:
      '<div style="display:flex;width:100%;height:100%;background:{{bg}}">{{title}} {{#items}}<b>{{.}}</b>{{/items}}</div>',
    variables: {
      title: { type: 'string', required: true, maxLength: 40 },
      bg: { type: 'color', default: '#123456' },
      n: { type: 'integer', minimum: 0, maximum: 10 },
      items: { type: 'array', items: { type: 'string' }, maxItems: 5 },
      link: { type: 'url' },
      pic: { type: 'image' },
    },
    width: 32,
    height: 16,
    format: 'png',
  });
  templateId = String(template.id);
  await adminInject('POST', `/templates/${templateId}/publish`);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Assert the response is the envelope with a documented code and the status of that code. */
function checkEnvelope(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  label: string,
): void {
  if (res.statusCode >= 500) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    throw new Error(`${label}: not JSON: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  const envelope = body as { code?: unknown; message?: unknown; data?: unknown };
  if (typeof envelope.code !== 'number' || typeof envelope.message !== 'string' || envelope.message === '') {
    throw new Error(`${label}: not the envelope: ${res.body.slice(0, 200)}`);
  }
  if (!ALLOWED.has(`${res.statusCode}:${envelope.code}`)) {
    throw new Error(
      `${label}: undocumented status/code ${res.statusCode}/${envelope.code}: ${res.body.slice(0, 200)}`,
    );
  }
  if (envelope.code !== 0 && envelope.data !== undefined) throw new Error(`${label}: data on an error`);
  if (/\n\s+at |node_modules|SqliteError|TypeError|ReferenceError/.test(envelope.message)) {
    throw new Error(`${label}: internals in the message: ${envelope.message}`);
  }
}

/** Any JSON value, biased towards the shapes the API cares about. */
const anyJson = fc.oneof(
  { depthSize: 'small' },
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 4096, 4097, 1e9, -1e9, 0.5, 1e308, -0, 2 ** 53, 100, 101),
  fc.constantFrom(
    '',
    ' ',
    'png',
    'jpeg',
    'webp',
    'gif',
    'PNG',
    '100',
    'NaN',
    'Infinity',
    'true',
    'null',
    '__proto__',
  ),
  fc.boolean(),
  fc.constant(null),
);

const htmlish = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '<div style="display:flex">x</div>',
    '<div style="display:flex;width:1e9px">x</div>',
    '<img src="http://127.0.0.1/x.png">',
    '<html><head><link rel="stylesheet" href="file:///etc/passwd"></head></html>',
    '<svg><use href="#a"/></svg>',
    '<style>@import url(http://169.254.169.254/)</style>',
    '{{{raw}}}',
    '\u0000\uFFFF\uD800',
  ),
);

const fontEntry = fc.record(
  {
    family: anyJson,
    url: fc.oneof(anyJson, fc.constantFrom('http://127.0.0.1/f.ttf', 'ftp://x/f.ttf', 'file:///etc/passwd')),
    data: fc.oneof(anyJson, fc.base64String({ maxLength: 64 })),
    weight: anyJson,
    style: anyJson,
  },
  { requiredKeys: [] },
);

const htmlBody = fc.record(
  {
    content: fc.oneof(htmlish, anyJson),
    width: anyJson,
    height: anyJson,
    format: anyJson,
    quality: anyJson,
    fonts: fc.oneof(fc.array(fontEntry, { maxLength: 3 }), anyJson),
    extra: anyJson,
  },
  { requiredKeys: [] },
);

const templateBody = fc.record(
  {
    variables: fc.oneof(
      fc.record(
        {
          title: anyJson,
          bg: anyJson,
          n: anyJson,
          items: anyJson,
          link: anyJson,
          pic: anyJson,
          __proto__: anyJson,
        },
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.string({ maxLength: 10 }), anyJson, { maxKeys: 5 }),
      anyJson,
    ),
    width: anyJson,
    height: anyJson,
    format: anyJson,
    quality: anyJson,
    useDraft: anyJson,
  },
  { requiredKeys: [] },
);

const contentType = fc.oneof(
  fc.constant('application/json; charset=utf-8'),
  fc.constant('application/json'),
  fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'application/json;charset=utf-16',
    '',
    'application/jsonx',
  ),
  fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
);

/** A body: JSON of a generated value most of the time, sometimes raw text or broken JSON. */
function payloadOf(value: unknown, mode: number): string {
  const json = JSON.stringify(value) ?? 'null';
  if (mode === 0) return json.slice(0, Math.max(0, json.length - 1));
  if (mode === 1) return `${json}garbage`;
  if (mode === 2) return '';
  return json;
}

const headerValue = fc.string({ maxLength: 60 }).filter((s) => /^[\x20-\x7e]*$/.test(s));

describe(`fuzz (seed ${SEED}, ${RUNS} cases per request property)`, () => {
  it('operation B: generated bodies, content types and keys → always the envelope, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        htmlBody,
        contentType,
        fc.nat(9),
        fc.oneof(fc.constant('poor'), fc.constant('none'), headerValue),
        async (body, type, mode, who) => {
          const key = who === 'poor' ? poorKey : who === 'none' ? undefined : who;
          const res = await app.inject({
            method: 'POST',
            url: '/open/v1/images/render',
            headers: { 'content-type': type, ...(key === undefined ? {} : { 'x-api-key': key }) },
            payload: payloadOf(body, mode),
          });
          checkEnvelope(res, `B ${JSON.stringify(body).slice(0, 150)} ${type}`);
          // The poor account has no units: nothing ever renders here, so nothing reaches the engine's 20105.
          if (key === poorKey) expect([400, 403, 413]).toContain(res.statusCode);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);

  it('operation A: generated variables, options and template ids → always the envelope, never 5xx', async () => {
    const ids = fc.oneof(
      fc.constant('TEMPLATE'),
      fc.constantFrom(
        'x',
        '..',
        '%2e%2e',
        '%00',
        'a'.repeat(600),
        '%F0%9F%98%80',
        '__proto__',
        'constructor',
      ),
      fc.string({ minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s)),
    );
    await fc.assert(
      fc.asyncProperty(templateBody, ids, contentType, fc.nat(9), async (body, id, type, mode) => {
        const res = await app.inject({
          method: 'POST',
          url: `/open/v1/images/templates/${id === 'TEMPLATE' ? templateId : id}/render`,
          headers: { 'content-type': type, 'x-api-key': poorKey },
          payload: payloadOf(body, mode),
        });
        checkEnvelope(res, `A ${id} ${JSON.stringify(body).slice(0, 150)} ${type}`);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);

  it('admin API: generated methods, paths and bodies → always the envelope, never 5xx', async () => {
    const paths = fc.constantFrom(
      '/accounts',
      '/accounts/ACCOUNT/keys',
      '/accounts/ACCOUNT/packages',
      '/accounts/ACCOUNT/usage',
      '/accounts/nope/packages',
      '/keys/nope',
      '/templates',
      '/templates?accountId=ACCOUNT',
      '/templates/TEMPLATE',
      '/templates/TEMPLATE/draft',
      '/templates/nope/publish',
      '/templates/nope/unpublish',
      '/templates/nope/archive',
      '/templates/%00/draft',
      '/nothing-here',
    );
    const adminBody = fc.oneof(
      fc.record(
        {
          name: anyJson,
          accountId: fc.oneof(fc.constant('ACCOUNT'), anyJson),
          id: anyJson,
          content: fc.oneof(htmlish, anyJson),
          variables: fc.oneof(
            anyJson,
            fc.dictionary(
              fc.string({ maxLength: 8 }),
              fc.record(
                { type: anyJson, required: anyJson, maxLength: anyJson, pattern: anyJson, default: anyJson },
                { requiredKeys: [] },
              ),
              { maxKeys: 3 },
            ),
          ),
          width: anyJson,
          height: anyJson,
          format: anyJson,
          quality: anyJson,
          renders: anyJson,
          expiresAt: fc.oneof(
            anyJson,
            fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          ),
        },
        { requiredKeys: [] },
      ),
      anyJson,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        paths,
        adminBody,
        contentType,
        fc.nat(9),
        async (method, path, body, type, mode) => {
          const withBody = method !== 'GET' && method !== 'DELETE';
          const resolved = path.replace('ACCOUNT', accountId).replace('TEMPLATE', templateId);
          const payloadValue = JSON.parse(
            JSON.stringify(body ?? null).replaceAll('"ACCOUNT"', JSON.stringify(accountId)),
          );
          const res = await app.inject({
            method,
            url: `/admin/v1${resolved}`,
            headers: {
              authorization: `Bearer ${ADMIN_TOKEN}`,
              ...(withBody ? { 'content-type': type } : {}),
            },
            ...(withBody ? { payload: payloadOf(payloadValue, mode) } : {}),
          });
          checkEnvelope(res, `admin ${method} ${resolved} ${JSON.stringify(body).slice(0, 150)}`);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);

  it('file links and unknown routes: generated paths and queries → never a file without a valid sign, never 5xx', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 30 }).map((x) => encodeURIComponent(x)),
      fc.constantFrom(
        '..',
        '%2e%2e',
        '%2F',
        '.png',
        'x.png',
        'pictor.db',
        'signing-secret',
        '%00',
        'a'.repeat(300),
      ),
    );
    const path = fc
      .tuple(
        fc.constantFrom('/files/', '/open/v1/', '/open/v1/images/', '/admin/v1/', '/'),
        fc.array(segment, { maxLength: 3 }),
      )
      .map(([prefix, parts]) => `${prefix}${parts.join('/')}`);
    const query = fc.oneof(
      fc.constant(''),
      fc
        .tuple(fc.oneof(fc.nat(), fc.string({ maxLength: 12 })), fc.string({ maxLength: 50 }))
        .map(
          ([expires, sign]) =>
            `?expires=${encodeURIComponent(String(expires))}&sign=${encodeURIComponent(sign)}`,
        ),
      fc.string({ maxLength: 40 }).map((x) => `?${encodeURIComponent(x)}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'),
        path,
        query,
        async (method, p, q) => {
          const res = await app.inject({ method, url: `${p}${q}`, headers: { 'x-api-key': poorKey } });
          if (res.statusCode >= 500) throw new Error(`${method} ${p}${q}: ${res.statusCode} ${res.body}`);
          expect(res.headers['content-type'] ?? '').not.toMatch(/^image\//);
          // The path as resolved (`/files/..` is `/`, the home page, which is HTML): API paths answer the envelope.
          const resolved = URL.canParse(`http://pictor.test${p}`)
            ? new URL(`http://pictor.test${p}`).pathname
            : p;
          if (method !== 'HEAD' && /^\/(files|open\/v1|admin\/v1)\//.test(resolved))
            checkEnvelope(res, `${method} ${p}${q}`);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);

  it(`rendering for real (${RENDER_RUNS} cases): valid shapes with generated values → 200, 400 or 403, never 5xx`, async () => {
    const small = fc.integer({ min: -2, max: 48 });
    const body = fc.record(
      {
        content: fc.oneof(
          htmlish,
          fc
            .tuple(
              fc.constantFrom('div', 'span', 'p', 'img', 'svg', 'table', 'pre'),
              fc.string({ maxLength: 40 }),
              fc.string({ maxLength: 40 }),
            )
            .map(
              ([tag, style, text]) =>
                `<${tag} style="display:flex;${style.replaceAll('"', '')}">${text}</${tag}>`,
            ),
        ),
        width: small,
        height: small,
        format: fc.constantFrom('png', 'jpeg', 'webp'),
        quality: fc.integer({ min: -1, max: 101 }),
      },
      { requiredKeys: ['content'] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const res = await app.inject({
          method: 'POST',
          url: '/open/v1/images/render',
          headers: { 'content-type': 'application/json', 'x-api-key': richKey },
          payload: JSON.stringify(value),
        });
        checkEnvelope(res, `render ${JSON.stringify(value)}`);
      }),
      { numRuns: RENDER_RUNS, seed: SEED },
    );
  }, 300_000);
});
