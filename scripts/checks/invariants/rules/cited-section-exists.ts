import type { Rule } from '../../../core/rule.js';
import { exists } from '../../../rfc/resolve.js';
import { resolvedCitations } from '../cited-rfcs.js';

export const citedSectionExists: Rule = {
  id: 'invariants/cited-section-exists',
  rfc: 'RFC 0001 §D',
  rfcByPreset: { openwop: 'RFC 0001 UQ1' },
  description: 'Every cited section (§D, nested §D.7, §A14, UQ4, or a heading name) is a heading, bold label or unresolved question of the cited RFC.',
  async run(ctx) {
    for await (const { set, entry: e, citation: c, rfc: doc } of resolvedCitations(ctx.corpus)) {
      ctx.visit();
      if (c.section === undefined || exists(doc, c.section)) continue;
      const ids = [...new Set(doc.sections.flatMap((s) => (s.id && /^[A-Z]/.test(s.id) ? [`§${s.id}`] : [])))];
      ctx.report({
        at: { file: set.doc.file, range: c.range, pointer: c.pointer },
        message: `invariant "${e.id ?? `#${e.index}`}" cites RFC ${c.rfc} §${c.section}, but ${doc.file} has no such section${ids.length ? ` (it has ${ids.join(', ')})` : ''}`,
      });
    }
  },
};
