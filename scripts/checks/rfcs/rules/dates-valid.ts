import type { Rule } from '../../../core/rule.js';
import { headerField } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { rangeInCell } from '../where.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

export const datesValid: Rule = {
  id: 'rfcs/dates-valid',
  rfc: 'RFC 0001 §B',
  description: 'Created is a YYYY-MM-DD date; Updated starts with one, not before Created.',
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
        else ctx.report({ at: { file: doc.file, range: rangeInCell(doc, created, created.value) }, message: `Created "${created.value}" is not a YYYY-MM-DD calendar date` });
      }
      if (!updated) continue;
      const lead = /^\d{4}-\d{2}-\d{2}(?!\d)/.exec(updated.value)?.[0];
      if (!lead) {
        ctx.report({ at: { file: doc.file, range: updated.valueRange }, message: `Updated "${clip(updated.value)}" does not start with a YYYY-MM-DD date` });
        continue;
      }
      if (!isCalendarDate(lead)) {
        ctx.report({ at: { file: doc.file, range: rangeInCell(doc, updated, lead) }, message: `Updated starts with "${lead}", which is not a calendar date` });
        continue;
      }
      if (createdDate && lead < createdDate) {
        ctx.report({ at: { file: doc.file, range: rangeInCell(doc, updated, lead) }, message: `Updated ${lead} is before Created ${createdDate}` });
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
  presets: ['specgate'],
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
      ctx.report({ at: { file: doc.file, range: rangeInCell(doc, updated, lead) }, message: `Updated starts with ${lead} but lists a later change (${later}) after it; the latest change comes first` });
    }
  },
};

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}
