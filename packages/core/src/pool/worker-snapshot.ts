/**
 * The workers' startup snapshot (worker-snapshot-entry.ts, made by the build: scripts/build-snapshot.mjs): one per Node
 * version, architecture and set of worker flags, since Node starts a process from a snapshot only on the Node that
 * made it and V8 only under the flags it was made with. A worker whose flags have no snapshot (other options, another
 * Node) starts from its script and the code cache as before (code-cache.ts).
 *
 * The package carries it compressed (Brotli, ~4 MB for ~14: the installed package stays small); the first pool on a
 * host writes it out once into the workers' cache directory (`workerCodeCache`: a directory only this user can write
 * to), named by where the package is and a CRC of the compressed file: two installed copies keep a file each, a new
 * build's replaces the one an earlier build at the same place left, and a half-written file is never used (written to
 * a temporary name, then renamed). Without such a directory, no snapshot.
 */
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { ownDirectory } from './code-cache.js';

/** The start of the snapshot's file name for a worker started with `execArgv`: Node version, architecture, flags. */
export function snapshotKey(execArgv: readonly string[]): string {
  const flags = zlib.crc32(execArgv.join('\0')).toString(16);
  return `worker-${process.version}-${process.arch}-${flags}`;
}

/** The worker bundle a snapshot evaluates (worker-snapshot-entry.ts), beside it in dist/. */
const BUNDLE = 'worker.cjs';

/** CRC-32 (hex) of bytes: what names a snapshot's bundle and the snapshot itself. */
function crcOf(bytes: Uint8Array): string {
  return zlib.crc32(bytes).toString(16);
}

/**
 * The compressed snapshot's file name (scripts/build-snapshot.mjs): its key, a CRC-32 of the bundle it holds and one
 * of its own bytes — so a pool starts workers only from a snapshot of the bundle beside it (a rebuilt bundle next to
 * an earlier build's snapshot, as an incremental build's cache can leave, would run the earlier code) and knows which
 * written-out copy is this build's without reading it.
 */
export function snapshotName(
  execArgv: readonly string[],
  bundle: Uint8Array,
  compressed: Uint8Array,
): string {
  return `${snapshotKey(execArgv)}-${crcOf(bundle)}-${crcOf(compressed)}.snapshot.br`;
}

/**
 * The snapshot file a worker started with `execArgv` can start from: the one the build left in `dir` for these flags,
 * written out into `cacheDir` (this user's own directory) if it is not there yet. Undefined when there is none, no
 * cache directory, or it cannot be read, is not what its name says, or cannot be written; never throws.
 */
export function findSnapshot(
  dir: URL,
  execArgv: readonly string[],
  cacheDir: string | undefined,
): string | undefined {
  if (cacheDir === undefined) return undefined;
  const key = snapshotKey(execArgv);
  let shipped: string | undefined;
  let prefix = '';
  try {
    prefix = `${key}-${crcOf(readFileSync(new URL(BUNDLE, dir)))}-`;
    shipped = readdirSync(dir).find((name) => name.startsWith(prefix) && name.endsWith('.snapshot.br'));
  } catch {}
  const crc = shipped?.slice(prefix.length, -'.snapshot.br'.length);
  if (shipped === undefined || !/^[0-9a-f]+$/.test(crc as string) || !ownDirectory(cacheDir))
    return undefined;
  const place = `${zlib.crc32(fileURLToPath(dir)).toString(16)}-${key}-`;
  const name = `${place}${crc}.snapshot`;
  const file = join(cacheDir, name);
  try {
    if (statSync(file).isFile()) return file;
  } catch {}
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const compressed = readFileSync(new URL(shipped, dir));
    if (crcOf(compressed) !== crc) return undefined;
    writeFileSync(temporary, zlib.brotliDecompressSync(compressed), { mode: 0o600 });
    renameSync(temporary, file);
    // What an earlier build at this place left (~14 MB each).
    for (const old of readdirSync(cacheDir))
      if (old.startsWith(place) && old !== name && !old.endsWith('.tmp'))
        rmSync(join(cacheDir, old), { force: true });
    return file;
  } catch {
    rmSync(temporary, { force: true });
    return undefined;
  }
}
