import type { Fix } from '../../../core/findings.js';
import type { Rule, RuleContext } from '../../../core/rule.js';
import { fixOf } from '../../../core/text-edits.js';
import { cellContent } from '../../../rfc/header-edits.js';
import type { HeaderRow, RfcDocument } from '../../../rfc/document.js';
import { headerField } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { rangeInCell } from '../where.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. */
function isCalendarDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

export const datesValid: Rule = {
  id: 'rfcs/dates-valid',
  rfc: 'RFC 0001 §B',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  description: 'Created is a YYYY-MM-DD date; Updated starts with one, not before Created.',
  fixable: true,
  async run(ctx) {
    const docs = await (await loadRfcSet(ctx.corpus)).all();
    for (const doc of docs) {
      const created = headerField(doc, 'Created');
      const updated = headerField(doc, 'Updated');
      if (!created && !updated) continue; // rfcs/header-table reports the missing rows
      ctx.visit();
      let createdDate: string | undefined;
      if (created) {
        if (isCalendarDate(created.value)) createdDate = created.value;
        else {
          ctx.report({
            at: { file: doc.file, range: rangeInCell(doc, created, created.value) },
            message: `Created "${created.value}" is not a YYYY-MM-DD calendar date`,
            fix: padDate(ctx, doc, created, created.value),
          });
        }
      }
      if (!updated) continue;
      const lead = /^\d{4}-\d{2}-\d{2}(?!\d)/.exec(updated.value)?.[0];
      if (!lead) {
        const loose = LOOSE_DATE.exec(updated.value)?.[0];
        ctx.report({
          at: { file: doc.file, range: updated.valueRange },
          message: `Updated "${clip(updated.value)}" does not start with a YYYY-MM-DD date`,
          fix: loose ? padDate(ctx, doc, updated, loose) : undefined,
        });
        continue;
      }
      if (!isCalendarDate(lead)) {
        ctx.report({ at: { file: doc.file, range: rangeInCell(doc, updated, lead) }, message: `Updated starts with "${lead}", which is not a calendar date` });
        continue;
      }
      if (createdDate && lead < createdDate) {
        ctx.report({ at: { file: doc.file, range: rangeInCell(doc, updated, lead) }, message: `Updated ${lead} is before Created ${createdDate}` });
        continue;
      }
      const newest = [...updated.value.matchAll(/\d{4}-\d{2}-\d{2}(?!\d)/g)].map((m) => m[0]).filter(isCalendarDate).sort().at(-1) ?? lead;
      const flip = latestFlip(ctx.corpus.text(doc.file), doc);
      if (flip && flip.date > newest) {
        ctx.report({
          at: { file: doc.file, range: rangeInCell(doc, updated, newest) },
          message: `Updated ${newest} is older than the status flip ${flip.what} on ${flip.date} that the RFC records (line ${flip.line}); Updated names the latest change`,
          related: [{ file: doc.file, line: flip.line, column: 1, endLine: flip.line, endColumn: 1, message: `${flip.what} (${flip.date})` }],
        });
      }
    }
  },
};

/**
 * This project's convention, not upstream's: openwop's template has one `YYYY-MM-DD` in Updated
 * and its RFCs append history in either order.
 */
export const updatedNewestFirst: Rule = {
  id: 'rfcs/updated-newest-first',
  rfc: 'RFC 0001 §B',
  description: 'The changes listed in Updated (separated by " · " or "Earlier:") run newest first.',
  defaultSeverity: 'warning',
  rfcProcess: 'specgate',
  fixable: true,
  async run(ctx) {
    for (const doc of await (await loadRfcSet(ctx.corpus)).all()) {
      const updated = headerField(doc, 'Updated');
      const lead = updated && /^\d{4}-\d{2}-\d{2}(?!\d)/.exec(updated.value)?.[0];
      if (!updated || !lead || !isCalendarDate(lead)) continue; // rfcs/dates-valid reports those
      ctx.visit();
      // Entries separated by " · " (or "Earlier: …") each start with their date.
      const entryDates = [...updated.value.matchAll(/(?:^|·\s*|Earlier:\s*)(\d{4}-\d{2}-\d{2})(?!\d)/g)].map((m) => m[1]!);
      const later = entryDates.find((d) => isCalendarDate(d) && d > lead);
      if (!later) continue;
      ctx.report({
        at: { file: doc.file, range: rangeInCell(doc, updated, lead) },
        message: `Updated starts with ${lead} but lists a later change (${later}) after it; the latest change comes first`,
        fix: newestFirst(ctx, doc, updated),
      });
    }
  },
};

/** `Draft → Active (2026-05-20)`, `` `Active` -> `Accepted` 2026-08-12 ``: a flip and its date on one line. */
const FLIP = /`?\b(Draft|Active|Accepted)`?\s*(?:→|->)\s*`?(Active|Accepted|Withdrawn|Superseded|Rejected)\b`?[^\n]{0,40}?(\d{4}-\d{2}-\d{2})(?!\d)|(\d{4}-\d{2}-\d{2})(?!\d)[^\n]{0,12}?`?\b(Draft|Active|Accepted)`?\s*(?:→|->)\s*`?(Active|Accepted|Withdrawn|Superseded|Rejected)\b/;

/** The latest status flip an RFC records with its date: in a heading (`### Active → Accepted (2026-05-21)`) or a line of its Status history. */
function latestFlip(text: string | undefined, doc: RfcDocument): { what: string; date: string; line: number } | undefined {
  let best: { what: string; date: string; line: number } | undefined;
  const consider = (line: string, lineNo: number) => {
    const m = FLIP.exec(line);
    if (!m) return;
    const date = m[3] ?? m[4]!;
    const what = m[1] ? `${m[1]} → ${m[2]}` : `${m[5]} → ${m[6]}`;
    if (isCalendarDate(date) && (!best || date > best.date)) best = { what, date, line: lineNo };
  };
  for (const s of doc.sections) if (s.kind === 'heading') consider(s.title, s.range.line);
  if (text !== undefined) {
    for (const s of doc.sections.filter((x) => x.kind === 'heading' && /^status history\b/i.test(x.title))) {
      const first = s.range.line;
      text.slice(s.start, s.end).split('\n').forEach((line, i) => consider(line, first + i));
    }
  }
  return best;
}

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/** Year first, month and day of one or two digits, `-`, `/` or `.` between: `2026-9-3`, `2026/09/03`. */
const LOOSE_DATE = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)/;

/**
 * A date written year first but loosely (`2026-9-3`, `2026/09/03`) rewritten `2026-09-03`. Only
 * year-first forms: `03/09/2026` could be either day or month first, so it gets no fix.
 */
function padDate(ctx: RuleContext, doc: RfcDocument, row: HeaderRow, written: string): Fix | undefined {
  const m = LOOSE_DATE.exec(written);
  if (!m || m[0] !== written.slice(0, m[0].length)) return undefined;
  const date = `${m[1]}-${m[3]!.padStart(2, '0')}-${m[4]!.padStart(2, '0')}`;
  if (!isCalendarDate(date)) return undefined;
  const text = ctx.corpus.text(doc.file);
  const cell = text === undefined ? undefined : cellContent(text, row);
  const at = cell ? cell.source.indexOf(m[0]) : -1;
  if (!cell || at < 0) return undefined;
  return fixOf({ file: doc.file, start: cell.start + at, end: cell.start + at + m[0].length, text: date });
}

/**
 * Updated entries put latest first, when the order is certain: every \` · \`-separated entry starts
 * with a calendar date and no two share one. A value with an "Earlier:" tail, an entry without a
 * leading date, or a repeated date gets no fix.
 */
function newestFirst(ctx: RuleContext, doc: RfcDocument, row: HeaderRow): Fix | undefined {
  const text = ctx.corpus.text(doc.file);
  const cell = text === undefined ? undefined : cellContent(text, row);
  if (!cell || /Earlier:/.test(cell.source)) return undefined;
  const entries = cell.source.split(' · ');
  const dates = entries.map((e) => /^(\d{4}-\d{2}-\d{2})(?!\d)/.exec(e)?.[1]);
  if (entries.length < 2 || !dates.every((d) => d !== undefined && isCalendarDate(d)) || new Set(dates).size !== dates.length) return undefined;
  const sorted = entries.map((e, i) => ({ e, d: dates[i]! })).sort((a, b) => (a.d < b.d ? 1 : -1));
  return fixOf({ file: doc.file, start: cell.start, end: cell.end, text: sorted.map((x) => x.e).join(' · ') });
}
