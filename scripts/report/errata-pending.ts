import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from '../core/cache/cache.js';
import type { Corpus } from '../core/parse/corpus.js';
import type { Finding } from '../core/model/findings.js';
import { packageVersion } from '../core/base/package-root.js';
import { readerFingerprint } from '../rfc/load.js';
import { sectionByTitle } from '../rfc/document.js';
import { loadRfcSet } from '../rfc/set.js';
import type { PendingErratum } from './model.js';

let errataCodeHash: string | undefined;

/** The errata modules' own text (the reader's fingerprint covers the reader and the Markdown packages), hashed once a process. */
export function errataCode(): string {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'errata');
  return (errataCodeHash ??= sha256(readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.ts')).sort().map((f) => `${f}\0${readFileSync(path.join(dir, f), 'utf8')}`).join('\0')));
}

interface Entry {
  /** Every other file the judging read, by its text's hash (null: it could not be read). */
  read: Record<string, string | null>;
  pending: PendingErratum[];
}

export interface ErrataPending {
  pending: PendingErratum[];
  /**
   * What reading the errata's targets found (a target that is not UTF-8, one past the size cap):
   * `errata check` reports them; the report lists what is pending and leaves them out of its own.
   * The corpus keeps them too (its record of what it read stays whole for any later reader).
   */
  problems: readonly Finding[];
}

/**
 * The errata of Accepted RFCs not yet applied: what `errata check` would report, judged the same
 * way (errata/run.ts). Judging parses each target document, so the answer is kept in the cache
 * folder, keyed by the texts of the RFCs that have an errata section and by the errata code, and
 * used again only while every target it read is unchanged: an edit of an RFC without errata (the
 * common commit) costs a hash of each RFC, not a parse.
 */
export async function errataPending(corpus: Corpus): Promise<ErrataPending> {
  const title = corpus.layout.process.sections.errata;
  const set = await loadRfcSet(corpus);
  const rfcs = set.files;
  // The RFCs `errata check` reads errata from (an errata section by its heading, errata/parse.ts),
  // told by their readings, which the report reads anyway: no RFC's text is decoded to find them.
  const withErrata = (await set.all()).filter((d) => sectionByTitle(d, title)).map((d) => d.file);
  if (withErrata.length === 0) return { pending: [], problems: [] };
  const store = corpus.cache;
  const key = sha256(
    JSON.stringify([packageVersion(), readerFingerprint(), errataCode(), corpus.layout.process, withErrata.map((f) => [f, textHash(corpus, f)])]),
  );
  const hit = store?.get('report-errata', `${key}.json`);
  if (hit !== undefined) {
    try {
      const entry = JSON.parse(hit) as Entry;
      if (Object.entries(entry.read).every(([f, h]) => (corpus.exists(f) ? textHash(corpus, f) : null) === h)) return { pending: entry.pending, problems: [] };
    } catch {
      // a torn entry: judge again
    }
  }
  const { planErrata } = await import('../errata/run.js');
  const before = corpus.problems.length;
  const touched = corpus.track();
  const run = await planErrata(corpus, { mode: 'check' });
  // What judging them found reading (the corpus's problems since): `errata check`'s to report, handed back as values.
  const problems = corpus.problems.slice(before);
  const pending = run.outcomes.filter((o) => o.status !== 'already-applied' && o.status !== 'left').map((o) => ({ rfc: o.rfc, index: o.index, at: o.at, target: o.target, detail: o.detail }));
  // Every RFC's text is read to find the errata sections: an RFC counts here only as a target (`RFCS/0152-… UQ4`).
  const targets = new Set(run.outcomes.map((o) => o.target.split(' ')[0]!));
  const others = [...touched].filter((f) => !rfcs.includes(f) || targets.has(f));
  store?.set('report-errata', `${key}.json`, JSON.stringify({ read: Object.fromEntries(others.map((f) => [f, corpus.exists(f) ? textHash(corpus, f) : null])), pending } satisfies Entry));
  return { pending, problems };
}

/** The SHA-256 of a file's text as this run read it (taken once a run: Corpus.contentHash); an unreadable file's is the empty text's. */
function textHash(corpus: Corpus, file: string): string {
  return corpus.byteLength(file) === undefined ? sha256('') : corpus.contentHash(file)!;
}
