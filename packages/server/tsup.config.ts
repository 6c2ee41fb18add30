import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  // Everything but the studio page, built after tsup by scripts/build-studio.mjs.
  clean: ['!studio', '!studio/**'],
  splitting: true,
  banner: { js: '' },
});
