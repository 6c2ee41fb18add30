/** Template files for `pictor templates push` and `pictor render`: a JSON definition, or an HTML file plus flags. */
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, resolve } from 'node:path';
import type { ImageFormat, VariableDefinition } from '@pictor/core';

/** A template as written in a file. */
export interface TemplateFile {
  id?: string;
  accountId?: string;
  name: string;
  content: string;
  variables: Record<string, VariableDefinition>;
  width?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
}

/** Values given on the command line, used when the file has none. */
export interface TemplateFileFlags {
  id?: string;
  account?: string;
  name?: string;
  width?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
  /** JSON file of variable definitions (for HTML files, or to replace those of a JSON file). */
  variables?: string;
}

function fail(file: string, message: string): never {
  throw new Error(`${file}: ${message}`);
}

async function readDefinitions(file: string): Promise<Record<string, VariableDefinition>> {
  try {
    return JSON.parse(await readFile(resolve(file), 'utf8')) as Record<string, VariableDefinition>;
  } catch (error) {
    fail(file, `must hold a JSON object of variable definitions (${(error as Error).message})`);
  }
}

/**
 * Read a template file. `.json`: `{id?, accountId?, name?, content | contentFile, variables?, width?, height?, format?, quality?}`
 * (`contentFile` is relative to the JSON file); anything else: the file is the Mustache HTML.
 */
export async function readTemplateFile(file: string, flags: TemplateFileFlags = {}): Promise<TemplateFile> {
  const path = resolve(file);
  const text = await readFile(path, 'utf8');
  const fallbackName = basename(path, extname(path));
  const definitions = flags.variables ? await readDefinitions(flags.variables) : undefined;
  if (extname(path).toLowerCase() !== '.json') {
    return {
      id: flags.id,
      accountId: flags.account,
      name: flags.name ?? fallbackName,
      content: text,
      variables: definitions ?? {},
      width: flags.width,
      height: flags.height,
      format: flags.format,
      quality: flags.quality,
    };
  }
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    fail(file, `is not valid JSON (${(error as Error).message})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail(file, 'must hold a JSON object');
  let content = json.content;
  if (content === undefined && typeof json.contentFile === 'string') {
    content = await readFile(resolve(dirname(path), json.contentFile), 'utf8');
  }
  if (typeof content !== 'string' || content === '')
    fail(file, 'content (or contentFile): must be a non-empty string');
  return {
    id: flags.id ?? (json.id as string | undefined),
    accountId: flags.account ?? (json.accountId as string | undefined),
    name: flags.name ?? (json.name as string | undefined) ?? fallbackName,
    content,
    variables: definitions ?? (json.variables as Record<string, VariableDefinition> | undefined) ?? {},
    width: flags.width ?? (json.width as number | undefined),
    height: flags.height ?? (json.height as number | undefined),
    format: flags.format ?? (json.format as ImageFormat | undefined),
    quality: flags.quality ?? (json.quality as number | undefined),
  };
}
