import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    worker: 'src/pool/worker.ts',
    // Worker processes start here: dist/worker.cjs (scripts/worker-bundle.mjs) through the code cache.
    'worker-loader': 'src/pool/worker-loader.ts',
    'save-file': 'src/output/save-file.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: {
    entry: { index: 'src/index.ts', 'save-file': 'src/output/save-file.ts' },
  },
  sourcemap: true,
  // dist/assets is made after tsup by scripts/copy-assets.mjs.
  clean: ['!assets', '!assets/**'],
  splitting: true,
  // The layout engine, satori built from its source with our changes (packages/satori, docs/layout-engine.md), is
  // bundled: users install nothing more, and what they install is what was tested.
  noExternal: ['@pictor/satori'],
});
