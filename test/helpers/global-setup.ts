import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACK_ENV } from './packed.js';

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Before the suite (vitest `globalSetup`): builds the CLI the end-to-end tests spawn with tsc
 * (build mode: an unchanged tree is not compiled again) and the library bundles, so a fresh clone passes and no run tests a
 * stale build. Then points TMPDIR at one folder for the run, removed at its end, so nothing a
 * test, the CLI or a tool it runs leaves in the temp folder outlives the run, and starts `npm
 * pack` of the build there, once for the tiers that install the package (test/helpers/packed.ts).
 */
export default function setup(): () => Promise<void> {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  // Build mode: when no source is newer than the last build, tsc stops after comparing timestamps.
  execFileSync(process.execPath, [tsc, '-b', 'tsconfig.json'], { cwd: PROJECT, stdio: 'inherit' });
  // The build's second step (`npm run build`): the library bundles replace tsc's re-exports, so the
  // tests spawn the build that ships (scripts/build/bundle.ts).
  execFileSync(process.execPath, ['dist/scripts/build/bundle.js'], { cwd: PROJECT, stdio: 'inherit' });
  const previous = process.env.TMPDIR;
  const runTmp = mkdtempSync(path.join(os.tmpdir(), 'specgate-test-run-'));
  process.env.TMPDIR = runTmp;
  // specgate's cache folder for every CLI run of the suite that names none: outside the temp
  // roots the tests govern (the default, <root>/node_modules/.cache/specgate, would add files there).
  const cache = path.join(runTmp, 'specgate-cache');
  process.env.SPECGATE_CACHE_DIR ??= cache;
  const packing = process.env.SPECGATE_TIER === 'unit' ? undefined : startPack(path.join(runTmp, 'specgate-pack'));
  return async () => {
    await packing;
    if (packing) rmSync(path.join(runTmp, 'specgate-pack'), { recursive: true, force: true });
    delete process.env[PACK_ENV];
    rmSync(cache, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    // Tests remove their own folders (test/helpers/temp-dirs.ts); name what was left so it gets fixed.
    const left = readdirSync(runTmp);
    if (left.length > 0) process.stderr.write(`test run: ${left.length} entries left in the temp folder (removed): ${left.slice(0, 10).join(', ')}\n`);
    rmSync(runTmp, { recursive: true, force: true, maxRetries: 3 });
  };
}

/**
 * `npm pack` of the build into `dir`, not waited for: the pack and install tiers (registry,
 * pre-commit, plugin-install) each used to pack the project; packing once, beside the first test
 * files, saves the others' packs. Its end is written as a file the tests wait for.
 */
function startPack(dir: string): Promise<void> {
  mkdirSync(dir);
  process.env[PACK_ENV] = dir;
  const npm = spawn('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { cwd: PROJECT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  npm.stdout.on('data', (d: Buffer) => (out += d));
  npm.stderr.on('data', (d: Buffer) => (out += d));
  return new Promise((resolve) => {
    let ended = false;
    const end = (code: number | null) => {
      if (ended) return;
      ended = true;
      const name = readdirSync(dir).find((f) => f.endsWith('.tgz'));
      // Written whole, then renamed: a test that sees `done` must never read it empty.
      const [file, body] = code === 0 && name ? ['done', name] : ['failed', out];
      writeFileSync(path.join(dir, `${file}.part`), body);
      renameSync(path.join(dir, `${file}.part`), path.join(dir, file));
      resolve();
    };
    npm.on('error', (e) => {
      out += String(e);
      end(null);
    });
    npm.on('close', end);
  });
}
