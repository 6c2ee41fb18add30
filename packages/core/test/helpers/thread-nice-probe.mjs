// Run in a fresh process by pool.test.ts: create a renderer of worker threads with the nice value given as argv[2] (or the default
// when absent), render webp on every worker (sharp encodes on libuv's thread pool), and print each thread's nice
// value from /proc as JSON: { main, threads: [{ tid, name, nice }] }.
import { readdirSync, readFileSync } from 'node:fs';
import { createRenderer } from '../../dist/index.js';

const workerNice = process.argv[2] === undefined ? undefined : Number(process.argv[2]);
const renderer = createRenderer({
  workers: 2,
  startWorkers: 'eager',
  isolation: 'thread',
  ...(workerNice === undefined ? {} : { workerNice }),
});
const html = '<div style="display:flex;width:120px;height:60px;background:#0ea5e9"></div>';
await Promise.all([renderer.render({ html, format: 'webp' }), renderer.render({ html, format: 'webp' })]);
function readThreads() {
  const threads = [];
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // Fields after "(comm)" start at field 3 (state); nice is field 19.
    const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    threads.push({ tid: Number(tid), name, nice });
  }
  return threads;
}
// A worker posts its result before it lowers encoder threads that the render started: give it up to 2 s to do so
// (under a loaded machine it may not have yet), then report what is there — a worker that never lowers them fails.
const expected = workerNice ?? 10;
let threads = readThreads();
for (
  let i = 0;
  i < 40 && !threads.filter((t) => t.name === 'libvips worker').every((t) => t.nice === expected);
  i++
) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  threads = readThreads();
}
await renderer.close();
process.stdout.write(JSON.stringify({ main: process.pid, threads }));
