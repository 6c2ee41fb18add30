// Build dist/worker.cjs: the worker (src/pool/worker.ts) and every JavaScript module it runs in one CommonJS file,
// which worker processes run through V8's code cache (src/pool/worker-loader.ts, code-cache.ts). Only the native
// packages stay outside (sharp, @resvg/resvg-js), and the template libraries, loaded on first use from
// node_modules (src/templates/lazy-libraries.ts). css-tree is taken as its own one-file build (its ES modules read
// their data with a require() relative to themselves, which a bundle cannot keep).
import { build } from 'tsup';

await build({
  entry: { worker: 'src/pool/worker.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  target: 'node20',
  platform: 'node',
  splitting: false,
  sourcemap: false,
  clean: false,
  dts: false,
  shims: true,
  silent: true,
  noExternal: [/^(?!sharp$|@resvg\/resvg-js$|ajv|mustache|re2js|wawoff2).*/],
  esbuildOptions(options) {
    options.alias = { 'css-tree': 'css-tree/dist/csstree.esm' };
    // import() of what stays outside (sharp, node:https, wawoff2) as require(): a script compiled from V8's code cache
    // loses the callback dynamic imports need ("A dynamic import callback was not specified").
    options.supported = { ...options.supported, 'dynamic-import': false };
  },
});
