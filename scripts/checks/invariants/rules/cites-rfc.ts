import type { Rule } from '../../../core/rule.js';
import { loadInvariantSet } from '../invariant-set.js';

export const citesRfc: Rule = {
  id: 'invariants/cites-rfc',
  rfc: 'RFC 0001 §F',
  // Upstream's v1.0 invariants predate its RFC process.
  rfcProcess: 'specgate',
  description: 'Every invariant cites at least one RFC, in its `rfcs` list or in prose (`RFC NNNN §X`).',
  run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return;
    for (const e of set.entries) {
      ctx.visit();
      if (e.citations.length > 0) continue;
      ctx.report({
        at: { doc: set.doc, pointer: e.pointer },
        message: `invariant "${e.id ?? `#${e.index}`}" cites no RFC; add \`rfcs: ["NNNN §X"]\` naming the section it rests on`,
      });
    }
  },
};
