/**
 * Messages between the pool and its workers: structured-cloned; a worker thread transfers the result bytes, a worker
 * process sends them over IPC (V8 serialisation: copied).
 */
import type { SerializedPictorError } from '../errors.js';
import type { EnvironmentOptions } from '../render.js';
import type { RenderResult } from '../types.js';
import type { ValidRenderInput } from '../validate.js';

/** `workerData` of each worker: what its renders need, the nice value its thread takes and the heap growing factor. */
export interface WorkerSetup {
  environment: EnvironmentOptions;
  nice: number;
  /** `--heap-growing-percent` for the process; 0 leaves V8's own. */
  heapGrowingPercent: number;
}

/** A worker process's setup, sent when it reports `started` (a worker thread gets its setup as `workerData`). */
export interface ProcessWorkerSetup {
  type: 'setup';
  setup: WorkerSetup;
}

export interface RenderRequest {
  type: 'render';
  id: number;
  input: ValidRenderInput;
  /** Names the temporary file of `input.saveTo`, which the pool releases if it stops the worker mid-render. */
  saveSuffix: string | undefined;
}

/** A worker process's first message: it listens now, send it its ProcessWorkerSetup. */
export interface StartedMessage {
  type: 'started';
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: Omit<RenderResult, 'data'> & { data: Uint8Array } }
  | { type: 'error'; id: number; error: SerializedPictorError };
