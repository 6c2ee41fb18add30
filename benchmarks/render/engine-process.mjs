/** An engine living in a child process of its own (`run.mjs --engine-child NAME`), driven over IPC. */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../lib/node-flags.mjs';

const RUN = fileURLToPath(new URL('./run.mjs', import.meta.url));

/**
 * Start `node execArgv script --engine-child engine` (run.mjs unless `script` names another benchmark with the same
 * child mode; with `env` added to this process's environment) and return the same calls as a local engine: `ready`
 * (resolves with `{ workers }`), `render`, `block`, `close`. `extra` fields go into the message as they are (what
 * to render, for a benchmark whose child takes more than a format).
 */
export function engineProcess(engine, env = {}, execArgv = NODE_FLAGS, script = RUN) {
  const child = fork(script, ['--engine-child', engine], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  let pending;
  const next = () => new Promise((resolve) => (pending = resolve));
  const ready = next();
  child.on('message', (message) => pending?.(message));
  const ask = (message) => {
    const answer = next();
    child.send(message);
    return answer;
  };
  return {
    ready,
    /** One render; `ms` (and `timings`) are measured inside the child, without the IPC hop. */
    async render(format, withData = false, extra = {}) {
      const answer = await ask({ ...extra, type: 'render', format, withData });
      return { ...answer, data: answer.bytes ? Buffer.from(answer.bytes, 'base64') : undefined };
    },
    /** `warm` unmeasured renders, then `total` measured ones, `concurrency` in flight: `{ ms, cpuMs }`. */
    block(format, total, concurrency, warm, extra = {}) {
      return ask({ ...extra, type: 'block', format, total, concurrency, warm });
    },
    /** Any other question of a child that knows it (answered with one message). */
    ask,
    /** The child's pid (to read its worker processes' memory). */
    pid: child.pid,
    async close() {
      child.send({ type: 'close' });
      await once(child, 'exit');
    },
  };
}
