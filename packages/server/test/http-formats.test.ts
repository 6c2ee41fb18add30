/**
 * Formats and byte budgets on the real server (docs/contract/decisions.md "Formats and byte budgets", issue 44): AVIF in operations A
 * and B and /files links, `maxBytes` with `data.bytes` and the setting used, 20105 when nothing fits; image URLs in
 * `.avif` and `.auto` (Accept, Vary, each format stored once), `_bytes`; `Server-Timing` and `X-Pictor-Cache`.
 */
import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOk,
  render,
  seedAccount,
  startTestServer,
  type TestServer,
  unitsLeft,
} from './helpers/http-server.js';

/** A card with a gradient and text: its size depends on quality, as a real card's does. */
const CONTENT =
  '<div style="display:flex;flex-direction:column;justify-content:center;width:100%;height:100%;padding:24px;background-image:radial-gradient(circle at 20% 30%,#f59e0b,#db2777 40%,#4f46e5 80%);color:white;font-size:{{size}}px">{{title}}<div style="font-size:18px">budgets, AVIF and negotiation</div></div>';
const TEMPLATE = {
  name: 'formats card',
  content: CONTENT,
  variables: {
    title: { type: 'string', required: true, maxLength: 40 },
    size: { type: 'integer', default: 40 },
  },
  width: 480,
  height: 252,
  format: 'png',
};

/** Decode an image: its format (`avif` for HEIF with AV1), pixel size and bytes. */
async function decode(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  return { format, width: meta.width, height: meta.height, bytes: bytes.length };
}

async function download(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

let t: TestServer;
let owner: { accountId: string; key: string };
let templateId: string;
let urlKey: { id: string; secret: string };

beforeAll(async () => {
  t = await startTestServer();
  owner = await seedAccount(t.url, 200);
  templateId = (
    await adminOk<{ id: string }>(t.url, 'POST', '/templates', { ...TEMPLATE, accountId: owner.accountId })
  ).id;
  await adminOk(t.url, 'POST', `/templates/${templateId}/publish`);
  urlKey = await adminOk(t.url, 'POST', `/accounts/${owner.accountId}/url-keys`);
});
afterAll(() => t.close());

describe('AVIF', () => {
  it('operation A and B render AVIF; the /files link serves it as image/avif with the .avif extension', async () => {
    const a = await render(t.url, owner.key, `/templates/${templateId}/render`, {
      variables: { title: 'AVIF card' },
      format: 'avif',
    });
    expect([a.status, a.body.code]).toEqual([200, 0]);
    const data = a.body.data as { url: string; format: string; contentType: string };
    expect([data.format, data.contentType]).toEqual(['avif', 'image/avif']);
    expect(new URL(data.url).pathname).toMatch(/^\/files\/[0-9a-f]{64}\.avif$/);
    const file = await download(data.url);
    expect(file.res.headers.get('content-type')).toBe('image/avif');
    expect(await decode(file.bytes)).toMatchObject({ format: 'avif', width: 480, height: 252 });

    const b = await render(t.url, owner.key, '/render', {
      content: '<div style="display:flex;width:200px;height:100px;background:#0f0"></div>',
      format: 'avif',
    });
    const bData = b.body.data as { url: string; width: number };
    expect(await decode((await download(bData.url)).bytes)).toMatchObject({
      format: 'avif',
      width: 200,
      height: 100,
    });
  });

  it('an unknown format names the four', async () => {
    const res = await render(t.url, owner.key, '/render', { content: '<div>x</div>', format: 'heic' });
    expect([res.status, res.body.code]).toEqual([400, 10103]);
    expect(res.body.message).toContain('format: must be one of png, jpeg, webp, avif');
  });
});

describe('maxBytes', () => {
  for (const format of ['webp', 'avif', 'jpeg'] as const) {
    it(`${format}: the image fits, data says bytes and quality; the same request again is reused with the same answer`, async () => {
      const plain = await render(t.url, owner.key, `/templates/${templateId}/render`, {
        variables: { title: `Budget ${format}` },
        format,
        quality: 90,
      });
      const plainBytes = (await download((plain.body.data as { url: string }).url)).bytes.length;
      const maxBytes = Math.max(1024, Math.round(plainBytes / 2));
      const body = { variables: { title: `Budget ${format}` }, format, quality: 90, maxBytes };
      const res = await render(t.url, owner.key, `/templates/${templateId}/render`, body);
      expect([res.status, res.body.code]).toEqual([200, 0]);
      const data = res.body.data as { url: string; bytes: number; quality: number; format: string };
      const file = await download(data.url);
      expect(await decode(file.bytes)).toEqual({ format, width: 480, height: 252, bytes: data.bytes });
      expect(data.bytes).toBeLessThanOrEqual(maxBytes);
      expect(data.quality).toBeLessThan(90);
      const units = await unitsLeft(t.url, owner.accountId);
      const again = await render(t.url, owner.key, `/templates/${templateId}/render`, body);
      expect({ ...(again.body.data as object), url: '', expiresAt: '' }).toEqual({
        ...data,
        url: '',
        expiresAt: '',
      });
      expect(await unitsLeft(t.url, owner.accountId)).toBe(units - 1);
    });
  }

  it('png: lossless when it fits (bytes only), else a palette: data.colours', async () => {
    const content = CONTENT.replace('{{size}}', '40').replace('{{title}}', 'Palette');
    const roomy = await render(t.url, owner.key, '/render', {
      content,
      width: 480,
      height: 252,
      format: 'png',
      maxBytes: 10_000_000,
    });
    const roomyData = roomy.body.data as { bytes: number; colours?: number };
    expect(roomyData.colours).toBeUndefined();
    const maxBytes = Math.round(roomyData.bytes * 0.4);
    const res = await render(t.url, owner.key, '/render', {
      content,
      width: 480,
      height: 252,
      format: 'png',
      maxBytes,
    });
    const data = res.body.data as { url: string; bytes: number; colours: number };
    expect(data.colours).toBeGreaterThanOrEqual(2);
    expect(data.colours).toBeLessThanOrEqual(256);
    const file = await download(data.url);
    expect(await decode(file.bytes)).toEqual({ format: 'png', width: 480, height: 252, bytes: data.bytes });
    expect((await sharp(file.bytes).metadata()).isPalette).toBe(true);
    expect(data.bytes).toBeLessThanOrEqual(maxBytes);
  });

  it('nothing fits: 403 / 20105 naming the smallest size reached, and no unit used', async () => {
    const units = await unitsLeft(t.url, owner.accountId);
    const content = CONTENT.replace('{{size}}', '40').replace('{{title}}', 'Too big');
    const res = await render(t.url, owner.key, '/render', {
      content,
      width: 2000,
      height: 1000,
      format: 'png',
      maxBytes: 1024,
    });
    expect([res.status, res.body.code]).toEqual([403, 20105]);
    expect(res.body.message).toMatch(
      /maxBytes: the png image does not fit in 1024 bytes even at 2 colours \(smallest \d+ bytes\)/,
    );
    expect(await unitsLeft(t.url, owner.accountId)).toBe(units);
  });

  it('maxBytes under 1024 or not an integer: 400 / 10103 with the rule', async () => {
    for (const maxBytes of [1000, 2048.5, '4096']) {
      const res = await render(t.url, owner.key, '/render', { content: '<div>x</div>', maxBytes });
      expect([res.status, res.body.code]).toEqual([400, 10103]);
      expect(res.body.message).toContain('maxBytes: must be an integer of at least 1024');
    }
  });
});

/** A signed image URL in the query form. */
function signed(ext: string, query: string): string {
  const target = `/img/${urlKey.id}/${templateId}.${ext}${query === '' ? '' : `?${query}`}`;
  const sign = createHmac('sha256', urlKey.secret).update(target, 'utf8').digest('base64url');
  return `${t.url}${target}${query === '' ? '?' : '&'}sign=${sign}`;
}

describe('image URLs', () => {
  it('.avif renders AVIF; X-Pictor-Cache says miss on the render and hit after; Server-Timing says which', async () => {
    const url = signed('avif', 'title=Avif%20URL');
    const first = await download(url);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toBe('image/avif');
    expect(first.res.headers.get('x-pictor-cache')).toBe('miss');
    expect(first.res.headers.get('server-timing')).toMatch(
      /(^|, )raster;dur=[\d.]+.*, encode;dur=[\d.]+.*total;dur=[\d.]+$/,
    );
    expect(await decode(first.bytes)).toMatchObject({ format: 'avif', width: 480, height: 252 });
    const second = await download(url);
    expect(second.res.headers.get('x-pictor-cache')).toBe('hit');
    expect(second.res.headers.get('server-timing')).toBe('cache;desc=hit');
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  it('.auto: AVIF, WebP or the template format by Accept, with Vary: Accept; each format rendered and charged once', async () => {
    const url = signed('auto', 'title=Negotiated');
    const units = await unitsLeft(t.url, owner.accountId);
    const cases: [string | undefined, string, string][] = [
      ['image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'avif', 'image/avif'],
      ['image/webp,*/*', 'webp', 'image/webp'],
      ['image/avif;q=0, image/webp', 'webp', 'image/webp'],
      [undefined, 'png', 'image/png'],
      ['*/*', 'png', 'image/png'],
    ];
    for (const [accept, format, type] of cases) {
      const { res, bytes } = await download(url, accept === undefined ? {} : { accept });
      expect([accept, res.status, res.headers.get('content-type'), res.headers.get('vary')]).toEqual([
        accept,
        200,
        type,
        'Accept',
      ]);
      expect(await decode(bytes)).toMatchObject({ format, width: 480, height: 252 });
    }
    // Three formats, three units: the repeats (webp, png) came from storage.
    expect(await unitsLeft(t.url, owner.accountId)).toBe(units - 3);
    const again = await download(url, { accept: 'image/avif' });
    expect(again.res.headers.get('x-pictor-cache')).toBe('hit');
    // A fixed extension does not vary.
    expect((await download(signed('png', 'title=Negotiated'))).res.headers.get('vary')).toBeNull();
  });

  it('_bytes: the image fits; below 1024 is 400 / 10103', async () => {
    const { res, bytes } = await download(signed('webp', 'title=Small&_q=95&_bytes=4000'));
    expect(res.status).toBe(200);
    expect(bytes.length).toBeLessThanOrEqual(4000);
    expect(await decode(bytes)).toMatchObject({ format: 'webp', width: 480, height: 252 });
    const bad = await download(signed('webp', 'title=Small&_bytes=10'));
    expect(bad.res.status).toBe(400);
    expect(JSON.parse(bad.bytes.toString('utf8'))).toMatchObject({
      code: 10103,
      message: expect.stringContaining('_bytes: must be an integer from 1024'),
    });
  });
});

describe('Server-Timing on renders', () => {
  it('operation B names its stages and the service waits; a reused object says lookup only', async () => {
    const body = {
      content: '<div style="display:flex;width:120px;height:60px;background:#123456"></div>',
      format: 'png',
    };
    const first = await render(t.url, owner.key, '/render', body);
    const timing = first.headers.get('server-timing') ?? '';
    for (const stage of ['parse', 'layout', 'raster', 'encode', 'total', 'lookup']) {
      expect(timing).toMatch(new RegExp(`(^|, )${stage};dur=[\\d.]+`));
    }
    const second = await render(t.url, owner.key, '/render', body);
    expect(second.headers.get('server-timing')).toMatch(/^lookup;dur=[\d.]+, store;dur=0, cache;desc=hit$/);
  });
});
