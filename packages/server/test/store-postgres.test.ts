/**
 * The Store contract on PostgreSQL, when PICTOR_TEST_DATABASE_URL is set
 * (`eval "$(scripts/start-test-postgres.sh)"`). Each test gets its own schema; peers are
 * separate pools, so the concurrency tests run on many connections at once.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, it } from 'vitest';
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
