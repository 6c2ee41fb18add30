// The real built worker process (dist/worker-loader.cjs, as the pool starts it), telling what it has loaded: before
// each result goes back to the pool it writes to PICTOR_PROBE_FILE whether libvips (sharp), node:crypto and
// node:https are loaded in this process, whether the optional font packages were read, whether Node's ES module loader ran (module jobs) and whether a diagnostic
// report was made (process.report), and what became of its code cache. Used by worker-cold-start.test.ts.
const { readFileSync, writeFileSync } = require('node:fs');

const send = process.send.bind(process);
process.send = (message, ...rest) => {
  if (message?.type === 'result' || message?.type === 'channel-result' || message?.type === 'error') {
    const modules = process.moduleLoadList;
    const report = {
      // Shared objects of the process, from /proc (not from a diagnostic report, which this probe looks for).
      libvips: /libvips/.test(readFileSync('/proc/self/maps', 'latin1')),
      crypto: modules.includes('NativeModule crypto'),
      https: modules.includes('NativeModule https'),
      // The optional font packages' lists (@pictor/fonts-world, @pictor/fonts-cjk), read only for text of theirs.
      fontPackages: Object.keys(require.cache).some((file) =>
        /fonts-(?:world|cjk)[/\\]index\.cjs$/.test(file),
      ),
      esModuleLoader: modules.includes('NativeModule internal/modules/esm/module_job'),
      diagnosticReport: modules.includes('NativeModule internal/process/report'),
      codeCache: globalThis[Symbol.for('pictor.worker.codeCacheState')],
    };
    writeFileSync(process.env.PICTOR_PROBE_FILE, JSON.stringify(report));
  }
  return send(message, ...rest);
};
require('../../dist/worker-loader.cjs');
