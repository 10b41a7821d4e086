import type { Rule } from '../../../core/rule.js';
import type { Row } from '../map-doc.js';
import { valueAt } from '../../../core/pointer.js';
import { loadMap, meantByUntrusted, relatedAt, rowsAt } from '../map-doc.js';
import { runStatuses } from '../run-statuses.js';

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
              message: `${label}: run status "${status}" has no default row; this row carries interruptKind, so it only overrides a default that does not exist`,
            });
          } else {
            ctx.report({ at: { doc: loaded.doc, pointer: group }, message: `${label}: run status "${status}" has no default row; the projection must cover every RunSnapshot.status exactly once` });
          }
        }
        for (const extra of defaults.slice(1)) {
          ctx.report({
            at: { doc: loaded.doc, pointer: `${extra.pointer}/runStatus` },
            message: `${label}: a second default row for run status "${status}"; exactly one is allowed (give an override row an interruptKind)`,
            related: [relatedAt(loaded.doc, `${defaults[0]!.pointer}/runStatus`, 'first default row')],
          });
        }
      }
    }
  },
};
