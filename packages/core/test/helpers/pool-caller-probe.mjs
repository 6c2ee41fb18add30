// A process that only dispatches renders to worker processes (the built package, `workers: 2`), telling what it has
// loaded after a WebP render and a template fill: the package's own modules it imported (through a resolve hook),
// whether a native library of the engine (resvg, libvips) is mapped into it, and whether the render came back right.
// Used by pool-caller.test.ts.
import { register } from 'node:module';
import { readFileSync } from 'node:fs';

const resolved = [];
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => resolved.push(url));
port1.unref();
register('./resolve-recorder.mjs', {
  parentURL: import.meta.url,
  data: { port: port2 },
  transferList: [port2],
});

const { createRenderer } = await import(new URL('../../dist/index.js', import.meta.url).href);
const renderer = createRenderer({ workers: 2, startWorkers: 'eager' });
const html =
  '<div style="display:flex;width:320px;height:120px;background:#123;color:#fff;font-size:40px">Hello pool</div>';
const results = await Promise.all([
  renderer.render({ html, format: 'webp' }),
  renderer.render({ html, format: 'png' }),
]);
const filled = await renderer.fillTemplate(
  { key: 'k', definition: { content: '<b>{{name}}</b>', variables: { name: { type: 'string' } } } },
  { name: 'Ada' },
);
await renderer.close();
// The hook thread's last messages come before the next turn of this event loop.
await new Promise((resolve) => setImmediate(resolve));
const maps = readFileSync('/proc/self/maps', 'latin1');
process.stdout.write(
  JSON.stringify({
    modules: resolved,
    resvg: /resvg/.test(maps),
    libvips: /libvips|sharp/.test(maps),
    formats: results.map((r) => [r.format, r.width, r.height, r.data.length > 0]),
    filled,
  }),
);
