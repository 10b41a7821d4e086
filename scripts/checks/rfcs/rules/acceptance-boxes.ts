import { documentWords } from '../../../core/preset/process.js';
import type { Rule } from '../../../core/engine/rule.js';
import type { TaskItem } from '../../../rfc/document.js';
import { rfcStatus } from '../../../rfc/document.js';
import { historySentences } from '../../../rfc/history.js';
import { namedBy } from '../../../rfc/resolve.js';
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

/** An RFC as the examples write it: the header's Status and an `## Acceptance criteria` task list. */
const rfcWith = (status: string, boxes: string) => ({
  'RFCS/0007-example.md': `# RFC 0007: Example\n\n| Field | Value |\n| --- | --- |\n| **Status** | \`${status}\` |\n\n## Acceptance criteria\n\n${boxes}\n`,
});

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
  messages: {
    noReason: '{{accepted}} {{document}} has an unticked acceptance box without "reason:" or "deferred:": "{{item}}"',
    noOutcome: '{{accepted}} {{document}} has an unticked acceptance box with no recorded outcome: "{{item}}" (tick it, or say on the item or in the Status/Updated history that it was waived, deferred or carried)',
  },
  examples: {
    valid: [
      { name: 'an Accepted RFC whose open box says why', files: rfcWith('Accepted', '- [x] Spec text merged.\n- [ ] A second host passes. — deferred: no second host yet, tracked as gap G2.') },
      { name: 'a Draft may leave boxes open', files: rfcWith('Draft', '- [ ] Spec text merged.') },
    ],
    invalid: [
      {
        name: 'an Accepted RFC with an open box that says nothing',
        files: rfcWith('Accepted', '- [x] Spec text merged.\n- [ ] A second host passes.'),
        errors: [{ messageId: 'noReason', line: 10, column: 1, data: { accepted: 'Accepted', item: 'A second host passes.', document: 'RFC' } }],
      },
      {
        name: 'an open box under a sub-heading of the acceptance criteria is one of them',
        files: rfcWith('Accepted', '- [x] Spec text merged.\n\n### Follow-up\n\n- [ ] A second host passes.'),
        errors: [{ messageId: 'noReason', line: 13, column: 1, data: { accepted: 'Accepted', item: 'A second host passes.', document: 'RFC' } }],
      },
    ],
  },
  async run(ctx) {
    const upstream = ctx.corpus.layout.preset !== 'specgate';
    const docs = await (await loadRfcSet(ctx.corpus)).all();
    // The process's title, opening a heading (`Acceptance criteria (Phase 1 only)`), case aside.
    const isCriteria = (title: string) => namedBy(title, ctx.layout.process.sections.acceptanceCriteria);
    // A process with no accepted status (its `statuses.accepted` null) has no boxes this rule holds.
    const accepted = ctx.layout.process.statuses.accepted;
    for (const doc of docs) {
      ctx.visit();
      if (accepted === undefined || rfcStatus(doc)?.value !== accepted) continue;
      // A box under a sub-heading of the acceptance criteria is one of them too.
      const open = doc.taskItems.filter((item) => !item.checked && (item.sectionTitles ?? [item.sectionTitle ?? '']).some(isCriteria));
      if (open.length === 0) continue;
      const history = upstream ? historySentences(ctx.corpus.text(doc.file), doc) : [];
      if (history.some((sentence) => HISTORY_OUTCOME.test(sentence) && !COMMENT_WINDOW.test(sentence))) continue;
      for (const item of open) {
        if (upstream ? OUTCOME.test(notesOf(item.text)) || (COMMENT_WINDOW.test(item.text) && history.some((h) => WINDOW_WAIVED.test(h))) : EXCUSED.test(item.text)) continue;
        ctx.report({
          at: { file: doc.file, range: { line: item.range.line, column: item.range.column, endLine: item.range.line, endColumn: item.range.column + 5 } },
          ...(upstream ? { severity: 'warning' as const } : {}),
          messageId: upstream ? 'noOutcome' : 'noReason',
          data: { accepted, item: clip(item), document: documentWords(ctx.layout.process).document },
        });
      }
    }
  },
};

/**
 * The parts of a box that speak about the box rather than state its criterion: a leading label
 * ("Follow-up (additive, non-blocking): …"), text in parentheses ("(Carried, and externally
 * gated …)"), what follows a dash ("— deferred to RFC 0061"), and every sentence after the first.
 * The criterion's own words are not an outcome: "rows 17 + 33 dropped from §…" is what the box
 * asks for.
 */
function notesOf(text: string): string {
  const notes: string[] = [];
  const label = /^([^:.()]{1,60}(?:\([^()]*\))?):\s/.exec(text);
  if (label) notes.push(label[1]!);
  let depth = 0;
  let inner = '';
  for (const ch of text) {
    if (ch === '(' && depth++ === 0) continue;
    if (ch === ')' && depth > 0 && --depth === 0) {
      notes.push(inner);
      inner = '';
      continue;
    }
    if (depth > 0) inner += ch;
  }
  if (inner) notes.push(inner);
  const dash = /\s(?:[—–]|--)\s/.exec(text);
  if (dash) notes.push(text.slice(dash.index));
  const firstEnd = /[.!?](?=\s)/.exec(text);
  if (firstEnd) notes.push(text.slice(firstEnd.index + 1));
  return notes.join('\n');
}

function clip(item: TaskItem): string {
  return item.text.length > 70 ? `${item.text.slice(0, 67)}…` : item.text;
}
