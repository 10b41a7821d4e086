import type { RuleContext } from '../../core/engine/rule.js';
import type { StructuredDoc } from '../../core/model/tree.js';
import type { EnumAt } from './schema-enum.js';
import { firstEnum } from './schema-enum.js';

/** A schema document and the enum found in it (undefined when it has none where expected). */
export interface SchemaEnum {
  doc: StructuredDoc;
  found: EnumAt | undefined;
  /** Where the enum was looked for, for a message when it is absent. */
  lookedAt: readonly string[];
}

/** Where the interop-map schema keeps its run-status enum. */
const MAP_SCHEMA_RUN_STATUS = ['/$defs/runStatus', '/$defs/stateRow/properties/runStatus'];
/** Where RunSnapshot keeps its status enum. */
const RUN_SNAPSHOT_STATUS = ['/properties/status'];

function schemaEnum(ctx: RuleContext, file: string, lookedAt: readonly string[], neededFor: string): SchemaEnum | undefined {
  const doc = ctx.corpus.json(file, neededFor);
  return doc && { doc, found: firstEnum(doc.value, lookedAt), lookedAt };
}

export function mapSchemaRunStatuses(ctx: RuleContext): SchemaEnum | undefined {
  return schemaEnum(ctx, ctx.layout.interopMapSchema, MAP_SCHEMA_RUN_STATUS, 'the run-status enum of the interop map');
}

export function runSnapshotStatuses(ctx: RuleContext): SchemaEnum | undefined {
  return schemaEnum(ctx, ctx.layout.runSnapshotSchema, RUN_SNAPSHOT_STATUS, 'RunSnapshot.status (interop-map rule 4)');
}

/** The run statuses a projection must cover: RunSnapshot.status, else the map schema's enum. */
export function runStatuses(ctx: RuleContext): string[] | undefined {
  const e = runSnapshotStatuses(ctx)?.found ?? mapSchemaRunStatuses(ctx)?.found;
  return e?.values.filter((v): v is string => typeof v === 'string');
}
