/**
 * Limits that agree (issue 38 item 6), on the real server: a template is refused at save when a render would refuse
 * its content (admin API and studio, 400 naming the limit), a tree of as many sibling elements as the content limit
 * holds is 400 naming the element limit (not 403 "Maximum call stack size exceeded"), and the studio's snippets
 * answer 200 for every sample value a user can type, reserved URL parameter names included.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTENT_LENGTH } from '../src/config.js';
import {
  admin,
  adminOk,
  fetchImage,
  render,
  seedAccount,
  startTestServer,
  type TestServer,
  templateBody,
} from './helpers/http-server.js';
import { signIn, type StudioClient } from './helpers/studio.js';

let t: TestServer;
let owner: { accountId: string; key: string };
let studio: StudioClient;

beforeAll(async () => {
  t = await startTestServer();
  owner = await seedAccount(t.url, 10);
  studio = await signIn(t.url, { apiKey: owner.key });
});
afterAll(() => t.close());

const LIMIT_MESSAGE = new RegExp(`^content: must .*at most ${MAX_CONTENT_LENGTH} characters`);
const BLUE = '<div style="display:flex;width:100%;height:100%;background:#0000ff"></div>';

/** Content of exactly `length` characters that renders blue: the rest is an HTML comment. */
function paddedContent(length: number): string {
  const open = `${BLUE}<!--`;
  return `${open}${'x'.repeat(length - open.length - 3)}-->`;
}

describe('a template is renderable when saved', () => {
  it('4.9 MB of content (under the body limit) is refused at create with 400 naming the limit, and not stored', async () => {
    const content = paddedContent(4_900_000);
    const res = await admin(
      t.url,
      'POST',
      '/templates',
      templateBody(owner.accountId, { id: 'huge', content }),
    );
    expect([res.status, res.body.code]).toEqual([400, 10103]);
    expect(res.body.message).toMatch(LIMIT_MESSAGE);
    expect((await admin(t.url, 'GET', `/templates/huge?accountId=${owner.accountId}`)).status).toBe(404);
  });

  it('one character over the limit is refused at create, at draft edit and in the studio; the draft is unchanged', async () => {
    const over = paddedContent(MAX_CONTENT_LENGTH + 1);
    const created = await admin(
      t.url,
      'POST',
      '/templates',
      templateBody(owner.accountId, { content: over }),
    );
    expect([created.status, created.body.code]).toEqual([400, 10103]);
    expect(created.body.message).toMatch(LIMIT_MESSAGE);

    const id = (await adminOk<{ id: string }>(t.url, 'POST', '/templates', templateBody(owner.accountId))).id;
    const edited = await admin(t.url, 'PUT', `/templates/${id}/draft`, { content: over });
    expect([edited.status, edited.body.code]).toEqual([400, 10103]);
    expect(edited.body.message).toMatch(LIMIT_MESSAGE);
    const viaStudio = await studio.api('PUT', `/templates/${id}/draft`, { content: over });
    expect([viaStudio.status, viaStudio.body.code]).toEqual([400, 10103]);
    expect(viaStudio.body.message).toMatch(LIMIT_MESSAGE);
    const createdInStudio = await studio.api('POST', '/templates', {
      name: 'over',
      content: over,
      width: 10,
      height: 10,
    });
    expect([createdInStudio.status, createdInStudio.body.code]).toEqual([400, 10103]);
    const record = await adminOk<{ draft: { revision: number; content: string } }>(
      t.url,
      'GET',
      `/templates/${id}`,
    );
    expect(record.draft.revision).toBe(1);
    expect(record.draft.content).toBe(templateBody(owner.accountId).content);
  });

  it('a template of exactly the limit saves, publishes and renders', async () => {
    const content = paddedContent(MAX_CONTENT_LENGTH);
    expect(content.length).toBe(MAX_CONTENT_LENGTH);
    const id = (
      await adminOk<{ id: string }>(
        t.url,
        'POST',
        '/templates',
        templateBody(owner.accountId, { content, variables: {}, width: 40, height: 20 }),
      )
    ).id;
    await adminOk(t.url, 'POST', `/templates/${id}/publish`);
    const res = await render(t.url, owner.key, `/templates/${id}/render`, { variables: {} });
    expect([res.status, res.body.code]).toEqual([200, 0]);
    const image = await fetchImage(String(res.body.data?.url));
    expect(image.pixel(20, 10)).toEqual([0, 0, 255, 255]);
  });
});

describe('the content limit counts markup, not inlined pictures', () => {
  // A picture of noise inlined in base64: ~2.5 M characters, over the 2 MiB content limit by itself, under the body limit.
  async function inlinedNoise(): Promise<string> {
    const png = await sharp(randomBytes(900 * 700 * 3), { raw: { width: 900, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const src = `data:image/png;base64,${png.toString('base64')}`;
    return `<div style="display:flex;width:100%;height:100%"><img src="${src}" style="width:50%;height:100%"><div style="width:50%;height:100%;background:#0000ff"></div></div>`;
  }

  it('renders content over the limit only by an inlined picture, and saves it as a template', async () => {
    const content = await inlinedNoise();
    expect(content.length).toBeGreaterThan(MAX_CONTENT_LENGTH);
    const res = await render(t.url, owner.key, '/render', { content, width: 40, height: 20, format: 'png' });
    expect([res.status, res.body.code]).toEqual([200, 0]);
    const image = await fetchImage(String(res.body.data?.url));
    expect([image.width, image.height]).toEqual([40, 20]);
    expect(image.pixel(30, 10)).toEqual([0, 0, 255, 255]);
    const saved = await admin(
      t.url,
      'POST',
      '/templates',
      templateBody(owner.accountId, { content, variables: {}, width: 40, height: 20 }),
    );
    expect([saved.status, saved.body.code]).toEqual([200, 0]);
  });

  it('still refuses content over the limit by its markup, naming the limit', async () => {
    const content = `${await inlinedNoise()}<!--${'x'.repeat(MAX_CONTENT_LENGTH)}-->`;
    const res = await render(t.url, owner.key, '/render', { content, width: 40, height: 20 });
    expect([res.status, res.body.code]).toEqual([400, 10103]);
    expect(res.body.message).toMatch(LIMIT_MESSAGE);
  });
});

describe('tree-size overflows are 400 naming the limit', () => {
  it('299,000 <i></i> (operation B) → 400 / 10103 naming the element limit', async () => {
    const res = await render(t.url, owner.key, '/render', {
      content: '<i></i>'.repeat(299_000),
      width: 10,
      height: 10,
    });
    expect([res.status, res.body.code]).toEqual([400, 10103]);
    expect(res.body.message).toBe('content: must contain at most 10000 elements');
  });
});

describe('studio snippets take any value a user can type', () => {
  const reserved = ['_scale', '_format', '_width', '_height', '_w', '_h', '_q', '_v', '_', '_sign', '_bytes'];

  it.each(reserved)(
    'a sample value named %s: 200, the URL leaves it out and says so, and renders',
    async (name) => {
      const id = `snip${name}`;
      await adminOk(t.url, 'POST', '/templates', templateBody(owner.accountId, { id }));
      await adminOk(t.url, 'POST', `/templates/${id}/publish`);
      await adminOk(t.url, 'POST', `/accounts/${owner.accountId}/url-keys`);
      const res = await studio.api('POST', `/templates/${id}/snippets`, {
        values: { title: 'Hi', [name]: 2 },
      });
      expect([res.status, res.body.code]).toEqual([200, 0]);
      const data = res.body.data as { imageUrl: string; imageUrlNote: string; curl: string };
      expect(data.imageUrlNote).toContain(`${name} left out`);
      expect(data.curl).toContain(`"${name}":2`);
      const image = await fetchImage(data.imageUrl);
      expect([image.format, image.width, image.height]).toEqual(['png', 400, 200]);
    },
  );

  it('a preview of variables named like reserved URL parameters renders them', async () => {
    const res = await studio.api('POST', '/preview', {
      content: '<div style="display:flex;width:100%;height:100%;background:{{_scale}}">{{_w}}</div>',
      variables: { _scale: { type: 'color' }, _w: { type: 'string' } },
      width: 40,
      height: 20,
      format: 'png',
      values: { _scale: '#00ff00', _w: 'x' },
    });
    expect([res.status, res.body.code]).toEqual([200, 0]);
  });

  it.each([
    ['null', null],
    ['an object', { a: { b: [1, 2] } }],
    ['an array of objects', [{ a: 1 }, null, 'x']],
    ['a huge number', 1e308],
    ['a long string', 'y'.repeat(20_000)],
    ['unicode', '𝒳 \u0000 \u202e'],
  ])('a sample value that is %s: 200', async (_what, value) => {
    const res = await studio.api('POST', '/templates/snip_scale/snippets', { values: { title: value } });
    expect([res.status, res.body.code]).toEqual([200, 0]);
  });
});
