// Entry bundled by engines.mjs while the pipeline's render() is not built: the HTML stage of packages/core.
export { parseHtml } from '../../packages/core/src/html/parse.js';
export { describeStyleError } from '../../packages/core/src/html/style-sheets/style-errors.js';
export { loadDocumentResources } from '../../packages/core/src/document-resources/load-document-resources.js';
