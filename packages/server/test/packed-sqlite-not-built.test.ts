/**
 * An install where better-sqlite3's build script never ran (pnpm 10 without the build approval: "Ignored build
 * scripts: better-sqlite3"): `pictor serve` says how to build the driver, in a few lines, instead of the driver's
 * list of paths where no bindings file was found. The built server runs from a node_modules of its own, beside a copy
 * of the real better-sqlite3 package without its build folder and links to the rest of its installed dependencies.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const appDir = mkdtempSync(join(tmpdir(), 'pictor-unbuilt-sqlite-'));
afterAll(() => rmSync(appDir, { recursive: true, force: true }));

beforeAll(() => {
  const modules = join(appDir, 'node_modules');
  const server = join(modules, '@pictor', 'server');
  mkdirSync(server, { recursive: true });
  cpSync(join(packageDir, 'dist'), join(server, 'dist'), { recursive: true });
  cpSync(join(packageDir, 'package.json'), join(server, 'package.json'));
  const installed = join(packageDir, 'node_modules');
  for (const entry of readdirSync(installed)) {
    if (entry.startsWith('.') || entry === 'better-sqlite3') continue;
    if (!entry.startsWith('@')) {
      symlinkSync(join(installed, entry), join(modules, entry));
      continue;
    }
    mkdirSync(join(modules, entry), { recursive: true });
    for (const scoped of readdirSync(join(installed, entry))) {
      if (!(entry === '@pictor' && scoped === 'server'))
        symlinkSync(join(installed, entry, scoped), join(modules, entry, scoped));
    }
  }
  // better-sqlite3 as pnpm leaves it without the approval: its JavaScript and package.json, no build/.
  const driver = realpathSync(join(installed, 'better-sqlite3'));
  for (const part of ['lib', 'package.json']) {
    cpSync(join(driver, part), join(modules, 'better-sqlite3', part), { recursive: true });
  }
  symlinkSync(join(dirname(driver), 'bindings'), join(modules, 'bindings'));
});

describe('pictor serve with an unbuilt better-sqlite3', () => {
  it('exits with one message naming pnpm approve-builds and onlyBuiltDependencies', () => {
    const run = spawnSync(
      process.execPath,
      [join(appDir, 'node_modules', '@pictor', 'server', 'dist', 'cli.js'), 'serve', '--port', '0'],
      {
        cwd: appDir,
        encoding: 'utf8',
        env: {
          ...process.env,
          PICTOR_DATA_DIR: join(appDir, 'data'),
          PICTOR_LOG_LEVEL: 'warn',
          PICTOR_WORKERS: '1',
        },
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('better-sqlite3 (the SQLite driver) has no native module');
    expect(run.stderr).toContain('pnpm approve-builds');
    expect(run.stderr).toContain('"onlyBuiltDependencies": ["better-sqlite3"]');
    expect(run.stderr).not.toContain('Could not locate the bindings file');
    expect(run.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
  });
});
