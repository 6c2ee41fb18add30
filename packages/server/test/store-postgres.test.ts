/**
 * The Store contract on PostgreSQL, when PICTOR_TEST_DATABASE_URL is set
 * (`eval "$(scripts/start-test-postgres.sh)"`). Each test gets its own schema; peers are
 * separate pools, so the concurrency tests run on many connections at once.
 */
import { describe, expect, it } from 'vitest';
import { createPostgresStore, createStore } from '../src/db/index.js';
import { checkMigration006 } from './contracts/store-migration-006.js';
import { describeStoreContract } from './contracts/store-contract.js';
import { createTestSchema, type TestSchema } from './helpers/postgres-schema.js';

const baseUrl = process.env.PICTOR_TEST_DATABASE_URL;

if (!baseUrl) {
  // Outside CI a developer without PostgreSQL still runs the SQLite contract; in CI (.ci/run starts PostgreSQL)
  // a missing database fails here instead of passing the PostgreSQL store by skipping it.
  describe.skipIf(!process.env.CI)('Store contract: postgres (set PICTOR_TEST_DATABASE_URL)', () => {
    it('has a PostgreSQL to run against in CI', () => {
      expect(
        baseUrl,
        'PICTOR_TEST_DATABASE_URL is not set: .ci/run could not start PostgreSQL',
      ).toBeDefined();
    });
  });
} else {
  let schema: TestSchema | undefined;

  describe('postgres schemas', () => {
    it('migrates a schema while another schema of the database already has migration tables', async () => {
      const first = await createTestSchema(baseUrl, 't');
      const second = await createTestSchema(baseUrl, 't');
      try {
        const a = createPostgresStore(first.url);
        await a.migrate();
        await a.close();
        const b = createPostgresStore(second.url);
        await b.migrate();
        const account = await b.createAccount('in second');
        expect(await b.getAccount(account.id)).toEqual(account);
        await b.close();
      } finally {
        await first.drop();
        await second.drop();
      }
    });
  });

  describe('postgres migration 006', () => {
    it('keeps every template and revision, now found under its account', async () => {
      const fresh = await createTestSchema(baseUrl, 't');
      const store = createPostgresStore(fresh.url);
      try {
        await checkMigration006(store);
      } finally {
        await store.close();
        await fresh.drop();
      }
    });
  });

  describe('postgres concurrent start', () => {
    it('4 pools migrating a new schema at once all succeed', async () => {
      const fresh = await createTestSchema(baseUrl, 't');
      const stores = Array.from({ length: 4 }, () => createPostgresStore(fresh.url, { maxConnections: 2 }));
      try {
        await Promise.all(stores.map((s) => s.migrate()));
        const account = await (stores[0] as ReturnType<typeof createPostgresStore>).createAccount('x');
        expect(
          (await (stores[3] as ReturnType<typeof createPostgresStore>).getAccount(account.id))?.name,
        ).toBe('x');
      } finally {
        await Promise.all(stores.map((s) => s.close()));
        await fresh.drop();
      }
    });
  });

  describeStoreContract('postgres', {
    async open() {
      schema = await createTestSchema(baseUrl, 't');
      const store = createStore(schema.url, '/nonexistent');
      await store.migrate();
      return store;
    },
    async openPeer() {
      const peer = createPostgresStore((schema as TestSchema).url, { maxConnections: 10 });
      await peer.migrate();
      return peer;
    },
    async cleanup() {
      await schema?.drop();
    },
  });
}
