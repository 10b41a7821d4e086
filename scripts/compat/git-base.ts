import { execFileSync } from 'node:child_process';
import { FatalError, UsageError } from '../core/errors.js';
import type { FileSource } from '../core/source.js';

/** The git repository a compat run works in: its top level, and the run root's place inside it. */
export interface GitRepo {
  top: string;
  /** The run root relative to the top level, with a trailing slash, or '' at the top. */
  prefix: string;
}

function git(repo: { top: string }, args: string[], input?: string): string {
  return execFileSync('git', args, {
    cwd: repo.top,
    encoding: 'utf8',
    input,
    maxBuffer: 256 * 1024 * 1024,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
}

/**
 * The repository around `root` and the commit a base ref names, in one git call. A ref the clone
 * does not have is a one-line error saying how to fetch it (CI checkouts are often shallow: the
 * PR's base commit is not there until fetched).
 */
export function openBase(root: string, ref: string): { repo: GitRepo; commit: string } {
  if (ref === '' || ref.startsWith('-')) throw new UsageError(`--base needs a git revision, got "${ref}"`);
  const run = (args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
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
  const fetch = fetchCommand(ref);
  if (shallow === 'true') throw new FatalError(`base "${ref}" is not in this shallow clone; fetch it first: ${fetch} (or git fetch --unshallow)`);
  throw new FatalError(`base "${ref}" is not a commit in this repository; fetch it first: ${fetch}`);
}

/** The command that brings a missing base into the clone. */
export function fetchCommand(ref: string): string {
  const ancestry = /^HEAD((?:[~^]\d*)+)$/.exec(ref);
  if (ancestry) {
    let depth = 0;
    for (const [, op, n] of ancestry[1]!.matchAll(/([~^])(\d*)/g)) depth += op === '~' ? Number(n || 1) : 1;
    return `git fetch --no-tags --deepen=${depth}`;
  }
  const remoteBranch = /^([\w.-]+)\/(.+)$/.exec(ref);
  if (remoteBranch && !/^[0-9a-f]{7,40}$/.test(ref)) {
    const [, remote, branch] = remoteBranch;
    return `git fetch --no-tags --depth=1 ${remote} ${branch}:refs/remotes/${remote}/${branch}`;
  }
  return `git fetch --no-tags --depth=1 origin ${ref}`;
}

/** The files of one commit, read through git (the base side of a comparison). */
export class GitTreeSource implements FileSource {
  readonly label: string;
  private readonly entries = new Map<string, string>();
  private readonly cache = new Map<string, Buffer | undefined>();

  constructor(
    private readonly repo: GitRepo,
    readonly root: string,
    private readonly commit: string,
    ref: string,
  ) {
    this.label = `git base ${ref}`;
    const listing = git(repo, ['ls-tree', '-r', '-z', '--full-tree', commit]);
    for (const rec of listing.split('\0')) {
      const m = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(rec);
      if (m && m[2]!.startsWith(repo.prefix)) this.entries.set(m[2]!.slice(repo.prefix.length), m[1]!);
    }
  }

  get files(): string[] {
    return [...this.entries.keys()];
  }

  /** Reads many blobs in one `git cat-file --batch` call. */
  prefetch(rels: readonly string[]): void {
    const wanted = rels.filter((r) => this.entries.has(r) && !this.cache.has(r));
    if (wanted.length < 2) return;
    const out = execFileSync('git', ['cat-file', '--batch'], {
      cwd: this.repo.top,
      input: wanted.map((r) => this.entries.get(r)).join('\n') + '\n',
      maxBuffer: 512 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let at = 0;
    for (const rel of wanted) {
      const nl = out.indexOf(10, at);
      const header = out.subarray(at, nl).toString('utf8');
      const size = Number(header.split(' ')[2]);
      if (!Number.isFinite(size)) return; // unexpected output: fall back to one read per file
      this.cache.set(rel, out.subarray(nl + 1, nl + 1 + size));
      at = nl + 1 + size + 1;
    }
  }

  read(rel: string): Buffer | undefined {
    if (this.cache.has(rel)) return this.cache.get(rel);
    const oid = this.entries.get(rel);
    const buf = oid ? execFileSync('git', ['cat-file', 'blob', oid], { cwd: this.repo.top, maxBuffer: 64 * 1024 * 1024 }) : undefined;
    this.cache.set(rel, buf);
    return buf;
  }

  exists(rel: string): boolean {
    if (this.entries.has(rel)) return true;
    const dir = rel.endsWith('/') ? rel : rel + '/';
    for (const k of this.entries.keys()) if (k.startsWith(dir)) return true;
    return false;
  }

  async glob(patterns: readonly string[]): Promise<string[]> {
    const { default: matches } = await import('../core/glob-match.js');
    return this.files.filter((p) => matches(p, patterns)).sort();
  }
}

/** A source whose paths are relative to a folder below its own root (a run root inside a bigger repository). */
export class PrefixedSource implements FileSource {
  constructor(
    private readonly inner: FileSource,
    private readonly prefix: string,
    readonly root: string,
  ) {}

  get label(): string {
    return this.inner.label;
  }

  read(rel: string): Buffer | undefined {
    return this.inner.read(this.prefix + rel);
  }

  exists(rel: string): boolean {
    return this.inner.exists(this.prefix + rel);
  }

  async glob(patterns: readonly string[]): Promise<string[]> {
    const found = await this.inner.glob(patterns.map((p) => (p.startsWith('!') ? '!' + this.prefix + p.slice(1) : this.prefix + p)));
    return found.map((f) => f.slice(this.prefix.length));
  }
}

/**
 * Renames git sees between the base and the working tree (or the index), by its own rename
 * detection: base path → head path, run-root-relative.
 */
export function gitRenames(repo: GitRepo, commit: string, staged: boolean): Map<string, string> {
  const args = ['diff', '-M', '--name-status', '-z', '--no-ext-diff', ...(staged ? ['--cached'] : []), commit];
  const out = git(repo, args).split('\0');
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
