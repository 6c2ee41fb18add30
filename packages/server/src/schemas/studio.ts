/** Schemas of the studio API's bodies (hidden from the OpenAPI document) and the types derived from them. */
import type { VariableDefinition } from '@pictor/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { ServerLimits } from '../config.js';
import { draftBody } from './admin.js';
import { submitBatchBody } from './batches.js';

/** Sample values of a template's variables, checked by the engine against the definitions. */
const valuesSchema = { type: 'object', additionalProperties: true } as const;

/** `POST /studio/api/session`: an API key or the admin token. */
export const signInBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    apiKey: { type: 'string', maxLength: 512 },
    adminToken: { type: 'string', maxLength: 512 },
  },
} as const;

/** `POST /studio/api/preview`: a draft as it is being edited, and sample values. */
export function previewBody(limits: ServerLimits) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['content', 'width', 'height'],
    properties: { ...draftBody(limits).properties, values: valuesSchema },
  } as const;
}

/** `POST /studio/api/templates`: a new template; `accountId` only for the admin's session (whose template). */
export function studioCreateTemplateBody(limits: ServerLimits) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'content', 'width', 'height'],
    properties: {
      ...draftBody(limits).properties,
      accountId: { type: 'string' },
      id: { type: 'string', pattern: '^[A-Za-z0-9._~-]{1,128}$' },
      name: { type: 'string', minLength: 1, maxLength: 200 },
    },
  } as const;
}

/** `POST /studio/api/templates/{id}/snippets`: sample values only. */
export const valuesBody = {
  type: 'object',
  additionalProperties: false,
  properties: { values: valuesSchema },
} as const;

/** Body of `POST /studio/api/session`. */
export type SignInBody = FromSchema<typeof signInBody>;

/** Body of `POST /studio/api/preview` (`variables` as the engine reads them, as in the admin bodies). */
export type PreviewRequest = Omit<FromSchema<ReturnType<typeof previewBody>>, 'variables'> & {
  variables?: Record<string, VariableDefinition>;
};

/** Body of `POST /studio/api/templates` (`variables` as the engine reads them). */
export type StudioCreateTemplateBody = Omit<
  FromSchema<ReturnType<typeof studioCreateTemplateBody>>,
  'variables'
> & {
  variables?: Record<string, VariableDefinition>;
};

/** Body of `POST /studio/api/templates/{id}/snippets`. */
export type ValuesBody = FromSchema<typeof valuesBody>;

/** `POST /studio/api/templates/{id}/batches` and `…/batches/check`: the submit body's items (same schema), useDraft. */
export function batchRowsBody(limits: ServerLimits) {
  const submit = submitBatchBody(limits).properties;
  return {
    type: 'object',
    additionalProperties: false,
    required: ['items'],
    properties: { items: submit.items, useDraft: submit.useDraft },
  };
}
