import { gitText } from '../core/io/git.js';

/**
 * The lines a pull request adds or changes, per repository-relative file: `git diff --unified=0
 * <base>...HEAD` (what the branch did since it left the base), read from its hunk headers. The
 * Action annotates these lines first (reviewdog's `filter_mode: added`): GitHub shows only the
 * first annotations of a step, and those should be the ones on the diff. Undefined when git cannot
 * say (no base, a shallow clone): then nothing is put first.
 */
export function addedLines(base: string, cwd: string): Map<string, Set<number>> | undefined {
  let out: string;
  try {
    out = gitText(['diff', '--unified=0', '--no-color', '--no-ext-diff', '--no-renames', `${base}...HEAD`], { cwd });
  } catch {
    return undefined;
  }
  const lines = new Map<string, Set<number>>();
  let file: string | undefined;
  for (const line of out.split('\n')) {
    if (line.startsWith('+++ ')) {
      file = line === '+++ /dev/null' ? undefined : line.slice('+++ b/'.length);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || file === undefined) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    const set = lines.get(file) ?? new Set<number>();
    for (let n = start; n < start + count; n++) set.add(n);
    lines.set(file, set);
  }
  return lines;
}

/** Whether a finding's lines (`line` to `endLine`) touch a line the pull request added or changed. */
export function onChangedLine(f: { file: string; line: number; endLine?: number }, added: Map<string, Set<number>> | undefined): boolean {
  const set = added?.get(f.file);
  if (!set) return false;
  for (let n = f.line; n <= (f.endLine ?? f.line); n++) if (set.has(n)) return true;
  return false;
}

/** Findings on changed lines first, then those elsewhere in changed files, then the rest (stable within each). */
export function changedFirst<T extends { file: string; line: number; endLine?: number }>(findings: readonly T[], added: Map<string, Set<number>> | undefined): T[] {
  if (!added) return [...findings];
  const tier = (f: T) => (onChangedLine(f, added) ? 0 : added.has(f.file) ? 1 : 2);
  return [0, 1, 2].flatMap((t) => findings.filter((f) => tier(f) === t));
}
