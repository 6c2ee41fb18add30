/**
 * Operation B over HTTP (docs/contract/specification.md 4.2 rules 1-3, docs/contract/decisions.md "Limits" (auto
 * size), "Fonts"): formats, auto size, quality, fonts.
 */
import { readFileSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchImage,
  render,
  seedAccount,
  startTestServer,
  type TestServer,
  unitsLeft,
} from './helpers/http-server.js';

let t: TestServer;
let key: string;

const box = (w: number, h: number, color = '#ff0000') =>
  `<div style="display:flex;width:${w}px;height:${h}px;background:${color}"></div>`;

beforeAll(async () => {
  t = await startTestServer();
  key = (await seedAccount(t.url, 200)).key;
});
afterAll(() => t.close());

async function renderOk(body: Record<string, unknown>) {
  const res = await render(t.url, key, '/render', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(0);
  return res.body.data as { url: string; width: number; height: number; format: string; contentType: string };
}

describe('operation B: POST /open/v1/images/render', () => {
  it('rule 1: without format the image is webp', async () => {
    const data = await renderOk({ content: box(300, 100) });
    expect(data).toMatchObject({ format: 'webp', contentType: 'image/webp', width: 300, height: 100 });
    expect(data.url).toMatch(/\.webp\?expires=\d+&sign=/);
    const image = await fetchImage(data.url);
    expect(image.format).toBe('webp');
    expect(image.res.headers.get('content-type')).toBe('image/webp');
  });

  it('renders png, jpeg and webp at the requested size', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const data = await renderOk({ content: box(50, 50, '#00ff00'), width: 64, height: 48, format });
      const image = await fetchImage(data.url);
      expect(image.format).toBe(format);
      expect([image.width, image.height]).toEqual([64, 48]);
      expect(image.res.headers.get('content-type')).toBe(`image/${format}`);
    }
  });

  it('rule 2: omitted width and height follow the content (a fragment gets no margin)', async () => {
    const both = await renderOk({ content: box(300, 100), format: 'png' });
    const image = await fetchImage(both.url);
    expect([image.width, image.height]).toEqual([300, 100]);
    expect([both.width, both.height]).toEqual([300, 100]);
    expect(image.pixel(0, 0)).toEqual([255, 0, 0, 255]);
    expect(image.pixel(299, 99)).toEqual([255, 0, 0, 255]);

    const widthOnly = await renderOk({ content: box(300, 100), width: 500, format: 'png' });
    expect([widthOnly.width, widthOnly.height]).toEqual([500, 100]);
    const heightOnly = await renderOk({ content: box(300, 100), height: 150, format: 'png' });
    expect([heightOnly.width, heightOnly.height]).toEqual([300, 150]);
  });

  it('rule 3: quality is ignored for png (same bytes with any quality)', async () => {
    const q1 = await renderOk({ content: box(40, 40), format: 'png', quality: 1 });
    const q100 = await renderOk({ content: box(40, 40), format: 'png', quality: 100 });
    const a = await fetchImage(q1.url);
    const b = await fetchImage(q100.url);
    expect(a.format).toBe('png');
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });

  it('quality changes jpeg and webp output', async () => {
    const content = `<div style="display:flex;width:200px;height:200px;background:linear-gradient(45deg,#f00,#00f)"></div>`;
    for (const format of ['jpeg', 'webp']) {
      const low = await fetchImage((await renderOk({ content, format, quality: 5 })).url);
      const high = await fetchImage((await renderOk({ content, format, quality: 95 })).url);
      expect(low.bytes.length).toBeLessThan(high.bytes.length);
    }
  });

  it('identical renders share one stored object; each response gets its own link', async () => {
    const a = await renderOk({ content: box(20, 20), format: 'png' });
    t.advance(2_000);
    const b = await renderOk({ content: box(20, 20), format: 'png' });
    expect(a.url.split('?')[0]).toBe(b.url.split('?')[0]);
    expect(a.url).not.toBe(b.url);
  });

  it('a stored object that came back short (power cut) is not served and is rendered again', async () => {
    const body = { content: box(24, 24, '#00ff00'), format: 'png' };
    const first = await renderOk(body);
    const name = new URL(first.url).pathname.split('/').pop() as string;
    const path = join(t.dataDir, 'objects', name.slice(0, 2), name.slice(2, 4), name);
    const whole = readFileSync(path);
    truncateSync(path, whole.length - 20);
    expect((await fetch(first.url)).status).toBe(404);
    const again = await renderOk(body);
    expect(again.url.split('?')[0]).toBe(first.url.split('?')[0]);
    expect(readFileSync(path).equals(whole)).toBe(true);
    const image = await fetchImage(again.url);
    expect([image.format, image.width, image.height, image.pixel(12, 12)]).toEqual([
      'png',
      24,
      24,
      [0, 255, 0, 255],
    ]);
  });

  it('fonts: entries are validated (400 / 10103 naming the entry and the rule)', async () => {
    const cases: [unknown, string][] = [
      [[{ family: 'X' }], 'fonts[0]: must be an object with family and exactly one of url and data'],
      [[{ family: 'X', url: 'https://a/x.ttf', data: 'AAAA' }], 'fonts[0]: must be an object'],
      [[{ family: 'X', url: 'ftp://a/x.ttf' }], 'fonts[0].url: must be an http or https URL'],
      [[{ family: 'X', data: 'AAAA', weight: 950 }], 'fonts[0].weight: must be an integer from 100 to 900'],
      [[{ family: 'X', data: 'AAAA', style: 'oblique' }], 'fonts[0].style: must be one of normal, italic'],
      [[{ family: 'X', data: 'AAAA', size: 3 }], 'fonts[0].size: is not a known field'],
      ['Inter', 'fonts: must be an array'],
    ];
    for (const [fonts, message] of cases) {
      const res = await render(t.url, key, '/render', { content: box(10, 10), fonts });
      expect(res.status, JSON.stringify(fonts)).toBe(400);
      expect(res.body.code).toBe(10103);
      expect(res.body.message).toContain(message);
    }
  });

  it('a font that cannot be parsed is 403 / 20105 naming the family', async () => {
    const res = await render(t.url, key, '/render', {
      content: '<div style="display:flex;font-family:Broken">Hello</div>',
      fonts: [{ family: 'Broken', data: Buffer.from('this is not a font at all').toString('base64') }],
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(20105);
    expect(res.body.message).toContain('Broken');
  });

  it('content limits answer 400 / 10103 in terms of content, and consume nothing', async () => {
    const { accountId, key: own } = await seedAccount(t.url, 3);
    const tooLong = await render(t.url, own, '/render', {
      content: `<div>${'x'.repeat(2 * 1024 * 1024)}</div>`,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe(10103);
    expect(tooLong.body.message).toBe(
      'content: must be at most 2097152 characters (inlined data: pictures and fonts not counted)',
    );
    const tooMuchText = await render(t.url, own, '/render', {
      content: `<div>${'word '.repeat(110_000)}</div>`,
    });
    expect(tooMuchText.status).toBe(400);
    expect(tooMuchText.body.code).toBe(10103);
    expect(tooMuchText.body.message).toMatch(/^content: must contain at most \d+ characters of text/);
    expect(await unitsLeft(t.url, accountId)).toBe(3);
  });

  it('invalid parameters are 400 / 10103 naming the field and the rule', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'content: is required'],
      [{ content: 123 }, 'content: must be a non-empty string'],
      [{ content: '' }, 'content: must be a non-empty string'],
      [{ content: box(1, 1), width: 4097 }, 'width: must be an integer from 1 to 4096'],
      [{ content: box(1, 1), width: 10.5 }, 'width: must be an integer from 1 to 4096'],
      [{ content: box(1, 1), quality: '80' }, 'quality: must be an integer from 0 to 100'],
      [{ content: box(1, 1), quality: -1 }, 'quality: must be an integer from 0 to 100'],
      [{ content: box(1, 1), format: 'PNG' }, 'format: must be one of png, jpeg, webp, avif'],
      [{ content: box(1, 1), format: null }, 'format: must be one of png, jpeg, webp, avif'],
      [{ content: box(1, 1), variables: {} }, 'variables: is not a known field'],
    ];
    for (const [body, message] of cases) {
      const res = await render(t.url, key, '/render', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ code: 10103, message: expect.stringContaining(message) });
    }
  });
});
