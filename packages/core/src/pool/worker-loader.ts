/**
 * Entry of a worker process (built to dist/worker-loader.cjs, which the pool starts, and dist/worker-loader.js): runs the worker bundle, dist/worker.cjs — worker.ts and
 * every JavaScript module it uses in one CommonJS file, so the process resolves and compiles one file, not a few
 * hundred ES modules — through the V8 code cache (code-cache.ts). Without the bundle (a build that lacks it), the ES
 * module dist/worker.js runs as before. Argument: `--code-cache-dir=DIR`; without it, no cache.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileWithCodeCache } from './code-cache.js';
import { CODE_CACHE_DIR_ARG, CODE_CACHE_STATE, SAVE_CODE_CACHE } from './code-cache-hook.js';

const bundle = fileURLToPath(new URL('./worker.cjs', import.meta.url));
if (existsSync(bundle)) {
  const dirArg = process.argv.find((arg) => arg.startsWith(CODE_CACHE_DIR_ARG));
  const compiled = compileWithCodeCache(bundle, dirArg?.slice(CODE_CACHE_DIR_ARG.length));
  const hooks = globalThis as Record<symbol, unknown>;
  hooks[CODE_CACHE_STATE] = compiled.state;
  hooks[SAVE_CODE_CACHE] = () => compiled.save();
  const module = { exports: {} };
  compiled.script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
} else {
  void import(new URL('./worker.js', import.meta.url).href);
}
