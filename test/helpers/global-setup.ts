import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Before the suite (vitest `globalSetup`): builds the CLI the end-to-end tests spawn with tsc
 * (build mode: an unchanged tree is not compiled again), so a fresh clone passes and no run tests a
 * stale build. Then points TMPDIR at one folder for the run, removed at its end, so nothing a
 * test, the CLI or a tool it runs leaves in the temp folder outlives the run.
 */
export default function setup(): () => void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  // Build mode: when no source is newer than the last build, tsc stops after comparing timestamps.
  execFileSync(process.execPath, [tsc, '-b', 'tsconfig.json'], { cwd: PROJECT, stdio: 'inherit' });
  const previous = process.env.TMPDIR;
  const runTmp = mkdtempSync(path.join(os.tmpdir(), 'specgate-test-run-'));
  process.env.TMPDIR = runTmp;
  // specgate's cache folder for every CLI run of the suite that names none: outside the temp
  // roots the tests govern (the default, <root>/node_modules/.cache/specgate, would add files there).
  const cache = path.join(runTmp, 'specgate-cache');
  process.env.SPECGATE_CACHE_DIR ??= cache;
  return () => {
    rmSync(cache, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    // Tests remove their own folders (test/helpers/temp-dirs.ts); name what was left so it gets fixed.
    const left = readdirSync(runTmp);
    if (left.length > 0) process.stderr.write(`test run: ${left.length} entries left in the temp folder (removed): ${left.slice(0, 10).join(', ')}\n`);
    rmSync(runTmp, { recursive: true, force: true, maxRetries: 3 });
  };
}
