/**
 * Identical renders that load remote resources are reused only for a bounded time (PICTOR_REMOTE_REUSE_SECONDS):
 * a picture that changes behind the same URL shows in the next render once that window has passed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchImage, render, seedAccount, startTestServer, type TestServer } from './helpers/http-server.js';

let images: Server;
let origin = '';
/** The colour the image server paints now. */
let colour = { r: 255, g: 0, b: 0 };
let hits = 0;

beforeAll(async () => {
  images = createServer((_req, res) => {
    hits++;
    sharp({ create: { width: 20, height: 20, channels: 3, background: colour } })
      .png()
      .toBuffer()
      .then((png) => {
        // As an avatar host would: cacheable, briefly.
        res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=1' });
        res.end(png);
      });
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => images.close(resolve)));

const content = () =>
  `<div style="display:flex;width:40px;height:40px"><img src="${origin}/avatar.png" width="40" height="40"></div>`;

async function renderedPixel(t: TestServer, key: string): Promise<number[]> {
  const res = await render(t.url, key, '/render', { content: content(), format: 'png' });
  expect(res.status).toBe(200);
  return (await fetchImage((res.body.data as { url: string }).url)).pixel(20, 20);
}

describe('reuse of renders with remote resources', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ fetchAllowList: ['127.0.0.1'], remoteReuseSeconds: 300 });
  });
  afterAll(() => t.close());

  it('reuses the stored render within the window, and shows the new picture after it', async () => {
    const { key } = await seedAccount(t.url, 10);
    colour = { r: 255, g: 0, b: 0 };
    expect(await renderedPixel(t, key)).toEqual([255, 0, 0, 255]);
    const completed = t.server.renderer.stats().completed;
    colour = { r: 0, g: 0, b: 255 };
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the image's own max-age
    // Within the reuse window: the stored object, no render.
    expect(await renderedPixel(t, key)).toEqual([255, 0, 0, 255]);
    expect(t.server.renderer.stats().completed).toBe(completed);
    // Past the window: rendered again, with the picture the URL serves now.
    t.advance(301_000);
    expect(await renderedPixel(t, key)).toEqual([0, 0, 255, 255]);
    expect(t.server.renderer.stats().completed).toBe(completed + 1);
  });
});

describe('PICTOR_REMOTE_REUSE_SECONDS=0', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ fetchAllowList: ['127.0.0.1'], remoteReuseSeconds: 0 });
  });
  afterAll(() => t.close());

  it('never reuses a render that loads remote resources; renders without them are still reused', async () => {
    const { key } = await seedAccount(t.url, 10);
    const before = hits;
    await renderedPixel(t, key);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await renderedPixel(t, key);
    expect(hits - before).toBe(2);
    const local = { content: '<div style="display:flex;width:40px;height:40px;background:#00ff00"></div>' };
    const a = await render(t.url, key, '/render', local);
    const completed = t.server.renderer.stats().completed;
    const b = await render(t.url, key, '/render', local);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(t.server.renderer.stats().completed).toBe(completed);
  });
});
