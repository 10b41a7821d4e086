import type { Rule } from '../../../core/rule.js';
import { relatedAt } from '../map-doc.js';
import type { SchemaEnum } from '../run-statuses.js';
import { mapSchemaRunStatuses, runSnapshotStatuses } from '../run-statuses.js';

/** Rule 4 (first part): the map schema's run-status enum equals RunSnapshot.status. */
export const runStatusEnumMatches: Rule = {
  id: 'interop-map/run-status-enum-matches',
  rfc: 'RFC 0208 §B, rule 4',
  description: "The interop-map schema's run-status enum equals the RunSnapshot.status enum (as sets).",
  run(ctx) {
    const snapshot = runSnapshotStatuses(ctx);
    const declared = mapSchemaRunStatuses(ctx);
    if (!snapshot || !declared) return;
    const absent = (e: SchemaEnum, what: string) =>
      ctx.report({ at: { doc: e.doc, pointer: e.lookedAt[0]! }, message: `${e.doc.file} has no ${what} enum at ${e.lookedAt.join(' or ')}` });
    if (!snapshot.found) return absent(snapshot, 'status');
    if (!declared.found) return absent(declared, 'run-status');
    const want = new Set(snapshot.found.values);
    const have = new Set(declared.found.values);
    // Located only for a finding: a clean run never builds the schema's range tree.
    const related = () => [relatedAt(snapshot.doc, snapshot.found!.pointer, 'RunSnapshot.status enum')];
    const at = (pointer: string) => ({ doc: declared.doc, pointer });
    declared.found.values.forEach((v, i) => {
      ctx.visit();
      if (!want.has(v)) ctx.report({ at: at(`${declared.found!.pointer}/${i}`), message: `run status ${JSON.stringify(v)} is not in RunSnapshot.status (${snapshot.doc.file})`, related: related() });
    });
    for (const v of snapshot.found.values) {
      if (have.has(v)) continue;
      ctx.visit();
      ctx.report({ at: at(declared.found.pointer), message: `run-status enum lacks ${JSON.stringify(v)}, which RunSnapshot.status (${snapshot.doc.file}) has`, related: related() });
    }
  },
};
