import type { CorpusReader } from '../../core/parse/corpus.js';
import type { RfcDocument } from '../../rfc/document.js';
import { loadRfcSet, rfcByNumber } from '../../rfc/set.js';
import type { InvariantEntry, InvariantSet, LocatedCitation } from './invariant-set.js';
import { loadInvariantSet } from './invariant-set.js';

export interface ResolvedCitation {
  set: InvariantSet;
  entry: InvariantEntry;
  citation: LocatedCitation;
  rfc: RfcDocument;
}

/** Every citation whose RFC is in the folder (a missing one is invariants/cited-rfc-exists' finding). */
export async function* resolvedCitations(corpus: CorpusReader): AsyncGenerator<ResolvedCitation> {
  const set = loadInvariantSet(corpus);
  if (!set) return;
  const rfcs = await loadRfcSet(corpus);
  for (const entry of set.entries) {
    for (const citation of entry.citations) {
      const rfc = await rfcByNumber(rfcs, citation.rfc);
      if (rfc) yield { set, entry, citation, rfc };
    }
  }
}
