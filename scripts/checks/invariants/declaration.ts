import path from 'node:path';
import type { FamilyFacts } from '../../core/engine/family.js';

export const invariantsFamily = {
  name: 'invariants',
  description: 'Security invariants: schema, unique ids, live RFC citations, Security lines, protocol-tier tests and threat models (RFC 0001 §F).',
  needs: ['rfcsDir'],
  inputs: (layout) => [layout.invariants, ...(layout.invariantsSchema ? [layout.invariantsSchema] : []), `${path.posix.dirname(layout.invariants)}/**`, `${layout.rfcsDir}/**`],
  // Its `tests` globs name files anywhere.
  followsPaths: true,
} satisfies FamilyFacts;
