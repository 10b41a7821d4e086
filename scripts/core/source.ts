import { readdirSync, readFileSync, statSync } from 'node:fs';
import matches from './glob-match.js';
import path from 'node:path';

/** Where the corpus is read from: the working tree, or (for pre-commit) the git index. */
export interface FileSource {
  /** Absolute repository root. */
  readonly root: string;
  readonly label: string;
  /** Bytes of a repository-relative file, or undefined when it does not exist. */
  read(rel: string): Buffer | undefined;
  exists(rel: string): boolean;
  /** Repository-relative paths matching globs (globby syntax), sorted. */
  glob(patterns: readonly string[]): Promise<string[]>;
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

export class FsSource implements FileSource {
  readonly label = 'working tree';
  constructor(readonly root: string) {}

  read(rel: string): Buffer | undefined {
    try {
      return readFileSync(path.join(this.root, rel));
    } catch {
      return undefined;
    }
  }

  exists(rel: string): boolean {
    try {
      statSync(path.join(this.root, rel));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Walks only the folders the patterns start with (`RFCS/` of `RFCS/*.md`), skipping dot entries
   * and node_modules. globby — the largest import a run could make — is loaded only for patterns
   * the small matcher does not cover (character classes, paths leaving the root).
   */
  async glob(patterns: readonly string[]): Promise<string[]> {
    if (patterns.some((p) => /[[\]]/.test(p) || p.startsWith('/') || p.split('/').includes('..'))) {
      const { globby } = await import('globby');
      const found = await globby([...patterns], { cwd: this.root, dot: false, followSymbolicLinks: false, gitignore: false, ignore: ['**/node_modules/**'] });
      return found.map(toPosix).sort();
    }
    const roots = new Set(patterns.filter((p) => !p.startsWith('!')).map(staticPrefix));
    const found = new Set<string>();
    for (const r of roots) for (const f of this.listing(r)) if (matches(f, patterns)) found.add(f);
    return [...found].sort();
  }

  private readonly listings = new Map<string, string[]>();

  /** The files under a folder, walked once a run (an invariants file names many globs in the same folders). */
  private listing(rel: string): string[] {
    let files = this.listings.get(rel);
    if (!files) this.listings.set(rel, (files = [...this.walk(rel)]));
    return files;
  }

  private *walk(rel: string): Generator<string> {
    let entries;
    try {
      entries = readdirSync(path.join(this.root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) yield* this.walk(child);
      else if (e.isFile()) yield child;
    }
  }
}

/** The leading folders of a pattern that hold no glob characters (`spec/v2` of `spec/v2/**\/*.json`). */
function staticPrefix(pattern: string): string {
  const fixed: string[] = [];
  for (const seg of pattern.split('/').slice(0, -1)) {
    if (/[*?{[]/.test(seg)) break;
    fixed.push(seg);
  }
  return fixed.join('/');
}
