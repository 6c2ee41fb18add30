/**
 * SSRF through the whole server: images (<img>, CSS url()), fonts (request `fonts`, @font-face) and
 * <link rel=stylesheet> cannot reach loopback, private, link-local, metadata, 0.0.0.0, IPv6-local or IPv4-mapped
 * addresses, other schemes, redirects to those, names resolving to them, or odd IP spellings. A real asset server
 * on loopback counts every request it gets: it must get none. The allow-list lets it through; a slow-drip
 * server is cut off at the fetch time limit.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchImage,
  render,
  seedAccount,
  startTestServer,
  type TestServer,
  unitsLeft,
} from './helpers/http-server.js';

interface AssetServer {
  port: number;
  hits: string[];
  dripClosed: Promise<void>;
  close(): Promise<void>;
}

const FONT_PATH = new URL('../../core/test/fixtures/fonts/NotoSans-Regular.otf', import.meta.url);

/** The same handler on 127.0.0.1, 127.0.0.2 and ::1 (where available), all on one port, counting every request. */
async function startAssets(): Promise<AssetServer> {
  const { readFile } = await import('node:fs/promises');
  const font = await readFile(FONT_PATH);
  const red = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const hits: string[] = [];
  let dripClosedResolve: () => void = () => {};
  const dripClosed = new Promise<void>((resolve) => {
    dripClosedResolve = resolve;
  });
  const sockets = new Set<Socket>();
  const handler: http.RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(`${req.socket.localAddress} ${url.pathname}`);
    if (url.pathname === '/red.png') return void res.end(red);
    if (url.pathname === '/font.otf') return void res.end(font);
    if (url.pathname === '/blue.css') {
      res.setHeader('content-type', 'text/css');
      return void res.end('.box { background: #0000ff; }');
    }
    if (url.pathname === '/redirect') {
      res.statusCode = 302;
      res.setHeader('location', url.searchParams.get('to') ?? '/');
      return void res.end();
    }
    if (url.pathname === '/drip') {
      res.setHeader('content-type', 'image/png');
      res.flushHeaders();
      const timer = setInterval(() => res.write(Buffer.from([0x89])), 1000);
      res.on('close', () => {
        clearInterval(timer);
        dripClosedResolve();
      });
      return;
    }
    res.statusCode = 404;
    res.end();
  };
  const servers: http.Server[] = [];
  const listen = (host: string, port: number) =>
    new Promise<http.Server | null>((resolve) => {
      const server = http.createServer(handler);
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      server.once('error', () => resolve(null));
      server.listen(port, host, () => resolve(server));
    });
  const primary = await listen('127.0.0.1', 0);
  if (!primary) throw new Error('cannot listen on 127.0.0.1');
  servers.push(primary);
  const port = (primary.address() as AddressInfo).port;
  for (const host of ['127.0.0.2', '::1']) {
    const extra = await listen(host, port);
    if (extra) servers.push(extra);
  }
  return {
    port,
    hits,
    dripClosed,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    },
  };
}

let assets: AssetServer;
let guarded: TestServer;
let allowing: TestServer;
/** Allowing too, with a 1 s fetch time limit: only for the test of that limit (a busy machine can take longer to
 * fetch a real asset from this process). */
let limited: TestServer;

beforeAll(async () => {
  assets = await startAssets();
  guarded = await startTestServer({ rateLimitMax: 100_000 });
  allowing = await startTestServer({
    rateLimitMax: 100_000,
    fetchAllowList: ['127.0.0.1'],
    fetchTimeoutMs: 600_000,
  });
  limited = await startTestServer({
    rateLimitMax: 100_000,
    fetchAllowList: ['127.0.0.1'],
    fetchTimeoutMs: 1000,
  });
});

afterAll(async () => {
  await guarded?.close();
  await allowing?.close();
  await limited?.close();
  await assets?.close();
});

/** URLs that must never be fetched. `P` is replaced by the asset server's port. */
const BLOCKED = [
  'http://127.0.0.1:P/red.png',
  'http://127.0.0.2:P/red.png',
  'http://localhost:P/red.png',
  'http://LOCALHOST.:P/red.png',
  'http://[::1]:P/red.png',
  'http://[::ffff:127.0.0.1]:P/red.png',
  'http://[::ffff:7f00:1]:P/red.png',
  'http://[0:0:0:0:0:ffff:127.0.0.1]:P/red.png',
  'http://0.0.0.0:P/red.png',
  'http://0:P/red.png',
  'http://2130706433:P/red.png',
  'http://017700000001:P/red.png',
  'http://0x7f000001:P/red.png',
  'http://0x7f.0.0.1:P/red.png',
  'http://0177.0.0.1:P/red.png',
  'http://127.1:P/red.png',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://10.0.0.1/x.png',
  'http://172.16.0.1/x.png',
  'http://192.168.0.1/x.png',
  'http://100.64.0.1/x.png',
  'http://[fe80::1]/x.png',
  'http://[fc00::1]/x.png',
  'file:///etc/passwd',
  'ftp://127.0.0.1:P/red.png',
  'gopher://127.0.0.1:P/_GET%20/red.png',
];

function at(url: string): string {
  return url.replace(':P/', `:${assets.port}/`);
}

describe('without an allow-list, nothing local is ever fetched', () => {
  it.each(BLOCKED)(
    '%s as <img>, CSS url() and a request font → 403 / 20105; no request reaches the asset server',
    async (raw) => {
      const { key } = await seedAccount(guarded.url, 10);
      const url = at(raw);
      const before = assets.hits.length;
      const img = await render(guarded.url, key, '/render', {
        content: `<img src="${url}" width="10" height="10">`,
        width: 20,
        height: 20,
        format: 'png',
      });
      expect([img.status, img.body.code]).toEqual([403, 20105]);
      expect(img.body.message).toMatch(/image generation failed: .+/);
      const css = await render(guarded.url, key, '/render', {
        content: `<div style="display:flex;width:20px;height:20px;background-image:url('${url}')"></div>`,
        format: 'png',
      });
      expect([css.status, css.body.code]).toEqual([403, 20105]);
      const font = await render(guarded.url, key, '/render', {
        content: '<div style="display:flex;font-family:Remote">x</div>',
        width: 20,
        height: 20,
        fonts: [{ family: 'Remote', url }],
      });
      // http(s) URLs are refused by the fetcher (20105, family named); other schemes by the request schema (10103).
      if (/^https?:/.test(url)) {
        expect([font.status, font.body.code]).toEqual([403, 20105]);
        expect(font.body.message).toContain('Remote');
      } else {
        expect([
          [400, 10103],
          [403, 20105],
        ]).toContainEqual([font.status, font.body.code]);
      }
      expect(assets.hits.slice(before)).toEqual([]);
    },
  );

  it.each(BLOCKED)(
    '%s as <link rel=stylesheet>, @import and @font-face: ignored with the built-in fallbacks; no request',
    async (raw) => {
      const { key } = await seedAccount(guarded.url, 10);
      const url = at(raw);
      const before = assets.hits.length;
      const res = await render(guarded.url, key, '/render', {
        content: `<html><head><link rel="stylesheet" href="${url}"><style>@import url('${url}');@font-face{font-family:Evil;src:url('${url}')}</style></head><body style="margin:0"><div class="box" style="display:flex;width:20px;height:20px;font-family:Evil">x</div></body></html>`,
        width: 20,
        height: 20,
        format: 'png',
      });
      expect([
        [200, 0],
        [403, 20105],
      ]).toContainEqual([res.status, res.body.code]);
      expect(assets.hits.slice(before)).toEqual([]);
    },
  );

  it('failed fetches charge nothing', async () => {
    const { accountId, key } = await seedAccount(guarded.url, 3);
    for (const raw of BLOCKED.slice(0, 5)) {
      await render(guarded.url, key, '/render', {
        content: `<img src="${at(raw)}" width="4" height="4">`,
        width: 4,
        height: 4,
      });
    }
    expect(await unitsLeft(guarded.url, accountId)).toBe(3);
  });
});

describe('with PICTOR_FETCH_ALLOW_LIST=127.0.0.1', () => {
  it('a self-hosted image and font load', async () => {
    const { key } = await seedAccount(allowing.url, 10);
    const origin = `http://127.0.0.1:${assets.port}`;
    const img = await render(allowing.url, key, '/render', {
      content: `<img src="${origin}/red.png" width="16" height="16">`,
      width: 16,
      height: 16,
      format: 'png',
    });
    expect(img.status).toBe(200);
    expect((await fetchImage(String(img.body.data?.url))).pixel(8, 8)).toEqual([255, 0, 0, 255]);

    const before = assets.hits.filter((h) => h.endsWith('/font.otf')).length;
    const font = await render(allowing.url, key, '/render', {
      content: '<div style="display:flex;font-family:Remote">Hi</div>',
      width: 40,
      height: 20,
      fonts: [{ family: 'Remote', url: `${origin}/font.otf` }],
    });
    expect(font.status).toBe(200);
    expect(assets.hits.filter((h) => h.endsWith('/font.otf')).length).toBe(before + 1);
  });

  it('a self-hosted <link rel=stylesheet> loads and applies', async () => {
    const { key } = await seedAccount(allowing.url, 10);
    const origin = `http://127.0.0.1:${assets.port}`;
    const sheet = await render(allowing.url, key, '/render', {
      content: `<html><head><link rel="stylesheet" href="${origin}/blue.css"></head><body style="margin:0"><div class="box" style="display:flex;width:16px;height:16px"></div></body></html>`,
      width: 16,
      height: 16,
      format: 'png',
    });
    expect(sheet.status).toBe(200);
    expect((await fetchImage(String(sheet.body.data?.url))).pixel(8, 8)).toEqual([0, 0, 255, 255]);
  });

  it.each([
    'http://127.0.0.2:P/red.png',
    'http://[::1]:P/red.png',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/x.png',
    'file:///etc/passwd',
  ])(
    'a redirect from the allowed host to %s is refused (each hop checked); the target gets nothing',
    async (raw) => {
      const { key } = await seedAccount(allowing.url, 10);
      const target = at(raw);
      const before = assets.hits.length;
      const res = await render(allowing.url, key, '/render', {
        content: `<img src="http://127.0.0.1:${assets.port}/redirect?to=${encodeURIComponent(target)}" width="8" height="8">`,
        width: 8,
        height: 8,
      });
      expect([res.status, res.body.code]).toEqual([403, 20105]);
      // Only the first hop, on the allowed address, was requested.
      expect(assets.hits.slice(before)).toEqual([`127.0.0.1 /redirect`]);
    },
  );

  it('a server sending one byte a second is cut off at the fetch time limit (1 s here)', async () => {
    const { accountId, key } = await seedAccount(limited.url, 5);
    // Without the limit the drip never ends (the test's time-out would end it); the message names the limit.
    const res = await render(limited.url, key, '/render', {
      content: `<img src="http://127.0.0.1:${assets.port}/drip" width="8" height="8">`,
      width: 8,
      height: 8,
    });
    expect([res.status, res.body.code]).toEqual([403, 20105]);
    expect(res.body.message).toContain('within 1000 ms (the fetch time limit)');
    await assets.dripClosed; // the connection to the drip server was closed, not left hanging
    expect(await unitsLeft(limited.url, accountId)).toBe(5);
  });
});

describe('local files', () => {
  const redFile = '/tmp/pictor-ssrf-local/red.png';
  beforeAll(async () => {
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir('/tmp/pictor-ssrf-local', { recursive: true });
    await writeFile(
      redFile,
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    const { rm } = await import('node:fs/promises');
    await rm('/tmp/pictor-ssrf-local', { recursive: true, force: true });
  });

  it.each([
    ['<img> absolute path', `<img src="${redFile}" width="10" height="10">`],
    ['<img> file: URL', `<img src="file://${redFile}" width="10" height="10">`],
    ['<img> relative path', '<img src="../../../../tmp/pictor-ssrf-local/red.png" width="10" height="10">'],
    [
      '<img> under <base href=file:>',
      '<html><head><base href="file:///tmp/pictor-ssrf-local/"></head><body><img src="red.png" width="10" height="10"></body></html>',
    ],
    [
      'CSS url() absolute path',
      `<div style="display:flex;width:10px;height:10px;background-image:url(${redFile})"></div>`,
    ],
    [
      '<svg><image href>',
      `<svg width="10" height="10" viewBox="0 0 10 10"><image href="${redFile}" width="10" height="10"/></svg>`,
    ],
    [
      '<svg><feImage href>',
      `<svg width="10" height="10" viewBox="0 0 10 10"><filter id="f"><feImage href="${redFile}" width="10" height="10"/></filter><rect width="10" height="10" filter="url(#f)"/></svg>`,
    ],
  ])('%s → 403 / 20105, the file is never read into the image', async (_name, content) => {
    const { key } = await seedAccount(guarded.url, 5);
    const res = await render(guarded.url, key, '/render', { content, width: 10, height: 10, format: 'png' });
    expect([res.status, res.body.code]).toEqual([403, 20105]);
  });

  // An SVG picture naming the file in a repeated attribute: the check once kept one attribute of a name, so the
  // third replaced the second unchecked; resvg reads `href` and `xlink:href` as written, and draws the file an
  // <feImage> names even in a picture.
  const picture = (body: string) =>
    `<img src="data:image/svg+xml;base64,${Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">${body}</svg>`,
    ).toString('base64')}" width="10" height="10">`;
  const feImage = (attributes: string) =>
    `<filter id="f" x="0" y="0" width="1" height="1"><feImage ${attributes} width="10" height="10"/></filter><rect width="10" height="10" filter="url(#f)"/>`;
  it.each([
    ['<image HREF href Href>', `<image HREF="#a" href="${redFile}" Href="#b" width="10" height="10"/>`],
    [
      '<image xlink:HREF xlink:href xlink:Href>',
      `<image xlink:HREF="#a" xlink:href="${redFile}" xlink:Href="#b" width="10" height="10"/>`,
    ],
    ['<feImage HREF href Href>', feImage(`HREF="#a" href="${redFile}" Href="#b"`)],
    [
      '<feImage xlink:HREF xlink:href xlink:Href>',
      feImage(`xlink:HREF="#a" xlink:href="${redFile}" xlink:Href="#b"`),
    ],
  ])('an SVG picture with %s naming the file → 403 / 20105 naming the repeat', async (_name, body) => {
    const { key } = await seedAccount(guarded.url, 5);
    const res = await render(guarded.url, key, '/render', {
      content: `<div style="display:flex;width:10px;height:10px;background:#fff">${picture(body)}</div>`,
      width: 10,
      height: 10,
      format: 'png',
    });
    const pixel = res.status === 200 ? (await fetchImage(String(res.body.data?.url))).pixel(5, 5) : undefined;
    expect([res.status, res.body.code, pixel]).toEqual([403, 20105, undefined]);
    expect(res.body.message).toMatch(/gives <\w+> the attribute href twice/);
  });

  it('<svg><use href> to a local file, <link> and @font-face with local paths: rendered without them', async () => {
    const { key } = await seedAccount(guarded.url, 5);
    const font = FONT_PATH.pathname;
    const res = await render(guarded.url, key, '/render', {
      content: `<html><head><link rel="stylesheet" href="/etc/passwd"><style>@font-face{font-family:Local;src:url("${font}"),url("file://${font}")}</style></head><body style="margin:0;background:#fff"><svg width="10" height="10" viewBox="0 0 10 10"><use href="${redFile}#x"/></svg></body></html>`,
      width: 10,
      height: 10,
      format: 'png',
    });
    expect(res.status).toBe(200);
    expect((await fetchImage(String(res.body.data?.url))).pixel(5, 5)).toEqual([255, 255, 255, 255]);
  });
});
