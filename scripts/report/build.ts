import type { CorpusReader } from '../core/parse/corpus.js';
import { dateFormat } from '../core/preset/date-format.js';
import { isObject } from '../core/base/json-object.js';
import { localeOrder } from '../core/base/locale-order.js';
import type { StatusRole } from '../core/preset/process.js';
import { STATUS_ROLES } from '../core/preset/process.js';
import type { RfcDocument } from '../rfc/document.js';
import { ALL_RESOLVED, rfcNumber, rfcStatus } from '../rfc/document.js';
import { flipReader } from '../rfc/history.js';
import { exists, namedBy } from '../rfc/resolve.js';
import { loadRfcSet, rfcByNumber } from '../rfc/set.js';
import type { AcceptanceTally, CitationGraph, CorpusCounts, OpenQuestion, PendingErratum, ReportModel, RfcRow, StatusCount } from './model.js';
import { MAX_LISTED_PER_RFC, MAX_REPORT_EDGES, MAX_REPORT_MISSING_SECTIONS, REPORT_VERSION } from './model.js';
import { keptAnswer } from './kept-answer.js';
import { ANSWERED } from '../checks/rfcs/rules/unresolved-before-active.js';

/**
 * The report's model from one corpus: every RFC through the one RFC reader (rfc/set.ts, which
 * caches each document by its text), the invariants through the invariants family's loader, the
 * counts through the corpus's globs and parsers. Nothing here reads a file by itself, so the
 * status-document rule, which calls this with its run's corpus, sees what the run sees (the
 * working tree, the index with --staged, the editor's buffers).
 */
export async function buildReport(corpus: CorpusReader, extra: { errataPending?: PendingErratum[] } = {}): Promise<ReportModel> {
  const set = await loadRfcSet(corpus);
  const docs = await set.all();
  const process = corpus.layout.process;
  const roleOf = (status: string): StatusRole | null => STATUS_ROLES.find((r) => process.statuses[r] === status) ?? null;
  const flips = flipReader(process, dateFormat(process.dateFormat), ['Status', 'Updated']);
  const known = new Set(docs.map((d) => rfcNumber(d)).filter((n): n is string => n !== undefined));

  const invariants = await invariantsByRfc(corpus);
  const citesOut = new Map<string, string[]>();
  for (const d of docs) {
    const n = rfcNumber(d) ?? d.file;
    citesOut.set(n, (d.citedRfcs ?? []).filter((c) => c !== n));
  }
  const citedBy = new Map<string, string[]>();
  // Appended in place: an RFC cited by every other one is met once per citation (linear in them).
  for (const [from, tos] of citesOut) {
    for (const to of tos) {
      const list = citedBy.get(to);
      if (list) list.push(from);
      else citedBy.set(to, [from]);
    }
  }

  const rfcs: RfcRow[] = docs.map((d) => {
    const number = rfcNumber(d) ?? '';
    const status = rfcStatus(d)?.value ?? '';
    const flip = flips(() => corpus.text(d.file), d);
    return {
      number,
      title: d.title?.name ?? d.title?.text ?? '',
      status,
      role: roleOf(status),
      file: d.file,
      ...(flip ? { lastChange: { what: flip.what, date: flip.iso, line: flip.line } } : {}),
      invariants: invariants.get(number) ?? [],
      ...cut('citesOut', (citesOut.get(number) ?? []).filter((c) => known.has(c)), MAX_LISTED_PER_RFC, 'citesOutCount'),
      ...cut('citedBy', (citedBy.get(number) ?? []).sort(), MAX_LISTED_PER_RFC, 'citedByCount'),
    };
  });
  rfcs.sort((a, b) => localeOrder(a.number, b.number) || localeOrder(a.file, b.file));

  return {
    version: REPORT_VERSION,
    preset: corpus.layout.preset,
    counts: await corpusCounts(corpus, set.files.length),
    statuses: statusCounts(rfcs, process.statuses),
    rfcs,
    openQuestions: openQuestions(docs, process.statuses),
    acceptance: acceptanceTally(docs, process.statuses.accepted, process.sections.acceptanceCriteria),
    ...(extra.errataPending ? { errataPending: extra.errataPending } : {}),
    citations: await citationGraph(docs, citesOut, known, (n) => rfcByNumber(set, n)),
  };
}

/** RFCs per status: every role the process names (zero counts too, so a document's table keeps its rows), then other statuses by name. */
function statusCounts(rfcs: readonly RfcRow[], statuses: Readonly<Partial<Record<StatusRole, string>>>): StatusCount[] {
  const byName = new Map<string, number>();
  for (const r of rfcs) byName.set(r.status, (byName.get(r.status) ?? 0) + 1);
  // A role the process does not have (EIP-1 has no Withdrawn-like role, say) gets no row.
  const out: StatusCount[] = STATUS_ROLES.flatMap((role) => (statuses[role] === undefined ? [] : [{ status: statuses[role]!, role, count: byName.get(statuses[role]!) ?? 0 }]));
  const named = new Set(out.map((s) => s.status));
  for (const [status, count] of [...byName].sort(([a], [b]) => localeOrder(a, b))) if (!named.has(status)) out.push({ status: status || '(none)', role: null, count });
  return out;
}

/**
 * The questions an Active or Accepted RFC still lists as open: the items under its unresolved
 * questions heading, less those answered in their own words or by a resolution section (by number
 * or title), and none when the lead-in or a resolution section says every question is resolved
 * (the reader's `questions`).
 */
function openQuestions(docs: readonly RfcDocument[], statuses: Readonly<Partial<Record<StatusRole, string>>>): OpenQuestion[] {
  const out: OpenQuestion[] = [];
  for (const d of docs) {
    const status = rfcStatus(d)?.value;
    const q = d.questions;
    if (!q || status === undefined || (status !== statuses.active && status !== statuses.accepted)) continue;
    if (ALL_RESOLVED.test(q.leadInProse) || q.answers.some((a) => a.all)) continue;
    for (const item of q.items) {
      // Answered in its own words ("Resolved 2026-08-16: …"), as rfcs/unresolved-before-active reads it.
      if (ANSWERED.test(item.prose)) continue;
      if (item.number !== undefined && q.answers.some((a) => a.numbers.includes(item.number!))) continue;
      if (item.title !== undefined && q.answers.some((a) => a.titles.includes(item.title!))) continue;
      out.push({ rfc: rfcNumber(d) ?? d.file, status, file: d.file, line: item.range.line, ...(item.number !== undefined ? { number: item.number } : {}), text: clip(item.text, 200) });
    }
  }
  return out.sort((a, b) => localeOrder(a.rfc, b.rfc) || a.line - b.line);
}

/**
 * upstream's four buckets over each Accepted RFC's acceptance boxes: the task items under the
 * process's acceptance-criteria heading or one of its sub-headings (as rfcs/acceptance-boxes reads them).
 */
function acceptanceTally(docs: readonly RfcDocument[], accepted: string | undefined, criteria: string): AcceptanceTally {
  const tally: AcceptanceTally = { allTicked: [], some: [], none: [], noBoxes: [], rfcs: [] };
  if (accepted === undefined) return tally;
  for (const d of docs) {
    if (rfcStatus(d)?.value !== accepted) continue;
    const rfc = rfcNumber(d) ?? d.file;
    const boxes = d.taskItems.filter((t) => (t.sectionTitles ?? [t.sectionTitle ?? '']).some((title) => namedBy(title, criteria)));
    const ticked = boxes.filter((b) => b.checked).length;
    const open = boxes.length - ticked;
    tally.rfcs.push({ rfc, ticked, open });
    (boxes.length === 0 ? tally.noBoxes : open === 0 ? tally.allTicked : ticked === 0 ? tally.none : tally.some).push(rfc);
  }
  for (const list of [tally.allTicked, tally.some, tally.none, tally.noBoxes]) list.sort();
  tally.rfcs.sort((a, b) => localeOrder(a.rfc, b.rfc));
  return tally;
}

/** Edges between RFCs of the folder, RFCs cited that are not there, and cited sections that the cited RFC does not have. */
async function citationGraph(docs: readonly RfcDocument[], citesOut: ReadonlyMap<string, string[]>, known: ReadonlySet<string>, byNumber: (n: string) => Promise<RfcDocument | undefined>): Promise<CitationGraph> {
  const edges: CitationGraph['edges'] = [];
  const unknown = new Map<string, string[]>();
  for (const [from, tos] of [...citesOut].sort(([a], [b]) => localeOrder(a, b))) {
    for (const to of tos) {
      if (known.has(to)) edges.push({ from, to });
      else {
        const list = unknown.get(to);
        if (list) list.push(from);
        else unknown.set(to, [from]);
      }
    }
  }
  const missingSections: CitationGraph['missingSections'] = [];
  for (const d of docs) {
    const own = rfcNumber(d);
    for (const c of d.citations) {
      // Another RFC's section: a bare `§X` may name a document the sentence is about (rfcs/cited-section-exists judges those).
      if (c.rfc === undefined || c.rfc === own) continue;
      const target = await byNumber(c.rfc);
      if (!target || exists(target, c.section)) continue;
      missingSections.push({ rfc: own ?? d.file, file: d.file, line: c.range.line, citation: c.text, target: target.file });
    }
  }
  missingSections.sort((a, b) => localeOrder(a.file, b.file) || a.line - b.line);
  return {
    ...cut('edges', edges, MAX_REPORT_EDGES, 'edgeCount'),
    ...cut('missingSections', missingSections, MAX_REPORT_MISSING_SECTIONS, 'missingSectionCount'),
    unknownRfcs: [...unknown].sort(([a], [b]) => localeOrder(a, b)).map(([rfc, citedBy]) => ({ rfc, ...cut('citedBy', citedBy, MAX_LISTED_PER_RFC, 'citedByCount') })),
  };
}

/**
 * A list of the report under `name`, its first `max` items, and under `count` how many it has when
 * that cut it: citations grow with the RFCs' text, and listing each of a million several times over
 * made a 94 MB json report (docs/limits.md).
 */
function cut<N extends string, C extends string, T>(name: N, list: T[], max: number, count: C): Record<N, T[]> & Partial<Record<C, number>> {
  return (list.length <= max ? { [name]: list } : { [name]: list.slice(0, max), [count]: list.length }) as Record<N, T[]> & Partial<Record<C, number>>;
}

/**
 * Invariant ids per RFC number their citations name (none when the layout's invariants file is
 * absent): kept with the invariants file's text (kept-answer.ts), so a warm report reads neither
 * the file's value nor the citations in its prose.
 */
async function invariantsByRfc(corpus: CorpusReader): Promise<Map<string, string[]>> {
  if (!corpus.exists(corpus.layout.invariants)) return new Map();
  const pairs = await keptAnswer(corpus, 'invariants by RFC', [[corpus.layout.invariants, 'the invariants gate']], ['report/build', 'checks/invariants/invariant-set'], isPairs, async () => {
    const out = new Map<string, string[]>();
    const { loadInvariantSet } = await import('../checks/invariants/invariant-set.js');
    const set = loadInvariantSet(corpus);
    for (const entry of set?.entries ?? []) {
      if (entry.id === undefined) continue;
      for (const rfc of new Set(entry.citations.map((c) => c.rfc))) out.set(rfc, [...(out.get(rfc) ?? []), entry.id]);
    }
    return [...out];
  });
  return new Map(pairs);
}

/** `[rfc, ids]` pairs as kept. */
function isPairs(v: unknown): v is Array<[string, string[]]> {
  return Array.isArray(v) && v.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && Array.isArray(p[1]) && p[1].every((id: unknown) => typeof id === 'string'));
}

/**
 * What upstream's status script counts: spec documents (Markdown under the spec folder), JSON
 * Schemas (the layout's schema globs), OpenAPI operations and RFCs.
 */
async function corpusCounts(corpus: CorpusReader, rfcs: number): Promise<CorpusCounts> {
  const specDir = corpus.layout.interopDoc.split('/')[0]!;
  const specDocuments = (await corpus.glob([`${specDir}/**/*.md`])).length;
  const jsonSchemas = (await corpus.glob(corpus.layout.schemaGlobs)).length;
  let openapiOperations = 0;
  if (corpus.exists(corpus.layout.openapi)) {
    // Kept with the document's text (kept-answer.ts): a warm report does not read its value.
    openapiOperations = await keptAnswer(corpus, 'OpenAPI operations', [[corpus.layout.openapi, 'the report']], ['report/build', 'compat/openapi-operations'], (v): v is number => Number.isSafeInteger(v), async () => {
      const doc = corpus.data(corpus.layout.openapi, 'the report');
      if (!doc || !isObject(doc.value)) return 0;
      const { pathOperations, webhookOperations } = await import('../compat/openapi-operations.js');
      return pathOperations(doc.value).length + webhookOperations(doc.value).length;
    });
  }
  return { specDocuments, jsonSchemas, openapiOperations, rfcs };
}

function clip(s: string, max: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
