// The real built worker process (dist/worker-loader.js, as the pool starts it), telling what it has loaded: before
// each result goes back to the pool it writes to PICTOR_PROBE_FILE whether libvips (sharp), node:crypto and
// node:https are loaded in this process, and what became of its code cache. Used by worker-cold-start.test.ts.
import { writeFileSync } from 'node:fs';

const send = process.send.bind(process);
process.send = (message, ...rest) => {
  if (message?.type === 'result' || message?.type === 'error') {
    const modules = process.moduleLoadList;
    const libraries = process.report.getReport().sharedObjects;
    const report = {
      libvips: libraries.some((path) => /libvips/.test(path)),
      crypto: modules.includes('NativeModule crypto'),
      https: modules.includes('NativeModule https'),
      codeCache: globalThis[Symbol.for('pictor.worker.codeCacheState')],
    };
    writeFileSync(process.env.PICTOR_PROBE_FILE, JSON.stringify(report));
  }
  return send(message, ...rest);
};
await import('../../dist/worker-loader.js');
