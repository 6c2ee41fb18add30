import { execFileSync } from 'node:child_process';
import https from 'node:https';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PictorError } from '../src/errors.js';
import { createFetcher } from '../src/fetch/index.js';

/** A self-signed certificate for localhost, made by openssl when the test runs (no key committed). */
function selfSigned(): { key: string; cert: string } | undefined {
  try {
    const out = execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        '-',
        '-out',
        '-',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(out)?.[0];
    const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(out)?.[0];
    return key && cert ? { key, cert } : undefined;
  } catch {
    return undefined;
  }
}

const credentials = selfSigned();
let server: https.Server;
let port = 0;
let lastServerName: string | undefined;

beforeAll(async () => {
  if (!credentials) return;
  const context = tls.createSecureContext(credentials);
  server = https.createServer(
    {
      ...credentials,
      SNICallback: (name, callback) => {
        lastServerName = name;
        callback(null, context);
      },
    },
    (_req, res) => res.end('secret'),
  );
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe.skipIf(!credentials)('https', () => {
  it('verifies certificates: a self-signed one is refused with a clear reason', async () => {
    const fetcher = createFetcher({ allowList: ['localhost', '127.0.0.1'] });
    const error = await fetcher.fetch(`https://localhost:${port}/x.png`, 'image').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PictorError);
    expect((error as PictorError).message).toMatch(
      new RegExp(`^image https://localhost:${port}/x.png: .*self[- ]signed certificate`, 'i'),
    );
    expect(lastServerName).toBe('localhost'); // SNI carries the host name although the socket connects to the checked IP
  });

  it('refuses https to a loopback name without the allow-list, before any TLS handshake', async () => {
    lastServerName = undefined;
    const error = await createFetcher()
      .fetch(`https://localhost:${port}/`, 'font')
      .catch((e: unknown) => e);
    expect((error as PictorError).message).toContain('is loopback and not allowed');
    expect(lastServerName).toBeUndefined();
  });
});
