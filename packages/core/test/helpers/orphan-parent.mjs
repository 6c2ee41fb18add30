// A parent for the die-with-parent test: starts a renderer with one worker process and a long render that would save
// its image to argv[2] (the worker's main thread is busy with it). A `sleep` holds this process's sockets, the
// worker's IPC channel among them, so when this process is SIGKILLed the worker sees no `disconnect`: only its
// parent-death signal (argv[3] 'signal') or its watchdog thread (argv[3] 'thread': a new parent process id) can end
// it. Prints "<worker pid> <holder pid>" and waits to be SIGKILLed.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { createRenderer } from '../../dist/index.js';
import { SLOW_TEXT_LIMIT, slowTextHtml } from './slow-text.mjs';

const renderer = createRenderer({
  workers: 1,
  startWorkers: 'eager',
  limits: { timeoutMs: 600_000, maxTextLength: SLOW_TEXT_LIMIT },
  workerParentDeathSignal: process.argv[3] !== 'thread',
});
await renderer.render({ html: '<div style="display:flex">warm</div>' });
renderer.render({ html: slowTextHtml(), width: 600, saveTo: process.argv[2] }).catch(() => undefined);
const children = execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' })
  .trim()
  .split('\n');
const isSocket = (fd) => {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:');
  } catch {
    return false;
  }
};
const sockets = readdirSync('/proc/self/fd')
  .map(Number)
  .filter((fd) => fd > 2 && isSocket(fd));
const holder = spawn('sleep', ['600'], { stdio: ['ignore', 'ignore', 'ignore', ...sockets] });
process.stdout.write(`${children[0]} ${holder.pid}\n`);
setInterval(() => undefined, 1000);
