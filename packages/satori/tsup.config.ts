// satori's own build (upstream tsup.config.ts), narrowed to what @pictor/core bundles: the default entry as an ES
// module, layout.wasm inlined, twrnc and emoji-regex-xs bundled, minified as the published package is.
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
  loader: { '.wasm': 'binary' },
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
