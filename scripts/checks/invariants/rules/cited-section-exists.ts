import type { Rule } from '../../../core/rule.js';
import { findSection } from '../../rfcs/rfc-document.js';
import { loadRfcSet, rfcByNumber } from '../../rfcs/rfc-set.js';
import { loadInvariantSet } from '../invariant-set.js';

export const citedSectionExists: Rule = {
  id: 'invariants/cited-section-exists',
  rfc: 'RFC 0001 §D',
  description: 'Every cited section (§D, nested §D.7, or a heading name) is a heading or bold label of the cited RFC.',
  async run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return;
    const rfcs = await loadRfcSet(ctx.corpus);
    for (const e of set.entries) {
      for (const c of e.citations) {
        const doc = await rfcByNumber(rfcs, c.rfc);
        if (!doc) continue; // invariants/cited-rfc-exists reports it
        ctx.visit();
        if (c.section === undefined || findSection(doc, c.section)) continue;
        const ids = [...new Set(doc.sections.flatMap((s) => (s.id && /^[A-Z]/.test(s.id) ? [`§${s.id}`] : [])))];
        ctx.report({
          at: { file: set.doc.file, range: c.range, pointer: c.pointer },
          message: `invariant "${e.id ?? `#${e.index}`}" cites RFC ${c.rfc} §${c.section}, but ${doc.file} has no such section${ids.length ? ` (it has ${ids.join(', ')})` : ''}`,
        });
      }
    }
  },
};
