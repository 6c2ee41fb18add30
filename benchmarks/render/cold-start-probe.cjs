// Preloaded into every process of a cold-start run (`NODE_OPTIONS=--require`, by cold-start-worker.mjs); acts only in
// a worker process (one with an IPC channel): at each message the worker sends (started, ready, result) it notes the
// CPU time of the whole process and of its main thread (/proc schedstat, ns), plus the time of the first setup and
// render messages it receives and its garbage collection; at the first result it writes them as one `COLD-START-PROBE
// {json}` line to stderr, with what became of its code cache.
if (process.send) {
  const { readFileSync } = require('node:fs');
  const { PerformanceObserver } = require('node:perf_hooks');
  let gcMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  }).observe({ entryTypes: ['gc'] });
  const processCpu = () => {
    const usage = process.cpuUsage();
    return Math.round((usage.user + usage.system) / 1000);
  };
  const mainThreadCpu = () =>
    Math.round(
      Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'latin1').split(' ')[0]) / 1e6,
    );
  const marks = { boot: processCpu() };
  const on = process.on.bind(process);
  process.on = (event, listener) =>
    event === 'message'
      ? on(event, (message, ...rest) => {
          if (message?.type === 'setup' || message?.type === 'render') marks[message.type] ??= processCpu();
          return listener(message, ...rest);
        })
      : on(event, listener);
  const send = process.send.bind(process);
  process.send = (message, ...rest) => {
    // A result whose image went on the result channel (Linux) is a result here too.
    const type = message?.type === 'channel-result' ? 'result' : message?.type;
    if (type && marks[type] === undefined) {
      marks[type] = processCpu();
      marks[`${type}MainThread`] = mainThreadCpu();
    }
    if (type === 'result') {
      const codeCache = String(globalThis[Symbol.for('pictor.worker.codeCacheState')]);
      process.stderr.write(
        `COLD-START-PROBE ${JSON.stringify({ ...marks, gcMs: Math.round(gcMs), codeCache })}\n`,
      );
    }
    return send(message, ...rest);
  };
}
