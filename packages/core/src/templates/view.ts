/** The data a template is filled with: a copy of the defined variables, and which of its keys are raw. */
import type { VariableDefinition } from '../types.js';
import { isObjectItems } from './definitions.js';
import type { RawKeys } from './mustache.js';

type Definitions = Record<string, VariableDefinition>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pickValue(value: unknown, def: VariableDefinition): unknown {
  if (def.type !== 'array' || !Array.isArray(value)) return value;
  const items = def.items;
  if (isObjectItems(items)) return value.map((item) => pickDefined(item, items.properties));
  return items ? value.map((item) => pickValue(item, items)) : [...value];
}

/**
 * Copy the variables the definitions name (at every depth of arrays of objects), dropping unknown names
 * and `undefined` values. The copy is what ajv fills defaults into, so the caller's object is never changed.
 * The copy only goes as deep as the definitions do, so hostile nesting cannot exhaust the stack.
 */
export function pickDefined(value: unknown, defs: Definitions): unknown {
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(defs)) {
    if (Object.hasOwn(value, name) && value[name] !== undefined) copy[name] = pickValue(value[name], def);
  }
  return copy;
}

const ITEMS_RAW: ReadonlySet<string> = new Set(['*']);

/** Per definition map, the names marked `raw: true` (computed once per compiled template). */
export function rawNames(defs: Definitions): ReadonlySet<string> {
  return new Set(
    Object.entries(defs)
      .filter(([, def]) => def.raw === true)
      .map(([name]) => name),
  );
}

function markValue(
  value: unknown,
  def: VariableDefinition | undefined,
  marks: WeakMap<object, ReadonlySet<string>>,
  rawOf: (defs: Definitions) => ReadonlySet<string>,
): void {
  if (def?.type !== 'array' || !Array.isArray(value)) return;
  const items = def.items;
  if (isObjectItems(items)) {
    for (const item of value) markObject(item, items.properties, marks, rawOf);
  } else if (items) {
    if (items.raw === true) marks.set(value, ITEMS_RAW);
    for (const item of value) markValue(item, items, marks, rawOf);
  }
}

function markObject(
  value: unknown,
  defs: Definitions,
  marks: WeakMap<object, ReadonlySet<string>>,
  rawOf: (defs: Definitions) => ReadonlySet<string>,
): void {
  if (!isPlainObject(value)) return;
  marks.set(value, rawOf(defs));
  for (const [name, def] of Object.entries(defs)) markValue(value[name], def, marks, rawOf);
}

/** After validation (defaults filled in): which object keys and array items of `data` may be inserted raw. */
export function markRaw(
  data: object,
  defs: Definitions,
  rawOf: (defs: Definitions) => ReadonlySet<string>,
): RawKeys {
  const marks = new WeakMap<object, ReadonlySet<string>>();
  markObject(data, defs, marks, rawOf);
  return (container) => marks.get(container);
}
