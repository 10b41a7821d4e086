import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Corpus } from '../../core/corpus.js';
import { toRegExp } from '../../core/glob-match.js';
import { FsSource } from '../../core/source.js';

/**
 * Files matching globs, like `corpus.source.glob`, but without importing globby (the largest
 * import of a run) when every pattern is a literal path or has its wildcards in the last segment
 * only (`RFCS/*.md`, `test/wire/*.test.ts`) and the files come from the working tree.
 */
export async function listFiles(corpus: Corpus, patterns: readonly string[]): Promise<string[]> {
  const source = corpus.source;
  const simple = patterns.every((p) => isSimplePattern(p));
  if (!(source instanceof FsSource) || !simple) return source.glob(patterns);
  const out = new Set<string>();
  for (const p of patterns) {
    const dir = path.posix.dirname(p);
    const re = toRegExp(path.posix.basename(p));
    let names: import('node:fs').Dirent[];
    try {
      names = readdirSync(path.join(source.root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const d of names) if (d.isFile() && !d.name.startsWith('.') && re.test(d.name)) out.add(dir === '.' ? d.name : `${dir}/${d.name}`);
  }
  return [...out].sort();
}

/** A literal path, or wildcards (`*`, `?`, `{a,b}`) in the last segment only. */
export function isSimplePattern(p: string): boolean {
  return !/[[\]!]/.test(p) && !p.includes('**') && !/[*?{}]/.test(path.posix.dirname(p));
}
