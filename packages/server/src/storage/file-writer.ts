/**
 * Atomic file writes off the event loop in one hop. Writing a file atomically is four file-system calls (open,
 * write, close, rename); through libuv's pool each is a round trip to the event loop, and while every core renders
 * each round trip waits to be scheduled (2–8 ms per object measured, for 0.6 ms of work). A thread of its own makes
 * them one after another with blocking calls — one round trip — and a slow disk stalls only that thread, never the
 * event loop.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** One atomic write: `data` to `target` (see `@pictor/core/save-file`). */
export interface FileWrite {
  target: string;
  data: Uint8Array;
}

interface Pending {
  resolve(): void;
  reject(error: Error): void;
}

type Reply = { id: number; error?: { message: string; code?: string; syscall?: string; path?: string } };

/**
 * The thread's code: an ES module from a data: URL that imports the engine's atomic write by its absolute file URL
 * (so it runs the same from the sources under test and from the build, whatever flags the process was started with).
 */
function writerSource(): string {
  const saveFile = pathToFileURL(createRequire(import.meta.url).resolve('@pictor/core/save-file')).href;
  return `
import { parentPort } from 'node:worker_threads';
import { saveFileAtomically } from ${JSON.stringify(saveFile)};
parentPort.on('message', ({ id, target, data }) => {
  try {
    saveFileAtomically(target, data);
    parentPort.postMessage({ id });
  } catch (error) {
    const { message, code, syscall, path } = error;
    parentPort.postMessage({ id, error: { message: String(message), code, syscall, path } });
  }
});
`;
}

/** A thread that writes files atomically, started on first use; it does not keep the process alive when idle. */
export class FileWriter {
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  /** One settled-either-way promise per write under way, for close(). */
  readonly #inFlight = new Set<Promise<void>>();
  #nextId = 1;
  #closed = false;

  /** Write atomically (see FileWrite); rejects with the file-system error (its `code` kept, e.g. ENOSPC). */
  write(write: FileWrite): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the file writer is closed'));
    const worker = this.#ensureWorker();
    const id = this.#nextId++;
    const written = new Promise<void>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // The bytes are copied, not transferred: the caller keeps its buffer. A view into a larger buffer (a pooled
      // Buffer) is copied alone first, since posting a view clones all of the memory behind it.
      const { data } = write;
      const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
      worker.postMessage({ id, ...write, data: whole ? data : new Uint8Array(data) });
      if (this.#pending.size === 1) worker.ref();
    });
    const settled = written.then(
      () => {},
      () => {},
    );
    this.#inFlight.add(settled);
    void settled.then(() => this.#inFlight.delete(settled));
    return written;
  }

  /** Wait for the writes under way, then stop the thread. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#inFlight);
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker) await worker.terminate();
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(writerSource())}`));
    worker.on('message', (reply: Reply) => this.#settle(reply));
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      const pending = [...this.#pending.values()];
      this.#pending.clear();
      for (const entry of pending) entry.reject(error);
    };
    worker.on('error', (error) => fail(new Error(`the file writer thread failed: ${error.message}`)));
    worker.on('exit', (code) => fail(new Error(`the file writer thread exited with code ${code}`)));
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #settle(reply: Reply): void {
    const entry = this.#pending.get(reply.id);
    if (!entry) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker?.unref();
    if (!reply.error) {
      entry.resolve();
      return;
    }
    const error = new Error(reply.error.message) as NodeJS.ErrnoException;
    if (reply.error.code !== undefined) error.code = reply.error.code;
    if (reply.error.syscall !== undefined) error.syscall = reply.error.syscall;
    if (reply.error.path !== undefined) error.path = reply.error.path;
    entry.reject(error);
  }
}
