/**
 * `GET|HEAD /files/{key}.{ext}?expires&sign` (docs/contract/decisions.md "Links"): headers, tampering, expiry by an
 * injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, seedAccount, startTestServer, type TestServer } from './helpers/http-server.js';

let t: TestServer;
let link: URL;
let image: Buffer;

beforeAll(async () => {
  t = await startTestServer();
  const { key } = await seedAccount(t.url, 10);
  const res = await render(t.url, key, '/render', {
    content: '<div style="display:flex;width:32px;height:16px;background:#123456"></div>',
    format: 'png',
  });
  link = new URL((res.body.data as { url: string }).url);
  const first = await fetch(link);
  image = Buffer.from(await first.arrayBuffer());
});
afterAll(() => t.close());

function withQuery(changes: Record<string, string | null>, path = link.pathname): string {
  const url = new URL(link);
  url.pathname = path;
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return url.toString();
}

async function expectRefused(url: string, method = 'GET') {
  const res = await fetch(url, { method });
  const text = await res.text();
  expect(res.status, url).toBe(403);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  if (method === 'GET') {
    const body = JSON.parse(text);
    expect(body.code).toBe(10109);
    expect(body.message).toMatch(/^link: /);
    expect(text).not.toContain('PNG');
  }
}

describe('GET /files/…', () => {
  it('a valid link returns the image with Content-Type, Content-Length, ETag and Cache-Control', async () => {
    const res = await fetch(link);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    const key = link.pathname.slice('/files/'.length);
    expect(res.headers.get('etag')).toBe(`"${key}"`);
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(290);
    expect(maxAge).toBeLessThanOrEqual(300);
  });

  it('Cache-Control is bounded by the remaining validity', async () => {
    t.advance(200_000);
    try {
      const res = await fetch(link);
      await res.arrayBuffer();
      const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);
      expect(maxAge).toBeGreaterThan(90);
      expect(maxAge).toBeLessThanOrEqual(100);
    } finally {
      t.advance(-200_000);
    }
  });

  it('HEAD answers the same headers without a body', async () => {
    const res = await fetch(link, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(image.length));
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{64}\.png"$/);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('If-None-Match with the ETag answers 304', async () => {
    const first = await fetch(link);
    await first.arrayBuffer();
    const res = await fetch(link, { headers: { 'if-none-match': first.headers.get('etag') ?? '' } });
    expect(res.status).toBe(304);
  });

  it('a tampered, missing or malformed sign is 403 / 10109 without image bytes', async () => {
    const sign = link.searchParams.get('sign') ?? '';
    const flipped = `${sign.slice(0, 10)}${sign[10] === 'A' ? 'B' : 'A'}${sign.slice(11)}`;
    await expectRefused(withQuery({ sign: flipped }));
    await expectRefused(withQuery({ sign: null }));
    await expectRefused(withQuery({ sign: '' }));
    await expectRefused(withQuery({ sign: 'short' }));
    await expectRefused(withQuery({ sign: flipped }), 'HEAD');
  });

  it('a changed expires or a changed path breaks the signature', async () => {
    const expires = Number(link.searchParams.get('expires'));
    await expectRefused(withQuery({ expires: String(expires + 3600) }));
    await expectRefused(withQuery({ expires: null }));
    const otherKey = `/files/${'0'.repeat(64)}.png`;
    await expectRefused(withQuery({}, otherKey));
    await expectRefused(withQuery({}, link.pathname.replace('.png', '.webp')));
  });

  it('only the link as issued is served: each other spelling of it is 403 / 10109 (one link, one cache key)', async () => {
    // A link whose sign has a `-` or `_`, so that its standard-base64 spelling differs (3 in 4 signatures do; the
    // same content is signed anew one second later).
    const { key } = await seedAccount(t.url, 20);
    let issued: URL | undefined;
    let moved = 0;
    try {
      for (let attempt = 0; attempt < 20 && !issued?.searchParams.get('sign')?.match(/[-_]/); attempt++) {
        t.advance(1000);
        moved += 1000;
        const res = await render(t.url, key, '/render', {
          content: '<div style="display:flex;width:32px;height:16px;background:#123456"></div>',
          format: 'png',
        });
        issued = new URL((res.body.data as { url: string }).url);
      }
    } finally {
      t.advance(-moved);
    }
    const expires = issued?.searchParams.get('expires') ?? '';
    const sign = issued?.searchParams.get('sign') ?? '';
    expect(sign).toMatch(/[-_]/);
    const base = `${issued?.origin}${issued?.pathname}`;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 bytes in 43 characters: the last one has two spare bits, so four characters decode to the same bytes.
    const spare = `${sign.slice(0, -1)}${alphabet[alphabet.indexOf(sign.at(-1) ?? 'A') ^ 1]}`;
    expect(Buffer.from(spare, 'base64url').equals(Buffer.from(sign, 'base64url'))).toBe(true);
    const standard = sign.replace(/-/g, '+').replace(/_/g, '/');
    const percent = (text: string) => `%${text.charCodeAt(0).toString(16).toUpperCase()}${text.slice(1)}`;
    for (const query of [
      `expires=0${expires}&sign=${sign}`,
      `expires=00${expires}&sign=${sign}`,
      `expires=${percent(expires)}&sign=${sign}`,
      `expires=%2B${expires}&sign=${sign}`,
      `expires=${expires}&sign=${spare}`,
      `expires=${expires}&sign=${sign}=`,
      `expires=${expires}&sign=${sign}%3D`,
      `expires=${expires}&sign=${standard}`,
      `expires=${expires}&sign=${encodeURIComponent(standard)}`,
      `expires=${expires}&sign=${percent(sign)}`,
      `sign=${sign}&expires=${expires}`,
      `expires=${expires}&sign=${sign}&x=1`,
      `x=1&expires=${expires}&sign=${sign}`,
      `expires=${expires}&sign=${sign}&`,
      `expires=${expires}&expires=${expires}&sign=${sign}`,
      `expires=${expires}&sign=${sign}&sign=${sign}`,
    ]) {
      await expectRefused(`${base}?${query}`);
    }
    // The link as issued is still served.
    const res = await fetch(`${base}?expires=${expires}&sign=${sign}`);
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('an expired link is 403 / 10109 (clock moved past 5 minutes)', async () => {
    t.advance(301_000);
    try {
      await expectRefused(link.toString());
    } finally {
      t.advance(-301_000);
    }
    const again = await fetch(link);
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });

  it('a valid link to an object no longer stored is 404 / 10105', async () => {
    const { key } = await seedAccount(t.url, 1);
    const res = await render(t.url, key, '/render', {
      content: '<div style="display:flex;width:7px;height:7px;background:#abcdef"></div>',
      format: 'png',
    });
    const url = new URL((res.body.data as { url: string }).url);
    await t.server.storage.delete(url.pathname.slice('/files/'.length));
    const gone = await fetch(url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({
      code: 10105,
      message: 'file: no longer stored; send the render request again',
    });
  });

  it('the link expires exactly 300 s after the response', async () => {
    const expires = Number(link.searchParams.get('expires'));
    expect(expires - Math.floor(t.now() / 1000)).toBeGreaterThan(295);
    expect(expires - Math.floor(t.now() / 1000)).toBeLessThanOrEqual(300);
  });
});
