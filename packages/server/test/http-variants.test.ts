/**
 * Template variants and @media on the real server (issue 44): `variants` in template definitions, `variant` and
 * `variants` in operation A, `_variant` in image URLs; a colour that changes under `orientation: portrait`.
 */
import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  adminOk,
  render,
  seedAccount,
  startTestServer,
  type TestServer,
  unitsLeft,
} from './helpers/http-server.js';

const BLUE = [0x1d, 0x4e, 0xd8, 255];
const GREEN = [0x16, 0xa3, 0x4a, 255];

const TEMPLATE = {
  name: 'one card, every shape',
  content: `<style>
    .card { display: flex; width: 100%; height: 100%; background: #1d4ed8; color: white; font-size: 24px; padding: 16px }
    @media (orientation: portrait) { .card { background: #16a34a; flex-direction: column; justify-content: flex-end } }
  </style><div class="card">{{title}}</div>`,
  variables: { title: { type: 'string', required: true, maxLength: 40 } },
  width: 400,
  height: 210,
  format: 'png',
  variants: {
    og: { width: 400, height: 210 },
    square: { width: 270, height: 270 },
    story: { width: 180, height: 320 },
  },
};

async function image(url: string) {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const corner = [...data.subarray((info.width * 2 + 2) * 4, (info.width * 2 + 2) * 4 + 4)];
  return { width: info.width, height: info.height, corner };
}

let t: TestServer;
let owner: { accountId: string; key: string };
let templateId: string;

beforeAll(async () => {
  t = await startTestServer();
  owner = await seedAccount(t.url, 100);
  templateId = (
    await adminOk<{ id: string }>(t.url, 'POST', '/templates', { ...TEMPLATE, accountId: owner.accountId })
  ).id;
  await adminOk(t.url, 'POST', `/templates/${templateId}/publish`);
});
afterAll(() => t.close());

describe('variants', () => {
  it('the template keeps its variants; a bad name or size is 400 / 10103 with the rule', async () => {
    const record = await adminOk<{ published: { variants: unknown } }>(
      t.url,
      'GET',
      `/templates/${templateId}`,
    );
    expect(record.published.variants).toEqual(TEMPLATE.variants);
    for (const variants of [
      { Story: { width: 10, height: 10 } },
      { story: { width: 0, height: 10 } },
      { story: { width: 10 } },
    ]) {
      const res = await admin(t.url, 'POST', '/templates', {
        ...TEMPLATE,
        accountId: owner.accountId,
        variants,
      });
      expect([res.status, res.body.code]).toEqual([400, 10103]);
      expect(res.body.message).toContain('variants');
    }
  });

  it('operation A with variant: its size, and the portrait layout (green) for the story', async () => {
    const square = await render(t.url, owner.key, `/templates/${templateId}/render`, {
      variables: { title: 'Square' },
      variant: 'square',
    });
    const squareData = square.body.data as { url: string; width: number; height: number };
    expect([squareData.width, squareData.height]).toEqual([270, 270]);
    expect(await image(squareData.url)).toEqual({ width: 270, height: 270, corner: GREEN });
    const og = await render(t.url, owner.key, `/templates/${templateId}/render`, {
      variables: { title: 'OG' },
      variant: 'og',
    });
    expect(await image((og.body.data as { url: string }).url)).toEqual({
      width: 400,
      height: 210,
      corner: BLUE,
    });
    // width given beside the variant wins: 400 × 270 is landscape again.
    const wide = await render(t.url, owner.key, `/templates/${templateId}/render`, {
      variables: { title: 'Wide' },
      variant: 'square',
      width: 400,
    });
    expect(await image((wide.body.data as { url: string }).url)).toEqual({
      width: 400,
      height: 270,
      corner: BLUE,
    });
  });

  it('operation A with variants: one image per variant, one unit each', async () => {
    const units = await unitsLeft(t.url, owner.accountId);
    const res = await render(t.url, owner.key, `/templates/${templateId}/render`, {
      variables: { title: 'All of them' },
      variants: ['og', 'square', 'story'],
      scale: 2,
    });
    expect([res.status, res.body.code]).toEqual([200, 0]);
    const images = (
      res.body.data as {
        images: { variant: string; url: string; width: number; height: number; format: string }[];
      }
    ).images;
    expect(images.map((i) => [i.variant, i.width, i.height, i.format])).toEqual([
      ['og', 800, 420, 'png'],
      ['square', 540, 540, 'png'],
      ['story', 360, 640, 'png'],
    ]);
    const decoded = await Promise.all(images.map((i) => image(i.url)));
    expect(decoded.map((d) => [d.width, d.height, d.corner])).toEqual([
      [800, 420, BLUE],
      [540, 540, GREEN],
      [360, 640, GREEN],
    ]);
    expect(await unitsLeft(t.url, owner.accountId)).toBe(units - 3);
  });

  it('unknown variants, or variant with variants, are 400 / 10103 before any unit is used', async () => {
    const units = await unitsLeft(t.url, owner.accountId);
    const cases: [Record<string, unknown>, string][] = [
      [{ variant: 'banner' }, 'variant: the template has no variant "banner" (it has: og, square, story)'],
      [{ variants: ['og', 'banner'] }, 'variants[1]: the template has no variant "banner"'],
      [{ variant: 'og', variants: ['og'] }, 'variant and variants: give one of them, not both'],
      [{ variants: [] }, 'variants: must be an array of 1 to 32 different variant names'],
      [{ variants: ['og', 'og'] }, 'variants: must be an array of 1 to 32 different variant names'],
    ];
    for (const [extra, message] of cases) {
      const res = await render(t.url, owner.key, `/templates/${templateId}/render`, {
        variables: { title: 'x' },
        ...extra,
      });
      expect([JSON.stringify(extra), res.status, res.body.code]).toEqual([JSON.stringify(extra), 400, 10103]);
      expect(res.body.message).toContain(message);
    }
    expect(await unitsLeft(t.url, owner.accountId)).toBe(units);
  });

  it('image URLs take _variant', async () => {
    const key = await adminOk<{ id: string; secret: string }>(
      t.url,
      'POST',
      `/accounts/${owner.accountId}/url-keys`,
    );
    const sign = (query: string) => {
      const target = `/img/${key.id}/${templateId}.png?${query}`;
      return `${t.url}${target}&sign=${createHmac('sha256', key.secret).update(target).digest('base64url')}`;
    };
    expect(await image(sign('title=Story&_variant=story'))).toEqual({
      width: 180,
      height: 320,
      corner: GREEN,
    });
    const res = await fetch(sign('title=Story&_variant=poster'));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(
      '_variant: the template has no variant "poster"',
    );
  });
});
