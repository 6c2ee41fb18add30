/** Templates: Mustache content plus variable definitions compiled to one JSON Schema checked by ajv. */
export { compileTemplate } from './compile.js';
export { escapeHtml, MAX_FILL_STEPS, MAX_FILLED_LENGTH } from './mustache.js';
export { MAX_VARIABLE_DEFINITIONS, MAX_VARIABLE_ENTRIES } from './limits.js';
export type { VariableIssue } from './messages.js';
