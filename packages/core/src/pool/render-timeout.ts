/** RENDER_TIMEOUT: which limit a render ran into, said in the terms of whoever can change it. */
import { PictorError } from '../errors.js';

/**
 * Why a render was stopped: it used its CPU time (`cpu`); it used its time by the clock where CPU time cannot be read
 * (`clock`); it did not finish within the wall-clock backstop, whatever it used (`stuck`).
 */
export type RenderTimeoutReason = 'cpu' | 'clock' | 'stuck';

/** What was timed: a render, or template work (compiling, filling) done in a worker. */
export type TimedWork = 'render' | 'template';

/** The limit behind each reason, as `details.limit` names it. */
const LIMIT_OF: Record<RenderTimeoutReason, 'timeoutMs' | 'wallTimeoutMs'> = {
  cpu: 'timeoutMs',
  clock: 'timeoutMs',
  stuck: 'wallTimeoutMs',
};

/**
 * The message of a RENDER_TIMEOUT. `raise` says how the caller raises the limit: the library option by default
 * (`limits.timeoutMs`); a service passes its setting.
 */
export function renderTimeoutMessage(
  reason: RenderTimeoutReason,
  limitMs: number,
  raise = `raise limits.${LIMIT_OF[reason]}`,
  subject: TimedWork = 'render',
): string {
  if (subject === 'template' && reason !== 'stuck')
    return `compiling or filling the template used more than ${limitMs} ms of ${reason === 'cpu' ? 'CPU time' : 'time'} and was stopped: send fewer or shorter values, or simplify the template (fewer sections nested over long arrays); or ${raise}`;
  switch (reason) {
    case 'cpu':
      return `the render used more than ${limitMs} ms of CPU time and was stopped: the content costs too much to draw (its size and scale, elements, text, pictures, shadows and filters); draw less, or ${raise}`;
    case 'clock':
      return `the render took more than ${limitMs} ms and was stopped (CPU time cannot be read on this platform, so the clock counts): draw less, or ${raise}`;
    case 'stuck':
      return `the render did not finish within ${limitMs} ms by the clock, whatever it used (its worker was stuck, or the machine too busy to run it) and was stopped; try again, or ${raise}`;
  }
}

/**
 * A RENDER_TIMEOUT error; `details` has the limit's name and value, the reason and, for logs, `timings` (ms: `queue`,
 * `total` run time by the clock, `counted` by the limit's clock).
 */
export function renderTimeoutError(
  reason: RenderTimeoutReason,
  limitMs: number,
  timings?: { queue: number; total: number; counted?: number },
  subject: TimedWork = 'render',
): PictorError {
  return new PictorError('RENDER_TIMEOUT', renderTimeoutMessage(reason, limitMs, undefined, subject), {
    limit: LIMIT_OF[reason],
    [LIMIT_OF[reason]]: limitMs,
    reason,
    ...(subject === 'template' ? { subject } : {}),
    ...(timings ? { timings } : {}),
  });
}
