import { readFileSync, statSync } from 'node:fs';
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

  async glob(patterns: readonly string[]): Promise<string[]> {
    const { globby } = await import('globby');
    const found = await globby([...patterns], { cwd: this.root, dot: false, followSymbolicLinks: false, gitignore: false, ignore: ['**/node_modules/**'] });
    return found.map(toPosix).sort();
  }
}
