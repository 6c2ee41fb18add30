/** A template version as the editors hold it, and its preview through the studio's preview route. */
import {
  call,
  type ImageFormat,
  type Preview,
  StudioError,
  type TemplateVersion,
  type VariableDefinition,
} from './api.js';
import type { Values } from './values-form.js';

/** What the editors hold: a version being edited. */
export interface DraftFields {
  content: string;
  variablesText: string;
  width: number;
  height: number;
  format: ImageFormat;
  quality: number | null;
  /** The template's named sizes as JSON text (`{}` when it has none). */
  variantsText: string;
}

/** A template's named sizes, as the variants editor holds them. */
export type Variants = Record<string, { width: number; height: number }>;

/** The variants of the JSON text (name → {width, height}), or the problem with it. */
export function parseVariants(text: string): { ok: true; value: Variants } | { ok: false; message: string } {
  try {
    const value = JSON.parse(text.trim() === '' ? '{}' : text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      return { ok: false, message: 'must be a JSON object of {width, height} by name' };
    }
    for (const [name, size] of Object.entries(value as Record<string, unknown>)) {
      const { width, height } = (size ?? {}) as { width?: unknown; height?: unknown };
      if (!/^[a-z0-9-]{1,32}$/.test(name))
        return { ok: false, message: `${name}: names are 1 to 32 of a-z 0-9 -` };
      if (!Number.isInteger(width) || !Number.isInteger(height)) {
        return { ok: false, message: `${name}: must be {"width": integer, "height": integer}` };
      }
    }
    return { ok: true, value: value as Variants };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** The editor fields of a stored version. */
export function fieldsOf(version: TemplateVersion): DraftFields {
  return {
    content: version.content,
    variablesText: JSON.stringify(version.variables, null, 2),
    width: version.width,
    height: version.height,
    format: version.format,
    quality: version.quality,
    variantsText: JSON.stringify(version.variants ?? {}, null, 2),
  };
}

/** The variable definitions of the JSON text, or the problem with it. */
export function parseDefinitions(
  text: string,
): { ok: true; value: Record<string, VariableDefinition> } | { ok: false; message: string } {
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      return { ok: false, message: 'must be a JSON object of definitions by name' };
    }
    return { ok: true, value: value as Record<string, VariableDefinition> };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** Render a version through the preview route with `values`. */
export function requestPreview(fields: DraftFields, values: Values, signal?: AbortSignal): Promise<Preview> {
  const definitions = parseDefinitions(fields.variablesText);
  if (!definitions.ok) {
    return Promise.reject(
      new StudioError(400, 10103, `variables: ${definitions.message}`, { field: 'variables' }),
    );
  }
  return call<Preview>(
    'POST',
    '/preview',
    {
      content: fields.content,
      variables: definitions.value,
      width: fields.width,
      height: fields.height,
      format: fields.format,
      quality: fields.quality,
      values,
    },
    signal,
  );
}
