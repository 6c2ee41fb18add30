/**
 * Renders that keep their worker busy until the test lets them go: each one's image comes from a local server that
 * holds the answer until `release()`. Tests of queues and fairness order their events with these instead of with a
 * render slow enough, and a sleep long enough, on whatever else the machine is doing.
 */
import sharp from 'sharp';
import type { FetchOptions } from '../../src/types.js';
import { startServer } from '../fixtures/http-server.js';

/** One held render's HTML and its controls. */
export interface Hold {
  /** A document whose render waits for its image (a URL of its own: never answered from a cache). */
  html: string;
  /** Resolves once the render's worker has asked for the image: the worker is busy with it. */
  asked: Promise<void>;
  /** Answer the image: the render goes on and finishes. */
  release(): void;
}

export interface HeldImages {
  /** The renderer's fetch options: the local server allowed, and no fetch time limit a held answer could reach. */
  fetch: FetchOptions;
  hold(): Hold;
  /** Answer every held image, then stop the server. */
  close(): Promise<void>;
}

export async function startHeldImages(): Promise<HeldImages> {
  const png = await sharp({ create: { width: 2, height: 2, channels: 4, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  const holds = new Map<string, { asked: () => void; released: Promise<void>; release: () => void }>();
  const server = await startServer({
    '/held.png': (req, res) => {
      const held = holds.get(new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '');
      if (!held) {
        res.statusCode = 404;
        res.end();
        return;
      }
      held.asked();
      void held.released.then(() => {
        res.setHeader('content-type', 'image/png');
        res.end(png);
      });
    },
  });
  let next = 0;
  return {
    fetch: { allowList: ['127.0.0.1'], timeoutMs: 600_000 },
    hold(): Hold {
      const id = String(next++);
      let asked: () => void = () => undefined;
      let release: () => void = () => undefined;
      const askedPromise = new Promise<void>((resolve) => {
        asked = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.set(id, { asked, released, release });
      return {
        html: `<div style="display:flex"><img src="${server.origin}/held.png?id=${id}" width="2" height="2"></div>`,
        asked: askedPromise,
        release,
      };
    },
    async close() {
      for (const held of holds.values()) held.release();
      await server.close();
    },
  };
}
