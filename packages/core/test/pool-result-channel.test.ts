/**
 * The result channel of worker processes (src/pool/result-channel.ts): images come on a socket of their own, each read
 * into one buffer of its exact size; a channel that breaks mid-image or names an impossible size fails the render
 * with RENDER_FAILED and the worker is replaced; a connection without the pool's token gets nothing.
 */
import { connect, type Socket } from 'node:net';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../dist/index.js';
import { WorkerPool } from '../src/pool/worker-pool.js';
import { ResultChannel, resultChannelAddress } from '../src/pool/result-channel.js';
import { abstractPath, type ResultChannelAddress } from '../src/pool/result-frame.js';
import { WorkerResultChannel } from '../src/pool/worker-result-channel.js';
import { resolveLimits, validateRenderInput } from '../src/validate.js';
import { decodeImage, expectFormatAndSize } from './helpers/image-compare.js';

/** A photo-like 400×400 JPEG (noise over a gradient): its PNG renders take several reads of the channel. */
async function noisyPicture(): Promise<string> {
  const size = 400;
  const pixels = Buffer.alloc(size * size * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = ((i / 3) % size) / 2 + (seed % 96);
  }
  const jpeg = await sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

const pictureHtml = (uri: string, n: number) =>
  `<div style="display:flex;width:100%;height:100%;background:#fff"><img src="${uri}" style="width:${400 + n * 100}px;height:400px" /><div style="display:flex;font-size:40px">${n}</div></div>`;

describe.runIf(process.platform === 'linux')('result channel (worker processes, Linux)', () => {
  const pool = createRenderer({ workers: 2, startWorkers: 'eager' });
  const local = createRenderer({ workers: 0 });
  afterAll(() => Promise.all([pool.close(), local.close()]));

  it('brings each image in one buffer of its own size, the same bytes and pixels as a render in this thread', async () => {
    const uri = await noisyPicture();
    const inputs = [0, 1, 2, 3, 4, 5].map((n) => ({
      html: pictureHtml(uri, n),
      width: 400 + n * 100 + 60,
      height: 420,
      format: (['png', 'webp', 'jpeg'] as const)[n % 3],
    }));
    const results = await Promise.all(inputs.map((input) => pool.render(input)));
    expect(results.some((result) => result.data.byteLength > 256 * 1024)).toBe(true);
    for (const [n, result] of results.entries()) {
      const input = inputs[n]!;
      // Over IPC an image is a view into the buffer its whole message was read into.
      expect(result.data.buffer.byteLength).toBe(result.data.byteLength);
      const alone = await local.render(input);
      expect(Buffer.compare(result.data, alone.data)).toBe(0);
      const [mine, theirs] = await Promise.all([decodeImage(result.data), decodeImage(alone.data)]);
      expect({ format: mine.format, width: mine.width, height: mine.height }).toEqual({
        format: input.format,
        width: input.width,
        height: input.height,
      });
      expect(Buffer.compare(mine.pixels, theirs.pixels)).toBe(0);
    }
  });
});

/** A connection to `path` once something listens there (the worker's end starts listening asynchronously). */
async function connectWhenListening(path: string): Promise<Socket> {
  for (;;) {
    const socket = connect({ path });
    const connected = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
    });
    if (connected) return socket;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const limits = resolveLimits();
const input = (html: string) => validateRenderInput({ html, width: 900, height: 420 }, limits);

/** A pool of one real worker process whose result channel can be broken (helpers/result-channel-faults.mjs). */
function faultyPool(): WorkerPool {
  return new WorkerPool({
    size: 1,
    eager: true,
    maxQueue: 10,
    maxQueuedPerTenant: 10,
    maxRunningPerTenant: 1,
    maxQueueWaitMs: Number.POSITIVE_INFINITY,
    timeoutMs: 20_000,
    wallTimeoutMs: 120_000,
    memoryLimitMb: 1024,
    setup: { environment: { limits }, nice: 0, heapGrowingPercent: 0 },
    isolation: 'process',
    script: new URL('./helpers/result-channel-faults.mjs', import.meta.url),
  });
}

describe.runIf(process.platform === 'linux')('result channel faults (worker processes, Linux)', () => {
  it('a worker that dies in the middle of an image fails that render (RENDER_FAILED); its replacement renders', async () => {
    const pool = faultyPool();
    const uri = await noisyPicture();
    await pool.run(input(pictureHtml(uri, 4))); // the channel is up
    await expect(pool.run(input(`${pictureHtml(uri, 4)}<!--cut-image-->`))).rejects.toMatchObject({
      code: 'RENDER_FAILED',
      message: expect.stringMatching(/crashed/),
    });
    const after = await pool.run(input(pictureHtml(uri, 4)));
    await expectFormatAndSize(after.data, { format: 'png', width: 900, height: 420 });
    expect(pool.stats()).toMatchObject({ workersReplaced: 1, failed: 1, completed: 2 });
    await pool.close();
  });

  it('a frame naming more bytes than any render can make fails the render (RENDER_FAILED), allocating nothing', async () => {
    const pool = faultyPool();
    await pool.run(input('<div style="display:flex;font-size:40px">up</div>'));
    await expect(
      pool.run(input('<div style="display:flex;font-size:40px">big</div><!--oversize-image-->')),
    ).rejects.toMatchObject({
      code: 'RENDER_FAILED',
      message: expect.stringMatching(/crashed.*4294967280 bytes, over the \d+ any render can make/),
    });
    const after = await pool.run(input('<div style="display:flex;font-size:40px">after</div>'));
    await expectFormatAndSize(after.data, { format: 'png', width: 900, height: 420 });
    expect(pool.stats()).toMatchObject({ workersReplaced: 1, failed: 1, completed: 2 });
    await pool.close();
  });

  it("takes only the connection that starts with the pool's token; images reach the pool's end whole", async () => {
    const address = resultChannelAddress() as ResultChannelAddress;
    const worker = new WorkerResultChannel(address);
    const intruder = await connectWhenListening(abstractPath(address.name));
    const intruderClosed = new Promise<Buffer>((resolve) => {
      const seen: Buffer[] = [];
      intruder.on('data', (chunk: Buffer) => seen.push(chunk));
      intruder.on('close', () => resolve(Buffer.concat(seen)));
    });
    intruder.write(Buffer.alloc(16, 1));
    expect((await intruderClosed).byteLength).toBe(0); // closed by the worker's end, having been sent nothing
    const silent = await connectWhenListening(abstractPath(address.name)); // never sends its token
    const silentClosed = new Promise<void>((resolve) => silent.on('close', () => resolve()));

    const failures: string[] = [];
    const pool = new ResultChannel(address, 1 << 20, (reason) => failures.push(reason));
    const image = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) & 0xff));
    // Wait until the worker's end took the connection, then send one image before its message and one after.
    while (!worker.send(1, image.subarray(0, 100_000))) await new Promise((resolve) => setImmediate(resolve));
    const first = await new Promise<Buffer>((resolve) => pool.take(1, 100_000, resolve));
    // Ids past 32 bits: the frame carries the low 32 (the pool's job ids only grow).
    const second = new Promise<Buffer>((resolve) => pool.take(2 ** 32 + 2, 300_000, resolve));
    worker.send(2 ** 32 + 2, image);
    expect(Buffer.compare(first, image.subarray(0, 100_000))).toBe(0);
    expect(Buffer.compare(await second, image)).toBe(0);
    await silentClosed; // the worker's end let go of it once the pool's connection was taken
    expect(failures).toEqual([]);
    pool.close();
  });
});
