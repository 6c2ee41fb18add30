/**
 * Loaded into each worker process by memory-breakdown.mjs `--peak-probe` (NODE_OPTIONS `--require`; the workers'
 * flags, and so their startup snapshot, stay the default's): every 20 ms, when the event loop is free (a render's
 * synchronous stages are not sampled inside; its encode, on libuv's threads, is), the process's RSS; at each new
 * highest, V8's heap spaces, the array buffers, V8's malloced memory and the text of /proc/self/smaps, kept in
 * `$PICTOR_PEAK_PROBE_DIR/peak-<pid>.json` (written every half second): what the memory was at the worker's peak.
 */
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const v8 = require('node:v8');

const dir = process.env.PICTOR_PEAK_PROBE_DIR;
if (process.send && dir) {
  let highest = 0;
  let atHighest;
  let changed = false;
  const sample = () => {
    const rss = process.memoryUsage.rss();
    if (rss <= highest) return;
    highest = rss;
    const spaces = v8.getHeapSpaceStatistics();
    const sum = (field) => spaces.reduce((total, space) => total + space[field], 0) / 2 ** 20;
    atHighest = {
      rss: rss / 2 ** 20,
      v8Physical: sum('physical_space_size'),
      v8Used: sum('space_used_size'),
      spaces: Object.fromEntries(spaces.map((s) => [s.space_name, s.physical_space_size / 2 ** 20])),
      arrayBuffers: process.memoryUsage().arrayBuffers / 2 ** 20,
      // What V8 holds from malloc (its compilers' and parser's zones): now, and the most since the worker started.
      malloced: v8.getHeapStatistics().malloced_memory / 2 ** 20,
      peakMalloced: v8.getHeapStatistics().peak_malloced_memory / 2 ** 20,
      smaps: readFileSync('/proc/self/smaps', 'utf8'),
    };
    changed = true;
  };
  let ticks = 0;
  setInterval(() => {
    sample();
    if (++ticks % 25 === 0 && changed) {
      changed = false;
      writeFileSync(join(dir, `peak-${process.pid}.json`), JSON.stringify(atHighest));
    }
  }, 20).unref();
}
