import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Time-outs are hang guards only (issue 37): a busy machine makes tests slower, never failed. expect.poll waits
    // for an event; its default of 1 s would turn load into failures.
    expect: { poll: { timeout: 100_000 } },
    pool: 'forks',
  },
});
