import type { FamilyFacts } from '../../core/engine/family.js';

export const wireExamplesFamily = {
  name: 'wire-examples',
  description: "RFC 0211's wire examples, judged by the wire checker",
  needs: ['rfcsDir', 'interopMap'],
  // The examples live in the RFCs; their reasons and codes come from the map.
  inputs: (layout) => [`${layout.rfcsDir}/**`, layout.wireSchemas.jsonrpcError, layout.wireSchemas.googleRpcStatus, layout.interopMap],
} satisfies FamilyFacts;
