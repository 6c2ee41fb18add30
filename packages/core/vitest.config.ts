import { defineConfig } from 'vitest/config';
import { satoriPatchVite } from './build/satori-patch.mjs';

export default defineConfig({
  // The tests run satori patched as the build bundles it (build/satori-patch.mjs).
  plugins: [satoriPatchVite()],
  test: {
    server: { deps: { inline: ['satori'] } },
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
