/** The one shared ajv instance: strict, all errors, defaults applied, no type coercion. */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { isCssColor, isHttpUrl, isImageSource } from './formats.js';
import { FORMATS, type JsonSchema } from './schema.js';

const ajv = new Ajv({
  allErrors: true,
  useDefaults: true,
  coerceTypes: false,
  strict: true,
  // Compiled validators are kept by their templates, not in ajv's cache (see compileSchema).
  addUsedSchema: false,
  // Errors carry the offending value, so messages can say what came in (`got a string`).
  verbose: true,
});
ajv.addFormat(FORMATS.color, { type: 'string', validate: isCssColor });
ajv.addFormat(FORMATS.url, { type: 'string', validate: isHttpUrl });
ajv.addFormat(FORMATS.image, { type: 'string', validate: isImageSource });

let compiled = 0;

/** A compiled schema: `validate` returns the errors, or `null` when the data is valid. */
export type Validator = (data: unknown) => ErrorObject[] | null;

/**
 * Compile a schema with the shared instance. The schema is then dropped from ajv's cache: a server
 * compiles one schema per template version, and ajv would otherwise keep every one of them forever.
 */
export function compileSchema(schema: JsonSchema): Validator {
  const validate: ValidateFunction = ajv.compile(schema);
  ajv.removeSchema(schema);
  compiled++;
  return (data) => (validate(data) ? null : [...(validate.errors ?? [])]);
}

/** How many schemas were compiled since the process started (tests check that fill() never compiles). */
export function compiledSchemaCount(): number {
  return compiled;
}
