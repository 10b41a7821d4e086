import type { Rule } from '../../../core/engine/rule.js';
import { loadMap, relatedAt, rowsAt } from '../map-doc.js';
import { firstEnum } from '../schema-enum.js';
import { mapWith } from '../example-files.js';

const TASK_STATE = 'schemas/v2/a2a-task-state.schema.json';
const storing = (...taskState: object[]) => mapWith({ a2a: { taskState } }, { [TASK_STATE]: { type: 'object', properties: { state: { enum: ['submitted', 'working', 'completed'] } } } });

/** Where the A2A task-state schema keeps its stored-state enum (upstream inline, or via `$ref`). */
const STORED_STATE_AT = ['/properties/state', '/$defs/storedState', '/$defs/state'];

/** Rule 5: each `a2a.taskState[].stored` is one of the stored A2A task states. */
export const storedStateKnown: Rule = {
  id: 'interop-map/stored-state-known',
  rfc: 'RFC 0208 §B, rule 5',
  description: 'Every a2a.taskState[].stored is a stored task state of the A2A task-state schema.',
  messages: {
    noEnum: '{{schema}} has no stored-state enum at {{lookedAt}}',
    unknown: 'a2a.taskState {{runStatus}}: stored {{stored}} is not a stored task state of {{schema}}',
  },
  examples: {
    valid: [{ name: 'stored states the schema lists', files: storing({ runStatus: 'pending', stored: 'submitted' }, { runStatus: 'running', stored: 'working' }) }],
    invalid: [
      {
        name: 'a stored state the schema does not list',
        files: storing({ runStatus: 'pending', stored: 'dormant' }),
        errors: [{ messageId: 'unknown', line: 6, column: 19, data: { runStatus: 'pending', stored: '"dormant"', schema: TASK_STATE } }],
      },
    ],
  },
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const schema = ctx.corpus.json(ctx.layout.taskStateSchema, 'interop-map rule 5 (stored states)');
    if (!schema) return;
    const states = firstEnum(schema.value, STORED_STATE_AT);
    if (!states) {
      ctx.report({ at: { doc: schema, pointer: STORED_STATE_AT[0]! }, messageId: 'noEnum', data: { schema: ctx.layout.taskStateSchema, lookedAt: STORED_STATE_AT.join(' or ') } });
      return;
    }
    const known = new Set(states.values);
    for (const { row, pointer } of rowsAt(loaded, '/a2a/taskState')) {
      ctx.visit();
      if (row.stored === undefined || known.has(row.stored)) continue;
      ctx.report({
        at: { doc: loaded.doc, pointer: `${pointer}/stored` },
        messageId: 'unknown',
        data: { runStatus: String(row.runStatus), stored: JSON.stringify(row.stored) ?? String(row.stored), schema: ctx.layout.taskStateSchema },
        related: [relatedAt(schema, states.pointer, 'the stored task states')],
      });
    }
  },
};
