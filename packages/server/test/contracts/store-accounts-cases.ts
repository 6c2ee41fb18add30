/** Store contract, part 1: migrations, accounts and API keys. */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { StoreError } from '../../src/db/errors.js';
import { KyselyStore } from '../../src/db/kysely-store.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import { HOUR, at, type StoreContext } from './store-fixtures.js';

/** Register these cases inside the driver's describe block. */
export function accountCases(ctx: StoreContext): void {
  it('migrate is idempotent', async () => {
    const { store } = ctx;
    await store.migrate();
    await store.migrate();
    expect(await store.getAccount('nope')).toBeNull();
  });

  it('records applied migrations and enforces remaining >= 0 in the schema itself', async () => {
    const { store } = ctx;
    if (!(store instanceof KyselyStore)) return;
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      store.db,
    );
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
    const account = await store.createAccount('a');
    const pkg = await store.grantPackage(account.id, 1, at(HOUR));
    await expect(
      store.db.updateTable('packages').set({ remaining: -1 }).where('id', '=', pkg.id).execute(),
    ).rejects.toThrow(/check/i);
  });

  it('creates and reads accounts', async () => {
    const { store } = ctx;
    const account = await store.createAccount('Acme');
    expect(account.name).toBe('Acme');
    expect(await store.getAccount(account.id)).toEqual(account);
  });

  it('finds active keys by hash; revoked keys are not found; revoking twice is fine', async () => {
    const { store } = ctx;
    const account = await store.createAccount('a');
    const key = await store.createApiKey(account.id, 'a'.repeat(64), 'pk_abcdefgh');
    expect(key.revokedAt).toBeNull();
    const found = await store.findActiveApiKey('a'.repeat(64));
    expect(found).toMatchObject({
      id: key.id,
      accountId: account.id,
      prefix: 'pk_abcdefgh',
      secretHash: 'a'.repeat(64),
    });
    expect(await store.findActiveApiKey('b'.repeat(64))).toBeNull();
    expect(await store.revokeApiKey(key.id)).toBe(true);
    expect(await store.findActiveApiKey('a'.repeat(64))).toBeNull();
    expect(await store.revokeApiKey(key.id)).toBe(true);
    expect(await store.revokeApiKey('key_missing')).toBe(false);
  });

  it('rejects a key or package for an unknown account with StoreError not-found', async () => {
    const { store } = ctx;
    await expect(store.createApiKey('acc_missing', 'c'.repeat(64), 'pk_x')).rejects.toMatchObject({
      kind: 'not-found',
    });
    await expect(store.grantPackage('acc_missing', 5, at(HOUR))).rejects.toBeInstanceOf(StoreError);
  });
}
