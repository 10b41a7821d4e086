import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { packageRoot } from '../core/package-root.js';

/**
 * Last build step: one full check of this repository, so that the bundle's V8 code cache
 * (scripts/core/compile-cache.ts) exists before the first real run, as the validators' caches
 * do (generate-validators.ts). It runs with `--no-cache`: the parse cache stays empty, and the
 * first run still parses every RFC. Its findings and exit code do not matter here; a corpus with
 * errors must not fail the build.
 */
const root = packageRoot();
const cli = path.join(root, 'dist', 'bundle', 'cli.cjs');
const r = spawnSync(process.execPath, [cli, 'check', '--no-cache', '--root', root], { cwd: root, stdio: 'ignore' });
if (r.error || (r.status !== 0 && r.status !== 1)) {
  process.stderr.write(`prime-compile-cache: skipped (${r.error?.message ?? `exit ${r.status ?? r.signal}`}); the first run compiles the bundle instead\n`);
}
