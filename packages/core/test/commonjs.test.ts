/**
 * CommonJS users, against the package as it is published: packed (npm pack: `files`, `exports`), unpacked into the
 * node_modules of an empty folder beside its installed dependencies. `require('@pictor/core')` loads the ES module on
 * Node.js 20.19+ and 22.12+ (require(esm)) and fails with a message that says what works where it cannot (simulated
 * with --no-experimental-require-module); `await import()` from CommonJS works; TypeScript compiling to CommonJS gets
 * the same declarations as ESM users. Needs the built dist.
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
  it.skipIf(!process.features.require_module)(
    'require() loads the ES module on Node.js 20.19+: the same exports as import, and it renders',
    () => {
      writeFileSync(
        join(appDir, 'require.cjs'),
        [
          "const core = require('@pictor/core');",
          "import('@pictor/core').then(async (esm) => {",
          '  if (esm.createRenderer !== core.createRenderer) throw new Error("two copies of the module");',
          '  const renderer = core.createRenderer({ workers: 0 });',
          '  const html = `<div style="display:flex;width:8px;height:4px;background:#f00"></div>`;',
          "  const result = await renderer.render({ html, format: 'png' });",
          '  await renderer.close();',
          '  process.stdout.write(JSON.stringify({ keys: Object.keys(core).length, width: result.width, png: result.data.subarray(1, 4).toString() }));',
          '});',
        ].join('\n'),
      );
      const out = JSON.parse(
        execFileSync(process.execPath, [join(appDir, 'require.cjs')], { encoding: 'utf8' }),
      );
      expect(out).toMatchObject({ width: 8, png: 'PNG' });
      expect(out.keys).toBeGreaterThan(5);
    },
  );

  it('where require() cannot load ES modules, it fails with ERR_PICTOR_ESM_ONLY, the versions that can, and import()', () => {
    const run = spawnSync(
      process.execPath,
      ['--no-experimental-require-module', '-e', "require('@pictor/core')"],
      {
        cwd: appDir,
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ERR_PICTOR_ESM_ONLY');
    expect(run.stderr).toContain('Node.js 20.19+ and 22.12+');
    expect(run.stderr).toContain(`this is ${process.version}, with require(esm) turned off`);
    expect(run.stderr).toContain("await import('@pictor/core')");
  });

  it('await import() from a CommonJS module loads it', () => {
    writeFileSync(
      join(appDir, 'load.cjs'),
      "import('@pictor/core').then((core) => process.stdout.write(typeof core.createRenderer));",
    );
    expect(execFileSync(process.execPath, [join(appDir, 'load.cjs')], { encoding: 'utf8' })).toBe('function');
  });

  it('TypeScript compiling to CommonJS gets the declarations of the ESM build, both for require and import()', () => {
    writeFileSync(
      join(appDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          // What a Node.js project has: @types/node (the declarations name Buffer).
          types: ['node'],
          typeRoots: [join(packageDir, '..', '..', 'node_modules', '@types')],
        },
        files: ['static.cts', 'dynamic.cts', 'wrong.cts'],
      }),
    );
    writeFileSync(
      join(appDir, 'static.cts'),
      "import { createRenderer, type RenderResult } from '@pictor/core';\nexport const r = createRenderer;\nexport type R = RenderResult;\n",
    );
    writeFileSync(
      join(appDir, 'dynamic.cts'),
      "export async function load() {\n  const { createRenderer } = await import('@pictor/core');\n  return createRenderer;\n}\n",
    );
    // The declarations are real types, not `any`: a wrong option is refused (the only error of the run).
    writeFileSync(
      join(appDir, 'wrong.cts'),
      "import { createRenderer } from '@pictor/core';\nexport const r = createRenderer({ workers: 'two' });\n",
    );
    const run = spawnSync(process.execPath, [tsc, '-p', appDir], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    const errors = run.stdout.split('\n').filter((line) => /error TS/.test(line));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /wrong\.cts\(2,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
    );
  });
});
