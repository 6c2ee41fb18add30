/** Checks that variable definitions are well-formed before anything is compiled from them (TEMPLATE_INVALID). */
import { PictorError } from '../errors.js';
import type { VariableDefinition, VariableType } from '../types.js';
import { MAX_DEFINITION_DEPTH, MAX_VARIABLE_DEFINITIONS } from './limits.js';
import { compileLinearPattern } from './linear-regexp.js';

/** Every variable type of docs/contract/decisions.md "Variable definitions". */
export const VARIABLE_TYPES: readonly VariableType[] = [
  'string',
  'number',
  'integer',
  'boolean',
  'color',
  'url',
  'image',
  'array',
];

/** Types whose values are JSON strings (string rules apply to them). */
export const STRING_TYPES: ReadonlySet<VariableType> = new Set(['string', 'color', 'url', 'image']);
const NUMBER_TYPES: ReadonlySet<VariableType> = new Set(['number', 'integer']);

const KNOWN_KEYS = new Set([
  'type',
  'required',
  'default',
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'minimum',
  'maximum',
  'items',
  'maxItems',
  'raw',
  'description',
]);

/** Names usable as Mustache tags: a letter or `_`, then letters, digits, `_` or `-`; no dots (they mean paths). */
const NAME = /^[\p{L}_][\p{L}\p{N}_-]{0,63}$/u;

/** An array's `items` given as an object with properties (arrays of objects). */
export interface ObjectItems {
  type: 'object';
  properties: Record<string, VariableDefinition>;
}

/** True when `items` describes objects rather than one scalar (or array) definition. */
export function isObjectItems(items: VariableDefinition['items']): items is ObjectItems {
  return (items as { type?: unknown } | undefined)?.type === 'object';
}

/** Whether an enum value could ever be accepted for this type (formats are checked like any value later). */
function fitsType(value: unknown, type: VariableType): boolean {
  if (STRING_TYPES.has(type)) return typeof value === 'string';
  if (type === 'integer') return Number.isInteger(value);
  return typeof value === 'number' && Number.isFinite(value);
}

function fail(path: string, problem: string): never {
  throw new PictorError('TEMPLATE_INVALID', `${path}: ${problem}`, { field: path, rule: 'definition' });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkNonNegativeInteger(def: Record<string, unknown>, key: string, path: string): void {
  const value = def[key];
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    fail(path, `"${key}" must be a non-negative integer (got ${JSON.stringify(value)})`);
  }
}

function checkApplies(
  def: Record<string, unknown>,
  keys: string[],
  applies: boolean,
  what: string,
  path: string,
) {
  if (applies) return;
  for (const key of keys) {
    if (def[key] !== undefined)
      fail(path, `"${key}" applies to ${what} variables only, not to type "${def.type}"`);
  }
}

/**
 * Check one definition and its nested item definitions; return how many definitions it holds.
 * `position` is `variable` for a named variable (top level or property of array items), `items` for an array's items.
 */
function checkDefinition(
  value: unknown,
  path: string,
  depth: number,
  position: 'variable' | 'items',
): number {
  if (!isPlainObject(value)) fail(path, `a definition must be an object like {"type": "string"}`);
  for (const key of Object.keys(value)) {
    if (!KNOWN_KEYS.has(key)) fail(path, `unknown key "${key}" (allowed: ${[...KNOWN_KEYS].join(', ')})`);
  }
  const type = value.type;
  if (typeof type !== 'string' || !VARIABLE_TYPES.includes(type as VariableType)) {
    fail(path, `unknown type ${JSON.stringify(type)} (expected one of ${VARIABLE_TYPES.join(', ')})`);
  }
  const t = type as VariableType;
  for (const key of ['required', 'raw']) {
    if (value[key] !== undefined && typeof value[key] !== 'boolean')
      fail(path, `"${key}" must be true or false`);
  }
  if (value.description !== undefined && typeof value.description !== 'string') {
    fail(path, `"description" must be a string`);
  }
  if (position === 'items') {
    for (const key of ['required', 'default']) {
      if (value[key] !== undefined) fail(path, `"${key}" is not allowed on array items`);
    }
  }

  const isString = STRING_TYPES.has(t);
  checkApplies(value, ['minLength', 'maxLength', 'pattern'], isString, 'string, color, url and image', path);
  checkApplies(value, ['minimum', 'maximum'], NUMBER_TYPES.has(t), 'number and integer', path);
  checkApplies(value, ['items', 'maxItems'], t === 'array', 'array', path);
  if (value.enum !== undefined && (t === 'array' || t === 'boolean')) {
    fail(path, `"enum" applies to string, number, integer, color, url and image variables only`);
  }

  checkNonNegativeInteger(value, 'minLength', path);
  checkNonNegativeInteger(value, 'maxLength', path);
  checkNonNegativeInteger(value, 'maxItems', path);
  if (
    typeof value.minLength === 'number' &&
    typeof value.maxLength === 'number' &&
    value.minLength > value.maxLength
  ) {
    fail(path, `minLength (${value.minLength}) is greater than maxLength (${value.maxLength})`);
  }
  for (const key of ['minimum', 'maximum']) {
    const n = value[key];
    if (n !== undefined && (typeof n !== 'number' || !Number.isFinite(n)))
      fail(path, `"${key}" must be a number`);
  }
  if (
    typeof value.minimum === 'number' &&
    typeof value.maximum === 'number' &&
    value.minimum > value.maximum
  ) {
    fail(path, `minimum (${value.minimum}) is greater than maximum (${value.maximum})`);
  }
  if (value.pattern !== undefined) {
    if (typeof value.pattern !== 'string')
      fail(path, `"pattern" must be a string holding a regular expression`);
    try {
      new RegExp(value.pattern, 'u');
    } catch (error) {
      fail(path, `invalid pattern ${JSON.stringify(value.pattern)}: ${(error as Error).message}`);
    }
    try {
      compileLinearPattern(value.pattern);
    } catch (error) {
      fail(
        path,
        `pattern ${JSON.stringify(value.pattern)} cannot be checked in linear time: it uses ${(error as Error).message}; patterns run on RE2, which has no backreferences or lookaround`,
      );
    }
  }
  if (value.enum !== undefined) {
    if (!Array.isArray(value.enum) || value.enum.length === 0) {
      fail(path, `"enum" must be a non-empty array of allowed values`);
    }
    const bad = value.enum.find((v) => !fitsType(v, t));
    if (bad !== undefined) fail(path, `"enum" value ${JSON.stringify(bad)} is not of type "${t}"`);
  }

  let count = 1;
  if (t === 'array') {
    if (depth >= MAX_DEFINITION_DEPTH) fail(path, `arrays nest at most ${MAX_DEFINITION_DEPTH} levels deep`);
    const items = value.items;
    const itemsPath = `${path}.items`;
    if (items === undefined)
      fail(path, `an array needs "items" (a definition, or {"type": "object", "properties": {...}})`);
    if (isPlainObject(items) && items.type === 'object') {
      for (const key of Object.keys(items)) {
        if (key !== 'type' && key !== 'properties')
          fail(itemsPath, `unknown key "${key}" (allowed: type, properties)`);
      }
      if (!isPlainObject(items.properties)) fail(itemsPath, `"properties" must be an object of definitions`);
      count += checkDefinitionMap(items.properties, itemsPath, depth + 1);
    } else {
      count += checkDefinition(items, itemsPath, depth + 1, 'items');
    }
  }
  return count;
}

function checkDefinitionMap(defs: Record<string, unknown>, path: string, depth: number): number {
  let count = 0;
  for (const [name, def] of Object.entries(defs)) {
    const child = `${path}.${name}`;
    if (!NAME.test(name) || name === '__proto__') {
      fail(
        child,
        `invalid name: use letters, digits, "_" and "-", starting with a letter or "_" (at most 64)`,
      );
    }
    count += checkDefinition(def, child, depth, 'variable');
  }
  return count;
}

/**
 * Check variable definitions: known types and keys, rules that fit the type, valid regular expressions,
 * min ≤ max, at most 256 definitions. Defaults are checked later, against the compiled schema.
 * @throws PictorError `TEMPLATE_INVALID` naming `variables.<name>` and the problem.
 */
export function checkDefinitions(variables: unknown): void {
  if (variables === undefined) return;
  if (!isPlainObject(variables)) fail('variables', 'must be an object mapping names to definitions');
  const top = Object.keys(variables).length;
  if (top > MAX_VARIABLE_DEFINITIONS) {
    fail('variables', `must NOT have more than ${MAX_VARIABLE_DEFINITIONS} definitions (has ${top})`);
  }
  const total = checkDefinitionMap(variables, 'variables', 0);
  if (total > MAX_VARIABLE_DEFINITIONS) {
    fail(
      'variables',
      `must NOT have more than ${MAX_VARIABLE_DEFINITIONS} definitions, counting properties of array items (has ${total})`,
    );
  }
}
