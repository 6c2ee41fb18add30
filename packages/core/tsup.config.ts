import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    worker: 'src/pool/worker.ts',
    'save-file': 'src/output/save-file.ts',
    'lru-cache': 'src/fetch/lru-cache.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: {
    entry: { index: 'src/index.ts', 'save-file': 'src/output/save-file.ts', 'lru-cache': 'src/fetch/lru-cache.ts' },
  },
  sourcemap: true,
  clean: true,
  splitting: true,
});
