import picomatch from 'picomatch';
import { familyInputs, pathFollowingFamilies } from '../core/engine/family.js';
import type { FamilyFacts } from '../core/engine/family.js';
import { gitText } from '../core/io/git.js';
import type { Layout } from '../core/preset/layout.js';

/** What a commit changes under the governed root: paths relative to it, and which of them it deletes. */
export interface StagedChanges {
  paths: string[];
  deleted: Set<string>;
}

/** The files whose change makes every family run: the config and the baseline. */
export const EVERY_FAMILY_FILES = ['specgate.config.json', 'specgate-suppressions.json'];

/**
 * The staged changes under `root`, from one `git diff --cached` run in it (`--relative`: paths under
 * the root only, relative to it, so a governed folder in a monorepo sees its own files and nothing else).
 */
export function stagedChanges(root: string): StagedChanges {
  const out = gitText(['diff', '--cached', '--name-status', '--no-renames', '--relative', '-z'], { cwd: root });
  const parts = out.split('\0');
  const paths: string[] = [];
  const deleted = new Set<string>();
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const status = parts[i]!;
    const file = parts[i + 1]!;
    if (!status || !file) continue;
    paths.push(file);
    if (status.startsWith('D')) deleted.add(file);
  }
  return { paths, deleted };
}

/**
 * The families a commit's changes start (issue 34 §4): a family whose inputs (its declaration's
 * globs) hold a staged path, every family for a staged config or baseline, and, for the deletion
 * of a governed file, the families that follow paths (an invariant citing a deleted RFC). A
 * deletion of a file no family reads starts nothing. `families` are those in force (the config's
 * `families` off left out), plugins' included.
 */
export function familiesForChanges(families: readonly FamilyFacts[], layout: Layout, changes: StagedChanges): string[] {
  const inputs = familyInputs(families, layout);
  const matchers = Object.fromEntries(Object.entries(inputs).map(([name, globs]) => [name, picomatch(globs, { dot: true })]));
  const governed = (file: string) => Object.values(matchers).some((m) => m(file));
  const wanted = new Set<string>();
  for (const name of changes.paths) {
    // A glob's `*` stops at a line break (picomatch's regex `.`); no glob holds one, so it may stand for any character.
    const file = name.replace(/[\n\r]/g, ' ');
    if (EVERY_FAMILY_FILES.includes(file)) return families.map((f) => f.name);
    for (const [family, matches] of Object.entries(matchers)) if (matches(file)) wanted.add(family);
    if (changes.deleted.has(name) && governed(file)) for (const name of pathFollowingFamilies(families)) wanted.add(name);
  }
  return families.map((f) => f.name).filter((n) => wanted.has(n));
}
