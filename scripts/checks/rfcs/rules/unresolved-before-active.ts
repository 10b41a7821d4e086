import type { Rule } from '../../../core/rule.js';
import { rfcStatus, sectionByTitle } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';

/** A question the RFC itself says must be settled before it moves to Active. */
const BLOCKS_ACTIVE = /\b(?:resolve|decide|confirm|pin|settle|answer|add)\w*\b[^.;]*?\bbefore\s+`?Active`?(?![\w-])/i;
/** An answer recorded in the item itself (`**Resolved by RFC 0093:** …`). */
const ANSWERED = /\b(?:resolved|decided|settled)\b/i;
/** An answer recorded under the questions (`### Resolution (… at Active promotion)`). */
const RESOLUTION = /\bresol(?:ution|ved)\b/i;


/**
 * The template asks for the unresolved questions "the maintainers need to decide before this RFC
 * moves to Active"; an RFC past that point whose question still says so, with no answer recorded,
 * contradicts its own Status.
 */
export const unresolvedBeforeActive: Rule = {
  id: 'rfcs/unresolved-before-active',
  rfc: 'RFC 0001 §G',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  description: 'An Active or Accepted RFC has no unresolved question that still says it is to be decided before Active, unless an answer is recorded.',
  defaultSeverity: 'warning',
  async run(ctx) {
    for (const doc of await (await loadRfcSet(ctx.corpus)).all()) {
      ctx.visit();
      const status = rfcStatus(doc)?.value;
      if (!status || (status !== ctx.layout.process.statuses.active && status !== ctx.layout.process.statuses.accepted)) continue;
      const section = sectionByTitle(doc, 'Unresolved questions');
      if (!section) continue;
      const answeredBelow = doc.sections.some((s) => s !== section && s.start > section.start && s.start < section.end && RESOLUTION.test(s.title));
      if (answeredBelow) continue;
      for (const q of doc.unresolvedQuestions) {
        const m = BLOCKS_ACTIVE.exec(q.text);
        if (!m || ANSWERED.test(q.text)) continue;
        ctx.report({
          at: { file: doc.file, range: q.range },
          message: `RFC is ${status}, but unresolved question ${q.number} still says "${m[0]}" and records no answer; answer it, or say it no longer blocks`,
        });
      }
    }
  },
};
