import path from 'node:path';
import type { Layout } from '../core/layout.js';

/**
 * The files each check family reads, as globs relative to the repository root. The pre-commit
 * hook runs a family only when one of these is staged. A family missing here is run whenever any
 * governed file is staged, so a new family is checked too much rather than too little.
 */
export function familyInputs(layout: Layout): Record<string, string[]> {
  const rfcs = `${layout.rfcsDir}/**`;
  return {
    'interop-map': [
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
    invariants: [layout.invariants, ...(layout.invariantsSchema ? [layout.invariantsSchema] : []), `${path.posix.dirname(layout.invariants)}/**`, rfcs],
    rfcs: [rfcs],
    // RFC 0211's wire examples live in the RFCs; their reasons and codes come from the map.
    'wire-examples': [rfcs, layout.wireSchemas.jsonrpcError, layout.wireSchemas.googleRpcStatus, layout.interopMap],
  };
}

/**
 * Families that follow references by path (RFC `Affects`, invariant `tests` globs), so a staged
 * deletion or rename anywhere can break them.
 */
export const PATH_REFERENCE_FAMILIES = ['rfcs', 'invariants'];
