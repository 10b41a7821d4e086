import type { Rule } from '../../../core/engine/rule.js';
import { loadInvariantSet } from '../invariant-set.js';
import { entry, invariantsWith } from '../example-files.js';

export const uniqueId: Rule = {
  id: 'invariants/unique-id',
  rfc: 'RFC 0001 §F',
  rfcByPreset: { openwop: 'SECURITY/invariants.yaml' },
  description: 'No two invariants share an id.',
  messages: { repeated: 'invariant id "{{invariant}}" is used twice (first at line {{line}})' },
  examples: {
    valid: [{ name: 'distinct ids', files: invariantsWith([entry('first'), entry('second')]) }],
    invalid: [{ name: 'the same id twice (at the second)', files: invariantsWith([entry('example'), entry('example')]), errors: [{ messageId: 'repeated', line: 10, column: 9, data: { invariant: 'example', line: 3 } }] }],
  },
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
        messageId: 'repeated',
        data: { invariant: e.id, line: at.line },
        related: [{ file: set.doc.file, ...at, message: 'first defined here' }],
      });
    }
  },
};
