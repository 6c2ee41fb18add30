// A parent for the watchdog test: starts a renderer with one worker process, starts a long render (the worker's
// main thread is busy), prints the worker's pid, and waits to be SIGKILLed.
import { execFileSync } from 'node:child_process';
import { createRenderer } from '../../dist/index.js';
import { slowTextHtml } from './slow-text.mjs';

const renderer = createRenderer({
  workers: 1,
  startWorkers: 'eager',
  limits: { timeoutMs: 60_000 },
});
await renderer.render({ html: '<div style="display:flex">warm</div>' });
const slow = slowTextHtml();
renderer.render({ html: slow, width: 600 }).catch(() => undefined);
await new Promise((resolve) => setTimeout(resolve, 300));
const children = execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' })
  .trim()
  .split('\n');
process.stdout.write(`${children[0]}\n`);
setInterval(() => undefined, 1000);
