/**
 * The workers' startup snapshot holds the bundle evaluated, not compiled ahead: a function gets its bytecode when it
 * first runs, as in a worker started from the bundle. Each worker keeps the whole snapshot in its memory for its life,
 * and bytecode compiled for every function of the bundle made it a quarter larger and the workers' heaps larger
 * (benchmarks/render/RESULTS.md, "Memory, sixth pass: the startup snapshot compiled lazily"). Checked with the built
 * entry (dist/worker-snapshot-entry.cjs, `pnpm build`) and two small stand-in bundles that differ only by a large
 * function nothing calls: started from their snapshots, they hold about the same bytecode. Linux and macOS only
 * (Node's `--build-snapshot`).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../dist/worker-snapshot-entry.cjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pictor-snapshot-compile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Statements in the function nothing calls: ~50 KB of bytecode when compiled. */
const STATEMENTS = 3000;

/**
 * A stand-in for dist/worker.cjs: what the entry needs of the bundle (its start, which prints the bytecode V8 holds,
 * and where it runs), and a function of `statements` statements that nothing calls.
 */
function bundle(statements: number): string {
  const body = Array.from({ length: statements }, (_, i) => `  total += values[${i % 7}] * ${i};`).join('\n');
  return `"use strict";
function neverCalled(values) {
  let total = 0;
${body}
  return total;
}
globalThis.neverCalled = neverCalled;
globalThis[Symbol.for('pictor.worker.start')] = async () => {
  const { bytecode_and_metadata_size } = require('node:v8').getHeapCodeStatistics();
  process.stdout.write(String(bytecode_and_metadata_size));
};
globalThis[Symbol.for('pictor.worker.relocate')] = () => {};
`;
}

/** Bytes of bytecode a process started from the snapshot of `bundle(statements)` holds as it starts. */
function bytecodeFromSnapshot(name: string, statements: number): number {
  const place = join(dir, name);
  mkdirSync(place);
  copyFileSync(entry, join(place, 'worker-snapshot-entry.cjs'));
  writeFileSync(join(place, 'worker.cjs'), bundle(statements));
  const blob = join(place, 'worker.snapshot');
  execFileSync(
    process.execPath,
    ['--snapshot-blob', blob, '--build-snapshot', join(place, 'worker-snapshot-entry.cjs')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  // The script named is where the worker runs from (the pool names its loader); the snapshot's main runs instead.
  const out = execFileSync(process.execPath, ['--snapshot-blob', blob, join(place, 'worker-loader.cjs')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return Number(out);
}

describe.skipIf(process.platform === 'win32')('worker startup snapshot', () => {
  it('holds no bytecode for functions that have not run', () => {
    const small = bytecodeFromSnapshot('small', 1);
    const large = bytecodeFromSnapshot('large', STATEMENTS);
    expect(small).toBeGreaterThan(0);
    // Compiled ahead, the large function alone is ~50 KB of bytecode; left to compile on its first run, nothing.
    expect(large - small).toBeLessThan(STATEMENTS);
  });
});
