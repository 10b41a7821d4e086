import type { Rule } from '../../../core/rule.js';
import { exists, sectionHint } from '../../../rfc/resolve.js';
import { resolvedCitations } from '../cited-rfcs.js';

export const citedSectionExists: Rule = {
  id: 'invariants/cited-section-exists',
  rfc: 'RFC 0001 §D',
  rfcByPreset: { openwop: 'RFC 0001 UQ1' },
  description: 'Every cited section (§D, nested §D.7, §A14, §Host-RPC, UQ4, or a quoted heading or label name such as §"Bounded schema compilation") is a heading, bold label or unresolved question of the cited RFC.',
  async run(ctx) {
    for await (const { set, entry: e, citation: c, rfc: doc } of resolvedCitations(ctx.corpus)) {
      ctx.visit();
      if (c.section === undefined || exists(doc, c.section)) continue;
      ctx.report({
        at: { file: set.doc.file, range: c.range, pointer: c.pointer },
        message: `invariant "${e.id ?? `#${e.index}`}" cites RFC ${c.rfc} §${c.section}, but ${doc.file} has no such section${sectionHint(doc, c.section)}`,
      });
    }
  },
};
