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
// A worker lowers encoder threads after it has posted its result, and a thread that has not yet named itself
// "libvips worker" is lowered after a later render: each round of renders lets the workers catch up (a worker
// handles its next render after what it did for the last one). Counted in rounds, not time, so a busy machine only
// makes it slower; a worker that never lowers them fails after 20 rounds.
const expected = workerNice ?? 10;
const lowered = (threads) =>
  threads.filter((t) => t.name === 'libvips worker').every((t) => t.nice === expected);
let threads = readThreads();
for (let round = 0; round < 20 && !lowered(threads); round++) {
  await Promise.all([renderer.render({ html, format: 'webp' }), renderer.render({ html, format: 'webp' })]);
  threads = readThreads();
}
await renderer.close();
process.stdout.write(JSON.stringify({ main: process.pid, threads }));
