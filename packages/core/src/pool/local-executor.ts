/** `workers: 0`: renders on the calling thread (no isolation: for tests, tools and one-shot scripts). */
import { PictorError } from '../errors.js';
import type { EnvironmentOptions, RenderEnvironment } from '../render.js';
import type { RenderResult, RendererStats } from '../types.js';
import type { ValidRenderInput } from '../validate.js';
import type { RenderExecutor } from './executor.js';
import { doTemplateWork, type TemplateWork } from '../templates/template-work.js';
import { currentThreadId } from '../tuning/thread-priority.js';
import { RenderClock, threadStatPath, watchClock } from './render-clock.js';
import { renderTimeoutError } from './render-timeout.js';

/**
 * Runs renders in this thread. The time limit (this thread's CPU time, font loading left out) rejects the render with
 * RENDER_TIMEOUT, but cannot stop the work already under way (use workers for that). The rendering stages (satori, resvg, sharp…) are imported on the first
 * render, not with the package: a process whose renders all run in workers never loads them.
 */
export class LocalExecutor implements RenderExecutor {
  readonly #options: EnvironmentOptions;
  #engine:
    | Promise<{ env: RenderEnvironment; renderHtml: typeof import('../render.js').renderHtml }>
    | undefined;
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #counters = { completed: 0, failed: 0, timedOut: 0, workersReplaced: 0, workersRecycled: 0 };
  #closed = false;

  constructor(options: EnvironmentOptions) {
    this.#options = options;
  }

  run(input: ValidRenderInput): Promise<RenderResult> {
    if (this.#closed)
      return Promise.reject(new PictorError('CLOSED', 'the renderer is closed; create a new one'));
    this.#engine ??= import('../render.js').then((module) => ({
      env: module.createRenderEnvironment(this.#options),
      renderHtml: module.renderHtml,
    }));
    // This thread's CPU time: the render and the timer share it, so a look comes between its synchronous stages.
    const tid = currentThreadId();
    const clock = new RenderClock(tid === undefined ? undefined : threadStatPath(tid));
    clock.pause(); // until the engine is loaded (the first render imports it)
    const untimed = async (_set: string, work: () => Promise<void>): Promise<void> => {
      clock.pause();
      try {
        await work();
      } finally {
        clock.resume();
      }
    };
    const untimedSync = <T>(work: () => T): T => {
      clock.pause();
      try {
        return work();
      } finally {
        clock.resume();
      }
    };
    const render = this.#engine.then(({ env, renderHtml }) => {
      clock.resume();
      return renderHtml(env, input, undefined, { untimed, untimedSync });
    });
    let stopWatch: (() => void) | undefined;
    const { timeoutMs, wallTimeoutMs } = this.#options.limits;
    const timeout = new Promise<never>((_, reject) => {
      stopWatch = watchClock(clock, { timeoutMs, wallTimeoutMs: wallTimeoutMs ?? timeoutMs }, (reason) => {
        this.#counters.timedOut++;
        reject(renderTimeoutError(reason, reason === 'stuck' ? (wallTimeoutMs ?? timeoutMs) : timeoutMs));
      });
    });
    const settled = Promise.race([render, timeout]).then(
      (result) => {
        this.#counters.completed++;
        return result;
      },
      (error: unknown) => {
        this.#counters.failed++;
        throw error;
      },
    );
    const tracked = settled.finally(() => {
      stopWatch?.();
      this.#inFlight.delete(tracked);
    });
    this.#inFlight.add(tracked);
    render.catch(() => undefined);
    return tracked;
  }

  /** Template work on this thread (there is no other): the filled HTML, or undefined for a check. */
  async runTemplate(work: TemplateWork): Promise<string | undefined> {
    if (this.#closed) throw new PictorError('CLOSED', 'the renderer is closed; create a new one');
    // Template work is not a render: the counters (RendererStats) count renders only.
    return doTemplateWork(work);
  }

  stats(): RendererStats {
    return { workers: 0, busy: this.#inFlight.size, queued: 0, ...this.#counters };
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.allSettled([...this.#inFlight]);
  }
}
