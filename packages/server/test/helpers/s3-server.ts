/** A real S3-compatible server (s3rver) on loopback for tests, with the AWS_* variables the server reads set while it runs. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** s3rver's files (a temporary folder). */
  dir: string;
  stop(): Promise<void>;
}

/** s3rver's fixed access key; it accepts any secret for it. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Start s3rver with one bucket, and set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (`envSecret`) for servers that
 * read credentials the usual way; `stop` closes it, removes its files and restores the environment.
 */
export async function startTestS3(bucket = 'pictor-test', envSecret = 'S3RVER'): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = envSecret;
  const dir = mkdtempSync(join(tmpdir(), 'pictor-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    dir,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
      for (const [name, value] of [
        ['AWS_ACCESS_KEY_ID', saved.id],
        ['AWS_SECRET_ACCESS_KEY', saved.secret],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}
