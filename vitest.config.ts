import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Tests load the dependencies' production builds, the code `node dist/scripts/cli.js` runs. Vite
 * adds the `development` export condition outside production, which picks micromark's and
 * mdast-util-from-markdown's development builds (extra assertions and debug calls), so the
 * in-process tests would run other code than the CLI, and slower. vitest passes the resolved
 * conditions on to its workers as `--conditions` flags; this drops the mode condition there.
 */
const productionBuilds: Plugin = {
  name: 'specgate:production-builds',
  config: {
    order: 'post',
    handler(config) {
      for (const resolve of [config.resolve, config.environments?.ssr?.resolve]) {
        if (resolve?.conditions) resolve.conditions = resolve.conditions.filter((c) => c !== 'development|production' && c !== 'development');
      }
    },
  },
};

/**
 * `npm run test:unit` (SPECGATE_TIER=unit): the in-process tier for the inner loop. It leaves out
 * every test file that starts a process (the built CLI, git, npm, verdaccio, pre-commit, the SARIF
 * validator, the language server) and the hostile-size bounds: found by what the file calls, so a
 * new process test joins the full tier by itself. The errata property test runs 100 cases there.
 */
const STARTS_A_PROCESS = /\b(spawnCli|spawnJson|spawnSync|spawn|execFileSync|execFile|execSync|fork|installHook|generateCorpus)\s*\(|node:child_process|\/git-repo\.js'|\/lsp-client\.js'|sarif-multitool|hostile\/bounds-/;
const processTests = (): string[] =>
    process.env.SPECGATE_TIER === 'unit'
    ? readdirSync('test', { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `test/${f.split('\\').join('/')}`)
        .filter((f) => STARTS_A_PROCESS.test(f) || STARTS_A_PROCESS.test(readFileSync(f, 'utf8')))
    : [];

export default defineConfig({
  plugins: [productionBuilds],
  // examples/plugin imports the public rule API by its package name, as an adopter's plugin does.
  resolve: {
    alias: [
      { find: /^specgate\/rules\/testing$/, replacement: fileURLToPath(new URL('./scripts/api/testing.ts', import.meta.url)) },
      { find: /^specgate\/rules$/, replacement: fileURLToPath(new URL('./scripts/api/rules.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...processTests()],
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
