/** API keys: shape, hashing, lookup by hash, revocation. */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  authenticateApiKey,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  issueApiKey,
} from '../src/services/api-keys.js';
import { type Store, createStore } from '../src/db/index.js';

describe('generateApiKey', () => {
  it('makes pk_ + 43 base64url characters, a sha256 hex hash and an 11-character prefix', () => {
    const generated = generateApiKey();
    expect(generated.key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(generated.key.slice(3), 'base64url')).toHaveLength(32);
    expect(generated.hash).toBe(createHash('sha256').update(generated.key).digest('hex'));
    expect(generated.prefix).toBe(generated.key.slice(0, 11));
    expect(hashApiKey(generated.key)).toBe(generated.hash);
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey().key));
    expect(keys.size).toBe(1000);
  });

  it('recognises well-formed keys only', () => {
    expect(isWellFormedApiKey(generateApiKey().key)).toBe(true);
    for (const bad of [
      '',
      'pk_',
      'sk_'.padEnd(46, 'a'),
      `pk_${'a'.repeat(42)}`,
      `pk_${'a'.repeat(44)}`,
      `pk_${'a'.repeat(42)}!`,
    ]) {
      expect(isWellFormedApiKey(bad)).toBe(false);
    }
  });
});

describe('issueApiKey / authenticateApiKey', () => {
  let dir: string;
  let store: Store;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pictor-keys-'));
    store = createStore(undefined, dir);
    await store.migrate();
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores only the hash, finds the key by its secret, and stops at once when revoked', async () => {
    const account = await store.createAccount('a');
    const { record, key } = await issueApiKey(store, account.id);
    expect(record).toMatchObject({ accountId: account.id, prefix: key.slice(0, 11), revokedAt: null });
    expect(JSON.stringify(record)).not.toContain(key.slice(11));

    const found = await authenticateApiKey(store, key);
    expect(found).toEqual(record);
    expect(found).not.toHaveProperty('secretHash');

    await store.revokeApiKey(record.id);
    expect(await authenticateApiKey(store, key)).toBeNull();
  });

  it('rejects missing, malformed, unknown and near-miss keys', async () => {
    const account = await store.createAccount('a');
    const { key } = await issueApiKey(store, account.id);
    const last = key.at(-1) === 'a' ? 'b' : 'a';
    for (const presented of [
      undefined,
      '',
      'nonsense',
      key.toUpperCase(),
      `${key.slice(0, -1)}${last}`,
      ` ${key}`,
    ]) {
      expect(await authenticateApiKey(store, presented)).toBeNull();
    }
    expect(await authenticateApiKey(store, generateApiKey().key)).toBeNull();
  });

  it('refuses a key for an account that does not exist', async () => {
    await expect(issueApiKey(store, 'acc_missing')).rejects.toMatchObject({ kind: 'not-found' });
  });
});
