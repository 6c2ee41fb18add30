/** Cards with resources through the whole renderer: images over HTTP (allow-listed local server) and a WOFF2 font. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderer, type Renderer } from '../src/index.js';
import { avatarDataUri } from './helpers/cards.js';
import { decodeImage, expectImageToMatch } from './helpers/image-compare.js';
import { startServer, type TestServer } from './fixtures/http-server.js';

const woff2 = readFileSync(new URL('./fixtures/fonts/JetBrainsMono-Regular.woff2', import.meta.url));

let server: TestServer;
let renderer: Renderer;
let avatarPng: Buffer;

beforeAll(async () => {
  avatarPng = Buffer.from((await avatarDataUri()).split(',')[1] as string, 'base64');
  server = await startServer({
    '/avatar.png': (_req, res) => {
      res.setHeader('content-type', 'image/png');
      res.end(avatarPng);
    },
    '/style.css': (_req, res) => {
      res.setHeader('content-type', 'text/css');
      res.end(
        '@font-face{font-family:Brand;src:url(brand.woff2)} .title{font-family:Brand;color:#e11d48;font-size:28px}',
      );
    },
    '/brand.woff2': (_req, res) => {
      res.setHeader('content-type', 'font/woff2');
      res.end(woff2);
    },
  });
  renderer = createRenderer({ workers: 0, fetch: { allowList: ['127.0.0.1'] } });
});

afterAll(async () => {
  await renderer.close();
  await server.close();
});

const cardHtml = (
  origin: string,
) => `<div style="display:flex;align-items:center;gap:24px;box-sizing:border-box;width:100%;height:100%;padding:24px;background:#f8fafc;font-family:Inter">
  <img src="${origin}/avatar.png" width="120" height="120" style="border-radius:60px" />
  <div style="display:flex;width:120px;height:120px;border-radius:16px;background-image:url(${origin}/avatar.png);background-size:60px 60px"></div>
  <div style="display:flex;flex-direction:column;font-size:28px;color:#0f172a">
    <div style="font-family:Brand">Brand 0O1lI {}</div>
    <div>Inter 0O1lI {}</div>
  </div>
</div>`;

describe('cards with remote resources', () => {
  it('draws <img> and background images fetched over HTTP, and text in a WOFF2 font given by URL', async () => {
    const result = await renderer.render({
      html: cardHtml(server.origin),
      width: 640,
      height: 168,
      fonts: [{ family: 'Brand', url: `${server.origin}/brand.woff2` }],
    });
    expect(result.warnings).toEqual([]);
    await expectImageToMatch(result.data, 'cards', 'remote-resources', {
      format: 'png',
      width: 640,
      height: 168,
    });
    expect(server.hits.get('/avatar.png')).toBe(1); // fetched once for both uses
  });

  it('the WOFF2 font visibly changes the glyphs', async () => {
    const line = (fonts: { family: string; url: string }[]) =>
      renderer.render({
        html: '<div style="font-family:Brand;font-size:28px">Brand 0O1lI {}</div>',
        width: 300,
        height: 40,
        fonts,
      });
    const withFont = await decodeImage(
      (await line([{ family: 'Brand', url: `${server.origin}/brand.woff2` }])).data,
    );
    const fallback = await decodeImage((await line([])).data);
    let differing = 0;
    for (let i = 0; i < withFont.pixels.length; i += 4)
      if (withFont.pixels[i + 3] !== fallback.pixels[i + 3]) differing++;
    expect(differing).toBeGreaterThan(500);
  });

  it('loads a linked stylesheet and its @font-face relative to baseUrl, like fonts given in the input', async () => {
    const fromDocument = await renderer.render({
      html: '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body style="margin:0"><div class="title">Brand 0O1lI {}</div></body></html>',
      baseUrl: `${server.origin}/`,
      width: 300,
      height: 40,
    });
    expect(fromDocument.warnings).toEqual([]);
    const fromInput = await renderer.render({
      html: '<div style="font-family:Brand;color:#e11d48;font-size:28px">Brand 0O1lI {}</div>',
      fonts: [{ family: 'Brand', url: `${server.origin}/brand.woff2` }],
      width: 300,
      height: 40,
    });
    const a = await decodeImage(fromDocument.data);
    const b = await decodeImage(fromInput.data);
    expect(a.pixels.equals(b.pixels)).toBe(true);
    expect(server.hits.get('/style.css')).toBe(1);
  });

  it('a private address that is not allow-listed is refused with FETCH_ERROR, and the renderer keeps working', async () => {
    const strict = createRenderer({ workers: 0 });
    await expect(
      strict.render({
        html: `<img src="${server.origin}/avatar.png" width="10" height="10" />`,
        width: 10,
        height: 10,
      }),
    ).rejects.toMatchObject({ code: 'FETCH_ERROR', message: expect.stringContaining('127.0.0.1') });
    const ok = await strict.render({ html: '<div style="width:10px;height:10px;background:#000"></div>' });
    expect([ok.width, ok.height]).toEqual([10, 10]);
    await strict.close();
  });
});
