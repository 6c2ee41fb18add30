/**
 * Studio preview: a draft as it is being edited (not yet saved), filled with sample values and rendered by the same
 * engine and settings as operation A, with no unit used and nothing stored. The image comes back inline with its
 * size, render time and the engine's warnings.
 */
import type { Renderer } from '@pictor/core';
import type { ServerLimits } from '../config.js';
import { isPictorError } from '../errors.js';
import { checkVersionLimits } from '../services/template-admin.js';
import { toDefinition } from '../services/template-service.js';
import type { Preview } from './preview-types.js';
import type { PreviewRequest } from '../schemas/studio.js';

export type { Preview };

export type { PreviewRequest };

/** Where in the draft a problem is, as far as the engine can tell. */
export interface PreviewProblem {
  field?: string;
  rule?: string;
  /** 1-based line of `content`. */
  line?: number;
}

/** The location details of an engine error, for the editor to point at. */
export function problemOf(error: unknown): PreviewProblem | undefined {
  if (!isPictorError(error) || !error.details) return undefined;
  const { field, rule, line } = error.details;
  return {
    ...(typeof field === 'string' ? { field } : {}),
    ...(typeof rule === 'string' ? { rule } : {}),
    ...(typeof line === 'number' ? { line } : {}),
  };
}

/**
 * Compile, fill and render a draft.
 * @throws PictorError TEMPLATE_INVALID, VARIABLE_INVALID, RENDER_* as operation A would; ApiError for the limits.
 */
export async function renderPreview(
  renderer: Renderer,
  limits: ServerLimits,
  request: PreviewRequest,
  /** Whose turn in the render queue (the account, or the admin). */
  tenant: string,
  /** Fires when the client has gone: a preview still queued is dropped. */
  signal?: AbortSignal,
): Promise<Preview> {
  const format = request.format ?? 'webp';
  const version = {
    content: request.content,
    variables: request.variables ?? {},
    width: request.width,
    height: request.height,
    format,
    quality: request.quality ?? null,
  };
  checkVersionLimits(version, limits);
  // Compiled and filled in a worker, in the account's turn: never on the event loop.
  const html = await renderer.fillTemplate(
    { key: `studio-preview\u0000${tenant}`, definition: toDefinition({ ...version, revision: 0 }) },
    request.values ?? {},
    { tenant, ...(signal ? { signal } : {}) },
  );
  const result = await renderer.render(
    {
      html,
      width: request.width,
      height: request.height,
      format,
      quality: format === 'png' ? undefined : (request.quality ?? undefined),
    },
    { tenant, ...(signal ? { signal } : {}) },
  );
  return {
    image: `data:${result.contentType};base64,${result.data.toString('base64')}`,
    contentType: result.contentType,
    width: result.width,
    height: result.height,
    bytes: result.data.length,
    renderMs: Math.round(result.timings.total * 10) / 10,
    warnings: result.warnings,
  };
}
