import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { writeFileAtomic } from '../core/io/writer.js';
import path from 'node:path';
import { CONFIG_FILE, loadConfig } from '../core/config/config.js';
import { presetLayout } from '../core/preset/layout.js';
import { packageRoot as ownPackageRoot, packageVersion } from '../core/base/package-root.js';
import { FatalError } from '../core/base/errors.js';
import type { Layout } from '../core/preset/layout.js';
import { isInside, toPosix } from '../core/io/source.js';
import { assertFolderInside, readSetupFile, reallyInside } from '../core/io/setup-file.js';
import { familyInputs } from './family-inputs.js';
import { ADOPTER_HOOK_MARKER, isOurHook, preCommitScript, shQuote } from './pre-commit-script.js';
import { printable } from '../core/base/printable.js';

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
  let folder: HooksFolder;
  try {
    const found = hooksFolder(packageRoot);
    if (!found) return skip('not a git work tree: no pre-commit hook');
    folder = found;
  } catch {
    return skip('not a git work tree (or git is not installed): no pre-commit hook');
  }

  const prefix = toPosix(path.relative(folder.top, packageRoot));
  const cfg = hookConfigFor(packageRoot);
  const script = preCommitScript({ prefix, governed: governedGlobs(cfg.layout, cfg.familiesOff), anyFile: cfg.plugins, cli: 'dist/scripts/cli.js' });
  return installBoth(packageRoot, folder, script);
}

/** The same script guards commits and merge commits (`git merge` runs pre-merge-commit, not pre-commit). */
function installBoth(root: string, folder: HooksFolder, script: string): InstallResult {
  const [commit, merge] = HOOK_NAMES.map((name) => installOne(root, folder.dir, name, script));
  let result = commit!;
  if (merge!.outcome === 'kept-foreign' || merge!.outcome !== commit!.outcome) result = { ...commit!, message: `${commit!.message}; ${merge!.message}` };
  return folder.note ? { ...result, message: `${result.message}; ${folder.note}` } : result;
}

export interface HooksFolder {
  /** The git work tree's top level. */
  top: string;
  /** Where the hooks are written: always inside this repository. */
  dir: string;
  /** Said when git's core.hooksPath points elsewhere, so the hook written here is not the one git runs. */
  note?: string;
}

/**
 * This repository's own hooks folder: core.hooksPath when this repository's own configuration
 * sets it to a folder inside the repository (e.g. `.githooks`, husky's `.husky/_`), else
 * `<git common dir>/hooks` (linked worktrees share it). A core.hooksPath from the global or
 * system configuration, or one pointing outside the repository, is a folder other repositories
 * share: nothing is written there (a hook in it would run this repository's CLI from theirs),
 * and the note says where git looks instead. Undefined outside a git work tree.
 */
export function hooksFolder(cwd: string): HooksFolder | undefined {
  // Not core/io/git.ts: its settings set core.hooksPath, the very key read here.
  const git = (args: string[]) => execFileSync('git', ['-c', 'core.fsmonitor=false', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  if (git(['rev-parse', '--is-inside-work-tree']) !== 'true') return undefined;
  const top = git(['rev-parse', '--show-toplevel']);
  const common = path.resolve(cwd, git(['rev-parse', '--git-common-dir']));
  const own = path.join(common, 'hooks');
  // Respects core.hooksPath (relative paths are relative to the top level) and linked worktrees.
  const effective = path.resolve(cwd, git(['rev-parse', '--git-path', 'hooks']));
  if (effective === own) return { top, dir: own };
  let scope = '';
  let value = '';
  try {
    [scope = '', value = ''] = git(['config', '--show-scope', '--get', 'core.hooksPath']).split('\t');
  } catch {
    // not set after all
  }
  const local = scope === 'local' || scope === 'worktree';
  // By real path: a committed symlink (core.hooksPath .husky, .husky a link) must not lead out.
  if (local && reallyInside(effective, top, common)) return { top, dir: effective };
  const where = toPosix(path.relative(top, own));
  return {
    top,
    dir: own,
    note: `core.hooksPath (${scope || 'config'}: ${value || effective}) points outside this repository, so nothing was written there and git runs hooks from there, not from ${where}; to use this one, run: git config core.hooksPath ${where}`,
  };
}

/** The forms `specgate install-hook` writes in an adopting repository. */
export const HOOK_FORMS = ['git', 'husky', 'lefthook', 'pre-commit'] as const;
export type HookForm = (typeof HOOK_FORMS)[number];

/** The CLI of the installed package, relative to the governed root: the local copy, never `npx`. */
export const INSTALLED_CLI = 'node_modules/specgate/dist/scripts/cli.js';

/** Every path, as globs relative to the root, whose staged change starts the check: the inputs of the families in force (the config's `families` off left out), and the config and baseline. */
export function governedGlobs(layout: Layout, familiesOff: readonly string[] = []): string[] {
  const inputs = Object.entries(familyPatterns(layout)).filter(([name]) => !familiesOff.includes(name)).flatMap(([, globs]) => globs);
  return [...new Set([...inputs, CONFIG_FILE, 'specgate-suppressions.json'])];
}

/** The globs a pull request's change of which runs the gate: the hook's, and the schemas compat compares. */
export function workflowGlobs(layout: Layout, familiesOff: readonly string[] = []): string[] {
  return [...new Set([...governedGlobs(layout, familiesOff), ...layout.schemaGlobs])];
}

/** The git work tree's top holding `root`, else `root` itself. */
export function repositoryTop(root: string): string {
  try {
    return hooksFolder(root)?.top ?? root;
  } catch {
    return root;
  }
}

/**
 * The installed CLI as the repository top's tools name it (lefthook's and pre-commit's commands
 * run at the top): this running copy's own path when it is installed inside the repository (a
 * hoisted workspace install: node_modules/specgate at the top), else the governed folder's.
 */
export function installedCliFromTop(top: string, root: string): string {
  const own = ownPackageRoot();
  if (own.split(path.sep).includes('node_modules') && isInside(own, top)) return toPosix(path.join(path.relative(top, own), 'dist/scripts/cli.js'));
  return toPosix(path.join(path.relative(top, root), INSTALLED_CLI));
}

/**
 * Installs the pre-commit check in a repository that depends on specgate (the governed root).
 * `git`: the same sh hook this repository uses (node starts only when something governed is
 * staged, and runs the installed copy), in this repository's own hooks folder; `husky`: that
 * script as `.husky/pre-commit`; `lefthook` and `pre-commit`: their configuration file, with a
 * glob of the governed paths. An existing file it did not write is never overwritten (without
 * `force`); the message says where it wrote, or what to add by hand.
 */
export function installAdopterHook(root: string, form: HookForm, opts: { force?: boolean } = {}): InstallResult {
  const cfg = hookConfigFor(root);
  // The tools' own files go where the tools read them: the repository's top (a monorepo's
  // governed folder is a package below it), with the governed folder's paths prefixed.
  const top = repositoryTop(root);
  const prefix = toPosix(path.relative(top, root));
  if (form === 'lefthook') return writeConfigFile(top, 'lefthook.yml', lefthookYaml(cfg.layout, cfg.familiesOff, prefix, installedCliFromTop(top, root)), opts.force);
  if (form === 'pre-commit') return writeConfigFile(top, '.pre-commit-config.yaml', preCommitConfigYaml(prefix), opts.force, 'then run `pre-commit install`');
  let folder: HooksFolder | undefined;
  try {
    folder = hooksFolder(root);
  } catch {
    folder = undefined;
  }
  if (!folder) throw new FatalError(`${root} is not in a git work tree: no hook to install`);
  const script = preCommitScript({
    prefix: toPosix(path.relative(folder.top, root)),
    governed: governedGlobs(cfg.layout, cfg.familiesOff),
    anyFile: cfg.plugins,
    missingHint: 'run \\`npm install\\`',
    marker: ADOPTER_HOOK_MARKER,
  });
  if (form === 'husky') {
    const dir = path.join(folder.top, '.husky');
    assertFolderInside(folder.top, dir, '.husky');
    return installOne(folder.top, dir, 'pre-commit', script, opts.force);
  }
  // Named from the repository's top, where the hooks folder is (a monorepo's package is below it).
  return installBoth(folder.top, folder, script);
}

function lefthookYaml(layout: Layout, familiesOff: readonly string[], prefix: string, cli: string): string {
  const globs = governedGlobs(layout, familiesOff).map((g) => (prefix ? `${prefix}/${g}` : g));
  const root = prefix || '.';
  return `# The spec gate before each commit (written by \`specgate install-hook --lefthook\`): lefthook runs it
# only when a staged file matches the glob; check --changed runs the families whose inputs are staged.
pre-commit:
  commands:
    specgate:
      glob: ${JSON.stringify(`{${globs.join(',')}}`)}
      run: node ${cli} check --changed --root ${shQuote(root)}
`;
}

function preCommitConfigYaml(prefix: string): string {
  // The hook's own files: pattern (.pre-commit-hooks.yaml) is for a governed folder at the top.
  const sub = prefix ? `\n        files: ${JSON.stringify(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`)}\n        args: [--root, ${JSON.stringify(prefix)}]` : '';
  return `# The spec gate before each commit (written by \`specgate install-hook --pre-commit\`); the hook's
# files: pattern is in specgate's .pre-commit-hooks.yaml (override it here for a custom layout).
repos:
  - repo: https://github.com/specgate/specgate
    rev: v${packageVersion()}
    hooks:
      - id: specgate${sub}
`;
}

/** Writes a tool's configuration file unless one exists (then prints what to add); `force` replaces it. */
function writeConfigFile(root: string, name: string, text: string, force?: boolean, then?: string): InstallResult {
  const file = path.join(root, name);
  const now = readSetupFile(file);
  // Something never read (a symlink, a device, a FIFO) is another's file: kept unless --force replaces it.
  const existing = now.state === 'absent' ? undefined : now.state === 'text' ? now.text : '';
  if (existing === text) return { outcome: 'unchanged', hookFile: file, message: `${name} up to date` };
  if (existing !== undefined && !force) {
    return { outcome: 'kept-foreign', hookFile: file, message: `${name} exists, so it was left alone (--force replaces it); add this to it:\n${text}` };
  }
  writeFileAtomic(file, text);
  return { outcome: existing === undefined ? 'installed' : 'updated', hookFile: file, message: `wrote ${name}${then ? `; ${then}` : ''}` };
}

/** The hooks the installer writes: both run the staged check. */
export const HOOK_NAMES = ['pre-commit', 'pre-merge-commit'] as const;

function installOne(packageRoot: string, hooksDir: string, name: string, script: string, force = false): InstallResult {
  const hookFile = path.join(hooksDir, name);
  const shown = toPosix(path.relative(packageRoot, hookFile)) || hookFile;
  const now = readSetupFile(hookFile);
  const existing = now.state === 'absent' ? undefined : now.state === 'text' ? now.text : '';
  if (existing !== undefined && !force && !isOurHook(existing)) {
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

/** The repository's own layout, the families its config turns off and whether it names plugins (its config file), or the default layout if that config is broken. */
function hookConfigFor(root: string): { layout: Layout; familiesOff: readonly string[]; plugins: boolean } {
  try {
    const config = loadConfig(root, {});
    return { layout: config.layout, familiesOff: config.familiesOff ?? [], plugins: (config.plugins?.length ?? 0) > 0 };
  } catch (e) {
    process.stderr.write(`specgate: ${printable((e as Error).message)}; the hook uses the default layout until it is fixed and \`npm run prepare\` runs again\n`);
    return { layout: presetLayout('specgate'), familiesOff: [], plugins: false };
  }
}

function writeExecutable(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, text, { mode: 0o755 });
}
