/**
 * Entry of `node --build-snapshot` (built to dist/worker-snapshot-entry.cjs; scripts/build-snapshot.mjs runs it): a
 * startup snapshot of a worker process with its bundle (dist/worker.cjs) evaluated — parsed, every module's top level
 * run — so a worker started from it (`node --snapshot-blob F`, worker-handle.ts) skips reading, parsing and evaluating
 * the bundle (its functions compile when first run, as in any script). What a snapshot cannot hold is made after it
 * is deserialised: native modules (resvg, sharp: loaded on first use), WebAssembly (the layout engine and HarfBuzz:
 * instantiated on first use), ICU objects and native handles (made on first use by the modules that hold them).
 *
 * The snapshot is built where the package is built and runs wherever it is installed: the bundle's `require` is lent
 * here, so a package it loads later (sharp, resvg, the template libraries) is resolved from where the bundle runs then,
 * and `import.meta.url` is pointed there (RELOCATE_BUNDLE) before the worker starts. Built-in modules load when first
 * used (some, such as node:worker_threads, are not ready to be held by a snapshot).
 *
 * Only built-in modules can be required here (Node's rule for snapshot entries): this file imports nothing else.
 */
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startupSnapshot } from 'node:v8';
import vm from 'node:vm';

/** globalThis keys shared with the bundle (the same as code-cache-hook.ts's; this file cannot import it). */
const WORKER_START = Symbol.for('pictor.worker.start');
const RELOCATE_BUNDLE = Symbol.for('pictor.worker.relocate');
const CODE_CACHE_STATE = Symbol.for('pictor.worker.codeCacheState');

type Require = ((id: string) => unknown) & { resolve: (id: string, options?: object) => string };

/** dist/ as built (where this file is) and as run (the directory of the loader the pool forks: process.argv[1]). */
const builtDir = __dirname;
let runningDir = builtDir;

/** A path under dist/ as built, moved to dist/ as run. */
function relocate(path: string): string {
  return path === builtDir || path.startsWith(builtDir + sep)
    ? join(runningDir, path.slice(builtDir.length))
    : path;
}

/** A built-in module, loaded on its first use (property read, `in`, key listing). */
function lazyBuiltin(id: string): object {
  let loaded: Record<PropertyKey, unknown> | undefined;
  const real = () => {
    loaded ??= require(id) as Record<PropertyKey, unknown>;
    return loaded;
  };
  return new Proxy(
    {},
    {
      get: (_, key) => real()[key],
      set: (_, key, value) => {
        real()[key] = value;
        return true;
      },
      has: (_, key) => key in real(),
      ownKeys: () => Reflect.ownKeys(real()),
      getOwnPropertyDescriptor: (_, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
        return descriptor && { ...descriptor, configurable: true };
      },
    },
  );
}

/** `createRequire(from)` resolved where the bundle runs, when it is first called (after deserialisation). */
function relocatedRequire(from: string): Require {
  let real: NodeJS.Require | undefined;
  const load = () => {
    real ??= Module.createRequire(relocate(from));
    return real;
  };
  const required = ((id: string) => (Module.isBuiltin(id) ? lazyBuiltin(id) : load()(id))) as Require;
  required.resolve = (id, options) => load().resolve(id, options as never);
  return required;
}

const moduleModule = lazyBuiltin('node:module') as typeof Module;
/** node:module as the bundle sees it: `createRequire` relocated. */
const bundleModule = new Proxy(moduleModule, {
  get: (target, key) =>
    key === 'createRequire'
      ? (from: string | URL) =>
          relocatedRequire(String(from).startsWith('file:') ? fileURLToPath(from) : String(from))
      : Reflect.get(target, key),
});

const bundle = join(builtDir, 'worker.cjs');
const bundleRequire = relocatedRequire(bundle);
const requireInBundle = (id: string) =>
  id === 'module' || id === 'node:module' ? bundleModule : bundleRequire(id);
// Compiled as V8 compiles any script: a function gets its bytecode when first run (after deserialisation, in the
// warm-up or a render). All compiled here (`--no-lazy`) made the snapshot 13.6 MB instead of 10.7 (a copy Node keeps
// in each worker's memory for its life) and the workers' heaps larger, for little CPU saved:
// benchmarks/render/RESULTS.md, "Memory, sixth pass: the startup snapshot compiled lazily".
const wrapped = vm.runInThisContext(
  `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'latin1')}\n})`,
  { filename: bundle },
) as (...args: unknown[]) => void;
const module = { exports: {} };
wrapped(module.exports, requireInBundle, module, bundle, builtDir);

const hooks = globalThis as Record<symbol, unknown>;
const start = hooks[WORKER_START] as (() => Promise<void>) | undefined;
const relocateBundle = hooks[RELOCATE_BUNDLE] as ((file: string) => void) | undefined;
if (typeof start !== 'function' || typeof relocateBundle !== 'function')
  throw new Error('pictor worker snapshot: the bundle left no start (build dist/worker.cjs first)');
delete hooks[WORKER_START];

startupSnapshot.setDeserializeMainFunction(() => {
  // The pool forks dist/worker-loader.cjs with this snapshot: the loader's directory is where the package runs.
  if (process.argv[1]) runningDir = dirname(process.argv[1]);
  relocateBundle(relocate(bundle));
  hooks[CODE_CACHE_STATE] = 'snapshot';
  void start();
});
