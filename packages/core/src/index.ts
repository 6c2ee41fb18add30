/** @pictor/core: HTML and Mustache templates to PNG, JPEG, WebP and AVIF without a browser. */
import { createRenderer } from './pool/renderer.js';
import type { RenderInput, RenderResult, Renderer } from './types.js';

export { PictorError, ERROR_CODES } from './errors.js';
export type { PictorErrorCode, PictorErrorDetails, SerializedPictorError } from './errors.js';
export { compileTemplate, MAX_VARIABLE_DEFINITIONS, MAX_VARIABLE_ENTRIES } from './templates/index.js';
export { isVariantName, MAX_VARIANTS, VARIANT_NAME_PATTERN, variantSize } from './templates/variants.js';
export { MAX_SCALE, MIN_SCALE, scaledPixels } from './raster/scale.js';
export {
  CONTENT_TYPES,
  DEFAULT_QUALITY,
  EXTENSION_OF_FORMAT,
  FORMATS,
  formatOfExtension,
  type ImageExtension,
  MIN_MAX_BYTES,
  RENDER_STAGES,
  roundMs,
} from './formats.js';
export { DEFAULT_LIMITS, FETCH_DEFAULTS, WALL_TIMEOUT_FACTOR } from './limits.js';
export { markupLength } from './validate.js';
export { type RenderTimeoutReason, renderTimeoutMessage } from './pool/render-timeout.js';
export { type AllowList, parseAllowList, refusedReason } from './fetch/address-policy.js';
export {
  AddressRefused,
  checkedAddresses,
  pinnedConnection,
  type ResolvedAddress,
} from './fetch/pinned-addresses.js';
export { FONT_SPEC_SCHEMA, MAX_FONT_FAMILY_LENGTH, renderInputSchema } from './input-schema.js';
export { TUNING_NAMES } from './tuning/switches.js';
export { createRenderer };
export type {
  BudgetResult,
  CloseOptions,
  CompiledTemplate,
  FairnessOptions,
  FetchOptions,
  FontSpec,
  ImageFormat,
  Logger,
  RenderInput,
  RenderLimits,
  RenderManyItem,
  RenderManyOptions,
  RenderManyProgress,
  RenderManyResult,
  RenderOptions,
  RenderResult,
  RenderTimings,
  Renderer,
  RendererOptions,
  Tunings,
  WorkerIsolation,
  RendererStats,
  TemplateDefinition,
  TemplateRenderInput,
  TemplateVariant,
  TextPositioning,
  DefaultFontFamily,
  VariableDefinition,
  VariableType,
} from './types.js';

let shared: Renderer | undefined;

/**
 * Render an HTML string with the shared default renderer (created on first use: one worker per core, default
 * fonts and limits; its idle workers never keep the process alive).
 *
 * @example
 * const { data, contentType } = await render({ html: '<div style="display:flex">Hello</div>', width: 1200, height: 630, format: 'webp' });
 * @throws PictorError with a stable `code`: INVALID_INPUT, FONT_ERROR, FETCH_ERROR, RENDER_TIMEOUT, RENDER_FAILED, OVERLOADED.
 */
export function render(input: RenderInput): Promise<RenderResult> {
  shared ??= createRenderer();
  return shared.render(input);
}
