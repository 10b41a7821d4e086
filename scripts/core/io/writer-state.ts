import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, rmdirSync } from 'node:fs';
import type { Stats } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FatalError } from '../base/errors.js';
import { isInside, kindOf, readRegularFile } from './source.js';
import { realOf, rootKey, userCacheHome } from '../replay/user-cache.js';

/*
 * Where the writer keeps its lock and journal: never in the tree, where a pull request could commit
 * them. In a git work tree it is `specgate/` under the repository's git folder (found by reading
 * `.git` itself, never by running git), which no commit can write; outside git, a folder of the
 * user's cache (`$XDG_CACHE_HOME/specgate/writer/<hash of the root>`, else `~/.cache/…`). The folder
 * is made by this process (0700), and a state file is read only when it is a regular file (never
 * through a symlink, never a device or FIFO) owned by this user, within a cap.
 */

export interface StatePaths {
  /** The folder holding the lock and the journal. */
  dir: string;
  lock: string;
  journal: string;
  /** `git`: under the repository's git folder; `cache`: the user's cache folder (outside git). */
  where: 'git' | 'cache';
}

/** The names a writer of an older specgate kept in the root; a file of the tree by these names is never read. */
export const TREE_STATE_NAMES = ['.specgate-errata.journal', '.specgate-errata.lock'] as const;

/** Largest journal read (each file written costs a few hundred bytes of it). */
export const MAX_JOURNAL_BYTES = 8 * 1024 * 1024;
/** Largest lock read (a pid and a host name). */
export const MAX_LOCK_BYTES = 4096;
/** Largest `.git` file read (`gitdir: <path>` of a linked worktree or submodule). */
const MAX_GITFILE_BYTES = 4096;


/** The git folder of the work tree holding `dir` (its `.git` folder, or what a `.git` file points at), and that work tree's top. */
export function findGitDir(dir: string): { gitDir: string; top: string } | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const dotGit = path.join(at, '.git');
    let st: Stats | undefined;
    try {
      st = lstatSync(dotGit);
    } catch {
      st = undefined;
    }
    if (st?.isDirectory() && isGitDir(dotGit)) return { gitDir: realOf(dotGit), top: at };
    if (st?.isFile()) {
      const got = readRegularFile(dotGit, { cap: MAX_GITFILE_BYTES });
      const m = got.ok ? /^gitdir: (.+?)\r?\n?$/.exec(got.bytes.toString('utf8')) : null;
      if (m) {
        const gitDir = realOf(path.resolve(at, m[1]!));
        if (isGitDir(gitDir)) return { gitDir, top: at };
      }
    }
    if (path.dirname(at) === at) return undefined;
  }
}

/** A folder git would take for a repository: it holds HEAD. */
function isGitDir(dir: string): boolean {
  try {
    return lstatSync(dir).isDirectory() && lstatSync(path.join(dir, 'HEAD')).isFile();
  } catch {
    return false;
  }
}

const short = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

/** The lock and journal of the writer for `root` (nothing is created). */
export function statePaths(root: string, env: NodeJS.ProcessEnv = process.env): StatePaths {
  const real = realOf(root);
  const git = findGitDir(real);
  let dir: string;
  let where: StatePaths['where'];
  if (git) {
    const below = path.relative(git.top, real);
    // A root below the work tree's top keeps its own state beside the top's.
    dir = below === '' ? path.join(git.gitDir, 'specgate') : path.join(git.gitDir, 'specgate', `root-${short(below)}`);
    where = 'git';
  } else {
    let cache = userCacheHome(env);
    // A root that holds the cache folder (a home folder checked outside git) must not hold its state.
    if (isInside(realOf(cache), real)) cache = os.tmpdir();
    dir = path.join(cache, 'specgate', 'writer', rootKey(real));
    where = 'cache';
  }
  return { dir, lock: path.join(dir, 'writer.lock'), journal: path.join(dir, 'writer.journal'), where };
}

/** Makes the state folder (0700) and checks it is a real folder of this user, not a symlink. */
export function ensureStateDir(state: StatePaths): void {
  try {
    mkdirSync(state.dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new FatalError(`cannot make the writer's state folder ${state.dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const st = lstatSync(state.dir);
  if (!st.isDirectory()) throw new FatalError(`the writer's state folder ${state.dir} is ${kindOf(st)}, not a folder; nothing written`);
  if (!ownedByMe(st)) throw new FatalError(`the writer's state folder ${state.dir} belongs to another user; nothing written`);
}

/** Removes the state folder when nothing is left in it (a state folder per root would pile up in the cache). */
export function removeStateDirIfEmpty(state: StatePaths): void {
  try {
    rmdirSync(state.dir);
  } catch {
    // not empty (another run's lock), or gone
  }
}

function ownedByMe(st: Stats): boolean {
  const uid = process.getuid?.();
  return uid === undefined || st.uid === uid;
}

export type StateRead = { state: 'absent' } | { state: 'ok'; text: string } | { state: 'refused'; why: string };

/**
 * A state file as this process (or an earlier run of this user) wrote it: a regular file, not a
 * symlink, owned by this user, not writable by others, at most `cap` bytes. Anything else is refused
 * unread (a link to /dev/zero, a FIFO, a file of another user).
 */
export function readStateFile(file: string, cap: number): StateRead {
  let st: Stats;
  try {
    st = lstatSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? { state: 'absent' } : { state: 'refused', why: `cannot be read (${code})` };
  }
  if (st.isSymbolicLink()) return { state: 'refused', why: 'is a symlink (never followed)' };
  if (!st.isFile()) return { state: 'refused', why: `is ${kindOf(st)}, not a regular file` };
  if (!ownedByMe(st)) return { state: 'refused', why: 'belongs to another user' };
  if (st.mode & 0o022) return { state: 'refused', why: 'is writable by other users' };
  const got = readRegularFile(file, { cap });
  if (!got.ok) return got.failure === 'missing' ? { state: 'absent' } : { state: 'refused', why: got.message };
  return { state: 'ok', text: got.bytes.toString('utf8') };
}

/** The extensions of the files the writer may replace: the governed Markdown, JSON and YAML documents. */
export const GOVERNED_EXTENSIONS = /\.(md|markdown|json|ya?ml)$/i;

/** `.name.specgate-<16 hex>.tmp`: the temp names the writer makes (writer.ts `tempNameFor`). */
export const TEMP_NAME = /^\.(.+)\.specgate-[0-9a-f]{16}\.tmp$/s;

/**
 * Why a path of the tree may not be written by the writer (undefined: it may): it must be
 * repository-relative (no `..`, not absolute), outside `.git/`, a governed Markdown, JSON or YAML
 * document, and no file that configures a program that runs (`package.json`, `.github/`, …). The walk that refuses symlinks on the way is the caller's (`pathWithoutSymlinks`).
 */
export function notWritable(rel: string): string | undefined {
  if (rel === '' || path.isAbsolute(rel) || rel.includes('\\') || rel.includes('\0')) return 'is not a path inside the repository';
  const segs = rel.split('/');
  if (segs.some((s) => s === '' || s === '.' || s === '..')) return 'is not a plain path inside the repository';
  if (segs.some((s) => s.toLowerCase() === '.git')) return 'is inside .git/';
  if (!GOVERNED_EXTENSIONS.test(rel)) return 'is not a governed Markdown, JSON or YAML document';
  // A config may name any JSON, YAML or Markdown file as a document (the status document, the map):
  // never one that makes a program run (a package manifest's scripts, a CI workflow, a hook's config).
  if (!/\.(md|markdown)$/i.test(rel) && (segs.slice(0, -1).some((s) => RUNS_PROGRAMS_FOLDER.test(s)) || RUNS_PROGRAMS_FILE.test(segs.at(-1)!))) return 'configures programs that run (a package manifest, a CI workflow or action, a hook)';
  return undefined;
}

/** Folders whose JSON and YAML files run programs: CI workflows and actions, installed packages, git hook managers. */
const RUNS_PROGRAMS_FOLDER = /^(\.github|\.gitlab|\.circleci|\.husky|\.vscode|node_modules)$/i;
/** Files that do, wherever they are. */
const RUNS_PROGRAMS_FILE = /^(package(-lock)?\.json|npm-shrinkwrap\.json|pnpm-(lock|workspace)\.yaml|\.pre-commit-(config|hooks)\.ya?ml|action\.ya?ml|\.gitlab-ci\.ya?ml|\.travis\.ya?ml|azure-pipelines\.ya?ml|bitbucket-pipelines\.ya?ml|lefthook\.ya?ml|\.lefthook\.ya?ml|tsconfig(\..*)?\.json|\.eslintrc(\..*)?\.json|renovate\.json|\.?devcontainer\.json)$/i;
