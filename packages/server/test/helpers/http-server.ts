/** Start the real server on a loopback port with a temp data dir and real SQLite; talk HTTP to it. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadConfig, type ServerLimits } from '../../src/config.js';
import { type RunningServer, type StartOptions, startServer } from '../../src/server.js';

/** The admin token of test servers. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestServer {
  url: string;
  server: RunningServer;
  dataDir: string;
  /** Move the server's clock (links, packages, usage). */
  advance(ms: number): void;
  now(): number;
  close(): Promise<void>;
}

/** Where a test server keeps its data: SQLite and disk in its data dir unless given. */
export interface TestBackends {
  /** `postgres://…` (a schema of the test database). */
  databaseUrl?: string;
  /** `s3://bucket/prefix`, with `s3Endpoint`. */
  storage?: string;
  s3Endpoint?: string;
  /** Origin of links (`PICTOR_PUBLIC_URL`). */
  publicUrl?: string;
  /** Serve the studio (default true). */
  studio?: boolean;
  /** `PICTOR_TRUST_PROXY` (default false). */
  trustProxy?: boolean | string[];
}

/** Start a server; `limits` overrides defaults (small body limit, low rate limit…). */
export async function startTestServer(
  limits: Partial<ServerLimits> = {},
  backends: TestBackends = {},
  /** Start options besides the clock (batch queue hooks…). */
  start: Omit<StartOptions, 'now'> = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pictor-http-'));
  let offset = 0;
  const now = () => Date.now() + offset;
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      adminToken: ADMIN_TOKEN,
      logLevel: 'silent',
      workers: 1,
      limits,
      ...backends,
    },
  );
  const server = await startServer(config, { ...start, now });
  return {
    url: server.url,
    server,
    dataDir,
    advance: (ms) => {
      offset += ms;
    },
    now,
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A response: status, headers and the parsed JSON body (or null). */
export interface JsonResponse {
  status: number;
  headers: Headers;
  body: { code: number; message: string; data?: Record<string, unknown> } & Record<string, unknown>;
}

/** Send a request; `body` objects are JSON with `Content-Type: application/json; charset=utf-8`, strings raw. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** Admin call with the test token. */
export function admin(base: string, method: string, path: string, body?: unknown): Promise<JsonResponse> {
  return call(base, method, `/admin/v1${path}`, {
    body,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
}

/** Admin call that must succeed; returns `data`. */
export async function adminOk<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await admin(base, method, path, body);
  if (res.status !== 200 || res.body.code !== 0) {
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.data as T;
}

/** A new account with a key and (unless `renders` is 0) a package of `renders` units valid for a day. */
export async function seedAccount(
  base: string,
  renders = 100,
): Promise<{ accountId: string; key: string; keyId: string }> {
  const account = await adminOk<{ id: string }>(base, 'POST', '/accounts', { name: 'test' });
  const key = await adminOk<{ id: string; key: string }>(base, 'POST', `/accounts/${account.id}/keys`);
  if (renders > 0) {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    await adminOk(base, 'POST', `/accounts/${account.id}/packages`, { renders, expiresAt });
  }
  return { accountId: account.id, key: key.key, keyId: key.id };
}

/** Units left in the account's valid packages. */
export async function unitsLeft(base: string, accountId: string): Promise<number> {
  const usage = await adminOk<{ packages: { remaining: number }[] }>(
    base,
    'GET',
    `/accounts/${accountId}/usage`,
  );
  return usage.packages.reduce((sum, p) => sum + p.remaining, 0);
}

/** A render request with the key. */
export function render(
  base: string,
  key: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return call(base, 'POST', `/open/v1/images${path}`, { body, headers: { 'x-api-key': key, ...headers } });
}

/** Fetch `data.url` and decode the image: format, size, and the RGBA of a pixel. */
export async function fetchImage(url: string) {
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200)
    throw new Error(`GET ${url}: ${res.status} ${bytes.toString('utf8').slice(0, 200)}`);
  const image = sharp(bytes);
  const meta = await image.metadata();
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const i = (y * info.width + x) * 4;
    return [data[i], data[i + 1], data[i + 2], data[i + 3]] as number[];
  };
  return { res, bytes, format: meta.format, width: meta.width, height: meta.height, pixel };
}

/** A simple template body for `POST /admin/v1/templates`. */
export function templateBody(accountId: string, extra: Record<string, unknown> = {}) {
  return {
    accountId,
    name: 'card',
    content:
      '<div style="display:flex;width:100%;height:100%;background:{{bg}};color:white;font-size:32px">{{title}}</div>',
    variables: {
      title: { type: 'string', required: true, maxLength: 20 },
      bg: { type: 'color', default: '#ff0000' },
    },
    width: 400,
    height: 200,
    format: 'png',
    ...extra,
  };
}
