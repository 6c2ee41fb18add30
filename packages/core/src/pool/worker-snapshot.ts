/**
 * The workers' startup snapshot (worker-snapshot-entry.ts, made by the build: scripts/build-snapshot.mjs): a file
 * beside the worker bundle per Node version, architecture and set of worker flags, since Node starts a process from a
 * snapshot only on the Node that made it and V8 only under the flags it was made with. A worker whose flags have no
 * snapshot (other options, another Node) starts from its script and the code cache as before (code-cache.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** The snapshot's file name for a worker started with `execArgv` (scripts/build-snapshot.mjs names it so). */
export function snapshotName(execArgv: readonly string[]): string {
  const flags = zlib.crc32(execArgv.join('\0')).toString(16);
  return `worker-${process.version}-${process.arch}-${flags}.snapshot`;
}

/** The snapshot in `dir` for a worker started with `execArgv`, if the build left one. */
export function findSnapshot(dir: URL, execArgv: readonly string[]): string | undefined {
  const file = fileURLToPath(new URL(snapshotName(execArgv), dir));
  return existsSync(file) ? file : undefined;
}
