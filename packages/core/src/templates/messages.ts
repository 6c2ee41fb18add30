/** ajv errors → messages that name the variable and the rule: `variables.title: must NOT have more than 80 characters`. */
import type { ErrorObject } from 'ajv';
import { PictorError } from '../errors.js';
import type { VariableDefinition } from '../types.js';
import { isObjectItems } from './definitions.js';
import { MAX_LISTED_ERRORS } from './limits.js';
import { FORMATS } from './schema.js';

/** One broken rule: where, which rule, and what to fix. */
export interface VariableIssue {
  /** Dotted path, e.g. `variables.title`, `variables.speakers[1].name`. */
  field: string;
  /** `required`, `type`, `enum`, `minLength`, `maxLength`, `pattern`, `minimum`, `maximum`, `maxItems`... */
  rule: string;
  /** The problem without the field, e.g. `must NOT have more than 80 characters`. */
  message: string;
}

const EXPECTED: Record<VariableDefinition['type'] | 'object', string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  color: 'a CSS color string',
  url: 'an http or https URL string',
  image: 'an image URL or data: URI string',
  array: 'an array',
  object: 'an object',
};

const FORMAT_MESSAGES: Record<string, string> = {
  [FORMATS.color]:
    'must be a CSS color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a color name',
  [FORMATS.url]: 'must be an http or https URL',
  [FORMATS.image]: 'must be an http(s) URL or a data: URI of a png, jpeg, webp, gif or svg image',
};

/** A short description of a value that was received, without echoing long strings. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** The value at a path of own properties (what ajv validated), or undefined. */
function valueAt(data: unknown, segments: string[]): unknown {
  let value = data;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Turn one ajv error into an issue. `lookup` finds the definition of a top-level key (a variable name,
 * or a dotted path when defaults are checked); nested definitions are found by walking `items`.
 */
function toIssue(
  error: ErrorObject,
  data: unknown,
  lookup: (key: string) => VariableDefinition | undefined,
  prefix: string,
): VariableIssue {
  const segments = pointerSegments(error.instancePath);
  const received = valueAt(data, segments);
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));

  let field = 'variables';
  let def: VariableDefinition | undefined;
  let props: Record<string, VariableDefinition> | undefined;
  segments.forEach((segment, index) => {
    if (index === 0) {
      def = lookup(segment);
      field += `.${segment}`;
    } else if (def?.type === 'array') {
      field += `[${segment}]`;
      const items = def.items;
      props = isObjectItems(items) ? items.properties : undefined;
      def = isObjectItems(items) ? undefined : items;
    } else {
      field += `.${segment}`;
      def = props?.[segment];
      props = undefined;
    }
  });

  switch (error.keyword) {
    case 'required':
      return { field, rule: 'required', message: 'is required' };
    case 'type': {
      const expected =
        EXPECTED[def?.type ?? (error.params.type as 'object')] ?? `of type ${error.params.type}`;
      return { field, rule: 'type', message: `${prefix}must be ${expected} (got ${describe(received)})` };
    }
    case 'format': {
      const message =
        FORMAT_MESSAGES[String(error.params.format)] ?? error.message ?? 'has an invalid format';
      return { field, rule: 'type', message: prefix + message };
    }
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]) ?? [];
      const list = allowed.slice(0, 10).map((v) => JSON.stringify(v));
      if (allowed.length > 10) list.push('…');
      return { field, rule: 'enum', message: `${prefix}must be one of ${list.join(', ')}` };
    }
    default:
      return { field, rule: error.keyword, message: prefix + (error.message ?? `breaks ${error.keyword}`) };
  }
}

/**
 * ajv errors on `data` → issues, in schema order. A value of the wrong type reports only that (not also its enum).
 * @param prefix put before each message, e.g. `default ` when a template's defaults are checked.
 */
export function toIssues(
  errors: ErrorObject[],
  data: unknown,
  lookup: (key: string) => VariableDefinition | undefined,
  prefix = '',
): VariableIssue[] {
  const issues = errors.map((error) => toIssue(error, data, lookup, prefix));
  const typeFields = new Set(issues.filter((i) => i.rule === 'type').map((i) => i.field));
  const seen = new Set<string>();
  return issues.filter((issue) => {
    if (typeFields.has(issue.field) && issue.rule !== 'type') return false;
    const key = `${issue.field}\n${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One line listing the first few issues: `variables.a: …; variables.b: …; and 2 more`. */
export function formatIssues(issues: VariableIssue[]): string {
  const listed = issues.slice(0, MAX_LISTED_ERRORS).map((i) => `${i.field}: ${i.message}`);
  const more = issues.length - MAX_LISTED_ERRORS;
  return listed.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** The error thrown for invalid variables (or, with `TEMPLATE_INVALID`, invalid defaults). */
export function issuesError(
  code: 'VARIABLE_INVALID' | 'TEMPLATE_INVALID',
  issues: VariableIssue[],
): PictorError {
  const first = issues[0];
  return new PictorError(code, formatIssues(issues), {
    field: first?.field,
    rule: first?.rule,
    errors: issues,
  });
}
