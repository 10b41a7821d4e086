import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { FatalError } from './errors.js';
import { globMatcher, MAX_FILE_BYTES } from './source.js';
import type { FileSource, ReadResult } from './source.js';

/** Every git call of this module goes through here (one place to bound what git prints). */
function gitOutput(root: string, args: string[], opts: { input?: string; maxBuffer: number }): Buffer {
  return execFileSync('git', args, {
    cwd: root,
    maxBuffer: opts.maxBuffer,
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    stdio: [opts.input !== undefined ? 'pipe' : 'ignore', 'pipe', 'ignore'],
  });
}

/** Symlinks followed in a row before the chain is called a loop (Linux's own limit). */
const MAX_LINK_HOPS = 40;

/**
 * Files held as git blobs: a map from root-relative path to blob id, read through `git cat-file`
 * (one call per file, or one `--batch` call for files a glob lists). The index and a commit's tree
 * are both read this way.
 */
export class GitBlobSource implements FileSource {
  private readonly cache = new Map<string, ReadResult>();

  constructor(
    readonly root: string,
    readonly label: string,
    /** Root-relative path → blob id. */
    private readonly entries: Map<string, string>,
    /** Paths whose entry is a symlink (mode 120000): the blob is the link's target. */
    private readonly links: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * A regular file's blob; a symlink is followed only to a file of the same tree inside the root,
   * as in the working tree. Blobs over the size cap are refused (git's output is cut off at the cap).
   */
  read(rel: string): ReadResult {
    let at = rel;
    for (let hop = 0; this.links.has(at); hop++) {
      if (hop === MAX_LINK_HOPS) return { ok: false, failure: 'unreadable', message: 'is a symlink loop' };
      const got = this.blob(at);
      if (!got.ok) return got;
      const to = got.bytes.toString('utf8');
      const next = path.posix.normalize(path.posix.join(path.posix.dirname(at), to));
      if (to.startsWith('/') || next === '..' || next.startsWith('../')) {
        return { ok: false, failure: 'unreadable', message: `is a symlink to ${to}, outside the repository root` };
      }
      at = next;
    }
    if (at !== rel && !this.entries.has(at)) {
      return this.exists(at) ? { ok: false, failure: 'unreadable', message: `is a symlink to ${at}, a directory, not a regular file` } : { ok: false, failure: 'unreadable', message: `is a symlink to ${at}, which is not in the ${this.label}` };
    }
    if (!this.entries.has(at) && this.exists(at)) return { ok: false, failure: 'unreadable', message: 'is a directory, not a regular file' };
    return this.blob(at);
  }

  /** Whether the entry is a symlink (errata never target one). */
  isSymlink(rel: string): boolean {
    return this.links.has(rel);
  }

  private blob(rel: string): ReadResult {
    const cached = this.cache.get(rel);
    if (cached) return cached;
    const oid = this.entries.get(rel);
    let got: ReadResult;
    if (!oid) got = { ok: false, failure: 'missing', message: 'file not found' };
    else {
      try {
        got = { ok: true, bytes: gitOutput(this.root, ['cat-file', 'blob', oid], { maxBuffer: MAX_FILE_BYTES + 1 }) };
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        got = code === 'ENOBUFS' ? { ok: false, failure: 'too-large', message: `blob is larger than ${MAX_FILE_BYTES} bytes; refusing to read more` } : { ok: false, failure: 'unreadable', message: `cannot be read from git (${code ?? (e as Error).message})` };
      }
    }
    this.cache.set(rel, got);
    return got;
  }

  exists(rel: string): boolean {
    if (this.entries.has(rel)) return true;
    const prefix = rel.endsWith('/') ? rel : rel + '/';
    for (const k of this.entries.keys()) if (k.startsWith(prefix)) return true;
    return false;
  }

  async glob(patterns: readonly string[]): Promise<string[]> {
    const matches = globMatcher(patterns);
    const found = [...this.entries.keys()].filter(matches).sort();
    this.prefetch(found);
    return found;
  }

  /** Files about to be read: fetch them with one `git cat-file --batch`. */
  prefetch(rels: readonly string[]): void {
    const wanted = rels.filter((r) => !this.cache.has(r) && this.entries.has(r) && !this.links.has(r));
    if (wanted.length < 2) return;
    const out = gitOutput(this.root, ['cat-file', '--batch'], { input: wanted.map((r) => this.entries.get(r)).join('\n') + '\n', maxBuffer: 1024 * 1024 * 1024 });
    let at = 0;
    for (const rel of wanted) {
      const eol = out.indexOf(10, at);
      if (eol < 0) return;
      const header = out.subarray(at, eol).toString('latin1').split(' ');
      if (header[1] !== 'blob') return; // unexpected answer: fall back to reading one by one
      const size = Number(header[2]);
      if (size <= MAX_FILE_BYTES) this.cache.set(rel, { ok: true, bytes: out.subarray(eol + 1, eol + 1 + size) });
      at = eol + 1 + size + 1;
    }
  }
}

/**
 * Files as they are staged in the git index (for the pre-commit hook and --staged), not as they
 * are in the working tree. Paths are relative to `root`, which may be a subdirectory of the work tree.
 */
export class GitIndexSource extends GitBlobSource {
  static async open(root: string): Promise<GitIndexSource> {
    let listing: string;
    try {
      // `ls-files` run in a subdirectory lists only that subtree, relative to it.
      const inside = gitOutput(root, ['rev-parse', '--is-inside-work-tree'], { maxBuffer: 1024 * 1024 }).toString('utf8').trim();
      if (inside !== 'true') throw new Error();
      listing = gitOutput(root, ['ls-files', '--stage', '-z'], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8');
    } catch {
      throw new FatalError(`--staged needs a git work tree: ${root} is not one`);
    }
    const entries = new Map<string, string>();
    const links = new Set<string>();
    for (const rec of listing.split('\0')) {
      // mode SP oid SP stage TAB path; of a conflicted path keep stage 0 or the last stage listed.
      const m = /^(\d+) ([0-9a-f]+) (\d)\t(.*)$/s.exec(rec);
      if (!m || m[1] === '160000') continue; // submodules have no blob
      entries.set(m[4]!, m[2]!);
      if (m[1] === '120000') links.add(m[4]!);
      else links.delete(m[4]!);
    }
    return new GitIndexSource(root, 'git index', entries, links);
  }
}
