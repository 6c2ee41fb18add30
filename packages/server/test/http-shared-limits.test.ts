/**
 * Several server nodes on one PostgreSQL (and one S3-compatible bucket) count the per-URL-key render limit together,
 * not once per node (the per-key request limit over three server processes: nodes-processes.test.ts). Runs when
 * PICTOR_TEST_DATABASE_URL is set (CI starts PostgreSQL); SQLite nodes count in memory, per process.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerLimits } from '../src/config.js';
import { type RunningServer, startServer } from '../src/server.js';
import { ADMIN_TOKEN, adminOk, seedAccount, templateBody } from './helpers/http-server.js';
import { createTestSchema, type TestSchema } from './helpers/postgres-schema.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';

const baseUrl = process.env.PICTOR_TEST_DATABASE_URL;
const NODES = 3;
const LIMITS: Partial<ServerLimits> = {
  rateLimitMax: 30,
  rateLimitWindowMs: 60_000,
  imgRenderRateMax: 3,
  imgRenderRateWindowMs: 60_000,
};

describe.skipIf(!baseUrl)('the render limit of image URLs shared by three nodes on one PostgreSQL', () => {
  let schema: TestSchema;
  let s3: TestS3;
  const nodes: RunningServer[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    schema = await createTestSchema(baseUrl as string, 'limits');
    s3 = await startTestS3();
    for (let i = 0; i < NODES; i++) {
      const dataDir = await mkdtemp(join(tmpdir(), 'pictor-limits-'));
      dirs.push(dataDir);
      const config = loadConfig(
        {},
        {
          port: 0,
          host: '127.0.0.1',
          dataDir,
          adminToken: ADMIN_TOKEN,
          signingSecret: 'shared-signing-secret-of-all-nodes',
          logLevel: 'silent',
          workers: 1,
          databaseUrl: schema.url,
          storage: `s3://${s3.bucket}/limits`,
          s3Endpoint: s3.endpoint,
          limits: LIMITS,
        },
      );
      nodes.push(await startServer(config));
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    await s3?.stop();
    await schema?.drop();
  });

  it('the per-URL-key render limit holds over all nodes: 3 new images of 9, stored ones still served', async () => {
    const owner = await seedAccount(nodes[0]!.url, 50);
    const key = await adminOk<{ id: string; secret: string }>(
      nodes[0]!.url,
      'POST',
      `/accounts/${owner.accountId}/url-keys`,
    );
    const template = await adminOk<{ id: string }>(
      nodes[0]!.url,
      'POST',
      '/templates',
      templateBody(owner.accountId),
    );
    await adminOk(nodes[0]!.url, 'POST', `/templates/${template.id}/publish`);
    const path = (title: string) => {
      const target = `/img/${key.id}/${template.id}.png?title=${title}`;
      return `${target}&sign=${createHmac('sha256', key.secret).update(target).digest('base64url')}`;
    };
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await fetch(`${nodes[i % NODES]!.url}${path(`t${i}`)}`);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    for (const node of nodes) expect((await fetch(`${node.url}${path('t0')}`)).status).toBe(200);
  });
});
