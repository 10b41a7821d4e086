import type { Finding, TextEdit } from '../core/findings.js';
import { applyEdits } from './edits.js';

/** What one pass of fixing does to the texts it read. */
export interface FixPass {
  /** New text per file (only files an accepted fix edits). */
  texts: Map<string, { before: string; after: string }>;
  /** Findings whose fix was taken. */
  applied: Finding[];
  /** Findings whose fix overlapped one taken before it: tried again on the next pass, over the new text. */
  deferred: Finding[];
}

/**
 * Takes the fixes of `findings` in file order, each whole or not at all, skipping one whose edits
 * overlap (or insert at the same place as) an edit already taken — as ESLint does, the skipped
 * ones come back on the next pass, computed afresh from the fixed text.
 */
export function planPass(findings: readonly Finding[], textOf: (file: string) => string | undefined): FixPass {
  const taken = new Map<string, TextEdit[]>();
  const applied: Finding[] = [];
  const deferred: Finding[] = [];
  for (const f of findings) {
    const edits = f.fix?.edits;
    if (!edits?.length) continue;
    const clash = edits.some((e) => (taken.get(e.file) ?? []).some((t) => overlaps(t, e))) || edits.some((e, i) => edits.slice(i + 1).some((o) => o.file === e.file && overlaps(o, e)));
    if (clash) {
      deferred.push(f);
      continue;
    }
    if (edits.some((e) => textOf(e.file) === undefined)) continue; // the file went away: nothing to fix
    for (const e of edits) taken.set(e.file, [...(taken.get(e.file) ?? []), e]);
    applied.push(f);
  }
  const texts = new Map<string, { before: string; after: string }>();
  for (const [file, edits] of taken) {
    const before = textOf(file)!;
    const after = applyEdits(before, edits);
    if (after !== before) texts.set(file, { before, after });
  }
  return { texts, applied, deferred };
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  if (a.file !== b.file) return false;
  if (a.start === b.start) return true; // two insertions at one place: their order would be a guess
  return a.start < b.end && b.start < a.end;
}
