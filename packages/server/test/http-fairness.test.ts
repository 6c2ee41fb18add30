/**
 * Fair and honest under attack, on the real server: one account's slow renders cannot starve another's, an account
 * whose renders keep running into the time limit is held off (429; failed renders use no unit), an account's share of
 * the queue is capped (429 to it alone), a client that left is not charged and its queued render is dropped, a
 * request that finds every unit left held waits for them rather than answering 30101, links are signed at the
 * answer, and accounts never share stored objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOk,
  render,
  seedAccount,
  startTestServer,
  type TestServer,
  unitsLeft,
} from './helpers/http-server.js';

/**
 * Seconds of layout (just under the text limit): past a 500 ms limit, so each render is stopped by it. The combining
 * accent keeps the text off satori's fast path for plain text (the satori patch plain-text-graphemes).
 */
const SLOW = `<div style="font-size:12px;width:600px">${'busy words for the layout engine\u0301 '.repeat(580)}</div>`;
const SMALL = '<div style="display:flex;width:120px;height:60px;background:#16a34a"></div>';
const LIMIT_MS = 500;

/** A render of SLOW (stopped by the time limit) for `key`. */
function slowRender(base: string, key: string) {
  return render(base, key, '/render', { content: SLOW, format: 'png', width: 600, height: 400 });
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    renderTimeoutMs: LIMIT_MS,
    accountMaxQueued: 30,
    rateLimitMax: 10_000,
    timeoutPenaltyMax: 1_000,
  });
});

afterAll(async () => {
  await server?.close();
});

describe('fair scheduling', () => {
  it("a victim's small render is not stuck behind 20 of an attacker's time-limit renders", async () => {
    const attacker = await seedAccount(server.url, 100);
    const victim = await seedAccount(server.url, 10);
    // The victim's own time, alone.
    const aloneStarted = performance.now();
    expect((await render(server.url, victim.key, '/render', { content: SMALL, format: 'png' })).status).toBe(
      200,
    );
    const alone = performance.now() - aloneStarted;

    const flood = Array.from({ length: 20 }, () => slowRender(server.url, attacker.key));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const answer = await render(server.url, victim.key, '/render', {
      content: `${SMALL}<!-- 2 -->`,
      format: 'png',
    });
    const waited = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(waited).toBeLessThan(2 * alone + LIMIT_MS + 500);

    const results = await Promise.all(flood);
    expect(results.every((r) => r.status === 403 && r.body.code === 20105)).toBe(true);
    // A failed render uses no unit (DECISIONS "Resource packages").
    expect(await unitsLeft(server.url, attacker.accountId)).toBe(100);
  }, 60_000);

  it('holds off an account whose renders keep running into the time limit: 429 with Retry-After, others go on', async () => {
    const penalised = await startTestServer({ renderTimeoutMs: LIMIT_MS, timeoutPenaltyMax: 3 });
    try {
      const attacker = await seedAccount(penalised.url, 100);
      const other = await seedAccount(penalised.url, 10);
      const answers = [];
      for (let i = 0; i < 5; i++) {
        answers.push(await slowRender(penalised.url, attacker.key));
      }
      expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403, 429]);
      const held = answers[4];
      expect(held?.body.code).toBe(10108);
      expect(held?.body.message).toContain('ran into the render time limit');
      expect(Number(held?.headers.get('retry-after'))).toBeGreaterThan(0);
      // Even a small render of that account waits out the minute; another account's renders go on.
      expect(
        (await render(penalised.url, attacker.key, '/render', { content: SMALL, format: 'png' })).status,
      ).toBe(429);
      expect(
        (await render(penalised.url, other.key, '/render', { content: SMALL, format: 'png' })).status,
      ).toBe(200);
      penalised.advance(61_000);
      expect(
        (await render(penalised.url, attacker.key, '/render', { content: SMALL, format: 'png' })).status,
      ).toBe(200);
      expect(await unitsLeft(penalised.url, attacker.accountId)).toBe(99);
    } finally {
      await penalised.close();
    }
  }, 60_000);

  it("refuses an account's renders over its share of the queue with 429 and Retry-After; others still render", async () => {
    const greedy = await seedAccount(server.url, 100);
    const other = await seedAccount(server.url, 10);
    // Keep the worker busy so the greedy account's renders wait in the queue.
    const blocker = slowRender(server.url, other.key);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const flood = Array.from({ length: 34 }, (_, i) =>
      render(server.url, greedy.key, '/render', { content: `${SMALL}<!-- ${i} -->`, format: 'png' }),
    );
    const answers = await Promise.all(flood);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.body.code).toBe(10108);
    expect(refused[0]?.body.message).toContain('renders of this account are waiting');
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 200).length + refused.length).toBe(34);
    // Refused renders cost nothing.
    expect(await unitsLeft(server.url, greedy.accountId)).toBe(100 - (34 - refused.length));
    expect((await render(server.url, other.key, '/render', { content: SMALL, format: 'png' })).status).toBe(
      200,
    );
    await blocker;
  }, 60_000);
});

describe('accounting', () => {
  it('gives the unit back to a client that left before its render started, and drops the render', async () => {
    const account = await seedAccount(server.url, 10);
    const busy = await seedAccount(server.url, 10);
    const blocker = slowRender(server.url, busy.key);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const completedBefore = server.server.renderer.stats().completed;
    const controller = new AbortController();
    const leaving = fetch(`${server.url}/open/v1/images/render`, {
      method: 'POST',
      headers: { 'x-api-key': account.key, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `${SMALL}<!-- gone -->`, format: 'png' }),
      signal: controller.signal,
    }).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    expect(await leaving).toBe('aborted');
    await blocker;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await unitsLeft(server.url, account.accountId)).toBe(10);
    // The abandoned render never ran: nothing completed besides the blocker's own (stopped) render.
    expect(server.server.renderer.stats().completed).toBe(completedBefore);
  }, 30_000);

  it('waits for units held by renders in progress instead of answering 30101, and gets one when it comes back', async () => {
    const account = await seedAccount(server.url, 1);
    const first = slowRender(server.url, account.key);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The only unit is held by the first render; it will fail (time limit) and give the unit back.
    const second = await render(server.url, account.key, '/render', { content: SMALL, format: 'png' });
    expect((await first).status).toBe(403);
    expect([second.status, second.body.code]).toEqual([200, 0]);
    // Now no unit is left and none is held: 30101 at once.
    const third = await render(server.url, account.key, '/render', {
      content: `${SMALL}<!-- 3 -->`,
      format: 'png',
    });
    expect([third.status, third.body.code]).toEqual([403, 30101]);
  }, 30_000);

  it('signs the link when the image is stored: a full lifetime ahead even after waiting for a worker', async () => {
    const account = await seedAccount(server.url, 10);
    const busy = await seedAccount(server.url, 10);
    const blocker = slowRender(server.url, busy.key);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await render(server.url, account.key, '/render', {
      content: `${SMALL}<!-- link -->`,
      format: 'png',
    });
    const answeredAt = server.now();
    expect(answer.status).toBe(200);
    const expiresAt = Date.parse(String(answer.body.data?.expiresAt));
    expect(expiresAt - answeredAt).toBeGreaterThan(300_000 - 1_000);
    await blocker;
  }, 30_000);
});

describe('no cross-account signal', () => {
  it('stores identical renders of two accounts apart: another account’s image is never reused', async () => {
    const a = await seedAccount(server.url, 5);
    const b = await seedAccount(server.url, 5);
    const body = {
      content: '<div style="display:flex;width:80px;height:40px;background:#9333ea">invoice 4711</div>',
      format: 'png',
    };
    const first = await render(server.url, a.key, '/render', body);
    const second = await render(server.url, b.key, '/render', body);
    const again = await render(server.url, a.key, '/render', body);
    const path = (r: typeof first) => new URL(String(r.body.data?.url)).pathname;
    expect(path(first)).not.toBe(path(second));
    expect(path(again)).toBe(path(first));
  });
});

describe('bounded template fill', () => {
  it('refuses nested sections over long arrays quickly, and /healthz stays prompt meanwhile', async () => {
    const account = await seedAccount(server.url, 20);
    const items = { type: 'array', items: { type: 'integer' } };
    await adminOk(server.url, 'POST', '/templates', {
      accountId: account.accountId,
      id: 'nested-arrays',
      name: 'nested',
      content: '<div style="display:flex">{{#a}}{{#b}}{{/b}}{{/a}}</div>',
      variables: { a: items, b: items },
      width: 100,
      height: 50,
      format: 'png',
    });
    await adminOk(server.url, 'POST', '/templates/nested-arrays/publish');
    const many = Array.from({ length: 1024 }, (_, i) => i);
    const body = { variables: { a: many, b: many } };
    const started = performance.now();
    const attacks = Array.from({ length: 10 }, () =>
      render(server.url, account.key, '/templates/nested-arrays/render', body),
    );
    const healthStarted = performance.now();
    const health = await fetch(`${server.url}/healthz`);
    const healthMs = performance.now() - healthStarted;
    const answers = await Promise.all(attacks);
    expect(health.status).toBe(200);
    for (const answer of answers) {
      expect([answer.status, answer.body.code]).toEqual([400, 10103]);
      expect(answer.body.message).toContain('steps');
    }
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(healthMs).toBeLessThan(2_000);
    expect(await unitsLeft(server.url, account.accountId)).toBe(20);
  }, 30_000);
});
