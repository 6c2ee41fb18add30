import { defineConfig } from 'tsup';
import { satoriPatchEsbuild } from './build/satori-patch.mjs';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    worker: 'src/pool/worker.ts',
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
  // satori is bundled, patched (build/satori-patch.mjs, docs/satori-patches.md): what users install is what was tested.
  noExternal: ['satori'],
  esbuildPlugins: [satoriPatchEsbuild()],
});
