// The real built worker, plus one way to make its thread die mid-render: html `<!--crash-->` ends the thread,
// as a fatal engine error would. Used by pool tests to check that a dead worker fails only its own render.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (message) => {
  if (message?.input?.html === '<!--crash-->') process.exit(70);
});
await import('../../dist/worker.js');
