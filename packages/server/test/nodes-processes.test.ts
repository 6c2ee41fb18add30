/**
 * Three server processes (`node dist/cli.js serve`) sharing one PostgreSQL and one S3-compatible bucket (s3rver),
 * behind no proxy: a client spreads requests over them. Units are exact across nodes, links made by one node are
 * served by the others, a node stopped with SIGTERM under load and started again fails no request (only 503 with
 * Retry-After), and the units a SIGKILLed node held come back once their hold expires. Runs when
 * PICTOR_TEST_DATABASE_URL is set (CI starts PostgreSQL); needs the built CLI.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createStore } from '../src/db/index.js';
import { holdMsOf } from '../src/services/render-job.js';
import type { Store } from '../src/db/types.js';
import { type HeldImages, startHeldImages } from './helpers/held-image.js';
import { adminOk, seedAccount } from './helpers/http-server.js';
import { createTestSchema, type TestSchema } from './helpers/postgres-schema.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { cliBuilt, type ServerProcess, spawnServer } from './helpers/server-process.js';

const baseUrl = process.env.PICTOR_TEST_DATABASE_URL;

/** A quick render of its own (distinct content: no reuse). */
function smallRender(i: number) {
  return {
    content: `<div style="display:flex;width:100%;height:100%;background:#${(i * 2654435761).toString(16).slice(-6).padStart(6, '0')};color:white;font-size:20px">${i}</div>`,
    width: 64,
    height: 32,
    format: 'png',
  };
}

/** `n` more API keys of the account (the rate limit counts per key; units per account). */
async function moreKeys(url: string, accountId: string, n: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < n; i++)
    keys.push((await adminOk<{ key: string }>(url, 'POST', `/accounts/${accountId}/keys`)).key);
  return keys;
}

/** POST operation B; the status, the envelope, and Retry-After. */
async function post(url: string, key: string, body: unknown) {
  const res = await fetch(`${url}/open/v1/images/render`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; data?: { url: string } };
  return { status: res.status, envelope, retryAfter: res.headers.get('retry-after') };
}

describe.skipIf(!baseUrl)('three server processes on one PostgreSQL and one bucket', () => {
  let schema: TestSchema;
  let s3: TestS3;
  let store: Store;
  const dirs: string[] = [];
  const nodes: ServerProcess[] = [];
  let heldImages: HeldImages;

  async function startNode(): Promise<ServerProcess> {
    const dataDir = await mkdtemp(join(tmpdir(), 'pictor-node-'));
    dirs.push(dataDir);
    const node = await spawnServer(dataDir, {
      PICTOR_DATABASE_URL: schema.url,
      PICTOR_STORAGE: `s3://${s3.bucket}/nodes`,
      PICTOR_S3_ENDPOINT: s3.endpoint,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? '',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? '',
      AWS_REGION: 'us-east-1',
      PICTOR_WORKERS: '1',
      // The default limit (120 requests per key), counted by the nodes together, in a window no busy machine
      // outlasts while a test sends its requests (the default is 10 s).
      PICTOR_RATE_LIMIT_MAX: '120',
      PICTOR_RATE_LIMIT_WINDOW_MS: '600000',
      // Renders held by the test (helpers/held-image.ts) fetch their image from this process.
      PICTOR_FETCH_ALLOW_LIST: '127.0.0.1',
      PICTOR_FETCH_TIMEOUT_MS: '600000',
    });
    return node;
  }

  beforeAll(async () => {
    if (!cliBuilt())
      throw new Error('dist/cli.js is missing: run `pnpm --filter @pictor/server build` first');
    heldImages = await startHeldImages();
    schema = await createTestSchema(baseUrl as string, 'nodes');
    s3 = await startTestS3();
    for (let i = 0; i < 3; i++) nodes.push(await startNode());
    store = createStore(schema.url, tmpdir());
  });
  afterAll(async () => {
    for (const node of nodes)
      if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
    await Promise.all(nodes.map((n) => n.exited));
    await store?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    await s3?.stop();
    await schema?.drop();
    await heldImages?.close();
  });

  it('300 concurrent renders against 100 units: exactly 100 succeed and 100 units are used', async () => {
    const { accountId, key } = await seedAccount(nodes[0]!.url, 100);
    const keys = [key, ...(await moreKeys(nodes[0]!.url, accountId, 2))];
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        post(nodes[i % 3]!.url, keys[Math.floor(i / 100)]!, smallRender(i)),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    // Compared as a tally so that a failure shows every status and code that came back.
    const tally: Record<string, number> = {};
    for (const a of answers) {
      const k = `${a.status} ${a.envelope.code}`;
      tally[k] = (tally[k] ?? 0) + 1;
    }
    expect(tally).toEqual({ '200 0': 100, '403 30101': 200 });
    const usage = await store.usage(accountId, new Date());
    expect([usage.packages.length, usage.rendersDone]).toEqual([0, 100]);
    // A link made by one node is served by every node.
    const link = new URL(ok[0]!.envelope.data!.url);
    for (const node of nodes) {
      const res = await fetch(`${node.url}${link.pathname}${link.search}`);
      expect(res.status).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(64);
    }
  });

  it('the per-key rate limit holds over the three nodes: 120 of 200 requests in a window pass', async () => {
    const { key } = await seedAccount(nodes[0]!.url, 1);
    // An empty body is refused with 400 after the rate limit counted it: cheap requests that still count.
    const statuses = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await fetch(`${nodes[i % 3]!.url}/open/v1/images/render`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: '{}',
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80);
  });

  it('a node stopped with SIGTERM under load and started again: no request fails but 503 with Retry-After', async () => {
    const { accountId, key } = await seedAccount(nodes[0]!.url, 1000);
    const keys = [key, ...(await moreKeys(nodes[0]!.url, accountId, 5))];
    const answers: { status: number; retryAfter: string | null; url?: string; node: string }[] = [];
    let running = true;
    let next = 0;
    /** A client that spreads requests round-robin and, like a load balancer, skips a node that refuses connections. */
    const client = async (key: string) => {
      while (running) {
        const i = next++;
        for (let attempt = 0; attempt < 3; attempt++) {
          const node = nodes[(i + attempt) % 3]!;
          try {
            const a = await post(node.url, key, smallRender(10_000 + i));
            answers.push({
              status: a.status,
              retryAfter: a.retryAfter,
              url: a.envelope.data?.url,
              node: node.url,
            });
            break;
          } catch {
            // Connection refused or reset before any answer: the node is down; try the next one.
          }
        }
      }
    };
    /** Wait until `check` holds (the test's time-out is the hang guard): counted answers, not time, decide. */
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const clients = keys.map(client);
    const stopping = nodes[1]!;
    await until(() => answers.filter((a) => a.status === 200 && a.node === stopping.url).length >= 3);
    stopping.child.kill('SIGTERM');
    expect((await stopping.exited).code).toBe(0);
    const restarted = await startNode();
    nodes[1] = restarted;
    await until(() => answers.filter((a) => a.status === 200 && a.node === restarted.url).length >= 3);
    running = false;
    await Promise.all(clients);

    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].every((s) => s === 200 || s === 503)).toBe(true);
    for (const a of answers.filter((x) => x.status === 503)) expect(Number(a.retryAfter)).toBeGreaterThan(0);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(10);
    // No unit lost or taken twice: every 200 used one unit, nothing else did.
    const usage = await store.usage(accountId, new Date());
    expect(usage.rendersDone).toBe(ok.length);
    expect(usage.packages[0]?.remaining).toBe(1000 - ok.length);
    // No half-written object is reachable: every link answers a complete image, from any node.
    for (const [n, a] of ok.entries()) {
      const link = new URL(a.url as string);
      const res = await fetch(`${nodes[n % 3]!.url}${link.pathname}${link.search}`);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([64, 32]);
    }
  });

  it("units held by a node killed mid-render come back once their hold expires; the others' work stands", async () => {
    const { accountId, key } = await seedAccount(nodes[0]!.url, 50);
    const victim = nodes[2]!;
    const slow = (i: number) => ({
      content: `<div style="display:flex;width:100%;height:100%;background:#${(i * 7919).toString(16).slice(-6).padStart(6, '0')};filter:blur(12px);font-size:120px;color:white">Render ${i}</div>`,
      width: 2000,
      height: 1600,
      format: 'png',
    });
    // Killed while one render is surely in flight on its only worker (held by the test), with more sent behind it:
    // none of the victim's renders can finish, so none is charged (docs/api.md: a unit is used when the answer is
    // about to be written).
    const hold = heldImages.hold();
    const first = post(victim.url, key, { content: hold.content, format: 'png' }).catch(() => null);
    await hold.asked;
    const pending = [
      first,
      ...Array.from({ length: 6 }, (_, i) => post(victim.url, key, slow(i)).catch(() => null)),
    ];
    const others = Array.from({ length: 4 }, (_, i) => post(nodes[i % 2]!.url, key, smallRender(20_000 + i)));
    victim.child.kill('SIGKILL');
    await victim.exited;
    const victimAnswers = (await Promise.all(pending)).filter((a) => a?.status === 200).length;
    const otherAnswers = (await Promise.all(others)).filter((a) => a.status === 200).length;
    expect(victimAnswers).toBe(0);
    expect(otherAnswers).toBe(4);
    const usage = await store.usage(accountId, new Date());
    const left = usage.packages.reduce((sum, p) => sum + p.remaining, 0);
    const held = 50 - left - usage.rendersDone;
    expect(held).toBeGreaterThan(0);
    expect(usage.rendersDone).toBe(otherAnswers);
    // The janitor (on whichever node holds its lease) gives them back once the hold — queue wait + wall-clock limit + 5 min —
    // has passed: run its step at that time.
    const holdMs = holdMsOf(loadConfig({}, { dataDir: tmpdir() }).limits);
    expect(await store.releaseExpiredReservations(new Date(Date.now() + holdMs + 60_000))).toBe(held);
    const after = await store.usage(accountId, new Date());
    expect(after.packages.reduce((sum, p) => sum + p.remaining, 0) + after.rendersDone).toBe(50);
    nodes[2] = await startNode();
    const again = await post(nodes[2]!.url, key, smallRender(30_000));
    expect(again.status).toBe(200);
    expect(await adminOk(nodes[2]!.url, 'GET', `/accounts/${accountId}/usage`)).toMatchObject({
      rendersDone: after.rendersDone + 1,
    });
  });
});
