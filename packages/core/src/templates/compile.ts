/** compileTemplate: Mustache parsed and the variables' JSON Schema compiled once, then `fill` per render. */
import { PictorError } from '../errors.js';
import type { CompiledTemplate, TemplateDefinition, VariableDefinition } from '../types.js';
import { compileSchema, type Validator } from './ajv.js';
import { checkDefinitions } from './definitions.js';
import { MAX_VARIABLE_ENTRIES } from './limits.js';
import { PatternBudgetExceeded } from './linear-regexp.js';
import { issuesError, toIssues } from './messages.js';
import { parseContent, renderTokens } from './mustache.js';
import { collectDefaults, defaultsSchema, objectSchema } from './schema.js';
import { markRaw, pickDefined, rawNames } from './view.js';

type Definitions = Record<string, VariableDefinition>;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * Validate `data`, turning a pattern step budget that ran out into `code` with a message that says so (the values
 * were not found wrong: there was too much to check).
 */
function validateWithin(
  validate: Validator,
  data: unknown,
  code: 'VARIABLE_INVALID' | 'TEMPLATE_INVALID',
  field: string,
): ReturnType<Validator> {
  try {
    return validate(data);
  } catch (error) {
    if (!(error instanceof PatternBudgetExceeded)) throw error;
    throw new PictorError(
      code,
      `${field}: checking these values against their patterns takes more than ${error.budget} steps (each value costs its length times its pattern's size); send fewer or shorter values, or give the variables a maxLength or maxItems`,
      { field, rule: 'patternSteps' },
    );
  }
}

/** Check every default (at any depth) against its own definition with one compiled schema. */
function checkDefaults(defs: Definitions): void {
  const defaults = collectDefaults(defs);
  if (defaults.size === 0) return;
  const data = Object.fromEntries([...defaults].map(([path, def]) => [path, structuredClone(def.default)]));
  const errors = validateWithin(
    compileSchema(defaultsSchema(defaults)),
    data,
    'TEMPLATE_INVALID',
    'variables',
  );
  if (errors)
    throw issuesError(
      'TEMPLATE_INVALID',
      toIssues(errors, data, (key) => defaults.get(key), 'default '),
    );
}

/**
 * Compile a template once and fill it many times: the definitions are checked, the Mustache content is
 * parsed and the variables' JSON Schema is compiled by ajv here, never again per `fill`.
 *
 * `fill(variables)` validates a copy of `variables` (defaults applied; names the template does not define
 * are ignored and not rendered; no type coercion) and returns the HTML. `{{x}}` is HTML-escaped; `{{{x}}}`
 * and `{{& x}}` are raw only for variables defined with `raw: true`. Missing values render empty.
 *
 * @example
 * const card = compileTemplate({
 *   content: '<div style="display:flex">{{title}}</div>',
 *   variables: { title: { type: 'string', required: true, maxLength: 80 } },
 * });
 * card.fill({ title: 'Fish & Chips' }); // '<div style="display:flex">Fish &amp; Chips</div>'
 * @throws PictorError `TEMPLATE_INVALID` naming `content` or `variables.<name>` and the problem.
 */
export function compileTemplate(def: TemplateDefinition): CompiledTemplate {
  if (typeof def !== 'object' || def === null) {
    throw new PictorError('TEMPLATE_INVALID', 'template: must be an object with "content"', {
      field: 'template',
    });
  }
  if (typeof def.content !== 'string') {
    throw new PictorError('TEMPLATE_INVALID', 'content: must be a string of Mustache HTML', {
      field: 'content',
      rule: 'type',
    });
  }
  checkDefinitions(def.variables);
  let definition: Readonly<TemplateDefinition>;
  try {
    definition = deepFreeze(structuredClone(def));
  } catch {
    throw new PictorError('TEMPLATE_INVALID', 'template: must be plain data (JSON values, no functions)', {
      field: 'template',
      rule: 'type',
    });
  }
  const defs: Definitions = definition.variables ?? {};
  checkDefaults(defs);

  const tokens = parseContent(definition.content);
  const schema = deepFreeze(objectSchema(defs));
  // ajv compiles a mutable copy (it must not see frozen objects it may annotate); `schema` is what callers see.
  const validate = compileSchema(structuredClone(schema));
  const rawCache = new Map<Definitions, ReadonlySet<string>>();
  const rawOf = (map: Definitions): ReadonlySet<string> => {
    let names = rawCache.get(map);
    if (!names) {
      names = rawNames(map);
      rawCache.set(map, names);
    }
    return names;
  };

  return {
    definition,
    schema,
    fill(variables: Record<string, unknown>): string {
      if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
        throw new PictorError('VARIABLE_INVALID', 'variables: must be an object mapping names to values', {
          field: 'variables',
          rule: 'type',
        });
      }
      const entries = Object.keys(variables).length;
      if (entries > MAX_VARIABLE_ENTRIES) {
        throw new PictorError(
          'VARIABLE_INVALID',
          `variables: must NOT have more than ${MAX_VARIABLE_ENTRIES} entries`,
          { field: 'variables', rule: 'maxProperties' },
        );
      }
      const data = pickDefined(variables, defs) as Record<string, unknown>;
      const errors = validateWithin(validate, data, 'VARIABLE_INVALID', 'variables');
      if (errors)
        throw issuesError(
          'VARIABLE_INVALID',
          toIssues(errors, data, (name) => defs[name]),
        );
      return renderTokens(tokens, data, markRaw(data, defs, rawOf));
    },
  };
}
