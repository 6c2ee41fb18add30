/**
 * SQLite quota under many processes: five child processes open the same database file and
 * race for units. Exactly the granted units are handed out, each once; committed plus released
 * units add up. The children run the real store code, bundled with esbuild for plain Node.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/db/index.js';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, '..');

/**
 * A child: say it is ready, wait for the start file, reserve \`count\` units concurrently, report, wait for the
 * second-phase file, then commit odd ones and release even ones (all children at once).
 */
const CHILD_SOURCE = `
import { existsSync, writeFileSync } from 'node:fs';
import { createSqliteStore } from './src/db/sqlite.ts';
const [file, accountId, count, startFile, index] = process.argv.slice(2);
const store = createSqliteStore(file, { busyTimeoutMs: 20000 });
writeFileSync(startFile + '.ready.' + index, '');
while (!existsSync(startFile)) await new Promise((r) => setTimeout(r, 5));
const now = new Date('2030-01-01T00:00:00Z');
const hold = new Date('2030-01-01T00:10:00Z');
const got = await Promise.all(Array.from({ length: Number(count) }, () => store.reserveUnit(accountId, now, hold)));
const won = got.filter(Boolean);
writeFileSync(startFile + '.' + index, String(won.length));
while (!existsSync(startFile + '.phase2')) await new Promise((r) => setTimeout(r, 5));
await Promise.all(won.map((r, i) => (i % 2 ? store.commitReservation(r.id) : store.releaseReservation(r.id))));
await store.close();
process.stdout.write(JSON.stringify(won.map((r, i) => ({ ...r, committed: i % 2 === 1 }))));
`;

/** A child that says it is ready, then migrates the database once the start file appears. */
const MIGRATE_SOURCE = `
import { existsSync, writeFileSync } from 'node:fs';
import { createSqliteStore } from './src/db/sqlite.ts';
const [file, startFile, index] = process.argv.slice(2);
const store = createSqliteStore(file);
writeFileSync(startFile + '.ready.' + index, '');
while (!existsSync(startFile)) await new Promise((r) => setTimeout(r, 2));
await store.migrate();
const account = await store.createAccount('child');
await store.close();
process.stdout.write(account.id);
`;

/** Wait until every child has written its ready file (the test's time-out is the hang guard), so they start together. */
async function allReady(startFile: string, count: number): Promise<void> {
  const ready = () => Array.from({ length: count }, (_, i) => `${startFile}.ready.${i}`).every(existsSync);
  while (!ready()) await new Promise((r) => setTimeout(r, 10));
}

describe('SQLite store shared by many processes', () => {
  let dir = '';
  let childFile = '';
  let migrateFile = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pictor-procs-'));
    const esbuild = createRequire(createRequire(import.meta.url).resolve('tsup'))('esbuild') as {
      build(options: Record<string, unknown>): Promise<unknown>;
    };
    const outDir = join(packageDir, 'node_modules', '.cache', 'pictor-test');
    mkdirSync(outDir, { recursive: true });
    childFile = join(outDir, 'sqlite-reserve-child.mjs');
    await esbuild.build({
      stdin: { contents: CHILD_SOURCE, resolveDir: packageDir, loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: childFile,
      external: ['better-sqlite3', 'kysely', '@pictor/core'],
      logLevel: 'silent',
    });
    migrateFile = join(outDir, 'sqlite-migrate-child.mjs');
    await esbuild.build({
      stdin: { contents: MIGRATE_SOURCE, resolveDir: packageDir, loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: migrateFile,
      external: ['better-sqlite3', 'kysely', '@pictor/core'],
      logLevel: 'silent',
    });
  });

  it('4 processes starting at once on an empty data dir all migrate and work', async () => {
    const file = join(dir, 'fresh', 'pictor.db');
    const startFile = join(dir, 'go-migrate');
    const children = Array.from({ length: 4 }, (_, i) =>
      run(process.execPath, [migrateFile, file, startFile, String(i)], { cwd: packageDir, timeout: 100_000 }),
    );
    await allReady(startFile, 4);
    writeFileSync(startFile, '');
    const outputs = await Promise.all(children);
    expect(outputs.map((o) => o.stdout)).toHaveLength(4);
    const store = createSqliteStore(file);
    await store.migrate();
    for (const output of outputs) expect((await store.getAccount(output.stdout))?.name).toBe('child');
    await store.close();
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('5 processes × 20 reservations for 30 units: exactly 30 handed out, once each', async () => {
    const file = join(dir, 'pictor.db');
    const store = createSqliteStore(file);
    await store.migrate();
    const account = await store.createAccount('procs');
    await store.grantPackage(account.id, 10, new Date('2030-01-01T01:00:00Z'));
    await store.grantPackage(account.id, 20, new Date('2030-01-02T00:00:00Z'));
    await store.grantPackage(account.id, 50, new Date('2029-12-31T00:00:00Z')); // expired at the children's "now"

    const startFile = join(dir, 'go');
    const children = Array.from({ length: 5 }, (_, i) =>
      run(process.execPath, [childFile, file, account.id, '20', startFile, String(i)], {
        cwd: packageDir,
        timeout: 100_000, // a hang guard only
      }),
    );
    await allReady(startFile, 5);
    writeFileSync(startFile, '');
    // Phase 1: every child has reserved; all units are held, none left.
    while (![0, 1, 2, 3, 4].every((i) => existsSync(`${startFile}.${i}`)))
      await new Promise((r) => setTimeout(r, 10));
    const held = await store.listPackages(account.id);
    expect(held.map((p) => p.remaining)).toEqual([50, 0, 0]);
    // Phase 2: all children commit and release at once.
    writeFileSync(`${startFile}.phase2`, '');
    const outputs = await Promise.all(children);
    const won = outputs.flatMap(
      (o) => JSON.parse(o.stdout) as { id: string; packageId: string; committed: boolean }[],
    );

    expect(won).toHaveLength(30);
    expect(new Set(won.map((r) => r.id)).size).toBe(30);
    const committed = won.filter((r) => r.committed).length;
    const usage = await store.usage(account.id, new Date('2030-01-01T00:00:00Z'));
    expect(usage.rendersDone).toBe(committed);
    expect(usage.packages.reduce((sum, p) => sum + p.remaining, 0)).toBe(30 - committed);
    const all = await store.listPackages(account.id);
    expect(all[0]?.remaining).toBe(50);
    await store.close();
  });
});
