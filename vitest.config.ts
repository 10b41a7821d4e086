import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds the CLI once (tsc) and gives the run its own temp folder.
    globalSetup: ['./test/helpers/global-setup.ts'],
    // Removes each test file's temp folders when it ends.
    setupFiles: ['./test/helpers/setup-file.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', './test/helpers/count-reporter.ts'],
  },
});
