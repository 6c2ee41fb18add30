/**
 * The parameters of an embeddable image URL: reserved ones (`_w`, `_h`, `_q`, `_bytes`, `_scale`, `_v`) parsed strictly, and
 * the template's variables typed from their text by their definitions, so operation A's validation (and messages)
 * apply to them unchanged: `count=1.5` for an integer variable fails with `variables.count: must be an integer`.
 */
import { isVariantName, MIN_MAX_BYTES, type VariableDefinition } from '@pictor/core';
import { apiError } from '../errors.js';

/** The reserved parameters, and what each accepts. */
export const RESERVED_PARAMETERS = ['_w', '_h', '_q', '_bytes', '_scale', '_v', '_variant'] as const;

/** The parameters of one image URL, reserved ones parsed; variables still as text. */
export interface ImageUrlParams {
  /** Variables by name, as text (percent-decoded). */
  text: Map<string, string>;
  width?: number;
  height?: number;
  quality?: number;
  /** The byte budget `_bytes` asks for. */
  maxBytes?: number;
  scale?: number;
  /** The variant `_variant` names: its size (`_w` and `_h` win). */
  variant?: string;
  /** The published revision `_v` pins. */
  revision?: number;
}

export interface ImageUrlParamLimits {
  maxDimension: number;
  /** Most variables one URL may carry. */
  maxRequestVariables: number;
}

const DIGITS = /^[0-9]+$/;
const DECIMAL = /^[0-9]+(?:\.[0-9]+)?$/;
/** JSON's number grammar: what a number variable accepts as text. */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

function invalid(message: string): never {
  throw apiError('INVALID_PARAMETER', message);
}

function integerIn(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!DIGITS.test(text) || value < min || value > max) {
    invalid(`${name}: must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}

function readReserved(name: string, text: string, limits: ImageUrlParamLimits, into: ImageUrlParams): void {
  switch (name) {
    case '_w':
      into.width = integerIn(name, text, 1, limits.maxDimension);
      return;
    case '_h':
      into.height = integerIn(name, text, 1, limits.maxDimension);
      return;
    case '_q':
      into.quality = integerIn(name, text, 0, 100);
      return;
    case '_bytes':
      into.maxBytes = integerIn(name, text, MIN_MAX_BYTES, Number.MAX_SAFE_INTEGER);
      return;
    case '_scale': {
      const value = Number(text);
      if (!DECIMAL.test(text) || value < 1 || value > 4)
        invalid(`_scale: must be a number from 1 to 4, got ${JSON.stringify(text)}`);
      into.scale = value;
      return;
    }
    case '_variant':
      if (!isVariantName(text)) {
        invalid(`_variant: must be a variant name (1 to 32 of a-z 0-9 -), got ${JSON.stringify(text)}`);
      }
      into.variant = text;
      return;
    case '_v':
      into.revision = integerIn(name, text, 1, Number.MAX_SAFE_INTEGER);
      return;
    default:
      invalid(
        `${name}: is not a reserved parameter (allowed: ${RESERVED_PARAMETERS.join(', ')}); variables whose names start with _ cannot be set by URL`,
      );
  }
}

/**
 * Split the signed query string into reserved parameters and variables (form-decoded, `+` is a space).
 * @throws ApiError INVALID_PARAMETER naming the parameter and the rule
 */
export function parseImageParams(query: string, limits: ImageUrlParamLimits): ImageUrlParams {
  const params: ImageUrlParams = { text: new Map() };
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(query)) {
    if (seen.has(name)) invalid(`${name}: is given more than once`);
    seen.add(name);
    if (name.startsWith('_')) readReserved(name, value, limits, params);
    else params.text.set(name, value);
  }
  if (params.text.size > limits.maxRequestVariables) {
    invalid(`variables: must NOT have more than ${limits.maxRequestVariables} entries`);
  }
  return params;
}

/** A variable's text as the value its definition expects; text that does not parse stays text (validation says why). */
function typedValue(text: string, definition: VariableDefinition | undefined): unknown {
  switch (definition?.type) {
    case 'number':
    case 'integer':
      return JSON_NUMBER.test(text) ? Number(text) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'array':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** The variables of a URL typed by the template's definitions; names the template does not define are dropped. */
export function typeVariables(
  text: ReadonlyMap<string, string>,
  definitions: Readonly<Record<string, VariableDefinition>> | undefined,
): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const [name, value] of text) {
    const definition = definitions && Object.hasOwn(definitions, name) ? definitions[name] : undefined;
    if (definition) variables[name] = typedValue(value, definition);
  }
  return variables;
}
