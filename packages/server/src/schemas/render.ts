/**
 * JSON Schemas and rule texts of the two render operations (docs/contract/specification.md 2.2, 2.3;
 * docs/contract/decisions.md "Limits", "Fonts"), built on the engine's schema of its render input: the ranges and
 * defaults are the engine's, the descriptions and the HTTP API's own rules (webp by default, http(s) font URLs,
 * base64 font data) are added here.
 */
import {
  CONTENT_TYPES,
  FONT_SPEC_SCHEMA,
  FORMATS,
  MAX_FONT_FAMILY_LENGTH,
  MAX_SCALE,
  MIN_MAX_BYTES,
  MIN_SCALE,
  MAX_VARIANTS,
  renderInputSchema,
  VARIANT_NAME_PATTERN,
} from '@pictor/core';
import type { FromSchema } from 'json-schema-to-ts';
import { MAX_CONTENT_LENGTH, type ServerLimits } from '../config.js';
import type { FieldRules } from './field-rules.js';

/** Fields of operation A's body. */
export const TEMPLATE_RENDER_FIELDS = [
  'variables',
  'width',
  'height',
  'format',
  'quality',
  'maxBytes',
  'useDraft',
  'scale',
  'textPositioning',
  'variant',
  'variants',
];
/** Fields of operation B's body. */
export const HTML_RENDER_FIELDS = [
  'content',
  'width',
  'height',
  'format',
  'quality',
  'maxBytes',
  'scale',
  'textPositioning',
  'fonts',
];
const FONT_FIELDS = ['family', 'url', 'data', 'weight', 'style'];

/** The engine's schemas of its render input's fields, for the server's limits. */
function engine(limits: ServerLimits) {
  return renderInputSchema({ maxDimension: limits.maxDimension }).properties;
}

/** Glyph positions along a line (docs/api.md "Text positioning"). */
function textPositioning(limits: ServerLimits) {
  return {
    ...engine(limits).textPositioning,
    description:
      'auto (default): fractional advances for fonts from fonts and @font-face, whole pixels for the built-in ones, as Chromium on Linux; fractional or whole-pixel for every font',
  } as const;
}

function dimension(limits: ServerLimits, what: string) {
  return {
    ...engine(limits).width,
    description: `Output ${what} in pixels, 1 to ${limits.maxDimension}`,
  } as const;
}

/** The formats as a list for descriptions: `png, jpeg, webp or avif`. */
export const FORMAT_LIST = `${FORMATS.slice(0, -1).join(', ')} or ${FORMATS.at(-1)}`;

/** The MIME types of the formats, for descriptions of image answers. */
export const CONTENT_TYPE_LIST = Object.values(CONTENT_TYPES).join(', ');

/** The engine's format without its default (the API's defaults differ per operation). */
function format(limits: ServerLimits) {
  const { default: _engineDefault, ...rest } = engine(limits).format;
  return { ...rest, description: FORMAT_LIST } as const;
}

function quality(limits: ServerLimits) {
  const { default: _engineDefault, ...rest } = engine(limits).quality;
  return { ...rest, description: '0 to 100; used by jpeg, webp and avif, ignored for png' } as const;
}

/** Byte budget (docs/contract/decisions.md "Formats and byte budgets"). */
function maxBytes(limits: ServerLimits) {
  return {
    ...engine(limits).maxBytes,
    description: `Byte budget, at least ${MIN_MAX_BYTES}: the image is encoded at the highest quality (png: the most palette colours) whose file fits; data then carries bytes and the quality (png: colours) used`,
  } as const;
}

/** Device scale (docs/contract/decisions.md "Device scale"). */
function scale(limits: ServerLimits) {
  return {
    ...engine(limits).scale,
    description: `Device pixels per CSS pixel, ${MIN_SCALE} to ${MAX_SCALE} (default 1): the layout is computed at width × height and drawn at scale times as many pixels`,
  } as const;
}

/**
 * One custom font (docs/contract/decisions.md "Fonts"): the engine's, with no other fields, http(s) URLs and base64
 * data.
 */
const fontSchema = {
  ...FONT_SPEC_SCHEMA,
  additionalProperties: false,
  properties: {
    ...FONT_SPEC_SCHEMA.properties,
    family: { ...FONT_SPEC_SCHEMA.properties.family, description: 'CSS family name the HTML refers to' },
    url: {
      ...FONT_SPEC_SCHEMA.properties.url,
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
      description: 'http(s) URL of a TTF, OTF, WOFF or WOFF2 file',
    },
    data: {
      ...FONT_SPEC_SCHEMA.properties.data,
      minLength: 1,
      pattern: '^[A-Za-z0-9+/_=\\s-]+$',
      description: 'base64 of a TTF, OTF, WOFF or WOFF2 file',
    },
  },
} as const;

/** Body schema of operation A (`POST /open/v1/images/templates/{id}/render`). */
export function templateRenderBody(limits: ServerLimits) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['variables'],
    properties: {
      variables: {
        type: 'object',
        maxProperties: limits.maxRequestVariables,
        description: 'Values by variable name; names the template does not define are ignored',
      },
      width: dimension(limits, 'width (default: the template default)'),
      height: dimension(limits, 'height (default: the template default)'),
      format: { ...format(limits), description: `${FORMAT_LIST} (default: the template default)` },
      quality: {
        ...quality(limits),
        description: '0 to 100 (default: the template default); ignored for png',
      },
      maxBytes: maxBytes(limits),
      useDraft: { type: 'boolean', default: false, description: 'Render the draft content (debugging only)' },
      scale: scale(limits),
      textPositioning: textPositioning(limits),
      variant: {
        type: 'string',
        pattern: VARIANT_NAME_PATTERN,
        description: 'A variant of the template: its size (width and height given beside it win)',
      },
      variants: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_VARIANTS,
        uniqueItems: true,
        items: { type: 'string', pattern: VARIANT_NAME_PATTERN },
        description: 'Several variants at once: data.images lists one image per variant, each using a unit',
      },
    },
  } as const;
}

/** Body schema of operation B (`POST /open/v1/images/render`). */
export function htmlRenderBody(limits: ServerLimits) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['content'],
    properties: {
      content: {
        type: 'string',
        minLength: 1,
        // The engine checks the length: it counts markup, not inlined data: pictures and fonts.
        description: `HTML fragment or complete document, at most ${MAX_CONTENT_LENGTH} characters of markup (inlined data: pictures and fonts not counted)`,
      },
      width: dimension(limits, 'width (omitted: the content width)'),
      height: dimension(limits, 'height (omitted: the content height)'),
      format: { ...format(limits), default: 'webp', description: `${FORMAT_LIST} (default webp)` },
      quality: quality(limits),
      maxBytes: maxBytes(limits),
      scale: scale(limits),
      textPositioning: textPositioning(limits),
      fonts: { type: 'array', items: fontSchema, default: [], description: 'Custom fonts' },
    },
  } as const;
}

/** Fields with a default stay optional in the types: the service does not count on the validator filling them in. */
type AsBefore = { keepDefaultedPropertiesOptional: true };

/** Body of operation A, as its schema checked it. */
export type TemplateRenderRequest = FromSchema<ReturnType<typeof templateRenderBody>, AsBefore>;

/** Body of operation B, as its schema checked it. */
export type HtmlRenderRequest = FromSchema<ReturnType<typeof htmlRenderBody>, AsBefore>;

/** Rule texts of both bodies, used in 10103 messages. */
export function renderRules(limits: ServerLimits): FieldRules {
  const dim = `must be an integer from 1 to ${limits.maxDimension}`;
  return {
    '': 'must be a JSON object',
    '#fields': '',
    variables: `must be an object of at most ${limits.maxRequestVariables} entries`,
    width: dim,
    height: dim,
    format: `must be one of ${FORMATS.join(', ')}`,
    quality: 'must be an integer from 0 to 100',
    maxBytes: `must be an integer of at least ${MIN_MAX_BYTES}`,
    useDraft: 'must be a boolean',
    scale: `must be a number from ${MIN_SCALE} to ${MAX_SCALE}`,
    textPositioning: 'must be one of auto, fractional, whole-pixel',
    variant: 'must be the name of one of the template variants (1 to 32 of a-z 0-9 -)',
    variants: `must be an array of 1 to ${MAX_VARIANTS} different variant names`,
    content: `must be a non-empty string of HTML of at most ${MAX_CONTENT_LENGTH} characters of markup`,
    fonts: 'must be an array of font objects',
    'fonts[]': 'must be an object with family and exactly one of url and data',
    'fonts[]#fields': FONT_FIELDS.join(', '),
    'fonts[].family': `must be a non-empty string of at most ${MAX_FONT_FAMILY_LENGTH} characters`,
    'fonts[].url': 'must be an http or https URL',
    'fonts[].data': 'must be a non-empty base64 string',
    'fonts[].weight': 'must be an integer from 100 to 900',
    'fonts[].style': 'must be one of normal, italic',
  };
}

/** The same rules with the list of allowed top-level fields of one operation. */
export function rulesFor(limits: ServerLimits, fields: string[]): FieldRules {
  return { ...renderRules(limits), '#fields': fields.join(', ') };
}
