// Build dist/worker.cjs: the worker (src/pool/worker.ts) and every JavaScript module it runs in one CommonJS file,
// which worker processes run through V8's code cache (src/pool/worker-loader.ts, code-cache.ts). Only the native
// packages stay outside (sharp, @resvg/resvg-js), and the template libraries, loaded on first use from
// node_modules (src/templates/lazy-libraries.ts). css-tree is taken as its own one-file build (its ES modules read
// their data with a require() relative to themselves, which a bundle cannot keep).
// Also dist/worker-loader.cjs, the entry worker processes start from: a CommonJS entry spares each worker Node's ES
// module loader (its resolver, package.json reads and the builtins they load); and dist/worker-snapshot-entry.cjs,
// which evaluates the bundle into a startup snapshot (scripts/build-snapshot.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

const shim = (name, ext = 'cjs') =>
  fileURLToPath(new URL(`./worker-bundle-shims/${name}.${ext}`, import.meta.url));

// fflate (satori's dependency) as its browser build: the same synchronous functions, without the Node build's
// `require('worker_threads')` as it loads (for its asynchronous API, which nothing here uses), which a startup snapshot
// cannot hold.
const satoriRequire = createRequire(createRequire(import.meta.url).resolve('@pictor/satori/package.json'));
const fflateBrowser = join(dirname(dirname(satoriRequire.resolve('fflate/browser'))), 'esm/browser.js');

/** What both CommonJS files share: one file each for Node 20, no source map, nothing else in dist/ touched. */
const commonJsFile = {
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
};

await build({
  entry: { worker: 'src/pool/worker.ts' },
  ...commonJsFile,
  // import.meta.url read where it is used (bundle-url.mjs): the bundle may run from a snapshot built elsewhere.
  shims: false,
  noExternal: [/^(?!sharp$|@resvg\/resvg-js$|ajv|mustache|re2js|wawoff2).*/],
  esbuildOptions(options) {
    options.alias = {
      'css-tree': 'css-tree/dist/csstree.esm',
      // linebreak's table, decoded and inflated as its module loads: by Node's native base64 and zlib (the shims say
      // why), not in JavaScript.
      'tiny-inflate': shim('tiny-inflate'),
      'base64-js': shim('base64-js'),
      fflate: fflateBrowser,
    };
    options.define = { ...options.define, 'import.meta.url': 'bundleUrl' };
    // Without comments and indentation (names and syntax as written): a worker keeps its bundle's source as a string
    // for as long as it runs (V8 compiles functions lazily from it; the startup snapshot holds it too).
    options.minifyWhitespace = true;
    // Short lines still: Node prints the source line of an uncaught error (a worker's stderr, kept to explain its end).
    options.lineLimit = 400;
    options.inject = [...(options.inject ?? []), shim('bundle-url', 'mjs')];
    // import() of what stays outside (sharp, node:https, wawoff2) as require(): a script compiled from V8's code cache
    // loses the callback dynamic imports need ("A dynamic import callback was not specified").
    options.supported = { ...options.supported, 'dynamic-import': false };
  },
});

// ASCII only: the loader then reads the 3.3 MB as a one-byte (Latin-1) string, not UTF-8 into a two-byte one (~13 ms of
// a worker's start). esbuild escapes strings but leaves comments and regular expression literals as they are: their
// other characters become \uXXXX escapes of their UTF-16 code units (the same characters in a literal, in a /u one as
// surrogate pairs; in comments, only text).
const file = 'dist/worker.cjs';
const text = readFileSync(file, 'utf8');
writeFileSync(
  file,
  text.replace(/[^\0-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
);

await build({
  entry: {
    'worker-loader': 'src/pool/worker-loader.ts',
    'worker-snapshot-entry': 'src/pool/worker-snapshot-entry.ts',
  },
  ...commonJsFile,
});
