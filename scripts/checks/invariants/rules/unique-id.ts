import type { Rule } from '../../../core/rule.js';
import { loadInvariantSet } from '../invariant-set.js';

export const uniqueId: Rule = {
  id: 'invariants/unique-id',
  rfc: 'RFC 0001 §F',
  rfcByPreset: { openwop: 'SECURITY/invariants.yaml' },
  description: 'No two invariants share an id.',
  run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return;
    const first = new Map<string, string>();
    for (const e of set.entries) {
      if (e.id === undefined) continue;
      ctx.visit();
      const earlier = first.get(e.id);
      if (earlier === undefined) {
        first.set(e.id, e.pointer);
        continue;
      }
      const at = set.doc.locate(`${earlier}/id`);
      ctx.report({
        at: { doc: set.doc, pointer: `${e.pointer}/id` },
        message: `invariant id "${e.id}" is used twice (first at line ${at.line})`,
        related: [{ file: set.doc.file, ...at, message: 'first defined here' }],
      });
    }
  },
};
