import type { Rule } from '../../../core/engine/rule.js';
import { loadInvariantSet } from '../invariant-set.js';
import { entry, invariantsWith } from '../example-files.js';

export const citesRfc: Rule = {
  id: 'invariants/cites-rfc',
  rfc: 'RFC 0001 §F',
  // Upstream's v1.0 invariants predate its RFC process.
  rfcProcess: 'specgate',
  description: 'Every invariant cites at least one RFC, in its `rfcs` list or in prose (`RFC NNNN §X`).',
  messages: { none: 'invariant "{{invariant}}" cites no RFC; add `rfcs: ["NNNN §X"]` naming the section it rests on' },
  examples: {
    valid: [
      { name: 'a citation in the rfcs list', files: invariantsWith([entry('listed')]) },
      { name: 'a citation in prose only', files: invariantsWith([entry('in-prose', { rfcs: '', note: 'Rests on RFC 0211 §A.' })]) },
    ],
    invalid: [{ name: 'an entry citing nothing (at the entry)', files: invariantsWith([entry('uncited', { rfcs: '', note: 'No citation anywhere.' })]), errors: [{ messageId: 'none', line: 3, column: 5, data: { invariant: 'uncited' } }] }],
  },
  run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return;
    for (const e of set.entries) {
      ctx.visit();
      if (e.citations.length > 0) continue;
      ctx.report({
        at: { doc: set.doc, pointer: e.pointer },
        messageId: 'none',
        data: { invariant: e.id ?? `#${e.index}` },
      });
    }
  },
};
