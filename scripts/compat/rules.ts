import type { RuleInfo } from '../core/reporters/types.js';

/** The findings the compatibility gate reports (listed in SARIF runs and in the README). */
export const RULES = {
  breaking: {
    id: 'compat/breaking-change',
    rfc: 'RFC 0001 §B',
    description: 'A schema or governed data file changed in a way that can invalidate a document that was valid at the base, or drops something a reader relied on.',
    defaultSeverity: 'warning',
  },
  claim: {
    id: 'compat/claim-contradicted',
    rfc: 'RFC 0001 §B',
    description: "An RFC added or changed in the compared range claims `additive` in its Compatibility row, but a file its Affects row names has a breaking change.",
    defaultSeverity: 'error',
  },
  baseUnreadable: {
    id: 'compat/base-unreadable',
    rfc: 'RFC 0001 §B',
    description: 'A file at the base is not readable JSON, so its changes cannot be classified.',
    defaultSeverity: 'warning',
  },
} as const satisfies Record<string, RuleInfo>;

export const RULE_INFOS: RuleInfo[] = Object.values(RULES);
