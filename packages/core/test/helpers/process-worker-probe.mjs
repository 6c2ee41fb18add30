// Run in a fresh process by pool.test.ts with renderer options as JSON in argv[2]: render webp on every worker, then
// print, for each worker process (a child of this one), its pid, the CPUs it may use and every thread's name and
// nice value, and mimalloc's large-page setting from its environment:
// { workers: [{ pid, cpus, threads: [{ name, nice }], largePages }] }. With argv[3] = "stay", print and keep
// running without closing the renderer (the test kills this process and checks the workers end too).
import { readdirSync, readFileSync } from 'node:fs';
import { createRenderer } from '../../dist/index.js';

const options = JSON.parse(process.argv[2] ?? '{}');
// Every worker started, as these checks are about each of them.
const renderer = createRenderer({ startWorkers: 'eager', ...options });
const html = '<div style="display:flex;width:120px;height:60px;background:#0ea5e9"></div>';
const count = renderer.stats().workers;
await Promise.all(Array.from({ length: count * 2 }, () => renderer.render({ html, format: 'webp' })));

/** The fields of /proc/<pid>/stat (or a task's) after the command name, and the name. */
function stat(path) {
  const text = readFileSync(`${path}/stat`, 'utf8');
  return {
    name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
    fields: text.slice(text.lastIndexOf(')') + 2).split(' '),
  };
}
const workers = [];
for (const entry of readdirSync('/proc')) {
  if (!/^\d+$/.test(entry)) continue;
  try {
    // Field 4 (ppid) is index 1 after the name; nice (field 19) is index 16.
    if (Number(stat(`/proc/${entry}`).fields[1]) !== process.pid) continue;
    const cpus = /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))[1];
    const threads = readdirSync(`/proc/${entry}/task`).map((tid) => {
      const { name, fields } = stat(`/proc/${entry}/task/${tid}`);
      return { name, nice: Number(fields[16]) };
    });
    const environment = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
    const largePages = environment.find((e) => e.startsWith('MIMALLOC_ALLOW_LARGE_OS_PAGES='))?.split('=')[1];
    workers.push({ pid: Number(entry), cpus, threads, largePages });
  } catch {
    // not ours, or gone
  }
}
process.stdout.write(`${JSON.stringify({ workers })}\n`);
if (process.argv[3] === 'stay') setInterval(() => {}, 1000);
else await renderer.close();
