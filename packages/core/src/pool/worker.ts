/** Worker thread entry (built to dist/worker.js): loads the fonts once, warms up, then renders what the pool sends. */
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { configureEncoder } from '../encode/sharp.js';
import { PictorError, toPictorError } from '../errors.js';
import { getBuiltinFonts } from '../fonts/builtin.js';
import { createRenderEnvironment, renderHtml, startLoadingRendererFonts } from '../render.js';
import { validateRenderInput } from '../validate.js';
import type { RenderRequest, WorkerMessage, WorkerSetup } from './protocol.js';
import { lowerEncoderThreads, setCurrentThreadNice } from './thread-priority.js';

if (!parentPort) throw new Error('pictor worker: must run in a worker thread');
const port = parentPort;
const setup = workerData as WorkerSetup;
// Read by V8 whenever it sets the next full collection's limit, so it takes effect for the heaps already running.
if (setup.heapGrowingPercent > 0) setFlagsFromString(`--heap-growing-percent=${setup.heapGrowingPercent}`);
if (setup.nice > 0) setCurrentThreadNice(setup.nice);
const env = createRenderEnvironment(setup.environment);
getBuiltinFonts();
configureEncoder();
startLoadingRendererFonts(env);
// Render a small document before reporting ready: a thread's first render pays for lazy set-up (the layout engine's
// WebAssembly, shaping, the rasteriser, the encoder; ~150 ms), which would otherwise count against the time limit of
// its first real render — also on a worker that replaced one the limit stopped. A failure here is not fatal.
await renderHtml(
  env,
  validateRenderInput(
    { html: '<div style="display:flex;padding:4px;font-weight:700">Pictor</div>', format: 'webp' },
    setup.environment.limits,
  ),
).catch(() => undefined);
port.postMessage({ type: 'ready' } satisfies WorkerMessage);

port.on('message', (request: RenderRequest) => {
  if (request.type !== 'render') return;
  renderHtml(env, request.input, request.saveSuffix).then(
    (result) => {
      // Transfer the encoded bytes when they own their whole ArrayBuffer; otherwise copy them once.
      const own = result.data.byteOffset === 0 && result.data.byteLength === result.data.buffer.byteLength;
      const data = own ? result.data : new Uint8Array(result.data);
      const message: WorkerMessage = { type: 'result', id: request.id, result: { ...result, data } };
      port.postMessage(message, [data.buffer as ArrayBuffer]);
      // libvips starts its encoder threads on first use: bring new ones down to this worker's priority (after the
      // result has gone: a look at /proc per render, off the caller's wait).
      if (setup.nice > 0) lowerEncoderThreads(setup.nice);
    },
    (error: unknown) => {
      const failure = error instanceof PictorError ? error : toPictorError(error, 'RENDER_FAILED', 'render');
      port.postMessage({ type: 'error', id: request.id, error: failure.toJSON() } satisfies WorkerMessage);
    },
  );
});
