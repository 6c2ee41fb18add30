/**
 * The ObjectStorage contract on the S3 driver against a real S3-compatible server (s3rver) on
 * loopback, plus what only S3 has: the key prefix, `s3://` config parsing and start-up checks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { openObjectStorage, parseS3Location } from '../src/storage/index.js';
import { createS3Storage, S3StorageError } from '../src/storage/s3.js';
import { describeStorageContract } from './contracts/storage-contract.js';
import { ADMIN_TOKEN, render, seedAccount } from './helpers/http-server.js';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from './helpers/s3-server.js';

const BUCKET = 'pictor-test';
const credentials = S3RVER_CREDENTIALS;
/** The server reads credentials the usual way (AWS_* variables); s3rver accepts any secret for its key. */
const ENV_SECRET = 'S3RVER-secret-never-shown';
let s3: TestS3;
let endpoint = '';
let dir = '';
let run = 0;

beforeAll(async () => {
  s3 = await startTestS3(BUCKET, ENV_SECRET);
  endpoint = s3.endpoint;
  dir = s3.dir;
});

afterAll(async () => {
  await s3?.stop();
});

// Each test gets its own prefix, so tests never see each other's objects. The test server's PUT
// is made atomic for new objects (helpers/s3-server.ts), but its GET still stats an object before
// opening it, so a read racing an overwrite can get the old size with the new bytes (not on S3,
// where one PUT replaces an object atomically): that case is skipped for this server.
describeStorageContract('s3', {
  atomicOverwrite: false,
  async open() {
    run += 1;
    return createS3Storage({ bucket: BUCKET, prefix: `contract-${run}/`, endpoint, credentials });
  },
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

describe('S3 storage', () => {
  it('stores each key under the prefix of PICTOR_STORAGE', async () => {
    const storage = await openObjectStorage(
      { dataDir: dir, storage: `s3://${BUCKET}/renders/prod`, s3Endpoint: endpoint },
      { credentials },
    );
    try {
      await storage.put('beef0001.webp', Buffer.from('RIFF'), 'image/webp');
      const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
      try {
        const raw = await client.send(
          new HeadObjectCommand({ Bucket: BUCKET, Key: 'renders/prod/beef0001.webp' }),
        );
        expect(raw.ContentLength).toBe(4);
        expect(raw.ContentType).toBe('image/webp');
      } finally {
        client.destroy();
      }
      expect(await storage.head('beef0001.webp')).toEqual({ size: 4, contentType: 'image/webp' });
    } finally {
      await storage.close();
    }
  });

  it('a server started with PICTOR_STORAGE=s3://… stores renders in the bucket and serves their links', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pictor-s3-node-'));
    const config = loadConfig(
      {
        PICTOR_STORAGE: `s3://${BUCKET}/node`,
        PICTOR_S3_ENDPOINT: endpoint,
        AWS_REGION: 'us-east-1',
      },
      { port: 0, host: '127.0.0.1', dataDir, adminToken: ADMIN_TOKEN, logLevel: 'silent', workers: 1 },
    );
    const running = await startServer(config);
    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    try {
      const { key } = await seedAccount(running.url, 5);
      const res = await render(running.url, key, '/render', {
        content: '<div style="display:flex;width:24px;height:12px;background:#336699"></div>',
        format: 'png',
      });
      expect(res.status).toBe(200);
      const link = new URL((res.body.data as { url: string }).url);
      const served = Buffer.from(await (await fetch(link)).arrayBuffer());
      expect(served.subarray(1, 4).toString()).toBe('PNG');
      const objectKey = `node/${link.pathname.slice('/files/'.length)}`;
      const stored = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: objectKey }));
      expect(stored.ContentType).toBe('image/png');
      expect(
        Buffer.from(
          await (stored.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
        ),
      ).toEqual(served);
    } finally {
      client.destroy();
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('parses s3://bucket/prefix and rejects malformed locations', () => {
    expect(parseS3Location('s3://pictor')).toEqual({ bucket: 'pictor', prefix: '' });
    expect(parseS3Location('s3://pictor/')).toEqual({ bucket: 'pictor', prefix: '' });
    expect(parseS3Location('s3://my.bucket-1/renders//prod/')).toEqual({
      bucket: 'my.bucket-1',
      prefix: 'renders/prod/',
    });
    for (const bad of [
      's3://',
      's3://ab',
      's3://Upper',
      's3://b..c/x',
      's3://bucket/../x',
      's3://bucket/a b',
      's3://bucket?x=1',
    ]) {
      expect(() => parseS3Location(bad), bad).toThrow(TypeError);
    }
  });

  it('config keeps a valid s3:// storage and fails fast on a bad one, naming the variable', () => {
    const config = loadConfig({
      PICTOR_STORAGE: 's3://pictor/renders',
      PICTOR_S3_ENDPOINT: 'http://127.0.0.1:9000',
      AWS_REGION: 'eu-west-3',
    });
    expect(config.storage).toBe('s3://pictor/renders');
    expect(config.s3Endpoint).toBe('http://127.0.0.1:9000');
    expect(config.s3Region).toBe('eu-west-3');
    expect(() => loadConfig({ PICTOR_STORAGE: 's3://UPPER/x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PICTOR_STORAGE: 's3://UPPER/x' })).toThrow(/^PICTOR_STORAGE: bucket "UPPER"/);
    expect(() => loadConfig({ PICTOR_S3_ENDPOINT: 'ftp://x' })).toThrow(/PICTOR_S3_ENDPOINT/);
  });

  it('a missing bucket stops the start with a message that says what to fix', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pictor-s3-start-'));
    try {
      const config = loadConfig({
        PICTOR_DATA_DIR: dataDir,
        PICTOR_STORAGE: 's3://no-such-bucket/renders',
        PICTOR_S3_ENDPOINT: endpoint,
      });
      const error = await startServer(config, { listen: false }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(S3StorageError);
      expect((error as S3StorageError).reason).toBe('bucket-missing');
      expect((error as Error).message).toMatch(
        /bucket s3:\/\/no-such-bucket does not exist; create it or fix PICTOR_STORAGE/,
      );
      expect((error as Error).message).not.toContain(ENV_SECRET);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refused credentials stop the start, naming the AWS variables and not the secret', async () => {
    const error = await openObjectStorage(
      { dataDir: dir, storage: `s3://${BUCKET}`, s3Endpoint: endpoint },
      { credentials: { accessKeyId: 'UNKNOWNKEY', secretAccessKey: 'top-secret-value' } },
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as S3StorageError).reason).toBe('credentials');
    expect((error as Error).message).toMatch(
      /credentials were refused \(InvalidAccessKeyId\); check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY/,
    );
    expect((error as Error).message).not.toContain('top-secret-value');
  });

  it('an unreachable endpoint fails after bounded retries, naming PICTOR_S3_ENDPOINT', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    // Bounded: unbounded retries would outlast the test's own time-out.
    const error = await openObjectStorage(
      { dataDir: dir, storage: `s3://${BUCKET}`, s3Endpoint: dead },
      { credentials, maxAttempts: 2, connectTimeoutMs: 1000 },
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as S3StorageError).reason).toBe('unreachable');
    expect((error as Error).message).toMatch(/cannot reach the S3 endpoint .*check PICTOR_S3_ENDPOINT/);
  });

  it('a put into a bucket that vanished says the bucket is missing', async () => {
    const storage = createS3Storage({ bucket: 'gone-bucket', prefix: '', endpoint, credentials });
    try {
      await expect(storage.put('dead0001.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
        /bucket s3:\/\/gone-bucket\/dead0001\.png does not exist/,
      );
    } finally {
      await storage.close();
    }
  });
});
