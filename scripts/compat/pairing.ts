/**
 * Pairs the files of the base with those of the head: git's renames first, then the same path,
 * then (for files git does not track yet) an equal `$id` or mostly equal lines, as git's own
 * rename detection would for a staged file.
 */
export interface FilePair {
  base?: string;
  head?: string;
}

export interface PairingInput {
  baseFiles: readonly string[];
  headFiles: readonly string[];
  renames: ReadonlyMap<string, string>;
  baseText(file: string): string | undefined;
  headText(file: string): string | undefined;
}

/** Lines shared by two texts over their average length, as git's similarity index roughly does. */
function similarity(a: string, b: string): number {
  const la = a.split('\n');
  const lb = b.split('\n');
  const counts = new Map<string, number>();
  for (const l of la) counts.set(l, (counts.get(l) ?? 0) + 1);
  let common = 0;
  for (const l of lb) {
    const n = counts.get(l) ?? 0;
    if (n > 0) {
      common++;
      counts.set(l, n - 1);
    }
  }
  return (2 * common) / (la.length + lb.length);
}

const RENAME_THRESHOLD = 0.5;

export function pairFiles(input: PairingInput): FilePair[] {
  const baseSet = new Set(input.baseFiles);
  const headSet = new Set(input.headFiles);
  const baseOf = new Map<string, string>();
  const usedBase = new Set<string>();
  for (const [from, to] of input.renames) {
    if (baseSet.has(from) && headSet.has(to) && !headSet.has(from)) {
      baseOf.set(to, from);
      usedBase.add(from);
    }
  }
  for (const h of input.headFiles) {
    if (!baseOf.has(h) && baseSet.has(h) && !usedBase.has(h)) {
      baseOf.set(h, h);
      usedBase.add(h);
    }
  }
  const lonelyBase = input.baseFiles.filter((b) => !usedBase.has(b));
  const lonelyHead = input.headFiles.filter((h) => !baseOf.has(h));
  for (const h of lonelyHead) {
    const ht = input.headText(h);
    if (ht === undefined) continue;
    let best: { file: string; score: number } | undefined;
    for (const b of lonelyBase) {
      if (usedBase.has(b)) continue;
      const bt = input.baseText(b);
      if (bt === undefined) continue;
      const score = sameId(bt, ht) ? 1 : similarity(bt, ht);
      if (score >= RENAME_THRESHOLD && (!best || score > best.score)) best = { file: b, score };
    }
    if (best) {
      baseOf.set(h, best.file);
      usedBase.add(best.file);
    }
  }
  const pairs: FilePair[] = input.headFiles.map((h) => ({ head: h, ...(baseOf.has(h) ? { base: baseOf.get(h) } : {}) }));
  for (const b of input.baseFiles) if (!usedBase.has(b)) pairs.push({ base: b });
  return pairs;
}

function sameId(a: string, b: string): boolean {
  const id = (t: string) => /"\$id"\s*:\s*"([^"]+)"/.exec(t)?.[1];
  const ia = id(a);
  return ia !== undefined && ia === id(b);
}
