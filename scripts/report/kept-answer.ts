import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageVersion } from '../core/base/package-root.js';
import { sha256 } from '../core/cache/cache.js';
import type { CorpusReader } from '../core/parse/corpus.js';
import { readerFingerprint } from '../rfc/load.js';

/** The texts of specgate's own modules an answer is computed by, hashed once a process each. */
const codeHashes = new Map<string, string>();

/** Modules by their path from the scripts folder (`checks/invariants/invariant-set`), with this build's extension. */
function codeOf(modules: readonly string[]): string {
  const here = fileURLToPath(import.meta.url);
  const scripts = path.join(path.dirname(here), '..');
  return modules
    .map((m) => {
      let hash = codeHashes.get(m);
      if (hash === undefined) {
        try {
          hash = sha256(readFileSync(path.join(scripts, `${m}${path.extname(here)}`)));
        } catch {
          hash = '(absent)';
        }
        codeHashes.set(m, hash);
      }
      return `${m}\0${hash}`;
    })
    .join('\0');
}

/**
 * A value the report derives from a few files of the corpus (the invariant ids per RFC from the
 * invariants file, the operations of the OpenAPI document), kept in the cache folder as an
 * authenticated entry (CacheStore, kind `report`) and used again while those files' texts are
 * what they were: keyed by each file's text hash (or its absence), the layout, specgate's version,
 * the RFC reader's fingerprint and the text of the modules that compute it. A warm report then
 * neither reads the YAML documents' values nor scans their prose for citations. An answer is kept
 * only when its files gave no finding. Without a cache
 * (`--no-cache`, a folder that may not be used), or when the entry does not read, it is computed.
 * `valid` says whether what an entry holds has the answer's shape (a torn one is computed again).
 */
export async function keptAnswer<T>(corpus: CorpusReader, name: string, files: ReadonlyArray<readonly [file: string, neededFor: string]>, modules: readonly string[], valid: (v: unknown) => v is T, compute: () => Promise<T>): Promise<T> {
  const store = corpus.cache;
  if (!store) return compute();
  // Each file read as computing it reads it (the same finding, worded the same, when it cannot be).
  const inputs = files.map(([f, neededFor]) => [f, corpus.exists(f) && corpus.text(f, neededFor) !== undefined ? (corpus.contentHash?.(f) ?? sha256(corpus.text(f)!)) : null]);
  const key = sha256(JSON.stringify([name, packageVersion(), readerFingerprint(), codeOf(modules), corpus.layout, inputs]));
  const hit = store.get('report', `${key}.json`);
  if (hit !== undefined) {
    try {
      const value = JSON.parse(hit) as unknown;
      if (valid(value)) return value;
    } catch {
      // torn: computed below
    }
  }
  const value = await compute();
  // An answer whose files gave a finding (a YAML syntax error) is not kept: a run that used it
  // would not read them, and the finding would go unsaid.
  const names = new Set(files.map(([f]) => f));
  if (!corpus.problems.some((p) => names.has(p.file))) store.set('report', `${key}.json`, JSON.stringify(value));
  return value;
}
