import { execFileSync } from 'node:child_process';
import { FatalError } from './errors.js';
import type { FileSource } from './source.js';

/** Reads files as they are staged in the git index (for the pre-commit hook). */
export class GitIndexSource implements FileSource {
  readonly label = 'git index';
  private readonly cache = new Map<string, Buffer | undefined>();

  private constructor(
    readonly root: string,
    private readonly entries: Map<string, string>,
  ) {}

  static async open(root: string): Promise<GitIndexSource> {
    let top: string;
    let listing: string;
    try {
      top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      listing = execFileSync('git', ['ls-files', '--stage', '-z'], { cwd: top, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      throw new FatalError(`--staged needs a git work tree: ${root} is not one`);
    }
    const entries = new Map<string, string>();
    for (const rec of listing.split('\0')) {
      const m = /^\d+ ([0-9a-f]+) \d\t(.*)$/s.exec(rec);
      if (m) entries.set(m[2]!, m[1]!);
    }
    return new GitIndexSource(top, entries);
  }

  read(rel: string): Buffer | undefined {
    if (this.cache.has(rel)) return this.cache.get(rel);
    const oid = this.entries.get(rel);
    let buf: Buffer | undefined;
    if (oid) buf = execFileSync('git', ['cat-file', 'blob', oid], { cwd: this.root, maxBuffer: 64 * 1024 * 1024 });
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
    const { default: micromatch } = await import('./glob-match.js');
    return [...this.entries.keys()].filter((p) => micromatch(p, patterns)).sort();
  }
}
