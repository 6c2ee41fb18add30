import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PictorError } from '../src/errors.js';
import { createFetcher } from '../src/fetch/index.js';
import { closedPort, startServer, type TestServer } from './fixtures/http-server.js';

let server: TestServer;
const MiB = 1024 * 1024;
/** Bytes the /drip route has sent so far. */
let drips = 0;
/** Holds /counted's answer until the test has made all its requests (a concurrent request must find it in flight). */
let answerCounted: () => void = () => undefined;
const counted = new Promise<void>((resolve) => {
  answerCounted = resolve;
});

beforeAll(async () => {
  server = await startServer({
    '/hello.txt': (_req, res) => {
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('hello');
    },
    '/counted': (_req, res) => {
      void counted.then(() => res.end('counted'));
    },
    '/no-store': (_req, res) => {
      res.setHeader('cache-control', 'no-store');
      res.end('fresh');
    },
    '/no-cache': (_req, res) => {
      res.setHeader('cache-control', 'public, no-cache');
      res.end('revalidate');
    },
    '/max-age-60': (_req, res) => {
      res.setHeader('cache-control', 'public, max-age=60');
      res.end('one minute');
    },
    '/max-age-1': (_req, res) => {
      res.setHeader('cache-control', 'public, max-age=1');
      res.end('one second');
    },
    '/big-chunked': (_req, res) => {
      // No Content-Length: 64 KiB chunks until 3 MiB (the client must stop counting on its own).
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const write = () => {
        while (sent < 3 * MiB) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      write();
    },
    '/big-declared': (_req, res) => {
      res.setHeader('content-length', String(50 * MiB));
      res.write('x');
    },
    '/drip': (_req, res) => {
      // A byte every 50 ms, never the end: only a limit on the whole fetch stops it (setInterval stays real below).
      res.setHeader('content-type', 'image/png');
      res.flushHeaders();
      const timer = setInterval(() => {
        res.write('x');
        drips++;
      }, 50);
      res.on('close', () => clearInterval(timer));
    },
    '/slow-headers': () => {
      /* never answers */
    },
    '/gzip': (_req, res) => {
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(Buffer.from('compressed body')));
    },
    '/gzip-bomb': (_req, res) => {
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(Buffer.alloc(20 * MiB)));
    },
    '/redirect-ok': (_req, res) => {
      res.writeHead(302, { location: '/hello.txt' });
      res.end();
    },
    '/redirect-metadata': (_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    },
    '/redirect-private': (_req, res) => {
      res.writeHead(301, { location: 'http://10.0.0.5/secret' });
      res.end();
    },
    '/redirect-v6-loopback': (_req, res) => {
      res.writeHead(307, { location: `http://[::1]:${server.port}/hello.txt` });
      res.end();
    },
    '/redirect-localhost': (_req, res) => {
      res.writeHead(302, { location: `http://localhost:${server.port}/hello.txt` });
      res.end();
    },
    '/redirect-to-ip': (_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${server.port}/hello.txt` });
      res.end();
    },
    '/redirect-file': (_req, res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    },
    '/loop': (req, res) => {
      const n = Number(new URL(req.url!, 'http://x').searchParams.get('n') ?? 0);
      res.writeHead(302, { location: `/loop?n=${n + 1}` });
      res.end();
    },
    '/truncated': (_req, res) => {
      res.setHeader('content-length', '1000');
      // Cut once the ten bytes have gone out.
      res.write('only ten b', () => res.socket?.destroy());
    },
    '/missing': (_req, res) => {
      res.statusCode = 404;
      res.end('nope');
    },
  });
});

afterAll(() => server.close());

async function fetchError(promise: Promise<unknown>): Promise<PictorError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PictorError);
  expect((error as PictorError).code).toBe('FETCH_ERROR');
  return error as PictorError;
}

describe('guarded fetcher against a local server (allow-listed)', () => {
  // A time limit no answer of this local server reaches, however busy the machine: only `timed` tests the limit.
  const fetcher = createFetcher({ allowList: ['127.0.0.1'], maxBytes: 2 * MiB, timeoutMs: 60_000 });
  const timed = createFetcher({ allowList: ['127.0.0.1'], timeoutMs: 1500 });

  it('fetches a body with its content type', async () => {
    const res = await fetcher.fetch(`${server.origin}/hello.txt`, 'stylesheet');
    expect(res.data.toString()).toBe('hello');
    expect(res.contentType).toBe('text/plain');
    expect(res.finalUrl).toBe(`${server.origin}/hello.txt`);
  });

  it('follows a same-origin redirect and reports the final URL', async () => {
    const res = await fetcher.fetch(`${server.origin}/redirect-ok`, 'image');
    expect(res.data.toString()).toBe('hello');
    expect(res.finalUrl).toBe(`${server.origin}/hello.txt`);
  });

  it('decodes gzip, and bounds the decoded size', async () => {
    expect((await fetcher.fetch(`${server.origin}/gzip`, 'font')).data.toString()).toBe('compressed body');
    const error = await fetchError(fetcher.fetch(`${server.origin}/gzip-bomb`, 'font'));
    expect(error.message).toContain(`-byte limit`);
  });

  it('serves a repeated URL from the cache and shares concurrent requests', async () => {
    const url = `${server.origin}/counted`;
    const fetches = Promise.all([
      fetcher.fetch(url, 'image'),
      fetcher.fetch(url, 'image'),
      fetcher.fetch(url, 'font'),
    ]);
    answerCounted();
    const [a, b, c] = await fetches;
    expect(server.hits.get('/counted')).toBe(1);
    expect(a.data).toBe(b.data);
    expect(c.data.toString()).toBe('counted');
    await fetcher.fetch(url, 'image');
    await fetcher.fetch(`${url}#fragment`, 'image');
    expect(server.hits.get('/counted')).toBe(1);
  });

  it('does not cache no-store responses', async () => {
    await fetcher.fetch(`${server.origin}/no-store`, 'image');
    await fetcher.fetch(`${server.origin}/no-store`, 'image');
    expect(server.hits.get('/no-store')).toBe(2);
  });

  it('keeps a response no longer than its Cache-Control allows: no-cache not at all, max-age for its seconds', async () => {
    await fetcher.fetch(`${server.origin}/no-cache`, 'image');
    await fetcher.fetch(`${server.origin}/no-cache`, 'image');
    expect(server.hits.get('/no-cache')).toBe(2);
    // Kept within its max-age (a minute: no busy machine takes that long between two fetches)…
    await fetcher.fetch(`${server.origin}/max-age-60`, 'image');
    await fetcher.fetch(`${server.origin}/max-age-60`, 'image');
    expect(server.hits.get('/max-age-60')).toBe(1);
    // …and fetched again once it has passed. The wait is a lower bound: a busy machine only makes it longer.
    await fetcher.fetch(`${server.origin}/max-age-1`, 'image');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await fetcher.fetch(`${server.origin}/max-age-1`, 'image');
    expect(server.hits.get('/max-age-1')).toBe(2);
  });

  it('stops reading a body without Content-Length once over the byte limit', async () => {
    const error = await fetchError(fetcher.fetch(`${server.origin}/big-chunked`, 'image'));
    expect(error.message).toBe(
      `image ${server.origin}/big-chunked: the response is over the ${2 * MiB}-byte limit (the body is larger; raise fetch.maxBytes to allow it)`,
    );
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const error = await fetchError(fetcher.fetch(`${server.origin}/big-declared`, 'image'));
    expect(error.message).toContain(`it declares ${50 * MiB} bytes`);
  });

  it('cuts off a slow-drip server at the time limit, not before (fake clock for the limit)', async () => {
    // The fetcher's deadline is a setTimeout: faked, so the limit is reached when this test says, not when a loaded
    // machine gets there. The socket and the server's drip run on real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      drips = 0;
      let outcome: unknown;
      const fetching = timed.fetch(`${server.origin}/drip`, 'image').then(
        () => {
          outcome = 'resolved';
        },
        (error: unknown) => {
          outcome = error;
        },
      );
      // Real-time polling (setInterval is not faked; vi.waitFor would move the fake clock itself).
      const until = (done: () => boolean) =>
        new Promise<void>((resolve) => {
          const poll = setInterval(() => {
            if (!done()) return;
            clearInterval(poll);
            resolve();
          }, 10);
        });
      // The body is being read: bytes keep arriving, and the fetch goes on.
      await until(() => drips >= 5);
      await vi.advanceTimersByTimeAsync(1499);
      expect(outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      // Settled at once (a wrong deadline would leave it pending until the test's own time limit).
      await Promise.race([fetching, until(() => drips >= 25)]);
      expect(outcome).toBeInstanceOf(PictorError);
      expect((outcome as PictorError).message).toBe(
        `image ${server.origin}/drip: no complete response within 1500 ms (the fetch time limit)`,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('cuts off a server that never sends headers', async () => {
    const error = await fetchError(timed.fetch(`${server.origin}/slow-headers`, 'font'));
    expect(error.message).toContain('within 1500 ms');
  });

  it.each([
    ['/redirect-metadata', 'address 169.254.169.254 is link-local (cloud metadata) and not allowed'],
    [
      '/redirect-private',
      'address 10.0.0.5 is private and not allowed (add it to the fetch allow-list to permit it)',
    ],
    ['/redirect-v6-loopback', 'address ::1 is loopback and not allowed'],
    ['/redirect-file', 'redirect to file: refused'],
    ['/loop', 'more than 5 redirects'],
  ])('refuses redirect %s', async (path, reason) => {
    const error = await fetchError(fetcher.fetch(`${server.origin}${path}`, 'image'));
    expect(error.message).toContain(reason);
    expect(error.message.startsWith(`image ${server.origin}${path}: `)).toBe(true);
  });

  it('reports HTTP errors and unreachable hosts', async () => {
    expect((await fetchError(fetcher.fetch(`${server.origin}/missing`, 'image'))).message).toBe(
      `image ${server.origin}/missing: the server answered HTTP 404 Not Found`,
    );
    const port = await closedPort();
    const error = await fetchError(fetcher.fetch(`http://127.0.0.1:${port}/x.png`, 'image'));
    expect(error.message).toContain('connection refused');
  });

  it('fails when the connection closes before the declared body is complete', async () => {
    const error = await fetchError(fetcher.fetch(`${server.origin}/truncated`, 'image'));
    expect(error.message).toBe(
      `image ${server.origin}/truncated: the connection closed before the body was complete`,
    );
  });

  it('decodes data: URLs without the network, within the byte limit', async () => {
    const res = await fetcher.fetch('data:text/plain;base64,aGVsbG8=', 'image');
    expect(res.data.toString()).toBe('hello');
    expect(res.contentType).toBe('text/plain');
    expect((await fetcher.fetch('data:image/svg+xml,%3Csvg%3E%C3%A9', 'image')).data.toString()).toBe(
      '<svg>é',
    );
    const small = createFetcher({ maxBytes: 10 });
    await fetchError(small.fetch(`data:text/plain;base64,${Buffer.alloc(100).toString('base64')}`, 'image'));
  });
});

describe('options', () => {
  it('refuses a malformed allow-list CIDR with INVALID_INPUT', () => {
    expect(() => createFetcher({ allowList: ['10.0.0.0/40'] })).toThrowError(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message:
          'fetch.allowList: fetch allow-list entry "10.0.0.0/40" is not a valid CIDR range (e.g. 10.0.0.0/8)',
      }),
    );
  });
});

describe('SSRF rules without an allow-list', () => {
  // Refused before any connection: a time limit none of them reaches, however busy the machine.
  const fetcher = createFetcher({ timeoutMs: 60_000 });

  it('refuses the local server itself', async () => {
    const error = await fetchError(fetcher.fetch(`${server.origin}/hello.txt`, 'image'));
    expect(error.message).toBe(
      `image ${server.origin}/hello.txt: address 127.0.0.1 is loopback and not allowed (add it to the fetch allow-list to permit it)`,
    );
    expect(server.hits.get('/hello.txt')).toBe(2); // only the two allow-listed fetches above reached it
  });

  it('refuses a DNS name that resolves to a loopback address (checked on the resolved address)', async () => {
    const error = await fetchError(fetcher.fetch(`http://localhost:${server.port}/hello.txt`, 'font'));
    expect(error.message).toMatch(
      /address (127\.0\.0\.1|::1) \(localhost resolves to it\) is loopback and not allowed/,
    );
  });

  it.each([
    ['http://2130706433/', '127.0.0.1', 'loopback'],
    ['http://0x7f.1/', '127.0.0.1', 'loopback'],
    ['http://0177.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://0xa9.0xfe.0xa9.0xfe/latest/meta-data', '169.254.169.254', 'link-local (cloud metadata)'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'loopback (IPv4 127.0.0.1 inside IPv6)'],
    ['http://[::1]/', '::1', 'loopback'],
    ['http://[fe80::1]/', 'fe80::1', 'link-local'],
    ['http://0.0.0.0/', '0.0.0.0', 'unspecified'],
    ['http://100.64.0.1/', '100.64.0.1', 'shared (CGNAT)'],
    ['http://192.168.1.1:8080/', '192.168.1.1', 'private'],
  ])('refuses %s', async (url, address, reason) => {
    const error = await fetchError(fetcher.fetch(url, 'image'));
    expect(error.message).toContain(`address ${address} is ${reason} and not allowed`);
  });

  it.each([
    ['file:///etc/passwd', 'the file: scheme is not allowed'],
    ['ftp://example.com/x', 'the ftp: scheme is not allowed'],
    ['gopher://127.0.0.1:70/_x', 'the gopher: scheme is not allowed'],
    ['/relative.png', 'not an absolute URL'],
  ])('refuses %s', async (url, reason) => {
    const error = await fetchError(fetcher.fetch(url, 'stylesheet'));
    expect(error.message).toContain(reason);
    expect(error.message.startsWith(`stylesheet ${url}: `)).toBe(true);
  });

  it('checks every redirect hop again: an allow-listed name redirecting to a loopback IP is refused', async () => {
    const byName = createFetcher({ allowList: ['localhost'] });
    const error = await fetchError(byName.fetch(`http://localhost:${server.port}/redirect-to-ip`, 'image'));
    expect(error.message).toContain('address 127.0.0.1 is loopback and not allowed');
  });

  it('keeps at most cacheEntries responses (least recently used evicted)', async () => {
    const small = createFetcher({ allowList: ['127.0.0.1'], cacheEntries: 1 });
    const before = server.hits.get('/hello.txt') ?? 0;
    await small.fetch(`${server.origin}/hello.txt`, 'image');
    await small.fetch(`${server.origin}/hello.txt`, 'image');
    await small.fetch(`${server.origin}/redirect-ok?x`, 'image');
    await small.fetch(`${server.origin}/hello.txt`, 'image');
    expect((server.hits.get('/hello.txt') ?? 0) - before).toBe(3); // 1st, via the redirect, again after eviction
  });

  it('allow-listing the host name lets it through', async () => {
    const byName = createFetcher({ allowList: ['localhost'] });
    const res = await byName
      .fetch(`http://localhost:${server.port}/redirect-ok`, 'image')
      .catch((e: Error) => e);
    // localhost may resolve to ::1 first where nothing listens; the address check itself must not refuse it.
    if (res instanceof Error) expect(res.message).not.toContain('not allowed');
    else expect(res.data.toString()).toBe('hello');
  });
});

describe('IPv6', () => {
  it('fetches from an allow-listed IPv6 literal (when the machine has ::1)', async () => {
    const { createServer } = await import('node:http');
    const v6 = createServer((_req, res) => res.end('six'));
    const listening = await new Promise<boolean>((resolve) => {
      v6.once('error', () => resolve(false));
      v6.listen(0, '::1', () => resolve(true));
    });
    if (!listening) return;
    try {
      const { port } = v6.address() as { port: number };
      const res = await createFetcher({ allowList: ['::1'] }).fetch(`http://[::1]:${port}/`, 'image');
      expect(res.data.toString()).toBe('six');
      const refused = await fetchError(createFetcher().fetch(`http://[::1]:${port}/`, 'image'));
      expect(refused.message).toContain('address ::1 is loopback and not allowed');
    } finally {
      await new Promise<void>((resolve) => v6.close(() => resolve()));
    }
  });
});
