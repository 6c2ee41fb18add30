/**
 * This process together with its child processes (Linux /proc): Pictor's default workers are child processes, so
 * its CPU time and memory are only whole with theirs counted. Elsewhere only this process is counted.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ of /proc/<pid>/stat on Linux

/** Pids of the live child processes of this process. */
export function childPids() {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const children = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === process.pid) children.push(Number(entry));
  }
  return children;
}

/** CPU ms used so far by this process and its live children (children at 10 ms resolution). */
export function treeCpuMs() {
  const own = process.cpuUsage();
  let ms = (own.user + own.system) / 1000;
  for (const pid of childPids()) {
    const fields = statFields(String(pid));
    // After "(comm)": field 3 (state) is index 0; utime (14) and stime (15) are indexes 11 and 12.
    if (fields) ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  }
  return ms;
}

/** Peak resident set of this process plus that of each live child (VmHWM), in MiB. */
export function treePeakRssMiB() {
  let kib = process.resourceUsage().maxRSS;
  for (const pid of childPids()) {
    try {
      const hwm = /^VmHWM:\s*(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (hwm) kib += Number(hwm);
    } catch {
      // ended meanwhile
    }
  }
  return kib / 1024;
}

/** The fields of /proc/<pid>/stat after the command name, or undefined when gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
