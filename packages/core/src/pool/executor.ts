/** What runs validated renders: the worker pool, or the calling thread when `workers: 0`. */
import type { CloseOptions, RenderOptions, RenderResult, RendererStats } from '../types.js';
import type { TemplateWork } from '../templates/template-work.js';
import type { ValidRenderInput } from '../validate.js';

export interface RenderExecutor {
  run(input: ValidRenderInput, options?: RenderOptions): Promise<RenderResult>;
  /** Template work where renders run: the filled HTML, or undefined for a check. */
  runTemplate(work: TemplateWork, options?: RenderOptions): Promise<string | undefined>;
  stats(): RendererStats;
  close(options?: CloseOptions): Promise<void>;
}
