import type { Rule } from '../../../core/engine/rule.js';
import type { Row } from '../map-doc.js';
import { valueAt } from '../../../core/model/pointer.js';
import { loadMap, meantByUntrusted, relatedAt, rowsAt } from '../map-doc.js';
import { runStatuses } from '../run-statuses.js';
import { mapWith } from '../example-files.js';

const states = (...taskState: object[]) => mapWith({ a2a: { taskState } }, { 'schemas/v2/run-snapshot.schema.json': { type: 'object', properties: { status: { enum: ['running', 'paused'] } } } });

/** Projections that must be total over the run statuses (mcp.tasks.status only when present). */
export const PROJECTION_GROUPS = ['/a2a/taskState', '/mcp/tasks/status'] as const;

function isDefault(row: Row['row']): boolean {
  return row.interruptKind === undefined;
}

/** Rule 4: each projection has exactly one default row (no interruptKind) per run status. */
export const taskStateDefaultRow: Rule = {
  id: 'interop-map/task-state-default-row',
  rfc: 'RFC 0208 §B, rule 4',
  description: 'a2a.taskState (and mcp.tasks.status when present) has exactly one default row (no interruptKind) for each RunSnapshot.status value.',
  messages: {
    onlyOverrides: '{{group}}: run status "{{status}}" has no default row; this row carries interruptKind, so it only overrides a default that does not exist',
    noRow: '{{group}}: run status "{{status}}" has no default row; the projection must cover every RunSnapshot.status exactly once',
    secondDefault: '{{group}}: a second default row for run status "{{status}}"; exactly one is allowed (give an override row an interruptKind)',
  },
  examples: {
    valid: [{ name: 'one default row per status, and an override', files: states({ runStatus: 'running' }, { runStatus: 'paused' }, { runStatus: 'paused', interruptKind: 'approval' }) }],
    invalid: [
      { name: 'a status without a row (at the projection)', files: states({ runStatus: 'running' }), errors: [{ messageId: 'noRow', line: 3, column: 18, data: { group: 'a2a.taskState', status: 'paused' } }] },
      { name: 'a status with only an override row (at its interruptKind)', files: states({ runStatus: 'running' }, { runStatus: 'paused', interruptKind: 'approval' }), errors: [{ messageId: 'onlyOverrides', line: 9, column: 9, data: { group: 'a2a.taskState', status: 'paused' } }] },
      { name: 'two default rows for one status (at the second)', files: states({ runStatus: 'running' }, { runStatus: 'paused' }, { runStatus: 'running' }), errors: [{ messageId: 'secondDefault', line: 11, column: 22, data: { group: 'a2a.taskState', status: 'running' } }] },
    ],
  },
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const statuses = runStatuses(ctx);
    if (!statuses) return;
    for (const group of PROJECTION_GROUPS) {
      if (group !== '/a2a/taskState' && !Array.isArray(valueAt(loaded.map, group))) continue;
      const label = group.slice(1).replace(/\//g, '.');
      const rows = rowsAt(loaded, group);
      ctx.visit(rows.length);
      // A status a row skipped for its shape may stand for is not reported missing because of it.
      const meant = meantByUntrusted(loaded, group, statuses);
      for (const status of statuses) {
        const mine = rows.filter((r) => r.row.runStatus === status);
        const defaults = mine.filter((r) => isDefault(r.row));
        if (defaults.length === 0 && !meant.has(status)) {
          const override = mine[0];
          if (override) {
            ctx.report({
              at: { doc: loaded.doc, pointer: `${override.pointer}/interruptKind`, on: 'key' },
              messageId: 'onlyOverrides',
              data: { group: label, status },
            });
          } else {
            ctx.report({ at: { doc: loaded.doc, pointer: group }, messageId: 'noRow', data: { group: label, status } });
          }
        }
        for (const extra of defaults.slice(1)) {
          ctx.report({
            at: { doc: loaded.doc, pointer: `${extra.pointer}/runStatus` },
            messageId: 'secondDefault',
            data: { group: label, status },
            related: [relatedAt(loaded.doc, `${defaults[0]!.pointer}/runStatus`, 'first default row')],
          });
        }
      }
    }
  },
};
