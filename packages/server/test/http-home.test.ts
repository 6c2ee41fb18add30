/** `GET /` on the real server: a small page (not a JSON 404) linking the studio, the API's description and health. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/http-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /', () => {
  it('answers an HTML page linking the studio, /openapi.json and /healthz, each of which answers', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    const links = [...page.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(['/studio', '/openapi.json', '/healthz']);
    for (const link of links)
      expect([link, (await fetch(`${server.url}${link}`)).status]).toEqual([link, 200]);
    expect(page).toContain('POST /open/v1/images/render');
    expect((await fetch(`${server.url}/`, { method: 'HEAD' })).status).toBe(200);
  });

  it('leaves the studio out when it is off', async () => {
    const off = await startTestServer({}, { studio: false });
    try {
      const page = await (await fetch(`${off.url}/`)).text();
      expect(page).not.toContain('/studio');
      expect(page).toContain('/openapi.json');
    } finally {
      await off.close();
    }
  });
});
