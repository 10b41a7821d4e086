import type { FamilyFacts } from '../../core/family.js';

export const rfcsFamily = {
  name: 'rfcs',
  description: 'RFC files: header table, numbering, status, dates, supersession, Affects paths and acceptance boxes (RFC 0001).',
  needs: ['rfcsDir'],
  inputs: (layout) => [`${layout.rfcsDir}/**`],
  // An RFC's `Affects` row names files anywhere.
  followsPaths: true,
} satisfies FamilyFacts;
