import leven from 'leven';

/**
 * Names longer than this get no suggestion: real names (flags, rule ids, codes, A2A names) are
 * short, and an edit distance costs the product of the two lengths.
 */
export const MAX_SUGGESTION_NAME = 128;
/**
 * Character pairs compared for suggestions in one run (`resetSuggestionBudget` starts a run):
 * a map of thousands of unknown client projections against a registry of thousands of codes asks
 * for the product of the two (617 KB of them took 104 s). Real runs compare a few thousand
 * pairs; past the budget the run makes no more suggestions (the findings stay, without the hint).
 */
export const MAX_SUGGESTION_CELLS = 20_000_000;

let cellsLeft = MAX_SUGGESTION_CELLS;

/** A new run (a check, an editor's re-check): the suggestion budget starts again. */
export function resetSuggestionBudget(): void {
  cellsLeft = MAX_SUGGESTION_CELLS;
}

/** Character pairs still to spend in this run (for tests and the bench). */
/** Edit distances computed since the process started: the work tests count (never time). */
export const suggestionWork = { distances: 0 };

export function suggestionCellsLeft(): number {
  return cellsLeft;
}

/**
 * The known name nearest to `name` by edit distance, if it is near enough to be a likely typo
 * (at most 2 edits, or a quarter of the name's length for long names). Every "did you mean"
 * of the tool comes from here: flags, commands, presets, formats, families, rule ids, A2A names.
 * A name whose length differs from the query's by more than the distance allowed cannot be near
 * and is not compared; the rest spend from the run's budget.
 */
export function didYouMean(name: string, known: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(name.length / 4));
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    if (k === name) return k;
    if (name.length > MAX_SUGGESTION_NAME || Math.abs(k.length - name.length) > limit) continue;
    const cost = Math.max(1, name.length * k.length);
    if (cost > cellsLeft) return undefined;
    cellsLeft -= cost;
    suggestionWork.distances++;
    const d = leven(lower, k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best !== undefined && bestDistance <= limit ? best : undefined;
}

/** ` (did you mean "x"?)`, or nothing when no known name is near. */
export function didYouMeanHint(name: string, known: Iterable<string>, quote = (s: string) => `"${s}"`): string {
  const near = didYouMean(name, known);
  return near ? `; did you mean ${quote(near)}?` : '';
}
