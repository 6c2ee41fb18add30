'use strict';
// @pictor/core is an ES module. Node.js 20.19+ and 22.12+ load it with require() (require(esm)): hand CommonJS the
// same module an import gets. Older versions cannot; say what works instead of Node's ERR_REQUIRE_ESM.
if (process.features && process.features.require_module) {
  module.exports = require('../dist/index.js');
} else {
  const off = process.execArgv.includes('--no-experimental-require-module')
    ? ', with require(esm) turned off'
    : '';
  const error = new Error(
    `@pictor/core is an ES module, which require() loads on Node.js 20.19+ and 22.12+ (this is ${process.version}${off}). ` +
      "Upgrade Node.js, or load it with const { createRenderer } = await import('@pictor/core') (inside an async function; " +
      'TypeScript with module: nodenext keeps that call as written), or write your module as ESM.',
  );
  error.code = 'ERR_PICTOR_ESM_ONLY';
  throw error;
}
