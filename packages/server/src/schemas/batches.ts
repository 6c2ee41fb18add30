/** Schema of the batch submit body (docs/contract/decisions.md "Batches") and the rule text of its 10103 messages. */
import type { ServerLimits } from '../config.js';
import { renderRules, templateRenderBody } from './render.js';

const ITEM_FIELDS = ['variables', 'id', 'width', 'height', 'format', 'quality', 'maxBytes', 'scale'];
const BATCH_FIELDS = ['templateId', 'items', 'format', 'quality', 'maxBytes', 'scale', 'useDraft', 'webhook'];

/** Body schema of `POST /open/v1/images/batches`. */
export function submitBatchBody(limits: ServerLimits) {
  const render = templateRenderBody(limits).properties;
  return {
    type: 'object',
    additionalProperties: false,
    required: ['templateId', 'items'],
    properties: {
      templateId: { type: 'string', minLength: 1, maxLength: 256, description: 'Template id' },
      items: {
        type: 'array',
        minItems: 1,
        maxItems: limits.batchMaxItems,
        description: `1 to ${limits.batchMaxItems} items (PICTOR_BATCH_MAX_ITEMS)`,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['variables'],
          properties: {
            id: {
              type: 'string',
              pattern: '^[A-Za-z0-9._~-]{1,128}$',
              description: "The caller's reference, unique in the batch (default the item's index)",
            },
            variables: render.variables,
            width: render.width,
            height: render.height,
            format: render.format,
            quality: render.quality,
            maxBytes: render.maxBytes,
            scale: render.scale,
          },
        },
      },
      format: render.format,
      quality: render.quality,
      maxBytes: render.maxBytes,
      scale: render.scale,
      useDraft: { type: 'boolean', description: 'Render the draft content' },
      webhook: {
        type: 'object',
        additionalProperties: false,
        required: ['url'],
        properties: {
          url: {
            type: 'string',
            maxLength: 2048,
            pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
            description: 'http(s) URL',
          },
        },
      },
    },
  };
}

/** Rule text of the batch body's fields, for its 10103 messages. */
export function batchRules(limits: ServerLimits) {
  const render = renderRules(limits);
  const rules: Record<string, string> = {
    '': 'must be a JSON object',
    '#fields': BATCH_FIELDS.join(', '),
    templateId: 'must be a template id (a non-empty string)',
    items: `must be an array of 1 to ${limits.batchMaxItems} item objects`,
    'items[]': 'must be an object with variables',
    'items[]#fields': ITEM_FIELDS.join(', '),
    'items[].id': 'must be 1 to 128 characters of A-Z a-z 0-9 . _ ~ -',
    webhook: 'must be an object {url}',
    'webhook#fields': 'url',
    'webhook.url': 'must be an http or https URL of at most 2048 characters',
  };
  for (const field of ['variables', 'width', 'height', 'format', 'quality', 'maxBytes', 'scale']) {
    rules[`items[].${field}`] = render[field] as string;
    rules[field] = render[field] as string;
  }
  rules.useDraft = render.useDraft as string;
  return rules;
}
