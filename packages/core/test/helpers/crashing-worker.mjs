// The real built worker, plus one way to make it die mid-render: html `<!--crash-->` ends its thread or process,
// as a fatal engine error would. Used by pool tests to check that a dead worker fails only its own render.
import { parentPort } from 'node:worker_threads';

(parentPort ?? process).on('message', (message) => {
  if (message?.input?.html === '<!--crash-->') process.exit(70);
});
await import('../../dist/worker.js');
