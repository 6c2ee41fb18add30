/** Turn ajv errors of a route schema into one 10103 message that names the field and the rule it broke. */
import type { FastifySchemaValidationError } from 'fastify';
import { type ApiError, apiError } from '../errors.js';
import type { FieldRules } from '../schemas/field-rules.js';

export type { FieldRules };

/** `/fonts/0/weight` → `fonts[0].weight`; `` → ``. */
export function fieldPath(instancePath: string): string {
  let out = '';
  for (const raw of instancePath.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

function ruleKey(path: string): string {
  return path.replace(/\[\d+\]/g, '[]');
}

function join(parent: string, child: string): string {
  return parent === '' ? child : `${parent}.${child}`;
}

/** The message of the first error: `quality: must be an integer from 0 to 100`. */
export function describeValidationError(
  error: FastifySchemaValidationError,
  rules: FieldRules,
  context: string,
): string {
  const path = fieldPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const field = join(path, String(params.missingProperty));
    const rule = rules[ruleKey(field)];
    return `${field}: is required${rule ? ` (${rule.replace(/^must be /, '')})` : ''}`;
  }
  if (error.keyword === 'additionalProperties') {
    const field = join(path, String(params.additionalProperty));
    const allowed = rules[`${ruleKey(path)}#fields`];
    return `${field}: is not a known field${allowed ? ` (allowed: ${allowed})` : ''}`;
  }
  const rule = rules[ruleKey(path)];
  const name = path === '' ? context : path;
  return `${name}: ${rule ?? error.message ?? 'is invalid'}`;
}

/** A `schemaErrorFormatter` for a route: the first error becomes a 400 / 10103 ApiError. */
export function validationFormatter(rules: FieldRules) {
  return (errors: FastifySchemaValidationError[], dataVar: string): ApiError => {
    // A failed oneOf also reports each branch's own error first; the oneOf error says it best.
    const first = errors.find((e) => e.keyword === 'oneOf') ?? errors[0];
    const context = dataVar === 'body' ? 'body' : dataVar;
    if (!first) return apiError('INVALID_PARAMETER', `${context}: is invalid`);
    return apiError('INVALID_PARAMETER', describeValidationError(first, rules, context));
  };
}
