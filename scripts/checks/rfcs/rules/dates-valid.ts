import type { DateFormat } from '../../../core/preset/date-format.js';
import { dateFormat } from '../../../core/preset/date-format.js';
import type { Fix } from '../../../core/model/findings.js';
import type { ProcessProfile } from '../../../core/preset/process.js';
import { documentWords } from '../../../core/preset/process.js';
import type { Rule, RuleContext } from '../../../core/engine/rule.js';
import { fixOf } from '../../../core/engine/text-edits.js';
import { cellContent } from '../../../rfc/header-edits.js';
import type { HeaderRow, RfcDocument } from '../../../rfc/document.js';
import { headerField } from '../../../rfc/document.js';
import { flipReader } from '../../../rfc/history.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { eipFields, eipText, rfcText } from '../example-rfcs.js';
import { rangeInCell } from '../where.js';

/** The date format of a run's process, and the date an Updated value starts with. */
function datesOf(process: ProcessProfile): { fmt: DateFormat; leading: RegExp } {
  const fmt = dateFormat(process.dateFormat);
  return { fmt, leading: new RegExp(`^${fmt.source}(?!\\d)`) };
}

const FILE = 'RFCS/0007-sample.md';
const dated = (created: string, updated: string, body = '') => ({ [FILE]: rfcText('RFC 0007: Sample', [['RFC', '0007'], ['Created', created], ['Updated', updated]], body) });

export const datesValid: Rule = {
  id: 'rfcs/dates-valid',
  rfc: 'RFC 0001 §B',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  description: "Created (each of the process's `dateRows`) is a date in the process's format (YYYY-MM-DD unless configured); Updated starts with one, not before Created, and not older than a status flip the RFC records.",
  fixable: true,
  messages: {
    created: 'Created "{{value}}" is not a {{format}} calendar date',
    date: '{{row}} "{{value}}" is not a {{format}} calendar date',
    updatedStart: 'Updated "{{value}}" does not start with a {{format}} date',
    updatedNotDate: 'Updated starts with "{{lead}}", which is not a calendar date',
    beforeCreated: 'Updated {{updated}} is before Created {{created}}',
    olderThanFlip: 'Updated {{updated}} is older than the status flip {{flip}} on {{date}} that the {{document}} records (line {{line}}); Updated names the latest change',
  },
  examples: {
    valid: [
      { name: 'Created, then Updated with a note', files: dated('2026-03-01', '2026-03-05 — wording') },
      { name: 'Updated names the latest status flip', files: dated('2026-03-01', '2026-05-20', '## Status history\n\n- Draft → Active (2026-05-20)') },
      { name: "an EIP's date rows (the eip preset's dateRows: created, last-call-deadline)", preset: 'eip', files: { 'EIPS/eip-9.md': eipText(eipFields('9', { status: 'Last Call', 'last-call-deadline': '2026-04-01' })) } },
    ],
    invalid: [
      {
        name: 'an impossible date in another date row (the eip preset)',
        preset: 'eip',
        files: { 'EIPS/eip-9.md': eipText(eipFields('9', { 'last-call-deadline': '2026-02-30' })) },
        errors: [{ messageId: 'date', line: 10, column: 21, data: { row: 'last-call-deadline', value: '2026-02-30', format: 'YYYY-MM-DD' } }],
      },
      {
        name: 'a preamble date written loosely (fixed)',
        preset: 'eip',
        files: { 'EIPS/eip-9.md': eipText(eipFields('9', { created: '2026-3-1' })) },
        errors: [{ messageId: 'date', line: 9, column: 10, data: { row: 'created', value: '2026-3-1', format: 'YYYY-MM-DD' } }],
        output: { 'EIPS/eip-9.md': eipText(eipFields('9')) },
      },
      {
        name: 'an impossible Created date',
        files: dated('2026-02-30', '2026-03-05'),
        errors: [{ messageId: 'created', line: 6, column: 17, data: { value: '2026-02-30', format: 'YYYY-MM-DD' } }],
      },
      {
        name: 'a Created date written loosely, year first (fixed)',
        files: dated('2026-3-1', '2026-03-05'),
        errors: [{ messageId: 'created', line: 6, column: 17, data: { value: '2026-3-1', format: 'YYYY-MM-DD' } }],
        output: dated('2026-03-01', '2026-03-05'),
      },
      {
        name: 'an Updated row that does not start with a date',
        files: dated('2026-03-01', 'soon'),
        errors: [{ messageId: 'updatedStart', line: 7, column: 15, data: { value: 'soon', format: 'YYYY-MM-DD' } }],
      },
      {
        name: 'an Updated row whose date is written with slashes (fixed)',
        files: dated('2026-03-01', '2026/03/05 — wording'),
        errors: [{ messageId: 'updatedStart', line: 7, column: 15, data: { value: '2026/03/05 — wording', format: 'YYYY-MM-DD' } }],
        output: dated('2026-03-01', '2026-03-05 — wording'),
      },
      {
        name: 'an Updated row starting with a month 13',
        files: dated('2026-03-01', '2026-13-05'),
        errors: [{ messageId: 'updatedNotDate', line: 7, column: 17, data: { lead: '2026-13-05' } }],
      },
      {
        name: 'Updated before Created',
        files: dated('2026-03-01', '2026-02-20'),
        errors: [{ messageId: 'beforeCreated', line: 7, column: 17, data: { updated: '2026-02-20', created: '2026-03-01' } }],
      },
      {
        name: 'Updated older than the status flip the RFC records',
        files: dated('2026-03-01', '2026-04-01', '## Status history\n\n- Draft → Active (2026-05-20)'),
        errors: [{ messageId: 'olderThanFlip', line: 7, column: 17, data: { updated: '2026-04-01', flip: 'Draft → Active', date: '2026-05-20', line: 11, document: 'RFC' } }],
      },
    ],
  },
  async run(ctx) {
    const { fmt, leading } = datesOf(ctx.layout.process);
    const flips = flipReader(ctx.layout.process, fmt);
    const docs = await (await loadRfcSet(ctx.corpus)).all();
    const [createdRow = 'Created', ...otherDateRows] = ctx.layout.process.dateRows;
    // A row may have a format of its own (`process.dateFormats`); Created is compared by calendar value whatever its format.
    const formatOf = (row: HeaderRow) => {
      const own = Object.entries(ctx.layout.process.dateFormats).find(([name]) => name.toLowerCase() === row.field.toLowerCase())?.[1];
      return own === undefined ? fmt : dateFormat(own);
    };
    for (const doc of docs) {
      const created = headerField(doc, createdRow);
      const updated = headerField(doc, 'Updated');
      const others = otherDateRows.flatMap((f) => headerField(doc, f) ?? []);
      if (!created && !updated && others.length === 0) continue; // rfcs/header-table reports the missing rows
      ctx.visit();
      let createdIso: string | undefined;
      for (const row of [...(created ? [created] : []), ...others]) {
        const rowFmt = formatOf(row);
        const iso = rowFmt.iso(row.value);
        if (row === created) createdIso = iso;
        if (iso !== undefined) continue;
        ctx.report({
          at: { file: doc.file, range: rangeInCell(doc, row, row.value) },
          ...(row.field === 'Created' ? { messageId: 'created', data: { value: row.value, format: rowFmt.text } } : { messageId: 'date', data: { row: row.field, value: row.value, format: rowFmt.text } }),
          fix: padDate(ctx, doc, row, row.value, rowFmt),
        });
      }
      if (!updated) continue;
      const lead = leading.exec(updated.value)?.[0];
      if (!lead) {
        const loose = LOOSE_DATE.exec(updated.value)?.[0];
        ctx.report({
          at: { file: doc.file, range: updated.valueRange },
          messageId: 'updatedStart',
          data: { value: clip(updated.value), format: fmt.text },
          fix: loose ? padDate(ctx, doc, updated, loose, fmt) : undefined,
        });
        continue;
      }
      const leadIso = fmt.iso(lead);
      if (leadIso === undefined) {
        ctx.report({ at: { file: doc.file, range: rangeInCell(doc, updated, lead) }, messageId: 'updatedNotDate', data: { lead } });
        continue;
      }
      if (createdIso && leadIso < createdIso) {
        ctx.report({ at: { file: doc.file, range: rangeInCell(doc, updated, lead) }, messageId: 'beforeCreated', data: { updated: lead, created: created!.value } });
        continue;
      }
      const newest = latestDate(updated.value, fmt) ?? { written: lead, iso: leadIso };
      const flip = flips(() => ctx.corpus.text(doc.file), doc);
      if (flip && flip.iso > newest.iso) {
        ctx.report({
          at: { file: doc.file, range: rangeInCell(doc, updated, newest.written) },
          messageId: 'olderThanFlip',
          data: { updated: newest.written, flip: flip.what, date: flip.date, line: flip.line, document: documentWords(ctx.layout.process).document },
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
  messages: {
    order: 'Updated starts with {{lead}} but lists a later change ({{later}}) after it; the latest change comes first',
  },
  examples: {
    valid: [{ name: 'the latest change first', files: dated('2026-03-01', '2026-03-05 — wording · 2026-03-02 — first review') }],
    invalid: [
      {
        name: 'an older change first (fixed: the entries sorted, latest first)',
        files: dated('2026-03-01', '2026-03-02 — first review · 2026-03-05 — wording'),
        errors: [{ messageId: 'order', line: 7, column: 17, data: { lead: '2026-03-02', later: '2026-03-05' } }],
        output: dated('2026-03-01', '2026-03-05 — wording · 2026-03-02 — first review'),
      },
      {
        name: 'an older change first, before an "Earlier:" tail (no fix: the order of the tail is not certain)',
        files: dated('2026-03-01', '2026-03-02 · 2026-03-05 · Earlier: 2026-03-01'),
        errors: [{ messageId: 'order', line: 7, column: 17, data: { lead: '2026-03-02', later: '2026-03-05' } }],
      },
    ],
  },
  async run(ctx) {
    const { fmt, leading } = datesOf(ctx.layout.process);
    const entry = new RegExp(`(?:^|·\\s*|Earlier:\\s*)(${fmt.source})(?!\\d)`, 'g');
    for (const doc of await (await loadRfcSet(ctx.corpus)).all()) {
      const updated = headerField(doc, 'Updated');
      const lead = updated && leading.exec(updated.value)?.[0];
      const leadIso = lead ? fmt.iso(lead) : undefined;
      if (!updated || !lead || leadIso === undefined) continue; // rfcs/dates-valid reports those
      ctx.visit();
      // Entries separated by " · " (or "Earlier: …") each start with their date.
      const entryDates = [...updated.value.matchAll(entry)].map((m) => m[1]!);
      const later = entryDates.find((d) => (fmt.iso(d) ?? '') > leadIso);
      if (!later) continue;
      ctx.report({
        at: { file: doc.file, range: rangeInCell(doc, updated, lead) },
        messageId: 'order',
        data: { lead, later },
        fix: newestFirst(ctx, doc, updated, fmt),
      });
    }
  },
};

/** The latest calendar date an Updated value names, as written and as `YYYY-MM-DD`. */
function latestDate(value: string, fmt: DateFormat): { written: string; iso: string } | undefined {
  let best: { written: string; iso: string } | undefined;
  for (const m of value.matchAll(new RegExp(`${fmt.source}(?!\\d)`, 'g'))) {
    const iso = fmt.iso(m[0]);
    if (iso !== undefined && (!best || iso > best.iso)) best = { written: m[0], iso };
  }
  return best;
}

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/** Year first, month and day of one or two digits, `-`, `/` or `.` between: `2026-9-3`, `2026/09/03`. */
const LOOSE_DATE = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)/;

/**
 * A date written year first but loosely (`2026-9-3`, `2026/09/03`) rewritten in the process's
 * format (`2026-09-03`). Only year-first forms: `03/09/2026` could be either day or month first,
 * so it gets no fix.
 */
function padDate(ctx: RuleContext, doc: RfcDocument, row: HeaderRow, written: string, fmt: DateFormat): Fix | undefined {
  const m = LOOSE_DATE.exec(written);
  if (!m || m[0] !== written.slice(0, m[0].length)) return undefined;
  const date = fmt.write(Number(m[1]), Number(m[3]), Number(m[4]));
  if (fmt.iso(date) === undefined || date === m[0]) return undefined;
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
function newestFirst(ctx: RuleContext, doc: RfcDocument, row: HeaderRow, fmt: DateFormat): Fix | undefined {
  const text = ctx.corpus.text(doc.file);
  const cell = text === undefined ? undefined : cellContent(text, row);
  if (!cell || /Earlier:/.test(cell.source)) return undefined;
  const entries = cell.source.split(' · ');
  const leading = new RegExp(`^${fmt.source}(?!\\d)`);
  const dates = entries.map((e) => {
    const written = leading.exec(e)?.[0];
    return written === undefined ? undefined : fmt.iso(written);
  });
  if (entries.length < 2 || !dates.every((d) => d !== undefined) || new Set(dates).size !== dates.length) return undefined;
  const sorted = entries.map((e, i) => ({ e, d: dates[i]! })).sort((a, b) => (a.d < b.d ? 1 : -1));
  return fixOf({ file: doc.file, start: cell.start, end: cell.end, text: sorted.map((x) => x.e).join(' · ') });
}
