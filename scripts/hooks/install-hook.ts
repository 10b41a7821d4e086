import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../core/writer.js';
import path from 'node:path';
import { CONFIG_FILE, loadConfig } from '../core/config.js';
import { presetLayout } from '../core/layout.js';
import { packageRoot as ownPackageRoot } from '../core/package-root.js';
import type { Layout } from '../core/layout.js';
import { isInside, toPosix } from '../core/source.js';
import { familyInputs, PATH_REFERENCE_FAMILIES } from './family-inputs.js';
import { HOOK_MARKER, preCommitScript } from './pre-commit-script.js';
import { printable } from '../core/reporters/printable.js';

export type InstallOutcome = 'installed' | 'updated' | 'unchanged' | 'kept-foreign' | 'skipped';

export interface InstallResult {
  outcome: InstallOutcome;
  message: string;
  hookFile?: string;
}

/**
 * Installs the pre-commit hook into the git repository that holds the package, unless the
 * package is being installed as someone's dependency or is not in a git work tree. A hook it did
 * not write (no marker line) is left alone, and the message says so and how to chain ours.
 */
export function installHook(opts: { packageRoot?: string; env?: NodeJS.ProcessEnv } = {}): InstallResult {
  const packageRoot = path.resolve(opts.packageRoot ?? ownPackageRoot());
  const env = opts.env ?? process.env;
  const skip = (message: string): InstallResult => ({ outcome: 'skipped', message });

  if (env.SPECGATE_SKIP_HOOK === '1') return skip('SPECGATE_SKIP_HOOK=1: pre-commit hook not installed');
  if (env.CI && env.CI !== 'false' && env.CI !== '0') return skip('CI: no pre-commit hook');
  if (packageRoot.split(path.sep).includes('node_modules') || env.npm_config_global === 'true') {
    return skip('installed as a dependency: no pre-commit hook');
  }
  if (env.INIT_CWD && !isInside(path.resolve(env.INIT_CWD), packageRoot)) {
    return skip(`npm was run in ${env.INIT_CWD}, not in this package: no pre-commit hook`);
  }
  const git = (args: string[]) => execFileSync('git', args, { cwd: packageRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  let top: string;
  let hooksDir: string;
  try {
    if (git(['rev-parse', '--is-inside-work-tree']) !== 'true') return skip('not a git work tree: no pre-commit hook');
    top = git(['rev-parse', '--show-toplevel']);
    // Respects core.hooksPath (relative paths are relative to the top level) and linked worktrees.
    hooksDir = path.resolve(packageRoot, git(['rev-parse', '--git-path', 'hooks']));
  } catch {
    return skip('not a git work tree (or git is not installed): no pre-commit hook');
  }

  const prefix = toPosix(path.relative(top, packageRoot));
  const script = preCommitScript({
    prefix,
    families: familyPatterns(layoutFor(packageRoot)),
    onDelete: PATH_REFERENCE_FAMILIES,
    everything: [CONFIG_FILE],
  });
  // The same script guards commits and merge commits (`git merge` runs pre-merge-commit, not pre-commit).
  const [commit, merge] = HOOK_NAMES.map((name) => installOne(packageRoot, hooksDir, name, script));
  if (merge!.outcome === 'kept-foreign' || merge!.outcome !== commit!.outcome) return { ...commit!, message: `${commit!.message}; ${merge!.message}` };
  return commit!;
}

/** The hooks the installer writes: both run the staged check. */
export const HOOK_NAMES = ['pre-commit', 'pre-merge-commit'] as const;

function installOne(packageRoot: string, hooksDir: string, name: string, script: string): InstallResult {
  const hookFile = path.join(hooksDir, name);
  const shown = toPosix(path.relative(packageRoot, hookFile)) || hookFile;
  let existing: string | undefined;
  try {
    existing = readFileSync(hookFile, 'utf8');
  } catch {
    existing = undefined;
  }
  if (existing !== undefined && !existing.split(/\r?\n/).includes(HOOK_MARKER)) {
    // Keep theirs; leave ours beside it so it can be chained with one line.
    const beside = path.join(hooksDir, `specgate-${name}`);
    writeExecutable(beside, script);
    return {
      outcome: 'kept-foreign',
      hookFile: beside,
      message: `${shown} exists and was not written by specgate, so it was left alone; to add the spec gate, call ${toPosix(path.relative(packageRoot, beside))} from it (e.g. a line: "$(git rev-parse --git-path hooks)/specgate-${name}" || exit 1)`,
    };
  }
  if (existing === script) return { outcome: 'unchanged', hookFile, message: `${name} hook up to date (${shown})` };
  writeExecutable(hookFile, script);
  return { outcome: existing === undefined ? 'installed' : 'updated', hookFile, message: `${name} hook ${existing === undefined ? 'installed' : 'updated'}: ${shown}` };
}

function familyPatterns(layout: Layout): Record<string, string[]> {
  return familyInputs(layout);
}

/** The repository's own layout (its config file), or the default one if that config is broken. */
function layoutFor(root: string): Layout {
  try {
    return loadConfig(root, {}).layout;
  } catch (e) {
    process.stderr.write(`specgate: ${printable((e as Error).message)}; the hook uses the default layout until it is fixed and \`npm run prepare\` runs again\n`);
    return presetLayout('specgate');
  }
}

function writeExecutable(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, text, { mode: 0o755 });
}
