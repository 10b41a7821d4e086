import { printable } from '../core/base/printable.js';
import type { ReportModel } from './model.js';
import { SECTION_TITLES } from './sections.js';

/** Widest cell of free text (a title, a question) before it ends in "…". */
const TEXT_WIDTH = 70;

/** The report for a terminal: a table per section, columns two spaces apart, corpus text made printable. */
export function renderTerminal(model: ReportModel): string {
  const out: string[] = [];
  const clip = (s: string) => {
    const p = printable(s);
    return p.length > TEXT_WIDTH ? `${p.slice(0, TEXT_WIDTH - 1)}…` : p;
  };
  const table = (head: string[], rows: string[][]) => {
    const all = [head, ...rows];
    const widths = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
    for (const r of all) out.push(r.map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i]!) : c)).join('  ').trimEnd());
  };
  const section = (title: string) => out.push('', title.toUpperCase());

  section(SECTION_TITLES.counts);
  table(['WHAT', 'COUNT'], [
    ['spec documents', String(model.counts.specDocuments)],
    ['JSON Schemas', String(model.counts.jsonSchemas)],
    ['OpenAPI operations', String(model.counts.openapiOperations)],
    ['RFCs', String(model.counts.rfcs)],
  ]);
  section(SECTION_TITLES.statuses);
  table(['STATUS', 'RFCS'], model.statuses.map((s) => [printable(s.status), String(s.count)]));
  section(SECTION_TITLES.rfcs);
  table(['RFC', 'STATUS', 'LAST CHANGE', 'TITLE'], model.rfcs.map((r) => [printable(r.number || r.file), printable(r.status), r.lastChange ? `${printable(r.lastChange.what)} ${r.lastChange.date}` : '', clip(r.title)]));
  section(SECTION_TITLES['open-questions']);
  if (model.openQuestions.length === 0) out.push('none');
  else table(['RFC', 'STATUS', 'WHERE', 'QUESTION'], model.openQuestions.map((q) => [printable(q.rfc), printable(q.status), `${printable(q.file)}:${q.line}`, clip(q.text)]));
  section(SECTION_TITLES.acceptance);
  const a = model.acceptance;
  table(['BUCKET', 'RFCS', 'WHICH'], [
    ['all ticked', String(a.allTicked.length), a.allTicked.join(' ')],
    ['some ticked', String(a.some.length), a.some.join(' ')],
    ['none ticked', String(a.none.length), a.none.join(' ')],
    ['no boxes', String(a.noBoxes.length), a.noBoxes.join(' ')],
  ].map((r) => r.map((c) => printable(c))));
  if (model.errataPending) {
    section(SECTION_TITLES.errata);
    if (model.errataPending.length === 0) out.push('none');
    else table(['RFC', 'ITEM', 'AT', 'TARGET'], model.errataPending.map((e) => [printable(e.rfc), String(e.index), printable(e.at), clip(e.target)]));
  }
  section(SECTION_TITLES.invariants);
  const inv = model.rfcs.filter((r) => r.invariants.length);
  if (inv.length === 0) out.push('none');
  else table(['RFC', 'COUNT', 'IDS'], inv.map((r) => [printable(r.number), String(r.invariants.length), clip(r.invariants.join(' '))]));
  section(SECTION_TITLES.citations);
  const cited = model.rfcs.filter((r) => r.citesOut.length || r.citedBy.length);
  table(['RFC', 'OUT', 'IN', 'CITED BY'], cited.map((r) => [printable(r.number), String(r.citesOutCount ?? r.citesOut.length), String(r.citedByCount ?? r.citedBy.length), clip(r.citedBy.join(' '))]));
  for (const m of model.citations.missingSections) out.push(`missing section: ${printable(m.file)}:${m.line} ${printable(m.citation)} (${printable(m.target)} has no such section)`);
  for (const u of model.citations.unknownRfcs) out.push(`not in the folder: RFC ${printable(u.rfc)} (cited by ${printable(u.citedBy.join(' '))})`);
  return out.slice(1).join('\n') + '\n';
}
