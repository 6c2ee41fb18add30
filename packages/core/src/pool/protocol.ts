/** Messages between the pool and its workers (structured-cloned; result bytes are transferred, not copied). */
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

export interface RenderRequest {
  type: 'render';
  id: number;
  input: ValidRenderInput;
  /** Names the temporary file of `input.saveTo`, which the pool releases if it stops the worker mid-render. */
  saveSuffix: string | undefined;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: Omit<RenderResult, 'data'> & { data: Uint8Array } }
  | { type: 'error'; id: number; error: SerializedPictorError };
