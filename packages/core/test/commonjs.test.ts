/**
 * CommonJS users, against the package as it is published: packed (npm pack: `files`, `exports`), unpacked into the
 * node_modules of an empty folder beside its installed dependencies. `require('@pictor/core')` fails with a message
 * that says how to load it, `await import()` from CommonJS works, and TypeScript compiling to CommonJS refuses the
 * `require`-style import at compile time (it used to type-check and then fail at run time). Needs the built dist.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const tsc = createRequire(join(packageDir, 'package.json')).resolve('typescript/bin/tsc');
const appDir = mkdtempSync(join(tmpdir(), 'pictor-commonjs-app-'));
afterAll(() => rmSync(appDir, { recursive: true, force: true }));

/** `{appDir}/node_modules`: the packed @pictor/core, and its dependencies linked from this workspace's install. */
beforeAll(() => {
  const modules = join(appDir, 'node_modules');
  mkdirSync(join(modules, '@pictor'), { recursive: true });
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', appDir], {
    cwd: packageDir,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .at(-1) as string;
  execFileSync('tar', ['-xzf', join(appDir, tarball), '-C', join(modules, '@pictor')]);
  renameSync(join(modules, '@pictor', 'package'), join(modules, '@pictor', 'core'));
  const installed = join(packageDir, 'node_modules');
  for (const entry of readdirSync(installed)) {
    if (entry.startsWith('.')) continue;
    if (!entry.startsWith('@')) {
      symlinkSync(join(installed, entry), join(modules, entry));
      continue;
    }
    mkdirSync(join(modules, entry), { recursive: true });
    for (const scoped of readdirSync(join(installed, entry)))
      symlinkSync(join(installed, entry, scoped), join(modules, entry, scoped));
  }
}, 60_000);

describe('@pictor/core from CommonJS', () => {
  it('require() fails with ERR_PICTOR_ESM_ONLY and says to use import()', () => {
    const run = spawnSync(process.execPath, ['-e', "require('@pictor/core')"], {
      cwd: appDir,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ERR_PICTOR_ESM_ONLY');
    expect(run.stderr).toContain("await import('@pictor/core')");
  });

  it('await import() from a CommonJS module loads it', () => {
    writeFileSync(
      join(appDir, 'load.cjs'),
      "import('@pictor/core').then((core) => process.stdout.write(typeof core.createRenderer));",
    );
    expect(execFileSync(process.execPath, [join(appDir, 'load.cjs')], { encoding: 'utf8' })).toBe('function');
  });

  it('TypeScript compiling to CommonJS refuses the static import and accepts import()', () => {
    writeFileSync(
      join(appDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          types: [],
        },
        files: ['static.cts', 'dynamic.cts'],
      }),
    );
    writeFileSync(
      join(appDir, 'static.cts'),
      "import { createRenderer } from '@pictor/core';\nexport const r = createRenderer;\n",
    );
    writeFileSync(
      join(appDir, 'dynamic.cts'),
      "export async function load() {\n  const { createRenderer } = await import('@pictor/core');\n  return createRenderer;\n}\n",
    );
    const run = spawnSync(process.execPath, [tsc, '-p', appDir], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toMatch(/static\.cts.*has no exported member 'createRenderer'/);
    expect(run.stdout).not.toContain('dynamic.cts');
  });
});
