/** Quota under concurrency: 10 units, 50 parallel renders → exactly 10 succeed, 40 get 30101, 0 left. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOk,
  render,
  seedAccount,
  startTestServer,
  type TestServer,
  unitsLeft,
} from './helpers/http-server.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('resource packages under concurrent requests', () => {
  it('a package of 10 units and 50 parallel renders: 10 succeed, 40 get 30101, 0 left', async () => {
    const { accountId, key } = await seedAccount(t.url, 10);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        render(t.url, key, '/render', {
          content: `<div style="display:flex;width:${20 + i}px;height:20px;background:#333"></div>`,
          format: 'png',
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200 && r.body.code === 0);
    const refused = results.filter((r) => r.status === 403 && r.body.code === 30101);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(await unitsLeft(t.url, accountId)).toBe(0);
    const usage = await adminOk<{ rendersDone: number }>(t.url, 'GET', `/accounts/${accountId}/usage`);
    expect(usage.rendersDone).toBe(10);
  });

  it('failing renders in parallel consume nothing; successes beside them consume one each', async () => {
    const { accountId, key } = await seedAccount(t.url, 10);
    const failing = { content: '<img src="http://10.255.255.1/x.png" width="5" height="5">', format: 'png' };
    const good = {
      content: '<div style="display:flex;width:5px;height:5px;background:#000"></div>',
      format: 'png',
    };
    // 9 requests fit in 10 units even while every one holds its reservation.
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) => render(t.url, key, '/render', i % 3 === 0 ? good : failing)),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.body.code === 20105)).toHaveLength(6);
    expect(await unitsLeft(t.url, accountId)).toBe(7);
    // Once they are done, the units of the failed ones are back: 7 more succeed, the 8th is refused.
    for (let i = 0; i < 7; i++) expect((await render(t.url, key, '/render', good)).body.code).toBe(0);
    expect((await render(t.url, key, '/render', good)).body.code).toBe(30101);
  });
});
