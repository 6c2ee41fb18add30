/** Schemas and rule texts of the admin API (docs/contract/decisions.md "Administration"). */
import { FORMATS, MAX_VARIANTS, VARIANT_NAME_PATTERN, type VariableDefinition } from '@pictor/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { ServerLimits } from '../config.js';
import type { FieldRules } from './field-rules.js';
import { MAX_CONTENT_LENGTH } from '../config.js';
import { errorEnvelope, successEnvelope } from './envelope.js';

const anyObject = { type: 'object', additionalProperties: true };

/** Success envelope with a free-form `data` object, and the failure envelope. */
export function adminResponses(description: string) {
  return { 200: successEnvelope(anyObject, description), '4xx': errorEnvelope, '5xx': errorEnvelope };
}

function versionFields(limits: ServerLimits) {
  return {
    content: {
      type: 'string',
      minLength: 1,
      // Checked at save as a render checks it (template-admin.ts checkVersionLimits): markup, not inlined resources.
      description: `Mustache HTML, at most ${MAX_CONTENT_LENGTH} characters of markup (what a render accepts)`,
    },
    variables: {
      type: 'object',
      maxProperties: limits.maxTemplateVariables,
      additionalProperties: { type: 'object' },
      description: 'Variable definitions by name',
    },
    width: { type: 'integer', minimum: 1, maximum: limits.maxDimension },
    height: { type: 'integer', minimum: 1, maximum: limits.maxDimension },
    format: { type: 'string', enum: [...FORMATS] },
    quality: { type: ['integer', 'null'], minimum: 0, maximum: 100 },
    variants: {
      type: 'object',
      maxProperties: MAX_VARIANTS,
      propertyNames: { pattern: VARIANT_NAME_PATTERN },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['width', 'height'],
        properties: {
          width: { type: 'integer', minimum: 1, maximum: limits.maxDimension },
          height: { type: 'integer', minimum: 1, maximum: limits.maxDimension },
        },
      },
      description:
        'Named sizes, e.g. {"og": {"width": 1200, "height": 630}, "square": {"width": 1080, "height": 1080}}; operation A renders one with variant',
    },
  } as const;
}

/** `POST /admin/v1/templates`. */
export function createTemplateBody(limits: ServerLimits) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['accountId', 'name', 'content', 'width', 'height'],
    properties: {
      accountId: { type: 'string', minLength: 1 },
      id: {
        type: 'string',
        pattern: '^[A-Za-z0-9._~-]{1,128}$',
        description: 'Chosen id (letters, digits, . _ ~ -); generated when omitted',
      },
      name: { type: 'string', minLength: 1, maxLength: 200 },
      ...versionFields(limits),
    },
  } as const;
}

/** `PUT /admin/v1/templates/{id}/draft`. */
export function draftBody(limits: ServerLimits) {
  return { type: 'object', additionalProperties: false, properties: versionFields(limits) } as const;
}

export const createAccountBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export const grantPackageBody = {
  type: 'object',
  additionalProperties: false,
  required: ['renders', 'expiresAt'],
  properties: {
    renders: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
    expiresAt: {
      type: 'string',
      minLength: 1,
      description: 'ISO 8601 time; a past time makes an expired package',
    },
  },
} as const;

/**
 * A body's `variables` as the engine reads them: the schema checks an object of objects, the engine each definition
 * (compileTemplate), so the type says what the engine then holds.
 */
type WithDefinitions<T> = Omit<T, 'variables'> & { variables?: Record<string, VariableDefinition> };

/** Body of `POST /admin/v1/templates`, as its schema checked it. */
export type CreateTemplateBody = WithDefinitions<FromSchema<ReturnType<typeof createTemplateBody>>>;

/** Body of `PUT /admin/v1/templates/{id}/draft`, as its schema checked it. */
export type DraftBody = WithDefinitions<FromSchema<ReturnType<typeof draftBody>>>;

/** Body of `POST /admin/v1/accounts`. */
export type CreateAccountBody = FromSchema<typeof createAccountBody>;

/** Body of `POST /admin/v1/accounts/{id}/packages`. */
export type GrantPackageBody = FromSchema<typeof grantPackageBody>;

/** Rule texts of the admin bodies. */
export function adminRules(limits: ServerLimits, fields: string): FieldRules {
  const dim = `must be an integer from 1 to ${limits.maxDimension}`;
  return {
    '': 'must be a JSON object',
    '#fields': fields,
    accountId: 'must be a non-empty string',
    id: 'must be 1 to 128 characters of A-Z a-z 0-9 . _ ~ -',
    name: 'must be a string of 1 to 200 characters',
    content: `must be a non-empty string of HTML of at most ${MAX_CONTENT_LENGTH} characters of markup (the render content limit)`,
    variables: `must be an object of at most ${limits.maxTemplateVariables} variable definitions`,
    width: dim,
    height: dim,
    format: `must be one of ${FORMATS.join(', ')}`,
    quality: 'must be an integer from 0 to 100, or null',
    variants: `must be an object of at most ${MAX_VARIANTS} named sizes {width, height} (names of 1 to 32 a-z 0-9 -; sides 1 to ${limits.maxDimension})`,
    renders: 'must be an integer from 0 to 1000000000',
    expiresAt: 'must be an ISO 8601 time',
  };
}
