/**
 * Device scale in operations A and B (docs/contract/decisions.md "Device scale"): pixel size, data.width/height,
 * limits, messages.
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
} from './helpers/http-server.js';

let t: TestServer;
let owner: { accountId: string; key: string };
let templateId: string;

beforeAll(async () => {
  t = await startTestServer();
  owner = await seedAccount(t.url, 100);
  templateId = (await adminOk<{ id: string }>(t.url, 'POST', '/templates', templateBody(owner.accountId))).id;
  await adminOk(t.url, 'POST', `/templates/${templateId}/publish`);
});
afterAll(() => t.close());

describe('scale in operations A and B', () => {
  it('A: scale 2 on the 400×200 template gives an 800×400 image, also when the stored object is reused', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await render(t.url, owner.key, `/templates/${templateId}/render`, {
        variables: { title: 'Retina' },
        scale: 2,
      });
      expect(res.status).toBe(200);
      const data = res.body.data as { url: string; width: number; height: number };
      expect([data.width, data.height]).toEqual([800, 400]);
      const image = await fetchImage(data.url);
      expect([image.format, image.width, image.height]).toEqual(['png', 800, 400]);
      expect(image.pixel(790, 390)).toEqual([255, 0, 0, 255]);
    }
    const one = await render(t.url, owner.key, `/templates/${templateId}/render`, {
      variables: { title: 'Retina' },
    });
    expect((one.body.data as { width: number }).width).toBe(400);
    expect((await fetchImage((one.body.data as { url: string }).url)).width).toBe(400);
  });

  it('B: scale 2 doubles an auto-sized fragment, and 1.5 a fixed size', async () => {
    const content = '<div style="display:flex;width:300px;height:100px;background:#00ff00"></div>';
    const auto = await render(t.url, owner.key, '/render', { content, format: 'png', scale: 2 });
    expect(auto.status).toBe(200);
    const data = auto.body.data as { url: string; width: number; height: number };
    expect([data.width, data.height]).toEqual([600, 200]);
    const image = await fetchImage(data.url);
    expect([image.width, image.height]).toEqual([600, 200]);
    expect(image.pixel(599, 199)).toEqual([0, 255, 0, 255]);
    const fixed = await render(t.url, owner.key, '/render', { content, width: 300, height: 100, scale: 1.5 });
    const fixedData = fixed.body.data as { url: string; width: number; height: number; format: string };
    expect([fixedData.format, fixedData.width, fixedData.height]).toEqual(['webp', 450, 150]);
    expect((await fetchImage(fixedData.url)).width).toBe(450);
  });

  it('invalid scale, and pixel limits on the scaled size, are 400 / 10103 with the rule', async () => {
    const content = '<div style="display:flex">x</div>';
    const cases: [Record<string, unknown>, string][] = [
      [{ content, scale: 0.5 }, 'scale: must be a number from 1 to 4'],
      [{ content, scale: 5 }, 'scale: must be a number from 1 to 4'],
      [{ content, scale: '2' }, 'scale: must be a number from 1 to 4'],
      [{ content, width: 3000, scale: 2 }, 'width × scale: must be at most 4096 pixels, got 3000 × 2 = 6000'],
    ];
    for (const [body, message] of cases) {
      const res = await render(t.url, owner.key, '/render', body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 10103]);
      expect(res.body.message).toContain(message);
    }
    const a = await render(t.url, owner.key, `/templates/${templateId}/render`, {
      variables: { title: 'x' },
      width: 2100,
      scale: 2,
    });
    expect([a.status, a.body.message]).toEqual([
      400,
      'width × scale: must be at most 4096 pixels, got 2100 × 2 = 4200',
    ]);
  });
});
