import { pathKind } from '../replay/observed-reads.js';
import path from 'node:path';
import { UsageError } from '../base/errors.js';
import { globMatcher, isInside, toPosix } from '../io/source.js';

/**
 * The files a `check` run reports on, named on the command line as ESLint and markdownlint-cli2
 * take them (`check RFCS/0208-x.md`, `check 'RFCS/*.md'`, `check RFCS`): paths and globs relative
 * to the working directory, a folder standing for everything under it. The families still read
 * what they need (a rule about one RFC reads the others); only the findings are narrowed.
 */
export interface FileTargets {
  /** The patterns as the user gave them. */
  readonly given: readonly string[];
  matches(file: string): boolean;
  /** The patterns (as given) that match none of `files`. */
  unmatched(files: Iterable<string>): string[];
}

/** Whether a positional of `check` is a path or glob rather than a family name. */
export function looksLikePath(arg: string, cwd: string = process.cwd()): boolean {
  if (/[/\\*?[\]{}]/.test(arg) || arg.startsWith('.') || /\.[A-Za-z0-9]+$/.test(arg)) return true;
  return pathKind(path.resolve(cwd, arg)) !== 'absent';
}

export function fileTargets(patterns: readonly string[], root: string, cwd: string = process.cwd()): FileTargets {
  const compiled = patterns.map((given) => {
    const negated = given.startsWith('!');
    const body = negated ? given.slice(1) : given;
    // Relative to the working directory (as ESLint reads them), else, with --root elsewhere, to the root.
    let abs = path.resolve(cwd, body);
    if (!isInside(abs, root) && !path.isAbsolute(body)) abs = path.resolve(root, body);
    if (!isInside(abs, root)) throw new UsageError(`"${given}" is outside the root ${toPosix(root)}; name files inside it (or give --root)`);
    let rel = toPosix(path.relative(root, abs));
    if (isDirectory(abs)) rel = rel === '' ? '**' : `${rel}/**`;
    else if (rel === '') rel = '**';
    return { given, negated, test: globMatcher([rel]) };
  });
  const positives = compiled.filter((c) => !c.negated);
  const negatives = compiled.filter((c) => c.negated);
  const matches = (file: string) => (positives.length === 0 || positives.some((c) => c.test(file))) && !negatives.some((c) => c.test(file));
  return {
    given: patterns,
    matches,
    unmatched(files) {
      const list = [...files];
      return positives.filter((c) => !list.some((f) => c.test(f))).map((c) => c.given);
    },
  };
}

function isDirectory(p: string): boolean {
  return pathKind(p) === 'dir';
}
