import type { Rule } from '../../../core/rule.js';
import { loadRfcSet, rfcFile } from '../../../rfc/set.js';
import { loadInvariantSet } from '../invariant-set.js';

export const citedRfcExists: Rule = {
  id: 'invariants/cited-rfc-exists',
  rfc: 'RFC 0001 §F',
  rfcByPreset: { openwop: 'RFC 0001 §1' },
  description: 'Every RFC an invariant cites is a file in the RFC folder.',
  async run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return;
    const rfcs = await loadRfcSet(ctx.corpus);
    for (const e of set.entries) {
      const seen = new Set<string>();
      for (const c of e.citations) {
        ctx.visit();
        if (rfcFile(rfcs, c.rfc)) continue;
        const key = `${c.rfc}@${c.range.line}:${c.range.column}`;
        if (seen.has(key)) continue;
        seen.add(key);
        ctx.report({
          at: { file: set.doc.file, range: c.range, pointer: c.pointer },
          message: `invariant "${e.id ?? `#${e.index}`}" cites RFC ${c.rfc}, which is not in ${rfcs.dir}/ (no ${rfcs.dir}/${c.rfc}-*.md)`,
        });
      }
    }
  },
};
