import type { RuleExamples, RuleMeta } from '../core/engine/rule.js';
import * as EXAMPLES from './rule-examples.js';
import { defineRule } from '../core/engine/rule.js';

/** A conformance leg's rule: the leg's id, the section it witnesses, and its assertion as the description. */
export interface LegRule extends RuleMeta {
  leg: LegId;
}

export type LegId = 'a2a-error-data-shape' | 'a2a-no-openwop-envelope' | 'a2a-version-not-supported-shape' | 'a2a-unreadable-not-found';

/** A leg's expectation that no single answer's judgement covers (the wire rules judge the rest). */
const EXPECTED = {
  notJson: 'expected error {{code}} ({{reason}}); the answer is not JSON',
  notRpc: 'expected error {{code}} ({{reason}}); the answer is not a JSON-RPC response',
  noError: 'expected error {{code}} ({{reason}}), got {{got}}',
  otherCode: 'expected error {{code}} ({{reason}}), got {{gotCode}} {{gotMessage}}',
};

function leg(id: LegId, rfc: string, assertion: string, examples: RuleExamples, messages: Readonly<Record<string, string>> = EXPECTED): LegRule {
  return { ...defineRule({ id: `probe/${id}`, rfc, description: assertion, messages, examples }), leg: id };
}

/** RFC 0211 §Conformance, "Lands with this RFC": the host legs, in the order they run; code names these objects. */
export const LEG_RULES = {
  errorDataShape: leg('a2a-error-data-shape', 'RFC 0211 §A', 'GetTask on an unknown id, CancelTask on a terminal task: data is an Any[] with one ErrorInfo (reason, domain)', EXAMPLES.ERROR_DATA_SHAPE),
  noOpenWopEnvelope: leg('a2a-no-openwop-envelope', 'RFC 0211 §C', "malformed JSON-RPC (⇒ -32700 Parse error) and an unauthenticated POST: the answer is in the binding's shape, never the OpenWOP envelope", EXAMPLES.NO_OPENWOP_ENVELOPE),
  versionNotSupportedShape: leg('a2a-version-not-supported-shape', 'RFC 0211 §E', 'A2A-Version 99.0 ⇒ -32009 with ErrorInfo VERSION_NOT_SUPPORTED; supportedVersions ⊆ the card', EXAMPLES.VERSION_NOT_SUPPORTED_SHAPE),
  unreadableNotFound: leg('a2a-unreadable-not-found', 'RFC 0211 §D', "a second principal: another caller's task answers like an unknown one", EXAMPLES.UNREADABLE_NOT_FOUND, {
    readable: "the second principal read the first principal's task: not an unreadable task at all",
  }),
} as const;
