/** createClient against a real HTTP server on loopback: requests as sent, data on success, PictorApiError otherwise. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, PictorApiError } from '../src/index.js';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let base = '';
let seen: Seen[] = [];
/** What the server answers next: status, headers, body. */
let next: { status: number; headers?: Record<string, string>; body: string } = { status: 200, body: '' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      res.end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const data = {
  url: 'http://x/files/a.png?expires=1&sign=s',
  width: 800,
  height: 400,
  format: 'png',
  contentType: 'image/png',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

describe('createClient', () => {
  it('renderTemplate posts operation A with the key and JSON, and resolves with data', async () => {
    seen = [];
    next = { status: 200, body: JSON.stringify({ code: 0, message: 'success', data }) };
    const client = createClient({ baseUrl: base, apiKey: 'pk_test' });
    const body = { variables: { title: 'Hi' }, scale: 2, format: 'png' as const };
    expect(await client.renderTemplate('blog card/1', body)).toEqual(data);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/open/v1/images/templates/blog%20card%2F1/render',
    });
    expect(seen[0]?.headers['x-api-key']).toBe('pk_test');
    expect(seen[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual(body);
  });

  it('renderHtml posts operation B', async () => {
    seen = [];
    next = { status: 200, body: JSON.stringify({ code: 0, message: 'success', data }) };
    const client = createClient({ baseUrl: base, apiKey: 'pk_test' });
    await client.renderHtml({
      content: '<p>x</p>',
      fonts: [{ family: 'Brand', url: 'https://x/font.woff2' }],
    });
    expect(seen[0]?.url).toBe('/open/v1/images/render');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      content: '<p>x</p>',
      fonts: [{ family: 'Brand', url: 'https://x/font.woff2' }],
    });
  });

  it('an error envelope throws PictorApiError with code, status, message and Retry-After', async () => {
    const client = createClient({ baseUrl: base, apiKey: 'pk_test' });
    next = { status: 400, body: JSON.stringify({ code: 10103, message: 'variables.title: is required' }) };
    const invalid = await client.renderTemplate('t', { variables: {} }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(PictorApiError);
    expect(invalid).toMatchObject({ code: 10103, status: 400, message: 'variables.title: is required' });
    expect((invalid as PictorApiError).retryAfter).toBeUndefined();
    next = {
      status: 429,
      headers: { 'retry-after': '7' },
      body: JSON.stringify({ code: 10108, message: 'rate limit' }),
    };
    await expect(client.renderHtml({ content: 'x' })).rejects.toMatchObject({
      name: 'PictorApiError',
      code: 10108,
      status: 429,
      retryAfter: 7,
    });
  });

  it('an answer that is not the envelope (a proxy page) throws code 50000 with the status', async () => {
    const client = createClient({ baseUrl: base, apiKey: 'pk_test' });
    next = { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad Gateway</html>' };
    const error = await client.renderHtml({ content: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 50000, status: 502 });
    expect((error as Error).message).toContain("was not Pictor's JSON envelope");
  });

  it('uses the fetch it is given', async () => {
    next = { status: 200, body: JSON.stringify({ code: 0, message: 'success', data }) };
    const calls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    await createClient({ baseUrl: base, apiKey: 'k', fetch: recording }).renderHtml({ content: 'x' });
    expect(calls).toEqual([`${base.replace(/\/$/, '')}/open/v1/images/render`]);
  });
});
