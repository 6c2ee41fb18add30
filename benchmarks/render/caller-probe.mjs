/**
 * What the pool's caller holds while it receives images (issue 42): a pool of 2 renders memory-mix.mjs's kinds
 * `--rounds` times (`--format`, default webp; 4 in flight, as memory-breakdown.mjs does) while this process samples its own
 * `process.memoryUsage()` every 20 ms; prints one JSON line: its peak RSS (VmHWM), the array buffers' peak and mean,
 * and the RSS after the mix.
 *
 *   node benchmarks/render/caller-probe.mjs [--core DIR] [--rounds 20] [--kinds lines-2,…] [--format webp] [--hold N]
 *
 * `--hold N` keeps each image N ms before dropping it (a server writing it out); default 0.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { mixDocuments } from './memory-mix.mjs';

const { values: args } = parseArgs({
  options: {
    core: { type: 'string' },
    rounds: { type: 'string', default: '20' },
    kinds: { type: 'string', default: 'lines-2,lines-8,lines-96,pics-1,pics-32,size-600,size-2400' },
    hold: { type: 'string', default: '0' },
    format: { type: 'string', default: 'webp' },
  },
});
const { createRenderer } = await import(
  args.core ? pathToFileURL(join(resolve(args.core), 'dist/index.js')).href : '@pictor/core'
);
const kinds = await mixDocuments();
const names = args.kinds.split(',');
const mib = (bytes) => bytes / 2 ** 20;
const status = () => {
  const text = readFileSync('/proc/self/status', 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1]) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
};

const renderer = createRenderer({ workers: 2, startWorkers: 'eager' });
await Promise.all(
  [0, 1].map((i) => renderer.render({ ...kinds[names[0]](10 ** 6 + i), format: args.format })),
);
const samples = [];
const timer = setInterval(() => samples.push(process.memoryUsage()), 20);
let next = 0;
const total = Number(args.rounds) * names.length;
const hold = Number(args.hold);
const lane = async () => {
  while (next < total) {
    const seq = next++;
    const result = await renderer.render({
      ...kinds[names[seq % names.length]](seq + 1),
      format: args.format,
    });
    if (hold > 0) await new Promise((done) => setTimeout(() => done(result.data.byteLength), hold));
  }
};
await Promise.all([lane(), lane(), lane(), lane()]);
clearInterval(timer);
const buffers = samples.map((s) => mib(s.arrayBuffers));
const after = status();
await renderer.close();
console.log(
  JSON.stringify({
    peak: after.peak,
    rssAfter: after.rss,
    arrayBuffersPeak: Math.max(...buffers),
    arrayBuffersMean: buffers.reduce((t, v) => t + v, 0) / buffers.length,
    heapUsedPeak: Math.max(...samples.map((s) => mib(s.heapUsed))),
  }),
);
