// The real built worker, plus ways to make it die mid-render: html `<!--crash-->` ends its thread or process, as a
// fatal engine error would; `<!--abort-->` aborts the process, as a native crash in resvg or libvips would (worker
// processes only: in a thread it would end the test run). Used by pool tests: a dead worker fails only its render.
import { parentPort } from 'node:worker_threads';

(parentPort ?? process).on('message', (message) => {
  if (message?.input?.html === '<!--crash-->') process.exit(70);
  if (message?.input?.html === '<!--abort-->' && !parentPort) process.abort();
});
await import('../../dist/worker.js');
