import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Hang guards only: a busy machine makes tests slower, never failed.
    testTimeout: 120_000,
    pool: 'forks',
  },
});
