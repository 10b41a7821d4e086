import type { DateFormat } from '../core/preset/date-format.js';
import type { ProcessProfile } from '../core/preset/process.js';
import type { RfcDocument } from './document.js';
import { headerField, rfcStatus } from './document.js';

/** Sections where upstream keeps an RFC's history ("Status history", "Amendment record"). */
const HISTORY_SECTION = /^(?:status history|amendment record|amendments|history|changelog)\b/i;

/**
 * The sentences of an RFC's recorded history: its Status and Updated rows and its history
 * sections. Where a maintainer records what became of the RFC's open parts as a whole ("the four
 * unresolved questions remain open", "the remaining criteria were deferred").
 */
export function historySentences(text: string | undefined, doc: RfcDocument): string[] {
  const rows = ['Status', 'Updated'].map((f) => headerField(doc, f)?.value ?? '');
  const sections = text === undefined ? [] : doc.sections.filter((s) => s.kind === 'heading' && HISTORY_SECTION.test(s.title)).map((s) => text.slice(s.start, s.end));
  return [...rows, ...sections].flatMap((t) => t.split(/(?<=\.)\s+/));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface Flip {
  what: string;
  /** The date as written, and as `YYYY-MM-DD` to compare. */
  date: string;
  iso: string;
  line: number;
}

/**
 * The latest status flip an RFC records with its date: in a heading (`### Active → Accepted
 * (2026-05-21)`) or a line of its status history section. A flip reads `Draft → Active (2026-05-20)`
 * or `` 2026-08-12 `Active` -> `Accepted` ``, with the process's status names and date format.
 */
export function flipReader(process: ProcessProfile, fmt: DateFormat, rows: readonly string[] = []): (textOf: () => string | undefined, doc: RfcDocument) => Flip | undefined {
  // A role the process lacks names nothing; with no name at all the group matches nothing (`(?!)`).
  const names = (roles: ReadonlyArray<keyof ProcessProfile['statuses']>) => roles.flatMap((r) => (process.statuses[r] === undefined ? [] : [escapeRe(process.statuses[r]!)])).join('|') || '(?!)';
  const from = `\`?\\b(${names(['draft', 'active', 'accepted'])})\`?\\s*(?:→|->)\\s*\`?(${names(['active', 'accepted', 'withdrawn', 'superseded', 'rejected'])})\\b`;
  const date = `(${fmt.source})(?!\\d)`;
  const FLIP = new RegExp(`${from}\`?[^\\n]{0,40}?${date}|${date}[^\\n]{0,12}?${from}`);
  const history = new RegExp(`^${escapeRe(process.sections.statusHistory)}(?!\\w)`, 'i');
  // The text is asked for only when the RFC has a status-history section (a kept reading is otherwise used undecoded).
  return (textOf, doc) => {
    let best: Flip | undefined;
    const status = rfcStatus(doc)?.value;
    const consider = (line: string, lineNo: number) => {
      // Every flip has its arrow: most headings and lines have none, and the expression is not cheap to fail.
      if (!line.includes('→') && !line.includes('->')) return;
      const m = FLIP.exec(line);
      if (!m) return;
      const date = m[3] ?? m[4]!;
      const what = m[1] ? `${m[1]} → ${m[2]}` : `${m[5]} → ${m[6]}`;
      const iso = fmt.iso(date);
      // Two flips on one day (Draft → Active and Active → Accepted): the one to the status the RFC has now.
      const toNow = (w: string) => status !== undefined && w.endsWith(`→ ${status}`);
      if (iso !== undefined && (!best || iso > best.iso || (iso === best.iso && toNow(what) && !toNow(best.what)))) best = { what, date, iso, line: lineNo };
    };
    for (const s of doc.sections) if (s.kind === 'heading') consider(s.title, s.range.line);
    // Header rows that record the flip in words (upstream's Updated: `2026-05-11 (Active → Accepted: …)`), when asked.
    for (const field of rows) {
      const row = headerField(doc, field);
      if (row) consider(row.value, row.range.line);
    }
    const histories = doc.sections.filter((x) => x.kind === 'heading' && history.test(x.title));
    const text = histories.length > 0 ? textOf() : undefined;
    if (text !== undefined) {
      for (const s of histories) {
        const first = s.range.line;
        text.slice(s.start, s.end).split('\n').forEach((line, i) => consider(line, first + i));
      }
    }
    return best;
  };
}
