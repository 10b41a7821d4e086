import path from 'node:path';
import type { ReportModel } from './model.js';
import type { ReportSection } from './sections.js';
import { REPORT_SECTIONS, SECTION_TITLES } from './sections.js';
import { markdownText } from '../core/base/printable.js';

/** A repository-relative link (from `base`, the folder of the document holding it) to `file`. */
function link(text: string, file: string, base: string): string {
  const target = path.posix.relative(base || '.', file).split('/').map((p) => (p === '..' ? p : encodeURIComponent(p))).join('/');
  return `[${markdownText(text)}](${target})`;
}

export interface MarkdownOptions {
  sections?: readonly ReportSection[];
  /** The folder of the file the markdown is written to (links are relative to it); '' for the root. */
  base?: string;
  /** The heading depth of the sections (2: `##`). */
  depth?: number;
}

/** The report as Markdown: one heading per section, tables of rows. The same text is a status document's body. */
export function renderMarkdown(model: ReportModel, opts: MarkdownOptions = {}): string {
  const sections = opts.sections ?? REPORT_SECTIONS;
  const base = opts.base ?? '';
  const h = '#'.repeat(opts.depth ?? 2);
  const out: string[] = [];
  const table = (head: string[], rows: string[][]) => {
    out.push(`| ${head.join(' | ')} |`, `|${head.map(() => ' --- |').join('')}`);
    for (const r of rows) out.push(`| ${r.join(' | ')} |`);
  };
  const rfcLink = (n: string) => {
    const row = model.rfcs.find((r) => r.number === n);
    return row ? link(`RFC ${n}`, row.file, base) : `RFC ${markdownText(n)}`;
  };
  for (const s of REPORT_SECTIONS) {
    if (!sections.includes(s)) continue;
    if (s === 'errata' && !model.errataPending) continue;
    out.push(`${h} ${SECTION_TITLES[s]}`, '');
    switch (s) {
      case 'counts':
        table(['what', 'count'], [
          ['Spec documents', String(model.counts.specDocuments)],
          ['JSON Schemas', String(model.counts.jsonSchemas)],
          ['OpenAPI operations', String(model.counts.openapiOperations)],
          ['RFCs', String(model.counts.rfcs)],
        ]);
        break;
      case 'statuses':
        table(['status', 'RFCs'], model.statuses.map((c) => [markdownText(c.status), String(c.count)]));
        break;
      case 'rfcs':
        table(['RFC', 'title', 'status', 'last status change'], model.rfcs.map((r) => [link(r.number || r.file, r.file, base), markdownText(r.title), markdownText(r.status), r.lastChange ? `${markdownText(r.lastChange.what)} (${r.lastChange.date})` : '']));
        break;
      case 'open-questions':
        if (model.openQuestions.length === 0) out.push('None.');
        else table(['RFC', 'status', 'question'], model.openQuestions.map((q) => [link(`RFC ${q.rfc}${q.number !== undefined ? ` Q${q.number}` : ''}`, q.file, base), markdownText(q.status), markdownText(q.text)]));
        break;
      case 'acceptance': {
        const a = model.acceptance;
        table(['bucket', 'RFCs', 'which'], [
          ['all ticked', String(a.allTicked.length), a.allTicked.map(rfcLink).join(', ')],
          ['some ticked', String(a.some.length), a.some.map(rfcLink).join(', ')],
          ['none ticked', String(a.none.length), a.none.map(rfcLink).join(', ')],
          ['no boxes', String(a.noBoxes.length), a.noBoxes.map(rfcLink).join(', ')],
        ]);
        break;
      }
      case 'errata':
        if (model.errataPending!.length === 0) out.push('None.');
        else table(['RFC', 'item', 'target', 'why'], model.errataPending!.map((e) => [rfcLink(e.rfc), String(e.index), markdownText(e.target), markdownText(e.detail)]));
        break;
      case 'invariants': {
        const rows = model.rfcs.filter((r) => r.invariants.length);
        if (rows.length === 0) out.push('None.');
        else table(['RFC', 'invariants', 'ids'], rows.map((r) => [rfcLink(r.number), String(r.invariants.length), r.invariants.map(markdownText).join(', ')]));
        break;
      }
      case 'citations': {
        const rows = model.rfcs.filter((r) => r.citesOut.length || r.citedBy.length);
        // A list the report cut (its count present) says how many it has.
        const more = (list: readonly string[], count: number | undefined) => list.map(markdownText).join(', ') + (count === undefined ? '' : `, … (${count} in all)`);
        table(['RFC', 'cites', 'cited by'], rows.map((r) => [rfcLink(r.number), more(r.citesOut, r.citesOutCount), more(r.citedBy, r.citedByCount)]));
        const g = model.citations;
        if (g.missingSections.length) {
          out.push('', 'Cited sections the cited RFC does not have:', '');
          for (const m of g.missingSections) out.push(`- ${link(`${m.file}:${m.line}`, m.file, base)}: ${markdownText(m.citation)}`);
          if (g.missingSectionCount !== undefined) out.push(`- … ${g.missingSectionCount - g.missingSections.length} more`);
        }
        if (g.unknownRfcs.length) out.push('', `RFCs cited but not in the folder: ${g.unknownRfcs.map((u) => `${markdownText(u.rfc)} (by ${more(u.citedBy, u.citedByCount)})`).join('; ')}.`);
        break;
      }
    }
    out.push('');
  }
  return out.join('\n');
}
