import type { Rule } from '../../../core/rule.js';
import type { AnswerSection, QuestionItem } from '../../../rfc/document.js';
import { ALL_RESOLVED, rfcStatus } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';

/** A question the RFC itself says must be settled before it moves to Active ("Decide before `Active`", the template's "decide before this RFC moves to `Active`"). */
const BLOCKS_ACTIVE = /\b(?:resolve|decide|confirm|pin|settle|answer|add)\w*\b[^.;]*?\bbefore\s+(?:(?:this\s+RFC\s+)?(?:moves|is\s+promoted|promotion|goes)\s+to\s+)?`?Active`?(?![\w-])/i;
/**
 * A decision recorded in the item's own words. Whole words only: `authorization.decided`,
 * `pre-decided` or `resolvedAt` are identifiers or compounds, not answers (and inline code is
 * not in the prose at all).
 */
const ANSWERED = /(?<![\w.\-/])(?:resolved|decided|settled|ruled|answered|decision(?=\s*:))(?![\w-]|\.\w)/i;
/** A question that still waits for someone past Draft: "Maintainers should confirm", "Need maintainer decision", "defer to comment-window discussion" (the window closes before Active). */
const PENDING = /\b(?:maintainers?\s+(?:should|must|to|will|need\s+to)\s+(?:confirm|decide)\b|to\s+be\s+(?:confirmed|decided|determined)\b|needs?\s+(?:a\s+)?maintainer\s+decision\b|TBD\b|defer(?:red)?\s+to\s+(?:the\s+)?comment[- ]window\b|(?:^|[.;:]\s+)confirm\b)/i;


/**
 * The template asks for the unresolved questions "the maintainers need to decide before this RFC
 * moves to Active"; an RFC past that point whose question still says so, with no answer recorded,
 * contradicts its own Status. The answer may be in the item, in a later section whose heading
 * names resolutions (by the item's number or bold title), or in a lead-in saying all are resolved.
 */
export const unresolvedBeforeActive: Rule = {
  id: 'rfcs/unresolved-before-active',
  rfc: 'RFC 0001 §G',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  description: 'An Active or Accepted RFC has no unresolved question that still says it is to be decided before Active (itself or by its lead-in line), nor one still waiting for a decision or confirmation, unless an answer is recorded (in the item, a later resolution section, or a lead-in saying all are resolved).',
  defaultSeverity: 'warning',
  async run(ctx) {
    for (const doc of await (await loadRfcSet(ctx.corpus)).all()) {
      ctx.visit();
      const status = rfcStatus(doc)?.value;
      const q = doc.questions;
      if (!status || (status !== ctx.layout.process.statuses.active && status !== ctx.layout.process.statuses.accepted) || !q) continue;
      if (ALL_RESOLVED.test(q.leadInProse) || q.answers.some((a) => a.all)) continue;
      const leadBlocks = BLOCKS_ACTIVE.exec(q.leadIn);
      q.items.forEach((item, i) => {
        if (ANSWERED.test(item.prose) || answeredBy(q.answers, item)) return;
        const name = item.number !== undefined ? `${item.number}` : `${i + 1} (a bulleted item)`;
        const own = BLOCKS_ACTIVE.exec(item.text);
        if (own || leadBlocks) {
          ctx.report({
            at: { file: doc.file, range: item.range },
            message: own
              ? `RFC is ${status}, but unresolved question ${name} still says "${own[0]}" and records no answer; answer it, or say it no longer blocks`
              : `RFC is ${status}, but unresolved question ${name} records no answer, and the line above the questions says "${leadBlocks![0]}"; answer it, or say it no longer blocks`,
          });
          return;
        }
        const pending = PENDING.exec(item.text);
        if (pending) {
          ctx.report({
            at: { file: doc.file, range: item.range },
            message: `RFC is ${status}, but unresolved question ${name} still waits ("${pending[0].replace(/^[.;:]\s+/, '')}") and records no decision; record the decision, or say it stays open past ${status}`,
          });
        }
      });
    }
  },
};

/**
 * Whether a resolution section answers the item: by its number, or by its bold title — the same
 * words for the most part ("Workspace ↔ memory-index coupling" is answered by "Memory-index
 * coupling (with RFC 0062)").
 */
function answeredBy(answers: AnswerSection[], item: QuestionItem): boolean {
  const words = (t: string) => new Set(t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3));
  const title = item.title ? words(item.title) : undefined;
  const sameTitle = (t: string) => {
    if (!title || title.size === 0) return false;
    const other = words(t);
    const shared = [...title].filter((w) => other.has(w)).length;
    return shared >= Math.min(2, title.size) && shared >= 0.6 * Math.min(title.size, other.size);
  };
  return answers.some((a) => (item.number !== undefined && a.numbers.includes(item.number)) || a.titles.some(sameTitle));
}
