import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { runCli } from '../cli-run.js';
import { isPlainRunNeeded, snapshotRun } from '../core/base/snapshot-run.js';
import { WARM_RFC } from './warm-text.js';

/**
 * The startup snapshot's entry (docs/decisions/startup-snapshot.md). The build bundles it, with every
 * module of specgate and the libraries it imports, into one CommonJS file
 * (`dist/scripts/snapshot/entry.cjs`, scripts/build/bundle.ts); `node --build-snapshot` runs that
 * file once (scripts/snapshot/build-blob.ts) and keeps the heap: the modules below evaluated,
 * their code compiled. bin/specgate then starts node from the blob, and the function given to
 * `setDeserializeMainFunction` is the run: `runCli`, as dist/scripts/cli.js calls it.
 *
 * The launcher passes the build's dist folder first: a blob built for another folder (the package
 * moved, its paths were taken at the build) answers 75 before running anything, and the launcher
 * runs the plain CLI. So does a run that needs what a snapshot lacks (a plugin).
 */

/** The modules evaluated at the build besides what cli-run.ts loads eagerly: the commands' paths a hook and a steward run. */
const PRELOADED = async (): Promise<void> => {
  await import('./preloaded.js');
  // One reading of a made-up RFC and one full-GFM parse (errata's): their code compiled into the blob.
  const [{ parseReading }, { DEFAULT_TITLES }, { parseMarkdown }] = await Promise.all([import('../rfc/parse-reading.js'), import('../rfc/document.js'), import('../core/parse/markdown.js')]);
  parseReading('warm.md', WARM_RFC, DEFAULT_TITLES);
  parseMarkdown('warm.md', WARM_RFC);
  // The libraries loaded at their first use (picomatch with the first glob, js-yaml with the first YAML file): loaded here.
  const [{ globMatcher }, { parseYaml }] = await Promise.all([import('../core/io/source.js'), import('../core/parse/yaml-tree.js')]);
  globMatcher(['warm/*.md'])('warm/warm.md');
  parseYaml('warm.yaml', 'warm: [1]\n');
  // What specgate knows of its own code and libraries, asked once a process (the reader's and the
  // errata modules' fingerprints, the validators' library versions, the package's version): the
  // blob holds that code and those libraries, bundled, and is used only while newer than the
  // bundle and the build, so the answers are asked here, at the build, and a run from the blob
  // does not read and hash those files again.
  const [{ readerFingerprint }, { errataCode }, { validatorKey }, { packageVersion }] = await Promise.all([import('../rfc/load.js'), import('../report/errata-pending.js'), import('../core/engine/schema.js'), import('../core/base/package-root.js')]);
  readerFingerprint();
  errataCode();
  validatorKey('');
  packageVersion();
};

/** Exit code of a run that did not start (EX_TEMPFAIL): bin/specgate then runs the plain CLI. specgate exits 0, 1 or 2; node uses 1-14 and 128 + a signal. */
const NOT_STARTED = 75;

/** The dist folder this bundle sits in (dist/scripts/snapshot/entry.cjs): at the build, the build the blob belongs to. */
const builtFor = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

if (v8.startupSnapshot?.isBuildingSnapshot()) {
  v8.startupSnapshot.setDeserializeMainFunction(() => void run(process.argv.slice(1)));
  // Awaited by node before it serializes the heap.
  void PRELOADED();
}

async function run(args: string[]): Promise<void> {
  const [folder, ...argv] = args;
  const debug = process.env.SPECGATE_SNAPSHOT === 'debug';
  if (folder === undefined || !samePath(folder, builtFor)) {
    if (debug) process.stderr.write(`specgate: snapshot: built for another folder, not used\n`);
    process.exitCode = NOT_STARTED;
    return;
  }
  // The language server reads its client's messages before it loads the configuration's plugins: a
  // snapshot's run could not hand over to the plain CLI then, and a server started once gains nothing.
  if (argv[0] === 'lsp') {
    if (debug) process.stderr.write('specgate: snapshot: lsp runs in the plain CLI\n');
    process.exitCode = NOT_STARTED;
    return;
  }
  if (debug) process.stderr.write('specgate: snapshot: running from the startup snapshot\n');
  snapshotRun.active = true;
  try {
    await runCli(argv, { compileCache: false });
  } catch (e) {
    if (!isPlainRunNeeded(e)) throw e;
    if (debug) process.stderr.write(`specgate: snapshot: ${(e as Error).message}; the plain CLI runs\n`);
    process.exitCode = NOT_STARTED;
  }
}

function samePath(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}
