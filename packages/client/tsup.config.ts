import { defineConfig } from 'tsup';

// ESM and CommonJS, no Node-only code: the same build runs in Node 20+, browsers and edge runtimes.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  target: 'es2022',
  platform: 'neutral',
  dts: true,
  sourcemap: true,
  clean: true,
});
