/** A fresh schema of the test PostgreSQL for one test file or run: its URL (search_path set) and how to drop it. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestSchema {
  /** `baseUrl` with `search_path` set to the new schema. */
  url: string;
  drop(): Promise<void>;
}

/** Create `{prefix}_{random}` in the database at `baseUrl`. */
export async function createTestSchema(baseUrl: string, prefix: string): Promise<TestSchema> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(`drop schema ${schema} cascade`) };
}
