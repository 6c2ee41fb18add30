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
