import { BLOCK_BREAK } from './rendered.js';

/**
 * Characters a run may spend looking for the closest wording (each window's text, and each row of
 * an edit distance its length): the search costs its section's size times the quotation's, once
 * per drifting item, so 200 drifting items against a 100 KB document took 11.6 s, and the work
 * grew with items × target size. A drifting item in a real run spends thousands; past the budget
 * an item is refused as before, without the closest wording.
 */
export const MAX_CLOSEST_CELLS = 20_000_000;

let cellsLeft = MAX_CLOSEST_CELLS;

/** A new errata run: the budget starts again. */
export function resetClosestBudget(): void {
  cellsLeft = MAX_CLOSEST_CELLS;
}

/** What is left of the run's budget (tests count the work with it). */
export function closestBudgetLeft(): number {
  return cellsLeft;
}

/**
 * The window of whole words in `hay` most like `needle`: what the text says instead. Shared words
 * count first (reworded text often keeps its words in another order), edit distance breaks ties.
 * Undefined when there is none, or when the run's budget runs out during the search.
 */
export function closestWording(hay: string, needle: string): { from: number; to: number; distance: number } | undefined {
  if (cellsLeft <= 0) return undefined;
  const want = wordSet(needle);
  const words: { from: number; to: number }[] = [];
  for (const m of hay.matchAll(/[^ \u0000]+/g)) words.push({ from: m.index!, to: m.index! + m[0].length });
  const n = needle.split(' ').filter(Boolean).length;
  let best: { from: number; to: number; distance: number; shared: number } | undefined;
  for (let i = 0; i < words.length; i++) {
    for (let k = Math.max(1, n - 2); k <= n + 2 && i + k <= words.length; k++) {
      const from = words[i]!.from;
      const to = words[i + k - 1]!.to;
      const window = hay.slice(from, to);
      if ((cellsLeft -= window.length) <= 0) return undefined;
      if (window.includes(BLOCK_BREAK)) break;
      const shared = jaccard(wordSet(window), want);
      if (best && shared < best.shared) continue;
      const distance = levenshtein(window, needle, best && shared === best.shared ? best.distance : Infinity);
      if (cellsLeft <= 0) return undefined;
      if (!best || shared > best.shared || distance < best.distance) best = { from, to, distance, shared };
    }
  }
  return best;
}

/** Lower-cased words, a plural `s` dropped, so "details" and "detail" count as shared. */
function wordSet(s: string): Set<string> {
  return new Set(
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}_]+/u)
      .filter(Boolean)
      .map((w) => (w.length > 3 ? w.replace(/s$/, '') : w)),
  );
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const w of a) if (b.has(w)) both++;
  const union = a.size + b.size - both;
  return union === 0 ? 0 : both / union;
}

/** Edit distance, giving up (returning `limit`) once every path exceeds it. */
function levenshtein(a: string, b: string, limit = Infinity): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    cellsLeft -= b.length;
    if (rowMin >= limit) return limit;
    prev = cur;
  }
  return prev[b.length]!;
}
