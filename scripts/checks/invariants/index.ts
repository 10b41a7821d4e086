import { invariantsFamily } from './declaration.js';
import type { Family } from '../../core/engine/rule.js';
import { citedRfcExists } from './rules/cited-rfc-exists.js';
import { citedRfcDraft, citedRfcStatus } from './rules/cited-rfc-status.js';
import { citedSectionExists } from './rules/cited-section-exists.js';
import { citesRfc } from './rules/cites-rfc.js';
import { protocolTestsResolve } from './rules/protocol-tests-resolve.js';
import { schema } from './rules/schema.js';
import { securityLineMatches } from './rules/security-line-matches.js';
import { threatModelExists } from './rules/threat-model-exists.js';
import { uniqueId } from './rules/unique-id.js';
import { invariantsSummary } from './summary.js';

export const family: Family = {
  ...invariantsFamily,
  rules: [schema, uniqueId, citesRfc, citedRfcExists, citedSectionExists, citedRfcStatus, citedRfcDraft, securityLineMatches, protocolTestsResolve, threatModelExists],
  primaryFile: ({ layout }) => layout.invariants,
  summaryExtras: ({ corpus }) => invariantsSummary(corpus),
};
