/**
 * CommonJS users: `require('@pictor/core')` fails with a message that says how to load it, `await import()` from
 * CommonJS works, and TypeScript compiling to CommonJS refuses the `require`-style import at compile time (it used to
 * type-check and then fail at run time). Resolved through the package's own `exports`, as an installed copy is.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const tsc = createRequire(join(packageDir, 'package.json')).resolve('typescript/bin/tsc');
// Inside the package, so that '@pictor/core' resolves to it by its own name (package self-reference).
const appDir = mkdtempSync(join(packageDir, '.commonjs-app-'));
afterAll(() => rmSync(appDir, { recursive: true, force: true }));

describe('@pictor/core from CommonJS', () => {
  it('require() fails with ERR_PICTOR_ESM_ONLY and says to use import()', () => {
    const run = spawnSync(process.execPath, ['-e', "require('@pictor/core')"], {
      cwd: packageDir,
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
