/** What runs validated renders: the worker pool, or the calling thread when `workers: 0`. */
import type { RenderResult, RendererStats } from '../types.js';
import type { ValidRenderInput } from '../validate.js';

export interface RenderExecutor {
  run(input: ValidRenderInput): Promise<RenderResult>;
  stats(): RendererStats;
  close(): Promise<void>;
}
