/** An engine living in a child process of its own (`run.mjs --engine-child NAME`), driven over IPC. */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../lib/node-flags.mjs';

const RUN = fileURLToPath(new URL('./run.mjs', import.meta.url));

/**
 * Start `node execArgv run.mjs --engine-child engine` (with `env` added to this process's environment) and return
 * the same calls as a local engine: `ready` (resolves with `{ workers }`), `render`, `block`, `close`.
 */
export function engineProcess(engine, env = {}, execArgv = NODE_FLAGS) {
  const child = fork(RUN, ['--engine-child', engine], {
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
    async render(format, withData = false) {
      const answer = await ask({ type: 'render', format, withData });
      return { ...answer, data: answer.bytes ? Buffer.from(answer.bytes, 'base64') : undefined };
    },
    /** `warm` unmeasured renders, then `total` measured ones, `concurrency` in flight: `{ ms, cpuMs }`. */
    block(format, total, concurrency, warm) {
      return ask({ type: 'block', format, total, concurrency, warm });
    },
    async close() {
      child.send({ type: 'close' });
      await once(child, 'exit');
    },
  };
}
