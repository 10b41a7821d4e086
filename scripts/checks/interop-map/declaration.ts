import type { FamilyFacts } from '../../core/engine/family.js';

export const interopMapFamily = {
  name: 'interop-map',
  description: 'The A2A/MCP interop map agrees with its schema, the v2 OpenAPI operations, the error registry, the run and task states, the facets and the pinned a2a.proto.',
  needs: ['interopMap'],
  inputs: (layout) => [
    layout.interopMap,
    layout.interopMapSchema,
    layout.errorRegistry,
    layout.openapi,
    layout.a2aProto,
    layout.runSnapshotSchema,
    layout.taskStateSchema,
    `${layout.facetsDir}/**`,
    layout.interopDoc,
  ],
} satisfies FamilyFacts;
