import { documentWords } from '../../../core/preset/process.js';
import type { Rule } from '../../../core/engine/rule.js';
import type { AnswerSection, QuestionItem } from '../../../rfc/document.js';
import { ALL_RESOLVED, rfcStatus } from '../../../rfc/document.js';
import { historySentences } from '../../../rfc/history.js';
import { deferralIn, stanceIn } from '../../../rfc/stance.js';
import { loadRfcSet } from '../../../rfc/set.js';

/**
 * A question the RFC itself says must be settled before it moves to Active ("Decide before
 * `Active`", the template's "decide before this RFC moves to `Active`", "split … before promoting
 * any to Active", "should be dropped from §A in `Active` status"), or whose decision it put off until
 * Active ("Decision deferred to `Active`").
 */
const BLOCKS_ACTIVE =
  /\b(?:resolve|decide|confirm|pin|settle|answer|add)\w*\b[^.;]*?\bbefore\s+(?:(?:this\s+RFC\s+)?(?:moves|is\s+promoted|promotion|goes)\s+to\s+)?`?Active`?(?![\w-])|\bbefore\s+promoting\b[^.;]*?\bto\s+`?Active`?(?![\w-])|\bdeferred\s+to\s+`?Active`?(?![\w-])|\b(?:should|must)\s+be\s+\w+\b[^.;]*?\bin\s+`?Active`?\s+status\b/i;
/**
 * A decision recorded in the item's own words. Whole words only: `authorization.decided`,
 * `pre-decided` or `resolvedAt` are identifiers or compounds, not answers (and inline code is
 * not in the prose at all).
 */
export const ANSWERED = /(?<![\w.\-/])(?:resolved|decided|settled|ruled|answered|decision(?=\s*:))(?![\w-]|\.\w)/i;
/**
 * A question that still waits for someone past Draft: "Maintainers should confirm", "Need
 * maintainer decision", "Worth confirmation", "Flagged for governance review", or the comment
 * window ("defer to comment-window discussion", "Open to feedback during the comment window"),
 * which closes before Active.
 */
const PENDING =
  /\b(?:maintainers?\s+(?:should|must|to|will|need\s+to)\s+(?:confirm|decide)\b|to\s+be\s+(?:confirmed|decided|determined)\b|needs?\s+(?:a\s+)?maintainer\s+decision\b|TBD\b|defer(?:red)?\s+to\s+(?:the\s+)?comment[- ]window\b|(?:open\s+to\s+(?:feedback|comments?)\s+)?(?:during|until)\s+the\s+comment[- ]window\b|worth\s+confirm(?:ing|ation)\b|flagged\s+(?:here\s+)?for\s+(?:explicit\s+)?(?:(?:governance|maintainer|reviewer|steward)\s+)?(?:review|attention|ratification|confirmation)\b|(?:^|[.;:]\s+)confirm\b)/i;
/** An aside in the question naming the option it already holds: "(current proposal)", "(the default)". */
const MARKED_OPTION = /(?<![\w.\-/])(?:current|proposed|proposal|default)(?![\w-]|\.\w)/i;
/**
 * A history sentence (Status or Updated row, Status history) recording what became of the open
 * questions as a whole: "The four unresolved questions remain open as documented and may be
 * revisited as additive sub-RFCs" is the maintainers' decision to keep them open past the flip.
 */
const QUESTIONS_KEPT = /\b(?:unresolved|open)\s+questions?\b[^.]*\b(?:remain\s+open|stay\s+open|revisit\w*|deferred)\b/i;

/** Who the message is about: the RFC's status and the question's number (or its place in a bulleted list). */
const subject = (status: string, item: QuestionItem, i: number, nouns: { document: string; aDocument: string }) => ({ ...nouns, status, name: item.number !== undefined ? `${item.number}` : `${i + 1} (a bulleted item)` });

/** An RFC past Draft as the examples write it: the header's Status and one `## Unresolved questions` list. */
const rfcWith = (status: string, questions: string) => ({
  'RFCS/0007-example.md': `# RFC 0007: Example\n\n| Field | Value |\n| --- | --- |\n| **Status** | \`${status}\` |\n\n## Unresolved questions\n\n${questions}\n`,
});

/**
 * The template asks for the unresolved questions "the maintainers need to decide before this RFC
 * moves to Active"; an RFC past that point whose question still says so, still waits for someone,
 * or is only asked, with no answer recorded, contradicts its own Status. The answer may be in the
 * item, in a later section whose heading names resolutions (by the item's number or bold title),
 * in a lead-in saying all are resolved, or in the history's word that the questions stay open.
 */
export const unresolvedBeforeActive: Rule = {
  id: 'rfcs/unresolved-before-active',
  rfc: 'RFC 0001 §G',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  description:
    'An Active or Accepted RFC has no unresolved question that still says it is to be decided before Active (itself or by its lead-in line), still waits for a decision or confirmation, or is only asked, or records no position (no proposal, current behaviour, decision, deferral — to a register row, another RFC or a later phase — or answer), unless an answer is recorded (in the item, a later resolution section, a lead-in saying all are resolved, or a history sentence keeping the questions open).',
  defaultSeverity: 'warning',
  messages: {
    blocks: '{{document}} is {{status}}, but unresolved question {{name}} still says "{{words}}" and records no answer; answer it, or say it no longer blocks',
    leadBlocks: '{{document}} is {{status}}, but unresolved question {{name}} records no answer, and the line above the questions says "{{words}}"; answer it, or say it no longer blocks',
    waits: '{{document}} is {{status}}, but unresolved question {{name}} still waits ("{{words}}") and records no decision; record the decision, or say it stays open past {{status}}',
    unanswered:
      '{{document}} is {{status}}, but unresolved question {{name}} is only asked: nothing after the question records an answer, a current stance or a deferral (the process has its questions decided before {{aDocument}} leaves draft); record one',
    noStance:
      '{{document}} is {{status}}, but unresolved question {{name}} records no position: its words weigh or describe the question, but propose, decide or defer nothing and state no current behaviour (the process has its questions decided before {{aDocument}} leaves draft); record one',
  },
  examples: {
    valid: [
      { name: 'an Accepted RFC whose question records its answer', files: rfcWith('Accepted', '1. Which peer serves as the witness? Decided: the reference client.') },
      { name: 'a question that records a deferral', files: rfcWith('Accepted', '1. Should runs gain a filter? Deferred: additive, it can follow.') },
      { name: 'a Draft may still ask', files: rfcWith('Draft', '1. Which peer serves as the witness? Decide before `Active`.') },
      { name: 'a question that states the current behaviour', files: rfcWith('Active', '1. Should a retry carry its own code? Today the original code is kept.') },
      {
        name: "a stance in a nested list, and a '?' inside inline code after the stance (not a second question)",
        files: rfcWith('Accepted', '1. Which code does a retry get?\n   - Kept as `-32004` for now.\n2. Should runs be listed by context? Deferred: see `GET /v1/runs?contextId=`.'),
      },
    ],
    invalid: [
      {
        name: 'a question still to be decided before Active',
        files: rfcWith('Active', '1. Which code does a retry carry? Decide before `Active`.'),
        errors: [{ messageId: 'blocks', line: 9, column: 1, data: { status: 'Active', name: '1', words: 'Decide before Active', document: 'RFC' } }],
      },
      {
        name: 'a question waiting on the maintainers',
        files: rfcWith('Accepted', '1. How long is the window? Twelve months is proposed; maintainers should confirm.'),
        errors: [{ messageId: 'waits', line: 9, column: 1, data: { status: 'Accepted', name: '1', words: 'maintainers should confirm', document: 'RFC' } }],
      },
      {
        name: 'a question only asked',
        files: rfcWith('Accepted', '1. Which peer serves as the witness?'),
        errors: [{ messageId: 'unanswered', line: 9, column: 1, data: { status: 'Accepted', name: '1', document: 'RFC', aDocument: 'an RFC' } }],
      },
      {
        name: 'a question that weighs a trade-off and chooses nothing; `defaultWindow` in code is no default',
        files: rfcWith('Active', '1. Should `defaultWindow` be required? Simpler clients, but a higher bar for hosts.\n2. **Retry ordering.** §B covers one region but not a split.'),
        errors: [
          { messageId: 'noStance', line: 9, column: 1, data: { status: 'Active', name: '1', document: 'RFC', aDocument: 'an RFC' } },
          { messageId: 'noStance', line: 10, column: 1, data: { status: 'Active', name: '2', document: 'RFC', aDocument: 'an RFC' } },
        ],
      },
    ],
  },
  async run(ctx) {
    const nouns = documentWords(ctx.layout.process);
    for (const doc of await (await loadRfcSet(ctx.corpus)).all()) {
      ctx.visit();
      const status = rfcStatus(doc)?.value;
      const q = doc.questions;
      if (!status || (status !== ctx.layout.process.statuses.active && status !== ctx.layout.process.statuses.accepted) || !q) continue;
      if (ALL_RESOLVED.test(q.leadInProse) || q.answers.some((a) => a.all)) continue;
      if (historySentences(ctx.corpus.text(doc.file), doc).some((s) => QUESTIONS_KEPT.test(s))) continue;
      const leadBlocks = BLOCKS_ACTIVE.exec(q.leadIn);
      q.items.forEach((item, i) => {
        // A decision, or a place the question now lives (a register row, another RFC, a later phase, "not here"), closes it.
        if (ANSWERED.test(item.prose) || deferralIn(item.prose) || answeredBy(q.answers, item)) return;
        const at = { file: doc.file, range: item.range };
        const own = BLOCKS_ACTIVE.exec(item.text);
        if (own) return ctx.report({ at, messageId: 'blocks', data: { ...subject(status, item, i, nouns), words: own[0] } });
        if (leadBlocks) return ctx.report({ at, messageId: 'leadBlocks', data: { ...subject(status, item, i, nouns), words: leadBlocks[0] } });
        const pending = PENDING.exec(item.text);
        if (pending) return ctx.report({ at, messageId: 'waits', data: { ...subject(status, item, i, nouns), words: pending[0].replace(/^[.;:]\s+/, '') } });
        const position = afterQuestion(item);
        if (position.asked && !/[\p{L}\p{N}]/u.test(position.after)) return ctx.report({ at, messageId: 'unanswered', data: subject(status, item, i, nouns) });
        if (!stanceIn(position.after) && !position.marked) ctx.report({ at, messageId: 'noStance', data: subject(status, item, i, nouns) });
      });
    }
  },
};

/**
 * Where the item says what it thinks of its question, read from the structure: the text after the
 * last question mark, or, when it asks none, its body after the bold title. Upstream's RFCs record
 * a position there on almost every question ("Current: opaque.", "Defer to v1.2.", "Likely yes").
 * An option the question itself marks as the current one ("Should X (current proposal) or Y?")
 * is a position too.
 */
function afterQuestion(item: QuestionItem): { asked: boolean; after: string; marked: boolean } {
  const last = item.prose.lastIndexOf('?');
  if (last < 0) return { asked: false, after: item.body, marked: false };
  const asides = item.prose.slice(0, last).match(/\([^()]*\)/g) ?? [];
  return { asked: true, after: item.prose.slice(last + 1), marked: asides.some((a) => MARKED_OPTION.test(a)) };
}

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
