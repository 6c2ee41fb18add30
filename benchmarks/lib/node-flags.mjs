/** The flags of node every benchmarked process runs with: Pictor's recommended setting, the same for every engine. */
import { spawnSync } from 'node:child_process';

/**
 * With the flag a render took 9–16% less time, and one worker used 1.05 cores instead of 1.14–1.16 for as many or more
 * renders (`node benchmarks/render/ab.mjs --bare --node-arg-b=--single-threaded-gc`, 2026-11-23).
 * V8 flags cannot be set once a process runs (changing them crashed a worker's collector), and NODE_OPTIONS refuses
 * this one: it goes on the command line.
 */
export const NODE_FLAGS = ['--single-threaded-gc'];

/**
 * For a benchmark that renders in its own process: when started without NODE_FLAGS, run this same script again
 * under them (same arguments, same terminal) and exit with its status; otherwise return.
 */
export function relaunchWithNodeFlags() {
  const missing = NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
  if (missing.length === 0) return;
  const child = spawnSync(process.execPath, [...missing, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(child.status ?? 1);
}
