import type { FamilyFacts } from '../../core/family.js';

export const rfcsFamily = {
  name: 'rfcs',
  description: 'RFC files: header (a table or a YAML preamble), numbering, status, dates, sections, cited RFCs, supersession, Affects paths and acceptance boxes (RFC 0001, or the process the config describes).',
  needs: ['rfcsDir'],
  inputs: (layout) => [`${layout.rfcsDir}/**`],
  // An RFC's `Affects` row names files anywhere.
  followsPaths: true,
} satisfies FamilyFacts;
