/**
 * The package as users install it: packed (pnpm pack), unpacked into an empty folder's node_modules beside its runtime
 * dependencies only. It carries its own fonts and emoji (dist/assets), no `workspace:` range, and renders Latin text
 * and emoji; Chinese text without @pictor/fonts-cjk (Arabic and Thai without @pictor/fonts-world) renders with a
 * warning naming that package, and with it installed draws the glyphs; its types resolve with moduleResolution nodenext and bundler. Needs the built dist.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const tsc = createRequire(join(packageDir, 'package.json')).resolve('typescript/bin/tsc');
const appDir = mkdtempSync(join(tmpdir(), 'pictor-packed-app-'));
const modules = join(appDir, 'node_modules');
let files: string[] = [];
afterAll(() => rmSync(appDir, { recursive: true, force: true }));

/**
 * The environment of the app's processes: without NODE_PATH, which `pnpm run` points at the workspace's hoisted
 * packages (the app would find @pictor/fonts-cjk there although it never installed it).
 */
const appEnv = { ...process.env, NODE_PATH: '' };

function link(name: string, from = join(packageDir, 'node_modules', name)): void {
  const target = join(modules, name);
  mkdirSync(join(target, '..'), { recursive: true });
  symlinkSync(from, target);
}

beforeAll(() => {
  mkdirSync(join(modules, '@pictor'), { recursive: true });
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', appDir], {
      cwd: packageDir,
      encoding: 'utf8',
    }),
  ) as { filename: string; files: { path: string }[] }[];
  files = packed[0]?.files.map((f) => f.path) ?? [];
  execFileSync('tar', ['-xzf', join(appDir, packed[0]?.filename as string), '-C', join(modules, '@pictor')]);
  renameSync(join(modules, '@pictor', 'package'), join(modules, '@pictor', 'core'));
  const manifest = JSON.parse(readFileSync(join(modules, '@pictor', 'core', 'package.json'), 'utf8'));
  for (const dependency of Object.keys(manifest.dependencies)) link(dependency);
}, 120_000);

/** Render `html` in a fresh process of the app; its size and warnings. */
function renderInApp(html: string): { width: number; warnings: string[] } {
  writeFileSync(
    join(appDir, 'render.mjs'),
    `import { createRenderer } from '@pictor/core';
const renderer = createRenderer({ workers: 0 });
const result = await renderer.render({ html: ${JSON.stringify(html)}, width: 300, height: 80, format: 'png' });
await renderer.close();
process.stdout.write(JSON.stringify({ width: result.width, warnings: result.warnings }));`,
  );
  return JSON.parse(
    execFileSync(process.execPath, [join(appDir, 'render.mjs')], {
      cwd: appDir,
      encoding: 'utf8',
      env: appEnv,
    }),
  );
}

describe('@pictor/core as published', () => {
  it('carries its fonts and emoji, and no workspace ranges', () => {
    expect(files).toContain('dist/assets/twemoji.json');
    expect(files.filter((f) => f.startsWith('dist/assets/fonts/') && f.endsWith('.ttf'))).toHaveLength(10);
    // Source maps stay in the repository's build: ~5 MB users' installs never read (issue 40: core ≤ 60 MB installed).
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files).toContain('dist/worker.cjs');
    // The workers' startup snapshot, compressed (its code cache no longer shipped: the snapshot starts those workers).
    expect(files.filter((f) => /^dist\/worker-.*\.snapshot\.br$/.test(f))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.v8cache'))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(modules, '@pictor', 'core', 'package.json'), 'utf8'));
    // What an install resolves (devDependencies never are).
    const resolved = {
      ...manifest.dependencies,
      ...manifest.peerDependencies,
      ...manifest.optionalDependencies,
    };
    expect(Object.values(resolved).filter((range) => String(range).startsWith('workspace:'))).toEqual([]);
    expect(manifest.dependencies).not.toHaveProperty('@expo-google-fonts/noto-sans-sc');
  });

  it('renders Latin text and emoji with its runtime dependencies alone', () => {
    const result = renderInApp('<div style="display:flex;font-size:32px">Hello 👋</div>');
    expect(result).toEqual({ width: 300, warnings: [] });
  });

  it('names its error class PictorError where Node prints it (not _PictorError, as the bundler renamed it)', () => {
    writeFileSync(
      join(appDir, 'error.mjs'),
      `import { inspect } from 'node:util';
import { PictorError, render } from '@pictor/core';
try {
  await render({ html: '<div>x</div>', width: 0 });
} catch (error) {
  const copy = PictorError.fromJSON(error.toJSON());
  process.stdout.write(JSON.stringify({ name: PictorError.name, inspected: inspect(error).split('\\n')[0], copy: copy instanceof PictorError }));
}`,
    );
    const out = JSON.parse(
      execFileSync(process.execPath, [join(appDir, 'error.mjs')], {
        cwd: appDir,
        encoding: 'utf8',
        env: appEnv,
      }),
    );
    expect(out.name).toBe('PictorError');
    expect(out.inspected).toMatch(/^PictorError: width: /);
    expect(out.copy).toBe(true);
  });

  it('renders Chinese text without @pictor/fonts-cjk, with a warning that names it; with it, without warning', () => {
    const html = '<div style="display:flex;font-size:32px">你好，世界</div>';
    const without = renderInApp(html);
    expect(without.width).toBe(300);
    expect(without.warnings.join('\n')).toContain('install @pictor/fonts-cjk');
    link('@pictor/fonts-cjk');
    expect(renderInApp(html)).toEqual({ width: 300, warnings: [] });
  });

  it('renders Arabic and Thai text without @pictor/fonts-world, with a warning that names it; with it, without warning', () => {
    const html = '<div style="display:flex;font-size:32px">مرحبا สวัสดี</div>';
    const without = renderInApp(html);
    expect(without.width).toBe(300);
    expect(without.warnings.join('\n')).toMatch(
      /no Arabic font is installed: .*install @pictor\/fonts-world/,
    );
    expect(without.warnings.join('\n')).toMatch(/no Thai font is installed: .*install @pictor\/fonts-world/);
    link('@pictor/fonts-world');
    expect(renderInApp(html)).toEqual({ width: 300, warnings: [] });
  });
});

describe('types of the published package', () => {
  it.each([
    ['nodenext', { module: 'nodenext', moduleResolution: 'nodenext' }],
    ['bundler', { module: 'esnext', moduleResolution: 'bundler' }],
  ])('resolve with moduleResolution %s', (_name, options) => {
    writeFileSync(
      join(appDir, 'package.json'),
      JSON.stringify({ name: 'types-app', private: true, type: 'module' }),
    );
    writeFileSync(
      join(appDir, 'app.ts'),
      [
        "import { createRenderer, PictorError, type RenderOptions, type RenderResult } from '@pictor/core';",
        "import { saveFileAtomically } from '@pictor/core/save-file';",
        'const options: RenderOptions = { tenant: "a" };',
        'const renderer = createRenderer({ workers: 0 });',
        "const result: Promise<RenderResult> = renderer.render({ html: '<div>x</div>' }, options);",
        'export { result, saveFileAtomically, PictorError };',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(appDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...options,
          target: 'es2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
        },
        files: ['app.ts'],
      }),
    );
    if (!existsSync(join(modules, '@types', 'node'))) {
      link('@types/node', join(packageDir, '..', '..', 'node_modules', '@types', 'node'));
    }
    const run = spawnSync(process.execPath, [tsc, '-p', appDir], { encoding: 'utf8', env: appEnv });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
