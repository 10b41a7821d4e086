import type { CorpusReader } from '../../core/parse/corpus.js';
import type { FamilySummary } from '../../core/model/findings.js';
import { loadRfcSet, rfcFile } from '../../rfc/set.js';
import { loadInvariantSet } from './invariant-set.js';
import { isSiblingPointer } from './rules/protocol-tests-resolve.js';

/** The invariants gate's figures: entries, entries citing nothing, citations, absent RFCs. */
export async function invariantsSummary(corpus: CorpusReader): Promise<FamilySummary['extras']> {
  const set = loadInvariantSet(corpus);
  if (!set) return undefined;
  const rfcs = await loadRfcSet(corpus);
  const citations = set.entries.flatMap((e) => e.citations);
  const cited = [...new Set(citations.map((c) => c.rfc))].sort();
  const absent = cited.filter((n) => !rfcFile(rfcs, n));
  return {
    entries: set.entries.length,
    entriesCitingNoRfc: set.entries.filter((e) => e.citations.length === 0).length,
    citations: citations.length,
    structuredCitations: citations.filter((c) => c.origin === 'rfcs').length,
    proseCitations: citations.filter((c) => c.origin === 'prose').length,
    citedRfcs: cited.length,
    rfcsInFolder: rfcs.files.length,
    absentRfcCount: absent.length,
    siblingTestPointers: set.entries.reduce((n, e) => n + (Array.isArray(e.value.tests) ? e.value.tests.filter((t) => typeof t === 'string' && isSiblingPointer(t)).length : 0), 0),
    absentRfcs: absent,
  };
}
