/**
 * Operation A over HTTP (docs/contract/specification.md 4.1 rules 1-5, docs/contract/decisions.md "Templates"):
 * statuses, useDraft, defaults, overrides, ownership.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOk,
  fetchImage,
  render,
  seedAccount,
  startTestServer,
  type TestServer,
  templateBody,
  unitsLeft,
} from './helpers/http-server.js';

let t: TestServer;
let owner: { accountId: string; key: string };

async function createTemplate(extra: Record<string, unknown> = {}, publish = true): Promise<string> {
  const created = await adminOk<{ id: string; status: string }>(
    t.url,
    'POST',
    '/templates',
    templateBody(owner.accountId, extra),
  );
  expect(created.status).toBe('draft');
  if (publish) await adminOk(t.url, 'POST', `/templates/${created.id}/publish`);
  return created.id;
}

beforeAll(async () => {
  t = await startTestServer();
  owner = await seedAccount(t.url, 100);
});
afterAll(() => t.close());

describe('operation A: POST /open/v1/images/templates/{id}/render', () => {
  it('rule 1: a published template renders with its defaults (200, code 0, data.url)', async () => {
    const id = await createTemplate();
    const res = await render(t.url, owner.key, `/templates/${id}/render`, { variables: { title: 'Hi' } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(typeof res.body.message).toBe('string');
    const data = res.body.data as {
      url: string;
      width: number;
      height: number;
      format: string;
      contentType: string;
    };
    expect(data).toMatchObject({ width: 400, height: 200, format: 'png', contentType: 'image/png' });
    expect(data.url).toMatch(
      new RegExp(`^${t.url}/files/[0-9a-f]{64}\\.png\\?expires=\\d+&sign=[A-Za-z0-9_-]{43}$`),
    );
    const image = await fetchImage(data.url);
    expect(image.format).toBe('png');
    expect([image.width, image.height]).toEqual([400, 200]);
    expect(image.pixel(390, 190)).toEqual([255, 0, 0, 255]);
  });

  it('request width, height, format and quality override the template defaults', async () => {
    const id = await createTemplate({ format: 'png', quality: 90 });
    for (const [format, sharpFormat] of [
      ['webp', 'webp'],
      ['jpeg', 'jpeg'],
    ] as const) {
      const res = await render(t.url, owner.key, `/templates/${id}/render`, {
        variables: { title: 'x', bg: '#00ff00' },
        width: 120,
        height: 60,
        format,
        quality: 50,
      });
      expect(res.status).toBe(200);
      const data = res.body.data as { url: string };
      expect(data.url).toContain(format === 'jpeg' ? '.jpg?' : '.webp?');
      const image = await fetchImage(data.url);
      expect(image.format).toBe(sharpFormat);
      expect([image.width, image.height]).toEqual([120, 60]);
      const [r, g, b] = image.pixel(115, 55);
      expect(r).toBeLessThan(30);
      expect(g).toBeGreaterThan(220);
      expect(b).toBeLessThan(30);
    }
  });

  it('rule 5: variables the template does not define are ignored', async () => {
    const id = await createTemplate();
    const res = await render(t.url, owner.key, `/templates/${id}/render`, {
      variables: { title: 'ok', notDefined: 123, another: { deep: true } },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
  });

  it('rule 4: a variable that breaks its rule is 400 / 10103 naming the variable and the rule', async () => {
    const id = await createTemplate();
    const tooLong = await render(t.url, owner.key, `/templates/${id}/render`, {
      variables: { title: 'x'.repeat(21) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ code: 10103, message: expect.stringContaining('variables.title') });
    expect(tooLong.body.message).toMatch(/20/);
    const missing = await render(t.url, owner.key, `/templates/${id}/render`, { variables: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe(10103);
    expect(missing.body.message).toContain('variables.title');
    const wrongType = await render(t.url, owner.key, `/templates/${id}/render`, {
      variables: { title: 123 },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('variables.title');
    const badColor = await render(t.url, owner.key, `/templates/${id}/render`, {
      variables: { title: 'x', bg: 'not-a-colour' },
    });
    expect(badColor.status).toBe(400);
    expect(badColor.body.message).toContain('variables.bg');
  });

  it('a variables object of more than 1024 entries is 400 / 10103', async () => {
    const id = await createTemplate();
    const variables: Record<string, string> = { title: 'x' };
    for (let i = 0; i < 1024; i++) variables[`extra${i}`] = 'y';
    const res = await render(t.url, owner.key, `/templates/${id}/render`, { variables });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 10103,
      message: 'variables: must be an object of at most 1024 entries',
    });
  });

  it('rule 4: invalid parameters are 400 / 10103 naming the field and the rule', async () => {
    const id = await createTemplate();
    const cases: [Record<string, unknown>, string][] = [
      [{ variables: { title: 'x' }, format: 'gif' }, 'format: must be one of png, jpeg, webp, avif'],
      [{ variables: { title: 'x' }, quality: 101 }, 'quality: must be an integer from 0 to 100'],
      [{ variables: { title: 'x' }, quality: 50.5 }, 'quality: must be an integer from 0 to 100'],
      [{ variables: { title: 'x' }, width: 0 }, 'width: must be an integer from 1 to 4096'],
      [{ variables: { title: 'x' }, height: '100' }, 'height: must be an integer from 1 to 4096'],
      [{ variables: { title: 'x' }, useDraft: 'true' }, 'useDraft: must be a boolean'],
      [{ variables: 'title' }, 'variables: must be an object'],
      [{}, 'variables: is required'],
      [{ variables: { title: 'x' }, colour: 'red' }, 'colour: is not a known field'],
    ];
    for (const [body, message] of cases) {
      const res = await render(t.url, owner.key, `/templates/${id}/render`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(10103);
      expect(res.body.message).toContain(message);
    }
  });

  it('rule 2: unpublished, archived and never-published templates answer 409 / 10106', async () => {
    const unpublished = await createTemplate();
    await adminOk(t.url, 'POST', `/templates/${unpublished}/unpublish`);
    const archived = await createTemplate();
    await adminOk(t.url, 'POST', `/templates/${archived}/archive`);
    const draftOnly = await createTemplate({}, false);
    for (const id of [unpublished, archived, draftOnly]) {
      const res = await render(t.url, owner.key, `/templates/${id}/render`, { variables: { title: 'x' } });
      expect(res.status, id).toBe(409);
      expect(res.body.code).toBe(10106);
      expect(res.body.message).toContain(id);
    }
  });

  it('rule 3: useDraft renders the draft of any status but archived; a discarded draft is 409', async () => {
    const draftOnly = await createTemplate({}, false);
    const ok = await render(t.url, owner.key, `/templates/${draftOnly}/render`, {
      variables: { title: 'x' },
      useDraft: true,
    });
    expect(ok.status).toBe(200);

    const unpublished = await createTemplate();
    await adminOk(t.url, 'POST', `/templates/${unpublished}/unpublish`);
    const fromUnpublished = await render(t.url, owner.key, `/templates/${unpublished}/render`, {
      variables: { title: 'x' },
      useDraft: true,
    });
    expect(fromUnpublished.status).toBe(200);

    const archived = await createTemplate();
    await adminOk(t.url, 'POST', `/templates/${archived}/archive`);
    const fromArchived = await render(t.url, owner.key, `/templates/${archived}/render`, {
      variables: { title: 'x' },
      useDraft: true,
    });
    expect(fromArchived.status).toBe(409);
    expect(fromArchived.body.code).toBe(10106);

    const discarded = await createTemplate();
    await adminOk(t.url, 'DELETE', `/templates/${discarded}/draft`);
    const noDraft = await render(t.url, owner.key, `/templates/${discarded}/render`, {
      variables: { title: 'x' },
      useDraft: true,
    });
    expect(noDraft.status).toBe(409);
    expect(noDraft.body.code).toBe(10106);
    const published = await render(t.url, owner.key, `/templates/${discarded}/render`, {
      variables: { title: 'x' },
    });
    expect(published.status).toBe(200);
  });

  it('useDraft renders the edited draft while the published content stays in use', async () => {
    const id = await createTemplate();
    await adminOk(t.url, 'PUT', `/templates/${id}/draft`, {
      content: '<div style="display:flex;width:100%;height:100%;background:#0000ff">{{title}}</div>',
    });
    const published = await render(t.url, owner.key, `/templates/${id}/render`, {
      variables: { title: 'x' },
    });
    const draft = await render(t.url, owner.key, `/templates/${id}/render`, {
      variables: { title: 'x' },
      useDraft: true,
    });
    expect((await fetchImage((published.body.data as { url: string }).url)).pixel(5, 5)).toEqual([
      255, 0, 0, 255,
    ]);
    expect((await fetchImage((draft.body.data as { url: string }).url)).pixel(5, 5)).toEqual([
      0, 0, 255, 255,
    ]);
    await adminOk(t.url, 'POST', `/templates/${id}/publish`);
    const republished = await render(t.url, owner.key, `/templates/${id}/render`, {
      variables: { title: 'x' },
    });
    expect((await fetchImage((republished.body.data as { url: string }).url)).pixel(5, 5)).toEqual([
      0, 0, 255, 255,
    ]);
  });

  it('another account’s template is 404 / 10105, as if it did not exist; an unknown id too', async () => {
    const id = await createTemplate();
    const other = await seedAccount(t.url, 5);
    const res = await render(t.url, other.key, `/templates/${id}/render`, { variables: { title: 'x' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(10105);
    const unknown = await render(t.url, other.key, '/templates/no-such-template/render', { variables: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(10105);
    expect(unknown.body.message).toBe(res.body.message.replace(id, 'no-such-template'));
    expect(await unitsLeft(t.url, other.accountId)).toBe(5);
  });
});
