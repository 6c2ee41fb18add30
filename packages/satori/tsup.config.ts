// satori's own build (upstream tsup.config.ts), narrowed to what @pictor/core bundles: the default entry as an ES
// module, twrnc and emoji-regex-xs bundled, minified as the published package is. Pictor (wasm-files): layout.wasm
// and hb.wasm are not inlined; they are read from files on first use (src/pictor-wasm-files.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  splitting: false,
  sourcemap: true,
  target: 'node20',
  // Types: `tsc --emitDeclarationOnly --noCheck` (tsconfig.build.json); upstream's source type-checks only
  // against its own pins of @types/node and TypeScript.
  dts: false,
  // PICTOR_SATORI_MINIFY=0 builds it readable, for a CPU profile with satori's own function names (benchmarks/render/profile-page.mjs).
  minify: process.env.PICTOR_SATORI_MINIFY !== '0',
  format: ['esm'],
  noExternal: ['twrnc', 'emoji-regex-xs', 'harfbuzzjs'],
  env: { SATORI_STANDALONE: '0' },
  esbuildOptions(options) {
    options.tsconfig = 'tsconfig.json';
    options.legalComments = 'external';
  },
  esbuildPlugins: [
    {
      name: 'optimize tailwind',
      setup(build) {
        // Get rid of chalk, picocolors and util-deprecate (upstream's plugin, unchanged).
        build.onResolve({ filter: /\/log$/ }, (args) =>
          args.importer.includes('/tailwindcss/')
            ? { path: join(__dirname, 'src', 'vendor', 'twrnc', 'log.js') }
            : undefined,
        );
        build.onResolve({ filter: /^picocolors$/ }, () => ({
          path: join(__dirname, 'src', 'vendor', 'twrnc', 'picocolors.js'),
        }));
        build.onResolve({ filter: /util-deprecate/ }, () => ({
          path: join(__dirname, 'src', 'vendor', 'twrnc', 'deprecate.js'),
        }));
        // Pictor (wasm-files): harfbuzzjs's hb.js (patched: its WebAssembly inlined as base64) without that copy;
        // src/harfbuzz.ts hands Emscripten the module read from hb.wasm.
        build.onLoad({ filter: /harfbuzzjs[\\/]hb\.js$/ }, (args) => {
          const source = readFileSync(args.path, 'utf8');
          const inlined = /var wasmBase64="[A-Za-z0-9+/=]+"/g;
          if ((source.match(inlined) ?? []).length !== 1) {
            throw new Error(`${args.path}: expected one inlined WebAssembly module`);
          }
          return { contents: source.replace(inlined, 'var wasmBase64=""'), loader: 'js' };
        });
        // Pictor (satori-no-console): twrnc warns about a utility it does not know through console.warn (silent only
        // under Jest); the engine never writes a document's content to the console.
        build.onLoad({ filter: /twrnc[\\/]dist[\\/](esm|cjs)[\\/]helpers\.js$/ }, (args) => {
          const source = readFileSync(args.path, 'utf8');
          if (source.split('console.warn(...args)').length !== 2) {
            throw new Error(`${args.path}: expected one console.warn(...args)`);
          }
          return { contents: source.replace('console.warn(...args)', 'void args'), loader: 'js' };
        });
        // We don't like `Function` (upstream used esbuild-plugin-replace for this one replacement).
        build.onLoad({ filter: /tailwindcss[\\/]lib[\\/]util[\\/]getAllConfigs\.js$/ }, (args) => ({
          contents: readFileSync(args.path, 'utf8').replaceAll(
            'preset instanceof Function',
            'typeof preset === "function"',
          ),
          loader: 'js',
        }));
      },
    },
  ],
});
