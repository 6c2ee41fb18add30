/**
 * Worker processes that end with their parent by the kernel's parent-death signal (Linux `PR_SET_PDEATHSIG`), set
 * by util-linux's `setpriv --pdeathsig KILL` as it executes node: the worker is SIGKILLed the moment the pool's
 * process ends, even in the middle of a render, with nothing running in the worker for it. Without it each worker
 * starts a watchdog thread (parent-watchdog.ts): a second V8 isolate and Node environment, ~9 MiB per worker.
 *
 * Node has no call for the signal, hence the launcher; where there is no setpriv that takes `--pdeathsig` (not
 * Linux, an older util-linux, a minimal image), workers start as before, with the watchdog thread.
 */
import { accessSync, constants, readFileSync } from 'node:fs';

/** A worker process's argument: it was started with its parent-death signal set (it starts no watchdog thread). */
export const PARENT_DEATH_SIGNAL_ARG = '--pictor-parent-death-signal';

/** Where setpriv is installed (util-linux ≥ 2.33 has `--pdeathsig`). */
const SETPRIV_PATHS = ['/usr/bin/setpriv', '/bin/setpriv'];

/** A program that executes node for a worker process, and its arguments before node's. */
export interface Launcher {
  file: string;
  args: string[];
}

let found: Launcher | null | undefined;

/**
 * The launcher that sets the parent-death signal of the node it executes, or null where there is none: looked up
 * once per process, by reading the program for its option's name (running it to ask would cost 15–40 ms of the
 * first worker's start on a busy host).
 */
export function parentDeathLauncher(): Launcher | null {
  if (found !== undefined) return found;
  found = null;
  if (process.platform !== 'linux') return found;
  for (const file of SETPRIV_PATHS) {
    try {
      accessSync(file, constants.X_OK);
    } catch {
      continue;
    }
    try {
      if (readFileSync(file).includes('pdeathsig')) found = { file, args: ['--pdeathsig', 'KILL'] };
    } catch {}
    break;
  }
  return found;
}
