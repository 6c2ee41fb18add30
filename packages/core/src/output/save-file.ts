/** `@pictor/core/save-file`: atomic file writes without loading the engine (see atomic-file.ts). */
export { saveFileAtomically } from './atomic-file.js';
