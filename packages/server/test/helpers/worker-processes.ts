/**
 * The render workers of a server started in this process: with the default isolation they are child processes
 * running the core's worker script (worker-loader.cjs, worker-loader.js or worker.js), so their memory is theirs, not
 * this process's (Linux /proc; empty elsewhere).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface WorkerProcess {
  pid: number;
  /** Resident memory now (VmRSS), in bytes. */
  rssBytes: number;
}

/** The live child processes of this process that run a Pictor worker script, with their resident memory. */
export function workerProcesses(): WorkerProcess[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const workers: WorkerProcess[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After "(comm) ": state, then the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!/[/\\]worker(?:-loader)?\.c?js\0/.test(command)) continue;
      const rss = /^VmRSS:\s*(\d+) kB$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (rss) workers.push({ pid: Number(entry), rssBytes: Number(rss) * 1024 });
    } catch {
      // ended meanwhile
    }
  }
  return workers.sort((a, b) => a.pid - b.pid);
}
