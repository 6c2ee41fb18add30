/**
 * @resvg/resvg-js's `Resvg`, loaded without its C-library probe where that is cheap to answer. Its loader asks
 * `process.report.getReport()` whether Node runs on glibc or musl before it picks the native package on Linux: a full
 * diagnostic report (every shared object, handle and environment variable), ~10 ms of each worker's start. On Linux
 * x64/arm64 this module reads the answer from `/usr/bin/ldd` (as detect-libc does) and loads that native package
 * itself, wrapped as resvg-js's index.js wraps it (options as JSON); anywhere else, or if any of that fails, it loads
 * @resvg/resvg-js as before. Loaded on first use, not as the module loads: a worker's bundle can then be evaluated where
 * no native module loads (its startup snapshot, pool/worker-snapshot.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as ResvgJs from '@resvg/resvg-js';

const load = createRequire(import.meta.url);

let loaded: typeof ResvgJs.Resvg | undefined;

/** resvg-js's `Resvg` class (`new (resvgClass())(svg, options)`), loaded on the first call. */
export function resvgClass(): typeof ResvgJs.Resvg {
  loaded ??= loadResvg();
  return loaded;
}

function loadResvg(): typeof ResvgJs.Resvg {
  const native = linuxNativeResvg();
  if (native === undefined) return (load('@resvg/resvg-js') as typeof ResvgJs).Resvg;
  return class Resvg extends native {
    constructor(svg: string | Buffer, options?: ResvgJs.ResvgRenderOptions) {
      super(svg, JSON.stringify(options) as never);
    }
  } as typeof ResvgJs.Resvg;
}

/** The native `Resvg` of this Linux system's package (gnu or musl), or undefined where that cannot be told cheaply. */
function linuxNativeResvg(): (new (svg: string | Buffer, options?: string) => ResvgJs.Resvg) | undefined {
  if (process.platform !== 'linux' || (process.arch !== 'x64' && process.arch !== 'arm64')) return undefined;
  try {
    const libc = cLibrary(readFileSync('/usr/bin/ldd', 'latin1'));
    if (libc === undefined) return undefined;
    // The native packages are resvg-js's optional dependencies: resolved from where it is installed.
    const fromResvg = createRequire(load.resolve('@resvg/resvg-js'));
    const binding = fromResvg(`@resvg/resvg-js-linux-${process.arch}-${libc}`) as { Resvg?: unknown };
    return typeof binding.Resvg === 'function' ? (binding.Resvg as never) : undefined;
  } catch {
    return undefined;
  }
}

/** The C library `ldd`'s script names: `gnu` (glibc), `musl`, or undefined. */
export function cLibrary(ldd: string): 'gnu' | 'musl' | undefined {
  if (ldd.includes('musl')) return 'musl';
  if (ldd.includes('GNU C Library') || ldd.includes('GLIBC')) return 'gnu';
  return undefined;
}
