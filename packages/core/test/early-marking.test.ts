/**
 * Early marking before large renders (tuning/early-marking.ts): while `withEarlyMarking` runs its work, V8 starts
 * incremental marking once the old generation is the given percent of the way to its limit, and afterwards V8's own
 * rule holds again. Seen in a child process through V8's `--trace-incremental-marking` lines, which V8 prints when it
 * starts marking: which allocation starts it depends on sizes only, never on time or the machine's load (the full
 * collection that follows finishes on V8's background threads, so counting collections would). Which renders are
 * marked early: `marksEarly`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { marksEarly } from '../src/tuning/early-marking.js';

const packageDir = join(import.meta.dirname, '..');
const ts = createRequire(join(packageDir, 'package.json'))('typescript') as typeof import('typescript');
const childDir = mkdtempSync(join(tmpdir(), 'pictor-early-marking-'));
afterAll(() => rmSync(childDir, { recursive: true, force: true }));

/** The module under test and the one it imports, compiled as they are to JavaScript beside the child's script. */
for (const name of ['early-marking', 'native-collection']) {
  const source = readFileSync(join(packageDir, 'src/tuning', `${name}.ts`), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
  });
  writeFileSync(
    join(childDir, `${name}.mjs`),
    outputText.replaceAll("'./native-collection.js'", "'./native-collection.mjs'"),
  );
}

/**
 * The child: 12 MB of live strings (an old generation over the size below which V8 never starts marking), then 64 MB
 * of large arrays (old space; three alive at a time) allocated inside or after `withEarlyMarking(percent, …)`. V8's
 * own rule starts marking for them only far past 64 MB.
 */
writeFileSync(
  join(childDir, 'child.mjs'),
  `import { withEarlyMarking } from './early-marking.mjs';
const ballast = Array.from({ length: 48 }, (_, i) => Buffer.alloc(256 * 1024, 65 + (i % 26)).toString('latin1') + i);
function allocate() {
  const alive = [];
  for (let i = 0; i < 40; i++) {
    alive.push(new Array(200_000).fill(i));
    if (alive.length > 3) alive.shift();
  }
  return alive.length + ballast.length;
}
const [percent, when] = process.argv.slice(2);
if (when === 'inside') await withEarlyMarking(Number(percent), async () => allocate());
else { await withEarlyMarking(Number(percent), async () => 0); allocate(); }
`,
);

/** How many times V8 started incremental marking in a child that allocates `when` the given percent is in force. */
function markingStarts(percent: number, when: 'inside' | 'after'): number {
  const child = spawnSync(
    process.execPath,
    ['--trace-incremental-marking', join(childDir, 'child.mjs'), String(percent), when],
    { encoding: 'utf8' },
  );
  expect(child.status, child.stderr).toBe(0);
  return child.stdout.split('\n').filter((line) => line.includes('[IncrementalMarking] Start (')).length;
}

describe('withEarlyMarking', () => {
  it("starts V8's marking early while its work runs, and V8's own rule holds with 0 and after", () => {
    expect(markingStarts(0, 'inside')).toBe(0);
    expect(markingStarts(5, 'inside')).toBeGreaterThan(0);
    expect(markingStarts(5, 'after')).toBe(0);
  });
});

describe('marksEarly', () => {
  it('marks renders of at least the given megapixels whose size is known, none with 0', () => {
    expect(marksEarly({ width: 1200, height: 3030, scale: 1 }, 2)).toBe(true);
    expect(marksEarly({ width: 2400, height: 1260, scale: 1 }, 2)).toBe(true);
    expect(marksEarly({ width: 1200, height: 630, scale: 2 }, 2)).toBe(true);
    expect(marksEarly({ width: 1200, height: 630, scale: 1 }, 2)).toBe(false);
    expect(marksEarly({ width: 1200, height: undefined, scale: 1 }, 2)).toBe(false);
    expect(marksEarly({ width: 2400, height: 1260, scale: 1 }, 0)).toBe(false);
  });
});
