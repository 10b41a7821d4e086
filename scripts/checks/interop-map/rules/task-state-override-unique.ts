import type { Rule } from '../../../core/rule.js';
import type { Row } from '../map-doc.js';
import { valueAt } from '../../../core/pointer.js';
import { loadMap, relatedAt, rowsAt } from '../map-doc.js';
import { PROJECTION_GROUPS } from './task-state-default-row.js';

/** Rule 4: an override row exists at most once per (runStatus, interruptKind). */
export const taskStateOverrideUnique: Rule = {
  id: 'interop-map/task-state-override-unique',
  rfc: 'RFC 0208 §B, rule 4',
  description: 'An override row (one with interruptKind) appears at most once per (runStatus, interruptKind).',
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
          message: `${label}: override (${String(r.row.runStatus)}, ${String(r.row.interruptKind)}) appears more than once; at most one`,
          related: [relatedAt(loaded.doc, `${seen.pointer}/interruptKind`, 'first override row')],
        });
      }
    }
  },
};
