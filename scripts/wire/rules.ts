import type { Severity } from '../core/findings.js';
import type { RuleMeta } from '../core/rule.js';
import { defineRule } from '../core/rule.js';
import type { Section } from './types.js';

export interface WireRuleInfo extends RuleMeta {
  section: Section;
  defaultSeverity: Severity;
}

function rule(id: string, section: Section, description: string): WireRuleInfo {
  return { ...defineRule({ id, rfc: `RFC 0211 §${section}`, description }), section, defaultSeverity: 'error' };
}

/** The wire rules; ids are stable and never reused. */
export const WIRE_RULES = {
  bindingShape: rule('wire/binding-shape', 'C', "every answer on a 1.0 interface URL is in its binding's shape — a JSON-RPC 2.0 response (on HTTP+JSON, a Status for an error) — never an HTML page or other text; only a 401 may have no body"),
  noEnvelope: rule('wire/no-openwop-envelope', 'C', 'no answer on an A2A interface URL is the OpenWOP { error, message } envelope'),
  dataShape: rule('wire/jsonrpc-data-shape', 'A', 'an A2A error on a 1.0 JSON-RPC interface carries error.data as an array of @type objects with exactly one ErrorInfo in the a2a-protocol.org domain'),
  reasonMatchesCode: rule('wire/reason-matches-code', 'A', "the ErrorInfo reason is the one the interop map gives the error's code, and an A2A reason never rides on another code"),
  invalidParams: rule('wire/invalid-params-no-a2a-reason', 'A', 'an invalid-parameters error (-32602) carries no A2A reason (an ErrorInfo with another reason is a warning: §A asks for a BadRequest)'),
  statusShape: rule('wire/httpjson-status-shape', 'B', 'an A2A error on an HTTP+JSON interface is a google.rpc.Status whose details hold exactly one ErrorInfo, with the status and reason the map gives'),
  unreadableEqualsUnknown: rule('wire/unreadable-equals-unknown', 'D', 'the TaskNotFoundError data for a task the caller cannot read equals that for an unknown task, once normalised and the task-id echo removed'),
  supportedVersions: rule('wire/supported-versions-format', 'E', 'metadata.supportedVersions, when present, is one comma-joined string naming only versions the card offers'),
  versionErrorCode: rule('wire/version-error-code', 'E', 'a request naming an A2A-Version the interface does not serve is answered with VersionNotSupportedError, not another code'),
} as const;

/** Problems with the inputs of the judge rather than with an answer. */
export const WIRE_INPUT_RULES = {
  errorTable: defineRule({ id: 'wire/error-table', rfc: 'RFC 0211 §A', description: "the interop map's a2a.errors rows give the judge a usable code/reason table, and the §A/§B wire schemas compile" }),
  captureFormat: defineRule({
    id: 'wire/capture-format',
    rfc: 'RFC 0211 §Conformance',
    description: 'a capture file holds one exchange: request {method, path, headers, body} and response {status, headers, body} with raw string bodies',
    messages: { notAnExchange: "{{problem}} (RFC 0211 §Conformance: the fixtures' capture format)" },
  }),
} as const;

/** The rules that judge answers (the probe reports these too). */
export const WIRE_RULE_LIST: WireRuleInfo[] = Object.values(WIRE_RULES);

/** Every rule the wire command reports. */
export const WIRE_COMMAND_RULES: RuleMeta[] = [...WIRE_RULE_LIST, ...Object.values(WIRE_INPUT_RULES)];
