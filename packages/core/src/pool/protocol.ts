/**
 * Messages between the pool and its workers: structured-cloned; a worker thread transfers the result bytes, a worker
 * process writes them on its result channel where it has one (result-channel.ts), else over IPC (V8 serialisation:
 * copied).
 */
import type { SerializedPictorError } from '../errors.js';
import type { FontSet } from '../fonts/font-sets.js';
import type { TemplateWork } from '../templates/template-work.js';
import type { EnvironmentOptions } from '../render.js';
import type { RenderResult } from '../types.js';
import type { ValidRenderInput } from '../validate.js';
import type { ResultChannelAddress } from './result-frame.js';

/** `workerData` of each worker: what its renders need, the nice value its thread takes and the heap growing factor. */
export interface WorkerSetup {
  environment: EnvironmentOptions;
  nice: number;
  /** `--heap-growing-percent` for the process; 0 leaves V8's own. */
  heapGrowingPercent: number;
  /**
   * A minor collection after each render of at least this many megapixels (tuning/native-collection.ts); 0 or
   * absent: never.
   */
  gcAfterMegapixels?: number;
  /**
   * Worker processes: during a render of at least `gcAfterMegapixels` whose size is known, V8 starts marking once
   * the old generation is this percent of the way to its limit (tuning/early-marking.ts); 0 or absent: V8's own.
   */
  earlyMarkingPercent?: number;
  /**
   * Font sets to load before the worker reports ready: those an earlier worker of the pool loaded, so one that
   * replaces it (after a time-out or a crash) does not make the next render wait for them again.
   */
  preload?: FontSet[];
}

/** A worker process's setup, sent when it reports `started` (a worker thread gets its setup as `workerData`). */
export interface ProcessWorkerSetup {
  type: 'setup';
  setup: WorkerSetup;
  /** Where to offer the result channel for images (result-channel.ts); absent: images go over IPC. */
  resultChannel?: ResultChannelAddress;
}

/**
 * A worker process's result whose image went as a frame on the result channel (`byteLength` bytes); the pool's end
 * of the worker puts it back as `data` before the pool sees the message.
 */
export interface ChannelResultMessage {
  type: 'channel-result';
  id: number;
  result: Omit<RenderResult, 'data'>;
  byteLength: number;
  rss?: number;
}

export interface RenderRequest {
  type: 'render';
  id: number;
  input: ValidRenderInput;
  /** Names the temporary file of `input.saveTo`, which the pool releases if it stops the worker mid-render. */
  saveSuffix: string | undefined;
}

/** Template work (compile, fill) for a worker: done there so it never holds the caller's thread. */
export interface TemplateRequest {
  type: 'template';
  id: number;
  work: TemplateWork;
}

/** A worker process's first message: it listens now, send it its ProcessWorkerSetup. */
export interface StartedMessage {
  type: 'started';
}

export type WorkerMessage =
  /** Ready for renders; a worker thread gives its kernel thread id, whose CPU time its renders' limit counts. */
  | { type: 'ready'; tid?: number }
  /**
   * Render `id` starts (`untimed: true`) or ends set-up that is not the content's cost (loading a font set, named in
   * `loaded` at the end); its time limit does not count it. `cpuMs`: the worker's CPU time when the set-up began or
   * ended, read from the stat file the pool reads (the pool may read this message late).
   */
  | { type: 'untimed'; id: number; untimed: boolean; loaded?: FontSet; cpuMs?: number }
  | {
      type: 'result';
      id: number;
      result: Omit<RenderResult, 'data'> & { data: Uint8Array };
      /** A worker process's resident memory (bytes) after the render (WorkerPoolOptions.maxRssMb). */
      rss?: number;
    }
  /** Template work done: the filled HTML, or nothing for a check. */
  | { type: 'template-result'; id: number; html: string | undefined }
  | { type: 'error'; id: number; error: SerializedPictorError; rss?: number };
