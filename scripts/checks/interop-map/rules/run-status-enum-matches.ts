import type { Rule } from '../../../core/rule.js';
import { relatedAt } from '../map-doc.js';
import { mapSchemaRunStatuses, MAP_SCHEMA_RUN_STATUS, RUN_SNAPSHOT_STATUS, runSnapshotStatuses } from '../run-statuses.js';

/** Rule 4 (first part): the map schema's run-status enum equals RunSnapshot.status. */
export const runStatusEnumMatches: Rule = {
  id: 'interop-map/run-status-enum-matches',
  rfc: 'RFC 0208 §B (rule 4)',
  description: "The interop-map schema's run-status enum equals the RunSnapshot.status enum (as sets).",
  run(ctx) {
    const snapshot = runSnapshotStatuses(ctx);
    const declared = mapSchemaRunStatuses(ctx);
    const snapshotDoc = ctx.corpus.json(ctx.layout.runSnapshotSchema);
    const schemaDoc = ctx.corpus.json(ctx.layout.interopMapSchema);
    if (!snapshotDoc || !schemaDoc) return;
    if (!snapshot) {
      ctx.report({ at: { doc: snapshotDoc, pointer: RUN_SNAPSHOT_STATUS[0]! }, message: `${ctx.layout.runSnapshotSchema} has no status enum at ${RUN_SNAPSHOT_STATUS.join(' or ')}` });
      return;
    }
    if (!declared) {
      ctx.report({ at: { doc: schemaDoc, pointer: MAP_SCHEMA_RUN_STATUS[0]! }, message: `${ctx.layout.interopMapSchema} has no run-status enum at ${MAP_SCHEMA_RUN_STATUS.join(' or ')}` });
      return;
    }
    const want = new Set(snapshot.values);
    const have = new Set(declared.values);
    const related = [relatedAt(snapshot.doc, snapshot.pointer, 'RunSnapshot.status enum')];
    declared.values.forEach((v, i) => {
      ctx.visit();
      if (!want.has(v)) {
        ctx.report({ at: { doc: declared.doc, pointer: `${declared.pointer}/${i}` }, message: `run status ${JSON.stringify(v)} is not in RunSnapshot.status (${ctx.layout.runSnapshotSchema})`, related });
      }
    });
    for (const v of snapshot.values) {
      if (have.has(v)) continue;
      ctx.visit();
      ctx.report({ at: { doc: declared.doc, pointer: declared.pointer }, message: `run-status enum lacks ${JSON.stringify(v)}, which RunSnapshot.status (${ctx.layout.runSnapshotSchema}) has`, related });
    }
  },
};
