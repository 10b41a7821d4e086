import { availableParallelism } from 'node:os';
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
    // Test files share their worker's module cache (remark, ajv and the CLI's modules load once per
    // worker, not once per file). Forks, not threads: the in-process CLI changes the working folder.
    isolate: false,
    // vitest's default (one worker fewer than the cores) is a single worker on two cores, where
    // the tests mostly wait on the git, npm and CLI processes they start.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/helpers/count-reporter.ts'],
  },
});
