import { didYouMean } from '../core/base/did-you-mean.js';
import { FatalError, UsageError } from '../core/base/errors.js';
import { gitText } from '../core/io/git.js';
import { addEntry, GitBlobSource } from '../core/io/git-source.js';
import type { GitEntry } from '../core/io/git-source.js';

/** The git repository a compat run works in: its top level, and the run root's place inside it. */
export interface GitRepo {
  top: string;
  /** The run root relative to the top level, with a trailing slash, or '' at the top. */
  prefix: string;
}

function git(repo: { top: string }, args: string[]): string {
  return gitText(args, { cwd: repo.top, maxBuffer: 256 * 1024 * 1024, stderr: true });
}

/**
 * The repository around `root` and the commit a base ref names, in one git call. A ref the clone
 * does not have is a one-line error saying how to fetch it (CI checkouts are often shallow: the
 * PR's base commit is not there until fetched), unless there is no remote to fetch it from.
 */
export function openBase(root: string, ref: string): { repo: GitRepo; commit: string } {
  if (ref === '' || ref.startsWith('-')) throw new UsageError(`--base needs a git revision, got "${ref}"`);
  const run = (args: string[]) => gitText(args, { cwd: root });
  try {
    const [top, prefix, commit] = run(['rev-parse', '--show-toplevel', '--show-prefix', '--verify', `${ref}^{commit}`]).split('\n');
    if (top && commit && /^[0-9a-f]{40,64}$/.test(commit)) return { repo: { top, prefix: prefix ?? '' }, commit };
  } catch {
    // find out which part failed
  }
  let shallow: string;
  try {
    shallow = run(['rev-parse', '--is-shallow-repository']).trim();
  } catch {
    throw new FatalError(`--base needs a git repository: ${root} is not inside one`);
  }
  let remotes: string[] = [];
  try {
    remotes = run(['remote']).split('\n').filter(Boolean);
  } catch {
    // no remotes to fetch from
  }
  const fetch = fetchCommand(ref, remotes);
  if (shallow === 'true' && fetch) throw new FatalError(`base "${ref}" is not in this shallow clone; fetch it first: ${fetch} (or git fetch --unshallow)`);
  // A ref that is here under a near name is a typo, not something to fetch.
  let refs: string[] = [];
  try {
    refs = run(['for-each-ref', '--format=%(refname:short)', 'refs/heads', 'refs/tags', 'refs/remotes']).split('\n').filter(Boolean);
  } catch {
    // no refs to suggest
  }
  const near = didYouMean(ref, refs);
  const guess = near ? ` (did you mean "${near}"?)` : '';
  if (!fetch) throw new FatalError(`base "${ref}" is not a commit in this repository${guess}`);
  throw new FatalError(`base "${ref}" is not a commit in this repository${near ? `${guess}; if it is on the remote,` : ';'} fetch it first: ${fetch}`);
}

/**
 * The command that brings a missing base into the clone, or none when the remote it would fetch
 * from is not one of `remotes` (a fetch from a remote that does not exist cannot help).
 */
export function fetchCommand(ref: string, remotes: readonly string[]): string | undefined {
  const ancestry = /^HEAD((?:[~^]\d*)+)$/.exec(ref);
  if (ancestry) {
    let depth = 0;
    for (const [, op, n] of ancestry[1]!.matchAll(/([~^])(\d*)/g)) depth += op === '~' ? Number(n || 1) : 1;
    return remotes.length > 0 ? `git fetch --no-tags --deepen=${depth}` : undefined;
  }
  const remoteBranch = /^([\w.-]+)\/(.+)$/.exec(ref);
  if (remoteBranch && !/^[0-9a-f]{7,40}$/.test(ref)) {
    const [, remote, branch] = remoteBranch;
    return remotes.includes(remote!) ? `git fetch --no-tags --depth=1 ${remote} ${branch}:refs/remotes/${remote}/${branch}` : undefined;
  }
  return remotes.includes('origin') ? `git fetch --no-tags --depth=1 origin ${ref}` : undefined;
}

/**
 * The files of one commit, read through git (the base side of a comparison). Symlinks and
 * submodules keep their mode, so they are resolved or refused as in the index and the working tree.
 */
export class GitTreeSource extends GitBlobSource {
  constructor(repo: GitRepo, root: string, commit: string, ref: string) {
    const entries = new Map<string, GitEntry>();
    for (const rec of git(repo, ['ls-tree', '-r', '-z', '--full-tree', commit]).split('\0')) addEntry(entries, rec, repo.prefix);
    super(root, `git base ${ref}`, entries);
  }
}

/**
 * Renames git sees between the base and the working tree (or the index), by its own rename
 * detection: base path → head path, run-root-relative.
 */
export function gitRenames(repo: GitRepo, commit: string, staged: boolean): Map<string, string> {
  const args = ['diff', '-M', '--name-status', '-z', '--no-ext-diff', '--no-textconv', ...(staged ? ['--cached'] : []), commit];
  // Against the working tree git reads files through the clean filters: switched off (core/io/git.ts).
  const out = gitText(args, { cwd: repo.top, maxBuffer: 256 * 1024 * 1024, stderr: true, workingTree: !staged }).split('\0');
  const renames = new Map<string, string>();
  for (let i = 0; i < out.length; ) {
    const status = out[i++]!;
    if (!status) continue;
    if (status.startsWith('R') || status.startsWith('C')) {
      const from = out[i++]!;
      const to = out[i++]!;
      if (status.startsWith('R') && from.startsWith(repo.prefix) && to.startsWith(repo.prefix)) {
        renames.set(from.slice(repo.prefix.length), to.slice(repo.prefix.length));
      }
    } else i++;
  }
  return renames;
}
