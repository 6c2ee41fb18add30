/**
 * The Store contract on PostgreSQL, when PICTOR_TEST_DATABASE_URL is set
 * (`eval "$(scripts/start-test-postgres.sh)"`). Each test gets its own schema; peers are
 * separate pools, so the concurrency tests run on many connections at once.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresStore, createStore } from '../src/store/index.js';
import { describeStoreContract } from './contracts/store-contract.js';

const baseUrl = process.env.PICTOR_TEST_DATABASE_URL;

if (!baseUrl) {
  describe.skip('Store contract: postgres (set PICTOR_TEST_DATABASE_URL)', () => {
    it('skipped', () => {});
  });
} else {
  let schema = '';
  const urlFor = (name: string) => {
    const url = new URL(baseUrl);
    url.searchParams.set('options', `-c search_path=${name}`);
    return url.toString();
  };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  describe('postgres schemas', () => {
    it('migrates a schema while another schema of the database already has migration tables', async () => {
      const first = `t_${randomBytes(6).toString('hex')}`;
      const second = `t_${randomBytes(6).toString('hex')}`;
      await admin(`create schema ${first}; create schema ${second}`);
      try {
        const a = createPostgresStore(urlFor(first));
        await a.migrate();
        await a.close();
        const b = createPostgresStore(urlFor(second));
        await b.migrate();
        const account = await b.createAccount('in second');
        expect(await b.getAccount(account.id)).toEqual(account);
        await b.close();
      } finally {
        await admin(`drop schema ${first} cascade; drop schema ${second} cascade`);
      }
    });
  });

  describe('postgres concurrent start', () => {
    it('4 pools migrating a new schema at once all succeed', async () => {
      const name = `t_${randomBytes(6).toString('hex')}`;
      await admin(`create schema ${name}`);
      const stores = Array.from({ length: 4 }, () =>
        createPostgresStore(urlFor(name), { maxConnections: 2 }),
      );
      try {
        await Promise.all(stores.map((s) => s.migrate()));
        const account = await (stores[0] as ReturnType<typeof createPostgresStore>).createAccount('x');
        expect(
          (await (stores[3] as ReturnType<typeof createPostgresStore>).getAccount(account.id))?.name,
        ).toBe('x');
      } finally {
        await Promise.all(stores.map((s) => s.close()));
        await admin(`drop schema ${name} cascade`);
      }
    });
  });

  describeStoreContract('postgres', {
    async open() {
      schema = `t_${randomBytes(6).toString('hex')}`;
      await admin(`create schema ${schema}`);
      const store = createStore(urlFor(schema), '/nonexistent');
      await store.migrate();
      return store;
    },
    async openPeer() {
      const peer = createPostgresStore(urlFor(schema), { maxConnections: 10 });
      await peer.migrate();
      return peer;
    },
    async cleanup() {
      await admin(`drop schema ${schema} cascade`);
    },
  });
}
