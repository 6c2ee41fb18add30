/** Variable definitions → one JSON Schema (draft-07 keywords ajv understands). */
import type { VariableDefinition } from '../types.js';
import { isObjectItems } from './definitions.js';

/** ajv format names of the types JSON Schema has no word for (registered in ajv.ts). */
export const FORMATS = { color: 'css-color', url: 'http-url', image: 'image-source' } as const;

export type JsonSchema = Record<string, unknown>;

function copyDefined(target: JsonSchema, def: VariableDefinition, keys: (keyof VariableDefinition)[]): void {
  for (const key of keys) if (def[key] !== undefined) target[key] = def[key];
}

/** The schema of one value of this definition (without `default`: that belongs to the parent's properties). */
export function valueSchema(def: VariableDefinition): JsonSchema {
  switch (def.type) {
    case 'string':
    case 'color':
    case 'url':
    case 'image': {
      const schema: JsonSchema = { type: 'string' };
      if (def.type !== 'string') schema.format = FORMATS[def.type];
      copyDefined(schema, def, ['minLength', 'maxLength', 'pattern', 'enum']);
      return schema;
    }
    case 'number':
    case 'integer': {
      const schema: JsonSchema = { type: def.type };
      copyDefined(schema, def, ['minimum', 'maximum', 'enum']);
      return schema;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'array': {
      const schema: JsonSchema = { type: 'array' };
      const items = def.items;
      if (isObjectItems(items)) schema.items = objectSchema(items.properties);
      else if (items) schema.items = valueSchema(items);
      copyDefined(schema, def, ['maxItems']);
      return schema;
    }
  }
}

/** The schema of an object whose properties are these definitions (the variables, or one array item). */
export function objectSchema(defs: Record<string, VariableDefinition>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, def] of Object.entries(defs)) {
    const schema = valueSchema(def);
    if (def.default !== undefined) schema.default = def.default;
    if (def.description !== undefined) schema.description = def.description;
    properties[name] = schema;
    if (def.required) required.push(name);
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return schema;
}

/**
 * Every definition that has a default, at any depth, keyed by its dotted path
 * (`title`, `speakers.items.role`), so that all defaults are checked by one compiled schema.
 */
export function collectDefaults(
  defs: Record<string, VariableDefinition>,
  prefix = '',
  out: Map<string, VariableDefinition> = new Map(),
): Map<string, VariableDefinition> {
  for (const [name, def] of Object.entries(defs)) {
    const path = prefix + name;
    if (def.default !== undefined) out.set(path, def);
    let items = def.type === 'array' ? def.items : undefined;
    let itemsPath = `${path}.items`;
    while (items && !isObjectItems(items) && items.type === 'array') {
      items = items.items;
      itemsPath += '.items';
    }
    if (isObjectItems(items)) collectDefaults(items.properties, `${itemsPath}.`, out);
  }
  return out;
}

/** The schema that checks the defaults collected by `collectDefaults`: one property per dotted path. */
export function defaultsSchema(defaults: Map<string, VariableDefinition>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [path, def] of defaults) properties[path] = valueSchema(def);
  return { type: 'object', properties };
}
