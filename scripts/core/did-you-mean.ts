import leven from 'leven';

/**
 * The known name nearest to `name` by edit distance, if it is near enough to be a likely typo
 * (at most 2 edits, or a quarter of the name's length for long names). Every "did you mean"
 * of the tool comes from here: flags, commands, presets, formats, families, rule ids, A2A names.
 */
export function didYouMean(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    if (k === name) return k;
    const d = leven(name.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 4)) ? best : undefined;
}

/** ` (did you mean "x"?)`, or nothing when no known name is near. */
export function didYouMeanHint(name: string, known: Iterable<string>, quote = (s: string) => `"${s}"`): string {
  const near = didYouMean(name, known);
  return near ? `; did you mean ${quote(near)}?` : '';
}
