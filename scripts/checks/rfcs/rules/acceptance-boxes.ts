import type { Rule } from '../../../core/rule.js';
import type { RfcDocument, TaskItem } from '../../../rfc/document.js';
import { headerField, rfcStatus } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';

/** This project's convention: an unticked box of an Accepted RFC says `reason:` or `deferred:`. */
const EXCUSED = /\b(?:reason|deferred):/i;
/**
 * Upstream writes an unticked box's outcome in words on the item: "(Carried, and externally
 * gated …)", "**Follow-up (additive, non-blocking):**", "deferred to RFC 0061", "waived".
 */
const OUTCOME = /(?<!\b(?:may|can|could)\s+be\s+|\bor\s+)\b(?:waived|waiver\s+(?:recorded|granted|applies)|deferred|defers\s+to|carried|carry-?over|(?<!\b(?:in|by|with)\s+an?\s+)follow-?up|non-blocking|out\s+of\s+scope|not\s+applicable|n\/a|descoped|dropped|superseded\s+by|moved\s+to|tracked\s+(?:in|by))\b/i;
/** A sentence of the Status/Updated history that records an outcome for the acceptance boxes as a whole. */
const HISTORY_OUTCOME = /\b(?:waived|waiver|deferred|carried)\b[^.]*\b(?:criteri(?:on|a)|boxes|checklist)\b|\b(?:criteri(?:on|a)|boxes|checklist)\b[^.]*\b(?:waived|deferred|carried)\b/i;
/** A box about the comment window is settled by a history sentence saying that window was waived. */
const COMMENT_WINDOW = /comment[- ]window/i;
const WINDOW_WAIVED = /comment[- ]window[^.]*\bwaiv|\bwaiv[^.]*comment[- ]window/i;
/** Sections where upstream keeps an RFC's history. */
const HISTORY_SECTION = /^(?:status history|amendment record|amendments|history|changelog)\b/i;

/**
 * Upstream's RFC 0001 §3: maintainers flip `Accepted` "when acceptance criteria met". An Accepted
 * RFC whose checklist still has an unticked box either is not done or does not say what became of
 * the box. A ticked box in a Draft is fine (work may land before the flip).
 */
export const acceptanceBoxes: Rule = {
  id: 'rfcs/acceptance-boxes',
  rfc: 'RFC 0001 §G',
  rfcByPreset: { openwop: 'RFC 0001 §3 (Accepted: acceptance criteria met), template' },
  description:
    'An Accepted RFC has no unticked acceptance-criteria box unless its outcome is recorded: under `specgate` the item gives `reason:` or `deferred:`; under `openwop` (a warning) a note on the item, or the Status/Updated history, says it was waived, deferred or carried.',
  async run(ctx) {
    const upstream = ctx.corpus.layout.preset !== 'specgate';
    const docs = await (await loadRfcSet(ctx.corpus)).all();
    for (const doc of docs) {
      ctx.visit();
      if (rfcStatus(doc)?.value !== ctx.layout.process.statuses.accepted) continue;
      // A box under a sub-heading of the acceptance criteria is one of them too.
      const open = doc.taskItems.filter((item) => !item.checked && (item.sectionTitles ?? [item.sectionTitle ?? '']).some((t) => /^acceptance\b/i.test(t)));
      if (open.length === 0) continue;
      const history = upstream ? historyOf(ctx.corpus.text(doc.file), doc) : [];
      if (history.some((sentence) => HISTORY_OUTCOME.test(sentence) && !COMMENT_WINDOW.test(sentence))) continue;
      for (const item of open) {
        if (upstream ? OUTCOME.test(item.text) || (COMMENT_WINDOW.test(item.text) && history.some((h) => WINDOW_WAIVED.test(h))) : EXCUSED.test(item.text)) continue;
        ctx.report({
          at: { file: doc.file, range: { line: item.range.line, column: item.range.column, endLine: item.range.line, endColumn: item.range.column + 5 } },
          ...(upstream ? { severity: 'warning' as const } : {}),
          message: upstream
            ? `${ctx.layout.process.statuses.accepted} RFC has an unticked acceptance box with no recorded outcome: "${clip(item)}" (tick it, or say on the item or in the Status/Updated history that it was waived, deferred or carried)`
            : `${ctx.layout.process.statuses.accepted} RFC has an unticked acceptance box without "reason:" or "deferred:": "${clip(item)}"`,
        });
      }
    }
  },
};

function clip(item: TaskItem): string {
  return item.text.length > 70 ? `${item.text.slice(0, 67)}…` : item.text;
}

/** The sentences of the Status and Updated rows and of the history sections (Status history, Amendment record). */
function historyOf(text: string | undefined, doc: RfcDocument): string[] {
  const rows = ['Status', 'Updated'].map((f) => headerField(doc, f)?.value ?? '');
  const sections = text === undefined ? [] : doc.sections.filter((s) => s.kind === 'heading' && HISTORY_SECTION.test(s.title)).map((s) => text.slice(s.start, s.end));
  return [...rows, ...sections].flatMap((t) => t.split(/(?<=\.)\s+/));
}
