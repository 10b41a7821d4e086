import { execFileSync } from 'node:child_process';
import { FatalError } from './errors.js';
import type { FileSource } from './source.js';
import { globMatcher } from './source.js';

/**
 * Files held as git blobs: a map from root-relative path to blob id, read through `git cat-file`
 * (one call per file, or one `--batch` call for files a glob lists). The index and a commit's tree
 * are both read this way.
 */
export class GitBlobSource implements FileSource {
  private readonly cache = new Map<string, Buffer | undefined>();

  constructor(
    readonly root: string,
    readonly label: string,
    /** Root-relative path → blob id. */
    private readonly entries: Map<string, string>,
  ) {}

  read(rel: string): Buffer | undefined {
    if (this.cache.has(rel)) return this.cache.get(rel);
    const oid = this.entries.get(rel);
    let buf: Buffer | undefined;
    if (oid) buf = execFileSync('git', ['cat-file', 'blob', oid], { cwd: this.root, maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
    this.cache.set(rel, buf);
    return buf;
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
    const wanted = rels.filter((r) => !this.cache.has(r) && this.entries.has(r));
    if (wanted.length < 2) return;
    const out = execFileSync('git', ['cat-file', '--batch'], {
      cwd: this.root,
      input: wanted.map((r) => this.entries.get(r)).join('\n') + '\n',
      maxBuffer: 1024 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let at = 0;
    for (const rel of wanted) {
      const eol = out.indexOf(10, at);
      if (eol < 0) return;
      const header = out.subarray(at, eol).toString('latin1').split(' ');
      if (header[1] !== 'blob') return; // unexpected answer: fall back to reading one by one
      const size = Number(header[2]);
      this.cache.set(rel, out.subarray(eol + 1, eol + 1 + size));
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
      const inside = execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      if (inside !== 'true') throw new Error();
      listing = execFileSync('git', ['ls-files', '--stage', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      throw new FatalError(`--staged needs a git work tree: ${root} is not one`);
    }
    const entries = new Map<string, string>();
    for (const rec of listing.split('\0')) {
      // mode SP oid SP stage TAB path; of a conflicted path keep stage 0 or the last stage listed.
      const m = /^(\d+) ([0-9a-f]+) (\d)\t(.*)$/s.exec(rec);
      if (!m || m[1] === '160000') continue; // submodules have no blob
      entries.set(m[4]!, m[2]!);
    }
    return new GitIndexSource(root, 'git index', entries);
  }
}
