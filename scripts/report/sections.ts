/**
 * The parts of the report, by the names a status document's config lists (`layout.statusDocument.sections`)
 * and in the order every format shows them.
 */
export const REPORT_SECTIONS = ['counts', 'statuses', 'rfcs', 'open-questions', 'acceptance', 'errata', 'invariants', 'citations'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** What upstream's hook keeps in its status document: corpus counts, then the RFC status table. */
export const DEFAULT_DOCUMENT_SECTIONS: readonly ReportSection[] = ['counts', 'statuses', 'rfcs'];

export const SECTION_TITLES: Readonly<Record<ReportSection, string>> = {
  counts: 'Corpus',
  statuses: 'RFCs by status',
  rfcs: 'RFCs',
  'open-questions': 'Open questions (Active and Accepted RFCs)',
  acceptance: 'Acceptance criteria of Accepted RFCs',
  errata: 'Errata pending',
  invariants: 'Invariants per RFC',
  citations: 'Citations between RFCs',
};
