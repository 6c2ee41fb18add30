/** Saturate the machine's cores with busy loops, for tests that must give the same answers when the machine is busy. */
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';

/**
 * Start `perCore` busy loops per core (at least two cores' worth) at normal priority; resolves once every one is
 * spinning. Each ends by itself after `maxSeconds`; kill them with `stopBusyCores` when done.
 * @param {number} [perCore]
 * @param {number} [maxSeconds]
 */
export async function busyCores(perCore = 4, maxSeconds = 180) {
  const children = [];
  const started = [];
  for (let index = 0; index < Math.max(2, cpus().length) * perCore; index++) {
    const child = spawn(
      process.execPath,
      [
        '-e',
        `process.send("spinning"); const end = Date.now() + ${maxSeconds * 1000}; while (Date.now() < end) {}`,
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] },
    );
    children.push(child);
    started.push(new Promise((resolve) => child.once('message', () => resolve())));
  }
  await Promise.all(started);
  return children;
}

/**
 * End the busy loops of `busyCores`.
 * @param {import('node:child_process').ChildProcess[]} children
 */
export function stopBusyCores(children) {
  for (const child of children) child.kill('SIGKILL');
}
