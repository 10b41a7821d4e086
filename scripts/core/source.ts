import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PicomatchOptions } from 'picomatch';
import { UsageError } from './errors.js';

/** Where the corpus is read from: the working tree, or (for pre-commit) the git index. */
export interface FileSource {
  /** Absolute repository root. */
  readonly root: string;
  readonly label: string;
  /** Bytes of a repository-relative file, or undefined when it does not exist. */
  read(rel: string): Buffer | undefined;
  exists(rel: string): boolean;
  /** Repository-relative paths matching globs (picomatch syntax, matched by globMatcher), sorted. */
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

  /** Lists the files under the folders the patterns start with (`RFCS/` of `RFCS/*.md`), then filters them with the one glob matcher. */
  async glob(patterns: readonly string[]): Promise<string[]> {
    const matches = globMatcher(patterns);
    const positive = patterns.filter((p) => !isNegated(p));
    // A dot entry can match only a pattern that spells a dot name (dot files are otherwise not matched, see GLOB_OPTIONS).
    const dots = positive.some((p) => /(^|[/{,])\./.test(p));
    const found = new Set<string>();
    for (const r of new Set(positive.map(staticPrefix))) for (const f of this.listing(r, dots)) if (matches(f)) found.add(f);
    return [...found].sort();
  }

  private readonly listings = new Map<string, string[]>();

  /** The files under a folder, walked once a run (an invariants file names many globs in the same folders). */
  private listing(rel: string, dots: boolean): string[] {
    const key = `${dots}:${rel}`;
    let files = this.listings.get(key);
    if (!files) this.listings.set(key, (files = [...this.walk(rel, dots)]));
    return files;
  }

  private *walk(rel: string, dots: boolean): Generator<string> {
    let entries;
    try {
      entries = readdirSync(path.join(this.root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name === '.git' || e.name === 'node_modules' || (!dots && e.name.startsWith('.'))) continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) yield* this.walk(child, dots);
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

/**
 * The glob options of every file source (working tree, git index, a commit), so they match alike:
 * `*` and `**` do not match dot files or folders (globby's default) unless the pattern spells the
 * dot (`.github/**`); extglobs are off (nested `+(a|aa)` quantifiers backtrack exponentially);
 * a leading `!` negates (handled below, in order, as globby does).
 */
const GLOB_OPTIONS: PicomatchOptions = { dot: false, noextglob: true, nonegate: true, windows: false };

/**
 * picomatch compiles `*` to a backtracking regex: a pattern of k separate `*` runs costs up to
 * (name length)^k steps on a path it does not match. Three runs cover real globs (`packages/*\/src/**\/*.ts`)
 * and keep one test within milliseconds even on 255-character names.
 */
export const MAX_GLOB_STARS = 3;
export const MAX_GLOB_LENGTH = 1024;

/** Why a glob is refused (too long, too many `*`), or undefined when it is accepted. */
export function globProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_GLOB_LENGTH) return `glob is ${pattern.length} characters long (at most ${MAX_GLOB_LENGTH})`;
  if (pattern.startsWith('/') || pattern.split('/').includes('..')) return `glob "${pattern}" leaves the repository`;
  const stars = pattern.match(/\*+/g)?.length ?? 0;
  if (stars > MAX_GLOB_STARS) return `glob "${pattern}" has ${stars} separate \`*\` wildcards (at most ${MAX_GLOB_STARS}, so matching stays fast)`;
  return undefined;
}

/** picomatch, loaded with the first glob (the pre-commit hook and its installer often need none). */
let picomatchLib: typeof import('picomatch') | undefined;

function isNegated(pattern: string): boolean {
  return pattern.startsWith('!') && !pattern.startsWith('!(');
}

/**
 * The one glob matcher of every file source: a path matches when the last pattern that matches it
 * is not negated, and never under node_modules. Throws a UsageError for a refused glob (see globProblem).
 */
export function globMatcher(patterns: readonly string[]): (rel: string) => boolean {
  const picomatch = (picomatchLib ??= createRequire(import.meta.url)('picomatch') as typeof import('picomatch'));
  const tests = patterns.map((p) => {
    const negated = isNegated(p);
    const body = negated ? p.slice(1) : p;
    const problem = globProblem(body);
    if (problem) throw new UsageError(problem);
    return { negated, test: picomatch(body, GLOB_OPTIONS) };
  });
  return (rel) => {
    if (rel === 'node_modules' || rel.startsWith('node_modules/') || rel.includes('/node_modules/')) return false;
    let ok = false;
    for (const t of tests) if (ok === t.negated && t.test(rel)) ok = !t.negated;
    return ok;
  };
}
