/** JSON Schemas and rule texts of the two render operations (spec 2.2, 2.3; DECISIONS "Limits", "Fonts"). */
import type { ServerLimits } from '../config.js';
import type { FieldRules } from '../http/validation-message.js';

const FORMATS = ['png', 'jpeg', 'webp'];

/** Longest `content` of operation B: the engine's HTML length limit (2 MiB characters). */
export const MAX_CONTENT_LENGTH = 2 * 1024 * 1024;

/** Fields of operation A's body. */
export const TEMPLATE_RENDER_FIELDS = [
  'variables',
  'width',
  'height',
  'format',
  'quality',
  'useDraft',
  'scale',
];
/** Fields of operation B's body. */
export const HTML_RENDER_FIELDS = ['content', 'width', 'height', 'format', 'quality', 'scale', 'fonts'];
const FONT_FIELDS = ['family', 'url', 'data', 'weight', 'style'];

function dimension(limits: ServerLimits, what: string) {
  return {
    type: 'integer',
    minimum: 1,
    maximum: limits.maxDimension,
    description: `Output ${what} in pixels, 1 to ${limits.maxDimension}`,
  };
}

const format = { type: 'string', enum: FORMATS, description: 'png, jpeg or webp' };
const quality = {
  type: 'integer',
  minimum: 0,
  maximum: 100,
  description: '0 to 100; used by jpeg and webp, ignored for png',
};

/** Device scale (DECISIONS "Device scale"). */
const scale = {
  type: 'number',
  minimum: 1,
  maximum: 4,
  default: 1,
  description:
    'Device pixels per CSS pixel, 1 to 4 (default 1): the layout is computed at width × height and drawn at scale times as many pixels',
};

/** One custom font (DECISIONS "Fonts"): exactly one of `url` and `data`. */
const fontSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['family'],
  properties: {
    family: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'CSS family name the HTML refers to',
    },
    url: {
      type: 'string',
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
      description: 'http(s) URL of a TTF, OTF, WOFF or WOFF2 file',
    },
    data: {
      type: 'string',
      minLength: 1,
      pattern: '^[A-Za-z0-9+/_=\\s-]+$',
      description: 'base64 of a TTF, OTF, WOFF or WOFF2 file',
    },
    weight: { type: 'integer', minimum: 100, maximum: 900, default: 400 },
    style: { type: 'string', enum: ['normal', 'italic'], default: 'normal' },
  },
  oneOf: [{ required: ['url'] }, { required: ['data'] }],
};

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
      format: { ...format, description: 'png, jpeg or webp (default: the template default)' },
      quality: { ...quality, description: '0 to 100 (default: the template default); ignored for png' },
      useDraft: { type: 'boolean', default: false, description: 'Render the draft content (debugging only)' },
      scale,
    },
  };
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
        maxLength: MAX_CONTENT_LENGTH,
        description: `HTML fragment or complete document, at most ${MAX_CONTENT_LENGTH} characters`,
      },
      width: dimension(limits, 'width (omitted: the content width)'),
      height: dimension(limits, 'height (omitted: the content height)'),
      format: { ...format, default: 'webp', description: 'png, jpeg or webp (default webp)' },
      quality,
      scale,
      fonts: { type: 'array', items: fontSchema, default: [], description: 'Custom fonts' },
    },
  };
}

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
    useDraft: 'must be a boolean',
    scale: 'must be a number from 1 to 4',
    content: `must be a non-empty string of HTML of at most ${MAX_CONTENT_LENGTH} characters`,
    fonts: 'must be an array of font objects',
    'fonts[]': 'must be an object with family and exactly one of url and data',
    'fonts[]#fields': FONT_FIELDS.join(', '),
    'fonts[].family': 'must be a non-empty string of at most 200 characters',
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
