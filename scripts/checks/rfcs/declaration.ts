import type { FamilyFacts } from '../../core/engine/family.js';

export const rfcsFamily = {
  name: 'rfcs',
  description: 'RFC files: header (a table or a YAML preamble), numbering, status, dates, sections, cited RFCs, supersession, Affects paths and acceptance boxes (RFC 0001, or the process the config describes).',
  needs: ['rfcsDir'],
  // A status document (rfcs/status-document-current) is rendered from the RFCs and, for its
  // counts and invariants, from the spec's documents and the invariants file.
  inputs: (layout) => [`${layout.rfcsDir}/**`, ...(layout.statusDocument ? [layout.statusDocument.file, `${layout.interopDoc.split('/')[0]}/**/*.md`, ...layout.schemaGlobs, layout.openapi, layout.invariants] : [])],
  // An RFC's `Affects` row names files anywhere.
  followsPaths: true,
} satisfies FamilyFacts;
