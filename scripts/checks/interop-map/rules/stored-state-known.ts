import type { Rule } from '../../../core/rule.js';
import { loadMap, relatedAt, rowsAt } from '../map-doc.js';
import { firstEnum } from '../schema-enum.js';

/** Where the A2A task-state schema keeps its stored-state enum (upstream inline, or via `$ref`). */
const STORED_STATE_AT = ['/properties/state', '/$defs/storedState', '/$defs/state'];

/** Rule 5: each `a2a.taskState[].stored` is one of the stored A2A task states. */
export const storedStateKnown: Rule = {
  id: 'interop-map/stored-state-known',
  rfc: 'RFC 0208 §B, rule 5',
  description: 'Every a2a.taskState[].stored is a stored task state of the A2A task-state schema.',
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const schema = ctx.corpus.json(ctx.layout.taskStateSchema, 'interop-map rule 5 (stored states)');
    if (!schema) return;
    const states = firstEnum(schema.value, STORED_STATE_AT);
    if (!states) {
      ctx.report({ at: { doc: schema, pointer: STORED_STATE_AT[0]! }, message: `${ctx.layout.taskStateSchema} has no stored-state enum at ${STORED_STATE_AT.join(' or ')}` });
      return;
    }
    const known = new Set(states.values);
    for (const { row, pointer } of rowsAt(loaded, '/a2a/taskState')) {
      ctx.visit();
      if (row.stored === undefined || known.has(row.stored)) continue;
      ctx.report({
        at: { doc: loaded.doc, pointer: `${pointer}/stored` },
        message: `a2a.taskState ${String(row.runStatus)}: stored ${JSON.stringify(row.stored)} is not a stored task state of ${ctx.layout.taskStateSchema}`,
        related: [relatedAt(schema, states.pointer, 'the stored task states')],
      });
    }
  },
};
