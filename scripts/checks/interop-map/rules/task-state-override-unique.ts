import type { Rule } from '../../../core/engine/rule.js';
import type { Row } from '../map-doc.js';
import { valueAt } from '../../../core/model/pointer.js';
import { loadMap, relatedAt, rowsAt } from '../map-doc.js';
import { PROJECTION_GROUPS } from './task-state-default-row.js';
import { mapWith } from '../example-files.js';

const mapOf = (...taskState: object[]) => mapWith({ a2a: { taskState } });

/** Rule 4: an override row exists at most once per (runStatus, interruptKind). */
export const taskStateOverrideUnique: Rule = {
  id: 'interop-map/task-state-override-unique',
  rfc: 'RFC 0208 §B, rule 4',
  description: 'An override row (one with interruptKind) appears at most once per (runStatus, interruptKind).',
  messages: { repeated: '{{group}}: override ({{runStatus}}, {{interruptKind}}) appears more than once; at most one' },
  examples: {
    valid: [{ name: 'one override per status and interrupt kind', files: mapOf({ runStatus: 'waiting' }, { runStatus: 'waiting', interruptKind: 'approval' }, { runStatus: 'waiting', interruptKind: 'input' }) }],
    invalid: [
      {
        name: 'the same override twice',
        files: mapOf({ runStatus: 'waiting', interruptKind: 'approval' }, { runStatus: 'waiting', interruptKind: 'approval' }),
        errors: [{ messageId: 'repeated', line: 10, column: 26, data: { group: 'a2a.taskState', runStatus: 'waiting', interruptKind: 'approval' } }],
      },
    ],
  },
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    for (const group of PROJECTION_GROUPS) {
      if (!Array.isArray(valueAt(loaded.map, group))) continue;
      const label = group.slice(1).replace(/\//g, '.');
      const first = new Map<string, Row>();
      for (const r of rowsAt(loaded, group)) {
        ctx.visit();
        if (r.row.interruptKind === undefined) continue;
        const key = JSON.stringify([r.row.runStatus, r.row.interruptKind]);
        const seen = first.get(key);
        if (!seen) {
          first.set(key, r);
          continue;
        }
        ctx.report({
          at: { doc: loaded.doc, pointer: `${r.pointer}/interruptKind` },
          messageId: 'repeated',
          data: { group: label, runStatus: String(r.row.runStatus), interruptKind: String(r.row.interruptKind) },
          related: [relatedAt(loaded.doc, `${seen.pointer}/interruptKind`, 'first override row')],
        });
      }
    }
  },
};
