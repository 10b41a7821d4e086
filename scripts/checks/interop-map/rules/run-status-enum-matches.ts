import type { Rule } from '../../../core/engine/rule.js';
import { relatedAt } from '../map-doc.js';
import type { SchemaEnum } from '../run-statuses.js';
import { mapSchemaRunStatuses, runSnapshotStatuses } from '../run-statuses.js';
import { jsonText } from '../example-files.js';

const MAP_SCHEMA = 'spec/v2/interop-map.schema.json';
const RUN_SNAPSHOT = 'schemas/v2/run-snapshot.schema.json';
const statuses = (snapshot: string[], map: string[]) => ({
  [RUN_SNAPSHOT]: jsonText({ type: 'object', properties: { status: { enum: snapshot } } }),
  [MAP_SCHEMA]: jsonText({ $defs: { runStatus: { enum: map } } }),
});

/** Rule 4 (first part): the map schema's run-status enum equals RunSnapshot.status. */
export const runStatusEnumMatches: Rule = {
  id: 'interop-map/run-status-enum-matches',
  rfc: 'RFC 0208 §B, rule 4',
  description: "The interop-map schema's run-status enum equals the RunSnapshot.status enum (as sets).",
  messages: {
    noEnum: '{{file}} has no {{what}} enum at {{lookedAt}}',
    extra: 'run status {{status}} is not in RunSnapshot.status ({{snapshot}})',
    lacking: 'run-status enum lacks {{status}}, which RunSnapshot.status ({{snapshot}}) has',
  },
  examples: {
    valid: [{ name: 'the same statuses in another order', files: statuses(['pending', 'running', 'completed'], ['completed', 'pending', 'running']) }],
    invalid: [
      { name: 'a status RunSnapshot does not have (at that value)', files: statuses(['pending', 'completed'], ['pending', 'hibernating', 'completed']), errors: [{ messageId: 'extra', file: MAP_SCHEMA, line: 6, column: 9, data: { status: '"hibernating"', snapshot: RUN_SNAPSHOT } }] },
      { name: 'a status RunSnapshot has and the map schema lacks (at the enum)', files: statuses(['pending', 'paused', 'completed'], ['pending', 'completed']), errors: [{ messageId: 'lacking', file: MAP_SCHEMA, line: 4, column: 15, data: { status: '"paused"', snapshot: RUN_SNAPSHOT } }] },
    ],
  },
  run(ctx) {
    const snapshot = runSnapshotStatuses(ctx);
    const declared = mapSchemaRunStatuses(ctx);
    if (!snapshot || !declared) return;
    const absent = (e: SchemaEnum, what: string) =>
      ctx.report({ at: { doc: e.doc, pointer: e.lookedAt[0]! }, messageId: 'noEnum', data: { file: e.doc.file, what, lookedAt: e.lookedAt.join(' or ') } });
    if (!snapshot.found) return absent(snapshot, 'status');
    if (!declared.found) return absent(declared, 'run-status');
    const want = new Set(snapshot.found.values);
    const have = new Set(declared.found.values);
    // Located only for a finding: a clean run never builds the schema's range tree.
    const related = () => [relatedAt(snapshot.doc, snapshot.found!.pointer, 'RunSnapshot.status enum')];
    const at = (pointer: string) => ({ doc: declared.doc, pointer });
    declared.found.values.forEach((v, i) => {
      ctx.visit();
      if (!want.has(v)) ctx.report({ at: at(`${declared.found!.pointer}/${i}`), messageId: 'extra', data: { status: JSON.stringify(v) ?? String(v), snapshot: snapshot.doc.file }, related: related() });
    });
    for (const v of snapshot.found.values) {
      if (have.has(v)) continue;
      ctx.visit();
      ctx.report({ at: at(declared.found.pointer), messageId: 'lacking', data: { status: JSON.stringify(v) ?? String(v), snapshot: snapshot.doc.file }, related: related() });
    }
  },
};
