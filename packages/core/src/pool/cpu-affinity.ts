/**
 * CPU affinity of worker processes (Linux). A pool with one worker process per core pins each to a core of its
 * own, with every thread in it: a worker's render hops between its JavaScript thread, libuv's thread and libvips'
 * encoder threads, and left to the kernel, two workers' threads often end up queued on one core while the other
 * core sits idle until the next scheduler tick (measured: 0.12–0.19 of two cores idle; pinned, none).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The CPUs this process may run on (from /proc/self/status), or undefined where that cannot be read. */
export function allowedCpus(): number[] | undefined {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const list = /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)?.[1];
    return list === undefined ? undefined : parseCpuList(list);
  } catch {
    return undefined;
  }
}

/** "0-2,5" → [0, 1, 2, 5]; undefined when malformed. */
export function parseCpuList(list: string): number[] | undefined {
  const cpus: number[] = [];
  for (const part of list.split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!match) return undefined;
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    for (let cpu = first; cpu <= last; cpu++) cpus.push(cpu);
  }
  return cpus;
}

/**
 * The core for each of `size` worker processes, or undefined when they are not pinned: only a pool with exactly
 * one worker per allowed CPU is (a smaller pool leaves cores its workers' helper threads can use; a larger one
 * has workers sharing cores anyway), and only on Linux.
 */
export function coresForWorkers(size: number): number[] | undefined {
  if (process.platform !== 'linux' || size < 2) return undefined;
  const cpus = allowedCpus();
  return cpus !== undefined && cpus.length === size ? cpus : undefined;
}

/**
 * Pin every thread of process `pid` (and the threads they start later) to `cpu` with util-linux's `taskset`.
 * Returns whether it was applied: false where taskset is missing or refused.
 */
export function pinProcessToCpu(pid: number, cpu: number): boolean {
  try {
    execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', String(cpu), String(pid)], {
      stdio: 'ignore',
      timeout: 5_000,
    });
    return true;
  } catch {
    return false;
  }
}
