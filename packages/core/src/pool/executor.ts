/** What runs validated renders: the worker pool, or the calling thread when `workers: 0`. */
import type { CloseOptions, RenderOptions, RenderResult, RendererStats } from '../types.js';
import type { ValidRenderInput } from '../validate.js';

export interface RenderExecutor {
  run(input: ValidRenderInput, options?: RenderOptions): Promise<RenderResult>;
  stats(): RendererStats;
  close(options?: CloseOptions): Promise<void>;
}
