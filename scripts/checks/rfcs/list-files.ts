import path from 'node:path';
import type { Corpus } from '../../core/corpus.js';

/** Files matching globs, from the corpus's source (the working tree walks without globby). */
export async function listFiles(corpus: Corpus, patterns: readonly string[]): Promise<string[]> {
  return corpus.source.glob(patterns);
}

/** A literal path, or wildcards (`*`, `?`, `{a,b}`) in the last segment only. */
export function isSimplePattern(p: string): boolean {
  return !/[[\]!]/.test(p) && !p.includes('**') && !/[*?{}]/.test(path.posix.dirname(p));
}
