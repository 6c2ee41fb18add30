/**
 * @pictor/server and @pictor/client as published (pnpm pack): the files they need and nothing of the workspace —
 * no `workspace:` range left in what an install resolves, the CLI and the studio page inside.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const packs = mkdtempSync(join(tmpdir(), 'pictor-packs-'));
afterAll(() => rmSync(packs, { recursive: true, force: true }));

function pack(name: string): { files: string[]; manifest: Record<string, Record<string, string>> } {
  const packed = JSON.parse(
    execFileSync('npx', ['-y', 'pnpm@10.34.9', 'pack', '--json', '--pack-destination', packs], {
      cwd: join(import.meta.dirname, '..', '..', name),
      encoding: 'utf8',
    }),
  ) as { filename: string; files: { path: string }[] };
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', packed.filename, 'package/package.json'], { encoding: 'utf8' }),
  ) as Record<string, Record<string, string>>;
  return { files: packed.files.map((f) => f.path), manifest };
}

function workspaceRanges(manifest: Record<string, Record<string, string>>): string[] {
  const resolved = {
    ...manifest.dependencies,
    ...manifest.peerDependencies,
    ...manifest.optionalDependencies,
  };
  return Object.entries(resolved)
    .filter(([, range]) => range.startsWith('workspace:'))
    .map(([name]) => name);
}

describe('packed packages', () => {
  it('@pictor/server carries its CLI, library, types and the built studio page, and no workspace ranges', () => {
    const { files, manifest } = pack('server');
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/pictor.js',
        'dist/cli.js',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/studio/index.html',
      ]),
    );
    expect(files.some((f) => /^dist\/studio\/assets\/studio-[0-9a-f]{12}\.js\.br$/.test(f))).toBe(true);
    expect(files.some((f) => f.startsWith('src/') || f.startsWith('test/'))).toBe(false);
    expect(workspaceRanges(manifest)).toEqual([]);
    expect(manifest.bin).toEqual({ pictor: './bin/pictor.js' });
  }, 120_000);

  it('@pictor/client carries its ESM and types, and no workspace ranges', () => {
    const { files, manifest } = pack('client');
    expect(files.some((f) => f.endsWith('.d.ts'))).toBe(true);
    expect(files.some((f) => f.startsWith('src/') || f.startsWith('test/'))).toBe(false);
    expect(workspaceRanges(manifest)).toEqual([]);
    expect(readFileSync(join(import.meta.dirname, '..', '..', 'client', 'package.json'), 'utf8')).toContain(
      '"type": "module"',
    );
  }, 120_000);
});
