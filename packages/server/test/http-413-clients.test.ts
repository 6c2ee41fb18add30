/**
 * A body over the limit is answered 413 in the envelope, and every client gets to read it: Node's fetch (undici)
 * with a 6 MiB body and with a streamed body of unknown length, against the server in a process of its own at its
 * default 5 MiB limit. Needs the built CLI.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount } from './helpers/http-server.js';
import { cliBuilt, type ServerProcess, spawnServer } from './helpers/server-process.js';

const LIMIT = 5 * 1024 * 1024;
let dataDir = '';
let server: ServerProcess;
let key = '';

beforeAll(async () => {
  if (!cliBuilt()) throw new Error('dist/cli.js is missing: run `pnpm --filter @pictor/server build` first');
  dataDir = await mkdtemp(join(tmpdir(), 'pictor-413-'));
  server = await spawnServer(dataDir, { PICTOR_WORKERS: '1' });
  key = (await seedAccount(server.url, 1)).key;
});
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await rm(dataDir, { recursive: true, force: true });
});

async function send(body: RequestInit['body'], extra: RequestInit = {}) {
  const res = await fetch(`${server.url}/open/v1/images/render`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body,
    ...extra,
  });
  return { status: res.status, envelope: await res.json() };
}

const expected = { status: 413, envelope: { code: 10107, message: `body: must be at most ${LIMIT} bytes` } };

describe('413 that clients can read', () => {
  it("Node's fetch reads the 413 of a 6 MiB body, every time", async () => {
    const body = JSON.stringify({ content: 'x'.repeat(6 * 1024 * 1024) });
    for (let i = 0; i < 5; i++) expect(await send(body)).toEqual(expected);
  });

  it("Node's fetch reads the 413 of a 12 MiB body streamed without Content-Length", async () => {
    for (let i = 0; i < 3; i++) {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 192) controller.enqueue(chunk);
          else controller.close();
        },
      });
      expect(await send(stream, { duplex: 'half' } as RequestInit)).toEqual(expected);
    }
  });
});
