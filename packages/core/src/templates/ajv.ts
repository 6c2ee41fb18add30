/** The shared ajv instance: strict, all errors, defaults applied, no type coercion. */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { ajvLibrary } from './lazy-libraries.js';
import { linearRegExp, withPatternBudget } from './linear-regexp.js';
import { isCssColor, isHttpUrl, isImageSource } from './formats.js';
import { FORMATS, type JsonSchema } from './schema.js';

/**
 * ajv keeps, in its instance-wide scope, every schema, validator and pattern it ever compiled (measured:
 * about 8 KB per small template, never released). A server compiles a schema per template version, so the
 * shared instance is replaced after this many compiles; validators already compiled keep working, and an old
 * instance is collected once the templates that use it are gone.
 */
const COMPILES_PER_INSTANCE = 256;

function createAjv(): Ajv {
  const ajv = new (ajvLibrary().Ajv)({
    allErrors: true,
    useDefaults: true,
    coerceTypes: false,
    strict: true,
    addUsedSchema: false,
    // Variable patterns run on RE2 (linear-regexp.ts): linear time whatever the pattern, no clock deciding a match.
    code: { regExp: linearRegExp },
  });
  ajv.addFormat(FORMATS.color, { type: 'string', validate: isCssColor });
  ajv.addFormat(FORMATS.url, { type: 'string', validate: isHttpUrl });
  ajv.addFormat(FORMATS.image, { type: 'string', validate: isImageSource });
  return ajv;
}

/** Made on the first compile (lazy-libraries.ts). */
let ajv: Ajv | undefined;
let compilesOnInstance = 0;
let compiled = 0;

/**
 * A compiled schema: returns the errors, or `null` when the data is valid (defaults are filled into it).
 * @throws PatternBudgetExceeded when its pattern tests would do more work than one validation may.
 */
export type Validator = (data: unknown) => ErrorObject[] | null;

/** Compile a schema with the shared instance (replaced every COMPILES_PER_INSTANCE compiles). */
export function compileSchema(schema: JsonSchema): Validator {
  if (!ajv || compilesOnInstance >= COMPILES_PER_INSTANCE) {
    ajv = createAjv();
    compilesOnInstance = 0;
  }
  const validate: ValidateFunction = ajv.compile(schema);
  ajv.removeSchema(schema);
  compilesOnInstance++;
  compiled++;
  return (data) => (withPatternBudget(() => validate(data)) ? null : [...(validate.errors ?? [])]);
}

/** How many schemas were compiled since the process started (tests check that fill() never compiles). */
export function compiledSchemaCount(): number {
  return compiled;
}
