'use strict';
// @pictor/core is an ES module: require() cannot load it on Node 20. Say how to load it instead of Node's
// ERR_PACKAGE_PATH_NOT_EXPORTED (or a TypeScript app compiled to CommonJS failing with no explanation).
const error = new Error(
  "@pictor/core is an ES module and cannot be loaded with require(). In an ES module: import { createRenderer } from '@pictor/core'. From CommonJS: const { createRenderer } = await import('@pictor/core') (inside an async function). TypeScript compiling to CommonJS: keep the import() call as written (module: nodenext does).",
);
error.code = 'ERR_PICTOR_ESM_ONLY';
throw error;
