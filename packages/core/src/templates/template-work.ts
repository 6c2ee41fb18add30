/**
 * Template work done where renders run (a worker, or the calling thread without workers), never on the thread that
 * asked for it: compiling a large template and filling one with nested sections take a second of CPU in the worst
 * case, which on a server would be a second of its event loop. Compiled templates are kept per thread by the
 * caller's key, so a template used again is compiled once.
 */
import { LRUCache } from 'lru-cache';
import type { CompiledTemplate, TemplateDefinition } from '../types.js';
import { compileTemplate } from './compile.js';

/** A template for the workers: a key that names this exact definition (same key, same definition), and it. */
export interface TemplateRef {
  key: string;
  definition: TemplateDefinition;
}

/** What to do with a template: check that it compiles, or fill it with variables (the HTML comes back). */
export type TemplateWork =
  | { op: 'check'; template: TemplateRef }
  | { op: 'fill'; template: TemplateRef; variables: Record<string, unknown> };

/** A compiled template kept in this thread, with its variable definitions as JSON to tell a changed one apart. */
interface Kept {
  compiled: CompiledTemplate;
  variables: string;
}

/** Compiled templates of this thread, bounded by the characters of their contents. */
const kept = new LRUCache<string, Kept>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (entry) => Math.max(1, entry.compiled.definition.content.length),
});

/**
 * The compiled form of `template` in this thread: compiled now unless kept under its key with the same content and
 * variable definitions (a key reused for a changed definition, such as a studio preview's, compiles again).
 */
function compiledOf(template: TemplateRef): CompiledTemplate {
  const variables = JSON.stringify(template.definition.variables ?? {});
  const entry = kept.get(template.key);
  if (
    entry &&
    entry.compiled.definition.content === template.definition.content &&
    entry.variables === variables
  )
    return entry.compiled;
  const compiled = compileTemplate(template.definition);
  kept.set(template.key, { compiled, variables });
  return compiled;
}

/**
 * Do template work in this thread: `undefined` for a check, the filled HTML for a fill.
 * @throws PictorError TEMPLATE_INVALID, VARIABLE_INVALID, INVALID_INPUT (filled HTML too long)
 */
export function doTemplateWork(work: TemplateWork): string | undefined {
  if (work.op === 'check') {
    // A check compiles without keeping: a template being edited changes with every keystroke.
    compileTemplate(work.template.definition);
    return undefined;
  }
  return compiledOf(work.template).fill(work.variables);
}
