import type { StatusRole } from '../core/preset/process.js';

/**
 * The corpus's governance state (`specgate report`): one plain-data model that every format
 * renders (terminal tables, json, markdown, html) and that the status document is a part of. The
 * json format is this object as it is: its shape is documented in docs/commands/report.md and
 * versioned by `version` (a field removed or changed in meaning raises it; one added does not).
 */
export const REPORT_VERSION = 1;

/**
 * How many citations between RFCs the report lists (`citations.edges`; the page draws as many). The
 * citations are linear in the RFCs' text, and 1,000 RFCs citing every other one are a million:
 * listed three times over (the edges and each RFC's two lists) that was a 94 MB json report. Past
 * the cap the first ones are listed and `edgeCount` says how many there are.
 */
export const MAX_REPORT_EDGES = 20_000;
/** How many RFCs each of an RFC's lists names (`citesOut`, `citedBy`, an unknown RFC's `citedBy`); past it, a count says how many. */
export const MAX_LISTED_PER_RFC = 100;
/** How many citations of missing sections the report lists; past it, `missingSectionCount` says how many. */
export const MAX_REPORT_MISSING_SECTIONS = 20_000;

export interface ReportModel {
  version: typeof REPORT_VERSION;
  /** The preset whose process the statuses are read with. */
  preset: string;
  counts: CorpusCounts;
  /** RFCs per status, in the process's role order, then any status the process does not name. */
  statuses: StatusCount[];
  rfcs: RfcRow[];
  /** Questions still open in RFCs whose status has the role `active` or `accepted`. */
  openQuestions: OpenQuestion[];
  acceptance: AcceptanceTally;
  /** Errata of Accepted RFCs not yet applied (absent when the run could not judge them: the status document, which a rule renders). */
  errataPending?: PendingErratum[];
  citations: CitationGraph;
  /** Status counts over the git history (html only; absent elsewhere and outside git). */
  history?: HistoryPoint[];
}

export interface CorpusCounts {
  /** Markdown documents under the spec folder (the folder of the layout's interop document's first segment). */
  specDocuments: number;
  /** Files matching the layout's `schemaGlobs`. */
  jsonSchemas: number;
  /** Operations of the layout's OpenAPI document (paths × methods, webhooks). */
  openapiOperations: number;
  rfcs: number;
}

export interface StatusCount {
  status: string;
  /** The process role the status name plays; null for a status the process does not name. */
  role: StatusRole | null;
  count: number;
}

export interface RfcRow {
  number: string;
  title: string;
  /** As the Status row writes it (its first inline code or word); "" when there is none. */
  status: string;
  role: StatusRole | null;
  /** Repository-relative path. */
  file: string;
  /** The latest status flip the RFC records (its status history, headings, Status or Updated row). */
  lastChange?: { what: string; date: string; line: number };
  /** Invariant ids whose citations name this RFC. */
  invariants: string[];
  /** RFCs its prose cites, and RFCs whose prose cites it: at most MAX_LISTED_PER_RFC of each. */
  citesOut: string[];
  citedBy: string[];
  /** How many RFCs it cites, present when `citesOut` was cut at MAX_LISTED_PER_RFC. */
  citesOutCount?: number;
  /** How many RFCs cite it, present when `citedBy` was cut at MAX_LISTED_PER_RFC. */
  citedByCount?: number;
}

export interface OpenQuestion {
  rfc: string;
  status: string;
  file: string;
  line: number;
  /** The item's number in a numbered list. */
  number?: number;
  text: string;
}

/** upstream's four buckets (its lifecycle report's "triage set"), over the acceptance-criteria boxes of each Accepted RFC. */
export interface AcceptanceTally {
  allTicked: string[];
  some: string[];
  none: string[];
  noBoxes: string[];
  /** Per Accepted RFC: boxes ticked and open. */
  rfcs: Array<{ rfc: string; ticked: number; open: number }>;
}

export interface PendingErratum {
  rfc: string;
  index: number;
  /** The RFC item, `RFCS/0211-….md:94`. */
  at: string;
  target: string;
  detail: string;
}

export interface CitationGraph {
  /** One edge per citing RFC and cited RFC in the folder (citations of RFCs not in the folder are in `unknownRfcs`): the first MAX_REPORT_EDGES. */
  edges: Array<{ from: string; to: string }>;
  /** How many edges there are, present when `edges` was cut at MAX_REPORT_EDGES. */
  edgeCount?: number;
  /** Citations of a section the cited RFC does not have: the first MAX_REPORT_MISSING_SECTIONS. */
  missingSections: Array<{ rfc: string; file: string; line: number; citation: string; target: string }>;
  /** How many there are, present when `missingSections` was cut. */
  missingSectionCount?: number;
  /** RFC numbers cited that no file in the folder has, each with at most MAX_LISTED_PER_RFC citing RFCs (`citedByCount` when cut). */
  unknownRfcs: Array<{ rfc: string; citedBy: string[]; citedByCount?: number }>;
}

export interface HistoryPoint {
  commit: string;
  /** Committer date, `YYYY-MM-DD`. */
  date: string;
  /** RFCs per status name at that commit. */
  counts: Record<string, number>;
}
