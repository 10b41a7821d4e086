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
const OUTCOME = /\b(?:waived|waiver\s+(?:recorded|granted|applies)|deferred|defers\s+to|carried|carry-?over|follow-?up|non-blocking|out\s+of\s+scope|not\s+applicable|n\/a|descoped|dropped|superseded\s+by|moved\s+to|tracked\s+(?:in|by))\b/i;
/** A sentence of the Status/Updated history that records an outcome for the acceptance boxes as a whole. */
const HISTORY_OUTCOME = /\b(?:waived|waiver|deferred|carried)\b[^.]*\b(?:criteri(?:on|a)|boxes|checklist)\b|\b(?:criteri(?:on|a)|boxes|checklist)\b[^.]*\b(?:waived|deferred|carried)\b/i;
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
      if (rfcStatus(doc)?.value !== 'Accepted') continue;
      const open = doc.taskItems.filter((item) => !item.checked && /^acceptance\b/i.test(item.sectionTitle ?? ''));
      if (open.length === 0) continue;
      if (upstream && historyRecordsOutcome(ctx.corpus.text(doc.file), doc)) continue;
      for (const item of open) {
        if (upstream ? OUTCOME.test(item.text) : EXCUSED.test(item.text)) continue;
        ctx.report({
          at: { file: doc.file, range: { line: item.range.line, column: item.range.column, endLine: item.range.line, endColumn: item.range.column + 5 } },
          ...(upstream ? { severity: 'warning' as const } : {}),
          message: upstream
            ? `Accepted RFC has an unticked acceptance box and records no outcome for it (tick it, or note on the item or in the Status/Updated history that it was waived, deferred or carried): "${clip(item)}"`
            : `Accepted RFC has an unticked acceptance box without "reason:" or "deferred:": "${clip(item)}"`,
        });
      }
    }
  },
};

function clip(item: TaskItem): string {
  return item.text.length > 70 ? `${item.text.slice(0, 67)}…` : item.text;
}

/** Whether the Status or Updated row, or a history section, records an outcome for the boxes. */
function historyRecordsOutcome(text: string | undefined, doc: RfcDocument): boolean {
  const rows = ['Status', 'Updated'].map((f) => headerField(doc, f)?.value ?? '');
  const sections = text === undefined ? [] : doc.sections.filter((s) => s.kind === 'heading' && HISTORY_SECTION.test(s.title)).map((s) => text.slice(s.start, s.end));
  return [...rows, ...sections].some((t) => t.split(/(?<=\.)\s+/).some((sentence) => HISTORY_OUTCOME.test(sentence) && !/comment window/i.test(sentence)));
}
