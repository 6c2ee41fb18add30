/**
 * JSON Schema of the render input, the same rules `validate.ts` applies (a test keeps the two in agreement), for
 * callers that check input before it reaches the engine: the HTTP service builds its request schemas on it.
 */
import { MAX_SCALE, MIN_SCALE } from './raster/scale.js';
import type { RenderLimits } from './types.js';
import { DEFAULT_QUALITY, FORMATS, MIN_MAX_BYTES } from './formats.js';
import { DEFAULT_LIMITS } from './limits.js';

/** Longest font family name accepted. */
export const MAX_FONT_FAMILY_LENGTH = 200;

/** JSON Schema of one custom font (`FontSpec`) given as JSON: exactly one of `url` and `data` (base64). */
export const FONT_SPEC_SCHEMA = Object.freeze({
  type: 'object',
  required: ['family'],
  properties: {
    family: { type: 'string', minLength: 1, maxLength: MAX_FONT_FAMILY_LENGTH, pattern: '\\S' },
    url: { type: 'string' },
    data: { type: 'string' },
    weight: { type: 'integer', minimum: 100, maximum: 900, default: 400 },
    style: { type: 'string', enum: ['normal', 'italic'], default: 'normal' },
  },
  oneOf: [{ required: ['url'] }, { required: ['data'] }],
} as const);

/**
 * JSON Schema of `RenderInput` given as JSON, for `limits` over the defaults: field types, ranges and defaults.
 * The engine checks more than a schema can say (the pixel count with `scale`, the size of the parsed document).
 */
export function renderInputSchema(limits: Partial<RenderLimits> = {}) {
  const { maxDimension, maxHtmlLength } = { ...DEFAULT_LIMITS, ...limits };
  const dimension = { type: 'integer', minimum: 1, maximum: maxDimension } as const;
  return {
    type: 'object',
    additionalProperties: false,
    required: ['html'],
    properties: {
      // Not a maxLength: the limit counts markup, not inlined data: pictures and fonts (validate.ts markupLength).
      html: {
        type: 'string',
        description: `HTML, at most ${maxHtmlLength} characters of markup (inlined data: pictures and fonts not counted)`,
      },
      width: dimension,
      height: dimension,
      scale: { type: 'number', minimum: MIN_SCALE, maximum: MAX_SCALE, default: 1 },
      format: { type: 'string', enum: [...FORMATS], default: 'png' },
      quality: { type: 'integer', minimum: 0, maximum: 100, default: DEFAULT_QUALITY },
      maxBytes: { type: 'integer', minimum: MIN_MAX_BYTES },
      fonts: { type: 'array', items: FONT_SPEC_SCHEMA },
      baseUrl: { type: 'string' },
      textPositioning: { type: 'string', enum: ['auto', 'fractional', 'whole-pixel'], default: 'auto' },
      saveTo: { type: 'string' },
    },
  } as const;
}
