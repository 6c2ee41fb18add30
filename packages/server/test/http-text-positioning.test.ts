/**
 * textPositioning in operation B (docs/api.md "Text positioning"): passed to the engine (an auto-sized span of ten
 * Inter 16px `i` is 40 px wide from the built-in face, 39 when every face is fractional) and checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, seedAccount, startTestServer, type TestServer } from './helpers/http-server.js';

let t: TestServer;
let owner: { accountId: string; key: string };

beforeAll(async () => {
  t = await startTestServer();
  owner = await seedAccount(t.url, 100);
});
afterAll(() => t.close());

describe('textPositioning in operation B', () => {
  const content = '<div style="display:flex;font:16px Inter">iiiiiiiiii</div>';
  const width = async (body: Record<string, unknown>) => {
    const res = await render(t.url, owner.key, '/render', { content, format: 'png', ...body });
    expect(res.status).toBe(200);
    return (res.body.data as { width: number }).width;
  };

  it('reaches the engine: auto and whole-pixel 40 px, fractional 39', async () => {
    expect(await width({})).toBe(40);
    expect(await width({ textPositioning: 'whole-pixel' })).toBe(40);
    expect(await width({ textPositioning: 'fractional' })).toBe(39);
  });

  it('an unknown value is 400 / 10103 naming the values', async () => {
    const res = await render(t.url, owner.key, '/render', { content, textPositioning: 'subpixel' });
    expect([res.status, res.body.code]).toEqual([400, 10103]);
    expect(res.body.message).toContain('textPositioning: must be one of auto, fractional, whole-pixel');
  });
});
