/**
 * Fair and honest under attack, on the real server: one account's renders cannot starve another's, an account
 * whose renders keep running into the time limit is held off (429; failed renders use no unit), an account's share of
 * the queue is capped (429 to it alone), a client that left is not charged and its queued render is dropped, a
 * request that finds every unit left held waits for them rather than answering 30101, links are signed at the
 * answer, and accounts never share stored objects.
 * Renders held by the test (helpers/held-image.ts) keep the one worker busy: no sleep, and no render's length on
 * this machine, orders the events.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Hold, HELD_ALLOW_LIST, type HeldImages, startHeldImages } from './helpers/held-image.js';
import {
  adminOk,
  render,
  seedAccount,
  startTestServer,
  type TestServer,
  unitsLeft,
} from './helpers/http-server.js';

/**
 * About a second of layout (476,000 characters, just under the 500,000-character text limit): past a 500 ms limit,
 * so each render is stopped by it. The combining accent keeps the text off satori's fast paths for plain text.
 */
const SLOW = `<div style="font-size:12px;width:600px">${'busy words for the layout engine\u0301 '.repeat(14_000)}</div>`;
const SMALL = '<div style="display:flex;width:120px;height:60px;background:#16a34a"></div>';
const LIMIT_MS = 500;
/** Polling for an event only: the suite's per-test time-out is the hang guard. */
const POLL = { timeout: 100_000, interval: 20 };

/** A render of SLOW (stopped by the time limit) for `key`. */
function slowRender(base: string, key: string) {
  return render(base, key, '/render', { content: SLOW, format: 'png', width: 600, height: 400 });
}

let held: HeldImages;
let server: TestServer;

/** A held render for `key`: its request, and the hold that decides when (and whether) it succeeds. */
function heldRender(key: string): { hold: Hold; answer: ReturnType<typeof render> } {
  const hold = held.hold();
  return { hold, answer: render(server.url, key, '/render', { content: hold.content, format: 'png' }) };
}

/** Renders waiting for the worker. */
const queued = () => server.server.renderer.stats().queued;

beforeAll(async () => {
  held = await startHeldImages();
  // Held renders wait for the test, never for a clock: time limits none of them reaches.
  server = await startTestServer({
    renderTimeoutMs: 600_000,
    fetchTimeoutMs: 600_000,
    queueWaitMs: 600_000,
    fetchAllowList: HELD_ALLOW_LIST,
    accountMaxQueued: 30,
    rateLimitMax: 10_000,
    timeoutPenaltyMax: 1_000,
  });
});

afterAll(async () => {
  await held?.close();
  await server?.close();
});

describe('fair scheduling', () => {
  it("a victim's small render is not stuck behind 20 of an attacker's renders", async () => {
    const attacker = await seedAccount(server.url, 100);
    const victim = await seedAccount(server.url, 10);
    const flood = Array.from({ length: 20 }, () => heldRender(attacker.key));
    // One attacker render has the worker, the other 19 wait; then the victim's.
    await flood[0]?.hold.asked;
    await expect.poll(queued, POLL).toBe(19);
    const answer = render(server.url, victim.key, '/render', { content: SMALL, format: 'png' });
    await expect.poll(queued, POLL).toBe(20);
    // Renders completed when the next attacker render starts (asks for its image).
    const completedBefore = server.server.renderer.stats().completed;
    const completedAtNext = Promise.race(
      flood.slice(1).map(({ hold }) => hold.asked.then(() => server.server.renderer.stats().completed)),
    );
    // The attacker's running render ends (it fails: its image is refused): the victim's is next, not the 19.
    flood[0]?.hold.fail();
    expect(await completedAtNext).toBe(completedBefore + 1);
    expect((await answer).status).toBe(200);
    for (const { hold } of flood) hold.fail();
    const results = await Promise.all(flood.map((f) => f.answer));
    expect(results.every((r) => r.status === 403 && r.body.code === 20105)).toBe(true);
    // A failed render uses no unit (docs/contract/decisions.md "Resource packages").
    expect(await unitsLeft(server.url, attacker.accountId)).toBe(100);
  });

  it('holds off an account whose renders keep running into the time limit: 429 with Retry-After, others go on', async () => {
    // RENDER_TIMEOUT semantics: the limit is what this test is about (issue 37 item 2 changes what it counts).
    const penalised = await startTestServer({ renderTimeoutMs: LIMIT_MS, timeoutPenaltyMax: 3 });
    try {
      const attacker = await seedAccount(penalised.url, 100);
      const other = await seedAccount(penalised.url, 10);
      const answers = [];
      for (let i = 0; i < 5; i++) {
        answers.push(await slowRender(penalised.url, attacker.key));
      }
      expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403, 429]);
      const refused = answers[4];
      expect(refused?.body.code).toBe(10108);
      expect(refused?.body.message).toContain('ran into the render time limit');
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
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
  });

  it("refuses an account's renders over its share of the queue with 429 and Retry-After; others still render", async () => {
    const greedy = await seedAccount(server.url, 100);
    const other = await seedAccount(server.url, 10);
    // The worker is busy with another account's render, so the greedy account's renders wait in the queue.
    const blocker = heldRender(other.key);
    await blocker.hold.asked;
    let settled = 0;
    const flood = Array.from({ length: 34 }, (_, i) =>
      render(server.url, greedy.key, '/render', { content: `${SMALL}<!-- ${i} -->`, format: 'png' }).finally(
        () => settled++,
      ),
    );
    // 30 wait (accountMaxQueued), 4 are answered at once.
    await expect.poll(() => settled, POLL).toBe(4);
    expect(queued()).toBe(30);
    blocker.hold.release();
    const answers = await Promise.all(flood);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0]?.body.code).toBe(10108);
    expect(refused[0]?.body.message).toContain('renders of this account are waiting');
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(30);
    // Refused renders cost nothing.
    expect(await unitsLeft(server.url, greedy.accountId)).toBe(70);
    expect((await render(server.url, other.key, '/render', { content: SMALL, format: 'png' })).status).toBe(
      200,
    );
    expect((await blocker.answer).status).toBe(200);
  });
});

describe('accounting', () => {
  it('gives the unit back to a client that left before its render started, and drops the render', async () => {
    const account = await seedAccount(server.url, 10);
    const busy = await seedAccount(server.url, 10);
    const blocker = heldRender(busy.key);
    await blocker.hold.asked;
    const completedBefore = server.server.renderer.stats().completed;
    const controller = new AbortController();
    const leaving = fetch(`${server.url}/open/v1/images/render`, {
      method: 'POST',
      headers: { 'x-api-key': account.key, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `${SMALL}<!-- gone -->`, format: 'png' }),
      signal: controller.signal,
    }).catch(() => 'aborted');
    // Its render waits for the worker when the client leaves; the server drops it from the queue.
    await expect.poll(queued, POLL).toBe(1);
    controller.abort();
    expect(await leaving).toBe('aborted');
    await expect.poll(queued, POLL).toBe(0);
    await expect.poll(() => unitsLeft(server.url, account.accountId), POLL).toBe(10);
    blocker.hold.release();
    expect((await blocker.answer).status).toBe(200);
    // The abandoned render never ran: nothing completed besides the blocker's own render.
    expect(server.server.renderer.stats().completed).toBe(completedBefore + 1);
    expect(await unitsLeft(server.url, account.accountId)).toBe(10);
  });

  it('waits for units held by renders in progress instead of answering 30101, and gets one when it comes back', async () => {
    const account = await seedAccount(server.url, 1);
    const first = heldRender(account.key);
    await first.hold.asked;
    // The only unit is held by the first render. The second request looks for held units (it waits for them)…
    const looked = vi.spyOn(server.server.store, 'countHeldUnits');
    try {
      const second = render(server.url, account.key, '/render', { content: SMALL, format: 'png' });
      await expect.poll(() => looked.mock.calls.length, POLL).toBeGreaterThan(0);
      // …and the first fails, giving its unit back to the waiting one.
      first.hold.fail();
      expect((await first.answer).status).toBe(403);
      const answer = await second;
      expect([answer.status, answer.body.code]).toEqual([200, 0]);
    } finally {
      looked.mockRestore();
    }
    // Now no unit is left and none is held: 30101 at once.
    const third = await render(server.url, account.key, '/render', {
      content: `${SMALL}<!-- 3 -->`,
      format: 'png',
    });
    expect([third.status, third.body.code]).toEqual([403, 30101]);
  });

  it('signs the link when the image is stored: a full lifetime ahead even after waiting for a worker', async () => {
    const account = await seedAccount(server.url, 10);
    const busy = await seedAccount(server.url, 10);
    const blocker = heldRender(busy.key);
    await blocker.hold.asked;
    const answering = render(server.url, account.key, '/render', {
      content: `${SMALL}<!-- link -->`,
      format: 'png',
    });
    await expect.poll(queued, POLL).toBe(1);
    // It waits 200 s by the server's clock: signed on arrival, its link would have 100 s left when answered.
    server.advance(200_000);
    blocker.hold.release();
    const answer = await answering;
    expect(answer.status).toBe(200);
    const expiresAt = Date.parse(String(answer.body.data?.expiresAt));
    expect(expiresAt - server.now()).toBeGreaterThan(200_000);
    expect(expiresAt - server.now()).toBeLessThanOrEqual(300_000);
    expect((await blocker.answer).status).toBe(200);
  });
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
  it('refuses nested sections over long arrays by their step count, and /healthz answers meanwhile', async () => {
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
    // How fast, and how promptly /healthz answers, is measured in benchmarks/guards: a clock here measures the
    // machine's other work too.
    const attacks = Array.from({ length: 10 }, () =>
      render(server.url, account.key, '/templates/nested-arrays/render', body),
    );
    const health = await fetch(`${server.url}/healthz`);
    const answers = await Promise.all(attacks);
    expect(health.status).toBe(200);
    for (const answer of answers) {
      expect([answer.status, answer.body.code]).toEqual([400, 10103]);
      expect(answer.body.message).toContain('steps');
    }
    expect(await unitsLeft(server.url, account.accountId)).toBe(20);
  });
});
