/**
 * How a worker bundle run by worker-loader.ts reaches its loader: the loader puts its functions on `globalThis` under
 * these symbols (the bundle has its own copy of every module, so it cannot share one otherwise).
 */

/** `() => boolean`: save the code cache now (code-cache.ts `CompiledBundle.save`). */
export const SAVE_CODE_CACHE = Symbol.for('pictor.worker.saveCodeCache');

/** The CodeCacheState of this worker's bundle (for tests and probes). */
export const CODE_CACHE_STATE = Symbol.for('pictor.worker.codeCacheState');

/** The worker process's argument that names the cache directory (worker-handle.ts passes it). */
export const CODE_CACHE_DIR_ARG = '--code-cache-dir=';

/**
 * `() => Promise<void>`: the worker's start, left here by a bundle evaluated while a startup snapshot is built
 * (worker-snapshot-entry.ts starts it once the snapshot is deserialised).
 */
export const WORKER_START = Symbol.for('pictor.worker.start');

/** `(file: string) => void`: where the bundle runs from now (its `import.meta.url`; scripts/worker-bundle.mjs). */
export const RELOCATE_BUNDLE = Symbol.for('pictor.worker.relocate');
