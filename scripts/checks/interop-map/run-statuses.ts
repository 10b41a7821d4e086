import type { RuleContext } from '../../core/rule.js';
import type { StructuredDoc } from '../../core/tree.js';
import type { EnumAt } from './schema-enum.js';
import { firstEnum } from './schema-enum.js';

export interface StatusEnum extends EnumAt {
  doc: StructuredDoc;
}

/** Where the interop-map schema keeps its run-status enum. */
export const MAP_SCHEMA_RUN_STATUS = ['/$defs/runStatus', '/$defs/stateRow/properties/runStatus'];
/** Where RunSnapshot keeps its status enum. */
export const RUN_SNAPSHOT_STATUS = ['/properties/status'];

export function mapSchemaRunStatuses(ctx: RuleContext): StatusEnum | undefined {
  const doc = ctx.corpus.json(ctx.layout.interopMapSchema, 'the run-status enum of the interop map');
  const found = doc && firstEnum(doc.value, MAP_SCHEMA_RUN_STATUS);
  return doc && found ? { doc, ...found } : undefined;
}

export function runSnapshotStatuses(ctx: RuleContext): StatusEnum | undefined {
  const doc = ctx.corpus.json(ctx.layout.runSnapshotSchema, 'RunSnapshot.status (interop-map rule 4)');
  const found = doc && firstEnum(doc.value, RUN_SNAPSHOT_STATUS);
  return doc && found ? { doc, ...found } : undefined;
}

/** The run statuses the projection must cover: RunSnapshot.status, else the map schema's enum. */
export function runStatuses(ctx: RuleContext): string[] | undefined {
  const e = runSnapshotStatuses(ctx) ?? mapSchemaRunStatuses(ctx);
  return e?.values.filter((v): v is string => typeof v === 'string');
}
