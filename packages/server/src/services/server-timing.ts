/**
 * The `Server-Timing` header of a render (issue 44): where its time went, stage by stage, so a user sees in the
 * browser's network panel whether an image was rendered and what it cost. Stages that did not run (0 ms) are left out.
 */
import { RENDER_STAGES, type RenderTimings } from '@pictor/core';

/** The wait for a worker, the engine's stages in the order they run, then its total. */
const STAGES: readonly (keyof RenderTimings)[] = ['queue', ...RENDER_STAGES, 'total'];

/**
 * `queue;dur=0.4, parse;dur=1.2, …, total;dur=52.3` of a render's timings, and the service's own waits (`lookup`,
 * `store`) when given; `cache;desc=hit` instead of stages for an image served without a render.
 * @example serverTiming({ render: result.timings, service: { lookup: 0.8 } })
 */
export function serverTiming(parts: {
  render?: RenderTimings | undefined;
  service?: Readonly<Record<string, number>>;
}): string {
  const entries: string[] = [];
  for (const [name, ms] of Object.entries(parts.service ?? {})) entries.push(`${name};dur=${ms}`);
  if (parts.render === undefined) entries.push('cache;desc=hit');
  else {
    for (const stage of STAGES) {
      const ms = parts.render[stage];
      if (ms > 0 || stage === 'total') entries.push(`${stage};dur=${ms}`);
    }
  }
  return entries.join(', ');
}
