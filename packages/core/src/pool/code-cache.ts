/**
 * A V8 code cache for the worker bundle (dist/worker.cjs, one file with every JavaScript module a worker runs): a
 * fresh worker process compiles the bundle from the bytecode an earlier worker left, not from source (Node 20 has no
 * module.enableCompileCache). The cache is a file in a directory only this user can write, made once per bundle,
 * Node version and set of V8 flags, after a worker's first render (so it holds what rendering compiled too).
 *
 * Never trusted blindly: a file is used only when its header names this bundle's length and CRC-32, its payload's
 * CRC-32 matches, and V8 accepts it (V8 checks its own version and flags); anything else — missing, unreadable,
 * corrupt, stale, refused, or a directory others could write to — compiles from source as without a cache, and a
 * worker then writes a fresh one. Writing is best-effort (a read-only disk just means no cache).
 *
 * A cache may also be left beside the bundle (scripts/prime-code-cache.mjs: made by a worker with the default flags on
 * the building Node; no longer part of the build, whose startup snapshot starts those workers: worker-snapshot.ts): used, under the same checks, when this user's directory has none for the bundle, so
 * the first worker on a host — a fresh container, an empty temporary directory — starts compiled too (on another Node
 * version or with other flags its name does not match, and the user's directory takes over as before).
 */
import { isAscii } from 'node:buffer';
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

/** First line of a cache file (the format's version: a change here makes old files stale). */
const MAGIC = 'pictor-v8-code-cache 1\n';

/** What became of the cache when a bundle was compiled. */
export type CodeCacheState =
  /** Compiled from the cache. */
  | 'used'
  /** Compiled from the cache the build left beside the bundle (this user's directory had none for it). */
  | 'shipped'
  /** No cache file yet (or no directory): compiled from source; a fresh cache can be saved. */
  | 'missing'
  /** A cache file was there but not for this bundle, corrupt, or refused by V8: compiled from source. */
  | 'rejected'
  /** No cache directory, or one others can write to: compiled from source, nothing is saved. */
  | 'off';

export interface CompiledBundle {
  /** The bundle as a CommonJS function `(exports, require, module, __filename, __dirname)`. */
  script: vm.Script;
  state: CodeCacheState;
  /**
   * Write the cache (unless it was used or is off): call once the worker has run what it usually runs. Returns
   * whether a file was written; never throws.
   */
  save(): boolean;
}

/** The default cache directory: one per user under the system's temporary directory. */
export function defaultCodeCacheDir(): string | undefined {
  const uid = process.getuid?.();
  return uid === undefined ? undefined : join(tmpdir(), `pictor-code-cache-${uid}`);
}

/**
 * Compile the CommonJS bundle `file` with the cache in `dir` (none: `undefined`).
 * @throws what reading or compiling the bundle itself throws (never for the cache).
 */
export function compileWithCodeCache(file: string, dir: string | undefined): CompiledBundle {
  const bytes = readFileSync(file);
  // The bundle is ASCII (scripts/worker-bundle.mjs): read as Latin-1, a one-byte string, without UTF-8 decoding.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const sourceKey = `${bytes.length}:${zlib.crc32(bytes)}`;
  const cacheFile = dir !== undefined && ownDirectory(dir) ? join(dir, cacheName(file)) : undefined;
  const own = cacheFile === undefined ? undefined : readCache(cacheFile, sourceKey);
  // This user's cache first; without a good one, the build's (never when the cache is off).
  const shipped =
    cacheFile !== undefined && typeof own !== 'object'
      ? readCache(join(dirname(file), shippedCacheName()), sourceKey)
      : undefined;
  const cached = typeof own === 'object' ? own : typeof shipped === 'object' ? shipped : undefined;
  const script = new vm.Script(wrapped, {
    filename: file,
    // No import() in the bundle (scripts/worker-bundle.mjs): a script compiled from the cache could not run one.
    cachedData: cached?.payload,
  });
  let state: CodeCacheState;
  if (cacheFile === undefined) state = 'off';
  else if (cached !== undefined && !script.cachedDataRejected) state = cached === own ? 'used' : 'shipped';
  else if (own === undefined) state = 'missing';
  else state = 'rejected';
  let saved = false;
  return {
    script,
    state,
    save: () => {
      if (saved || cacheFile === undefined || state === 'used' || state === 'shipped') return false;
      saved = true;
      return writeCache(cacheFile, sourceKey, script.createCachedData());
    },
  };
}

/**
 * The cache file's name: where the bundle is (each installed copy keeps its own file, so two versions on one host do
 * not take turns overwriting one; a rebuild in place replaces its own), Node's version and architecture, and the V8
 * flags of this process (a cache is valid only under the flags it was made with).
 */
function cacheName(file: string): string {
  return `worker-${zlib.crc32(file).toString(16)}-${runtimeKey()}`;
}

/**
 * The name of the cache the build leaves beside the bundle (scripts/prime-code-cache.mjs): as cacheName's, without
 * the place (it is the bundle's own directory).
 */
export function shippedCacheName(): string {
  return `worker-${runtimeKey()}`;
}

/** Node's version and architecture and a CRC of this process's V8 flags, as the end of a cache file's name. */
function runtimeKey(): string {
  const flags = zlib.crc32(process.execArgv.join('\0')).toString(16);
  return `${process.version}-${process.arch}-${flags}.v8cache`;
}

/** `dir`, made if needed: a real directory of this user that no one else can write to (or false). */
export function ownDirectory(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    const uid = process.getuid?.();
    if (!stat.isDirectory()) return false;
    if (uid === undefined) return true;
    return stat.uid === uid && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** The payload of a cache file made for `sourceKey`; undefined without a file, 'bad' for a wrong or corrupt one. */
function readCache(file: string, sourceKey: string): { payload: Buffer } | 'bad' | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const headerEnd = bytes.indexOf('\n', MAGIC.length);
  if (headerEnd < 0 || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return 'bad';
  const [key, payloadCrc] = bytes.toString('latin1', MAGIC.length, headerEnd).split(' ');
  const payload = bytes.subarray(headerEnd + 1);
  if (key !== sourceKey || payloadCrc !== String(zlib.crc32(payload))) return 'bad';
  return { payload };
}

/** Write a cache file whole or not at all (a temporary file renamed over it). */
function writeCache(file: string, sourceKey: string, payload: Buffer): boolean {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const header = Buffer.from(`${MAGIC}${sourceKey} ${zlib.crc32(payload)}\n`, 'latin1');
    writeFileSync(temporary, Buffer.concat([header, payload]), { mode: 0o600 });
    renameSync(temporary, file);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}
