import type { Corpus } from '../parse/corpus.js';
import type { CheckResult } from '../model/findings.js';
import { cacheFolder } from '../cache/cache.js';
import { printable } from '../base/printable.js';

/**
 * `check --debug` (ESLint's --debug and --stats): what the run was set up with, the files it read,
 * and each family's and rule's time, slowest rules first. Written to stderr after the report, so
 * stdout stays the chosen format.
 */
export function debugLines(result: CheckResult, timings: readonly { family: string; rule: string; ms: number }[], read: ReadonlySet<string>, corpus: Corpus): string[] {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const lines = [
    `root ${printable(corpus.root)}, preset ${corpus.layout.preset}, source: ${corpus.source.label}`,
    `cache folder: ${corpus.useParseCache ? printable(cacheFolder(corpus.root)) : 'off (--no-cache)'}`,
    `files read (${read.size}): ${[...read].sort().map((f) => printable(f)).join(', ')}`,
  ];
  const blobs = (corpus.source as { blobs?: { fromGit: number; kept: number } }).blobs;
  if (blobs) lines.push(`staged blobs: ${blobs.fromGit} read from git, ${blobs.kept} kept by object id in the cache folder`);
  if (corpus.work.size > 0) lines.push(`work: ${[...corpus.work].map(([what, n]) => `${what} ${n}`).join(', ')}`);
  for (const s of result.families) {
    lines.push(`${s.family}: ${ms(s.ms)}, ${s.files} files, ${s.visited} items`);
    const rules = timings.filter((t) => t.family === s.family).sort((a, b) => b.ms - a.ms);
    for (const t of rules) lines.push(`  ${t.rule.padEnd(Math.max(...rules.map((r) => r.rule.length)))}  ${ms(t.ms).padStart(10)}`);
  }
  return lines;
}
