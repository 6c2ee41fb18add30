/**
 * Renders that keep their worker busy until the test lets them go: each one's image comes from a loopback server
 * that holds the answer until `release()` (or `fail()`). Tests of queues, fairness and units order their events with
 * these instead of with a render slow enough, and a sleep long enough, on whatever else the machine is doing.
 * A server using them needs `fetchAllowList: HELD_ALLOW_LIST` and a render time limit no held render reaches.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';

/** The server limits' fetch allow-list for held images. */
export const HELD_ALLOW_LIST = ['127.0.0.1'];

/** One held render's content and its controls. */
export interface Hold {
  /** HTML whose render waits for its image (a URL of its own: never answered from a cache). */
  content: string;
  /** Resolves once the render's worker has asked for the image: the worker is busy with it. */
  asked: Promise<void>;
  /** Answer the image: the render goes on and succeeds. */
  release(): void;
  /** Answer 404: the render fails (403 / 20105) and its unit goes back. */
  fail(): void;
}

export interface HeldImages {
  hold(): Hold;
  /** Answer every image still held (404), then stop the server. */
  close(): Promise<void>;
}

export async function startHeldImages(): Promise<HeldImages> {
  const png = await sharp({ create: { width: 2, height: 2, channels: 4, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  const holds = new Map<string, { asked: () => void; answered: Promise<boolean> }>();
  const fails: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const held = holds.get(new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '');
    if (!held) {
      res.statusCode = 404;
      res.end();
      return;
    }
    held.asked();
    void held.answered.then((ok) => {
      if (!ok) res.statusCode = 404;
      else res.setHeader('content-type', 'image/png');
      res.end(ok ? png : undefined);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let next = 0;
  return {
    hold(): Hold {
      const id = String(next++);
      let asked: () => void = () => undefined;
      let answer: (ok: boolean) => void = () => undefined;
      const askedPromise = new Promise<void>((resolve) => {
        asked = resolve;
      });
      const answered = new Promise<boolean>((resolve) => {
        answer = resolve;
      });
      holds.set(id, { asked, answered });
      fails.push(() => answer(false));
      return {
        content: `<div style="display:flex;width:120px;height:60px"><img src="http://127.0.0.1:${port}/held.png?id=${id}" width="2" height="2"></div>`,
        asked: askedPromise,
        release: () => answer(true),
        fail: () => answer(false),
      };
    },
    async close() {
      for (const fail of fails) fail();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
