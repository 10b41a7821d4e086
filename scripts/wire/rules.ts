import type { Severity } from '../core/model/findings.js';
import type { RuleExamples, RuleMeta } from '../core/engine/rule.js';
import * as EXAMPLES from './rule-examples.js';
import { defineRule } from '../core/engine/rule.js';
import type { Section } from './types.js';

export interface WireRuleInfo extends RuleMeta {
  section: Section;
  defaultSeverity: Severity;
}

function rule(id: string, section: Section, description: string, messages: Readonly<Record<string, string>>, examples: RuleExamples): WireRuleInfo {
  return { ...defineRule({ id, rfc: `RFC 0211 §${section}`, description, messages, examples }), section, defaultSeverity: 'error' };
}

/** The OpenWOP envelope is refused in the same words on either binding. */
const ENVELOPE = "the answer is the OpenWOP error envelope (error {{error}}): an A2A interface answers in its binding's shape, never { error, message }";

/** The wire rules; ids are stable and never reused. */
export const WIRE_RULES = {
  bindingShape: rule('wire/binding-shape', 'C', "every answer on a 1.0 interface URL is in its binding's shape — a JSON-RPC 2.0 response (on HTTP+JSON, a Status for an error) — never an HTML page or other text; only a 401 may have no body", {
    mislabelledJson: 'the answer is JSON labelled {{contentType}}; {{binding}} answers with Content-Type application/json, and a client that checks the media type refuses it',
    emptyJsonRpc: 'the answer has status {{status}} and an empty body; a JSON-RPC interface answers with a JSON-RPC response (only a 401 may come without one)',
    notJsonRpc: 'the answer (status {{status}}, {{contentType}}) is {{what}}, not a JSON-RPC response: an A2A client can identify it by neither code nor reason',
    notObject: 'the body is {{type}}, not a JSON-RPC response object',
    jsonrpcVersion: '"jsonrpc" is {{found}}; a JSON-RPC 2.0 response has "jsonrpc": "2.0"',
    noId: 'the response has no "id" (JSON-RPC 2.0 wants the request\'s id, or null)',
    resultAndError: 'the response has both "result" and "error"',
    errorNotObject: '"error" is {{found}}; a JSON-RPC error response has an error object',
    codeNotInteger: 'error.code is {{found}}; JSON-RPC wants an integer',
    messageNotString: 'error.message is not a string',
    emptyHttpJson: 'the answer has status {{status}} and an empty body; an HTTP+JSON interface answers an error with a google.rpc.Status',
    notStatusJson: 'the error answer (status {{status}}, {{contentType}}) is not JSON, so not a google.rpc.Status',
  }, EXAMPLES.BINDING_SHAPE),
  noEnvelope: rule('wire/no-openwop-envelope', 'C', 'no answer on an A2A interface URL is the OpenWOP { error, message } envelope', { envelope: ENVELOPE }, EXAMPLES.NO_ENVELOPE),
  dataShape: rule('wire/jsonrpc-data-shape', 'A', 'an A2A error on a 1.0 JSON-RPC interface carries error.data as an array of @type objects with exactly one ErrorInfo in the a2a-protocol.org domain', { shape: '{{name}} ({{code}}): {{problem}}' }, EXAMPLES.DATA_SHAPE),
  reasonMatchesCode: rule('wire/reason-matches-code', 'A', "the ErrorInfo reason is the one the interop map gives the error's code, and an A2A reason never rides on another code", {
    notTheCodesReason: 'reason "{{reason}}" on code {{code}}, but the interop map gives {{code}} ({{name}}) the reason "{{expected}}"{{belongs}}',
    onAnotherCode: 'reason "{{reason}}" belongs to {{jsonrpc}} ({{name}}), but the answer\'s code is {{code}}',
  }, EXAMPLES.REASON_MATCHES_CODE),
  invalidParams: rule('wire/invalid-params-no-a2a-reason', 'A', 'an invalid-parameters error (-32602) carries no A2A reason (an ErrorInfo with another reason is a warning: §A asks for a BadRequest)', {
    a2aReason: '{{name}} ({{code}}) carries the A2A reason "{{reason}}" (of {{owner}}); it carries no A2A reason',
    otherErrorInfo: '{{name}} ({{code}}) carries an ErrorInfo with reason "{{reason}}": not an A2A reason, so not forbidden, but §A says it SHOULD carry a google.rpc.BadRequest (or nothing) instead',
  }, EXAMPLES.INVALID_PARAMS),
  statusShape: rule('wire/httpjson-status-shape', 'B', 'an A2A error on an HTTP+JSON interface is a google.rpc.Status whose details hold exactly one ErrorInfo, with the status and reason the map gives', {
    shape: '{{problem}}',
    httpStatus: 'reason "{{reason}}" answered with HTTP {{status}}; the interop map gives {{name}} HTTP {{expected}}',
    grpcStatus: 'error.status {{status}} with reason "{{reason}}"; the interop map gives {{name}} {{expected}}',
  }, EXAMPLES.STATUS_SHAPE),
  unreadableEqualsUnknown: rule('wire/unreadable-equals-unknown', 'D', 'the TaskNotFoundError data for a task the caller cannot read equals that for an unknown task, once normalised and the task-id echo removed', {
    notAnError: 'the {{side}} answer is not a JSON-RPC error; both answers must be {{name}}',
    wrongCode: 'the {{side}} answer has code {{code}}, not {{expected}} ({{name}}): the code alone tells the caller whether the task exists',
    codeDiffers: 'error.code differs: {{unreadable}} for the unreadable task, {{unknown}} for the unknown one',
    statusDiffers: 'HTTP status differs: {{unreadable}} for the unreadable task, {{unknown}} for the unknown one: the status alone tells the caller the task exists',
    headerOnlyUnreadable: 'header {{header}} appears only on the unreadable-task answer: it tells the caller the task exists',
    headerOnlyUnknown: 'header {{header}} appears only on the unknown-task answer: its absence tells the caller the task exists',
    dataShapeDiffers: 'error.data is {{unreadable}} on the unreadable-task answer but {{unknown}} on the unknown-task answer',
    entryOnlyUnreadable: 'data[{{index}}] ({{type}}) appears only on the unreadable-task answer',
    entryOnlyUnknown: 'data[{{index}}] ({{type}}) appears only on the unknown-task answer',
    memberDiffers: '{{member}} differs: {{unreadable}} for the unreadable task, {{unknown}} for the unknown one',
    keyOnlyUnreadable: '{{key}} appears only on the unreadable-task answer: it tells the caller the task exists',
    keyOnlyUnknown: '{{key}} appears only on the unknown-task answer',
    metadataValueDiffers: 'metadata.{{key}} has another value for the unreadable task ({{unreadable}} vs {{unknown}}); §D\'s normal form compares keys only, so this is a warning: check that the value says nothing about the task',
  }, EXAMPLES.UNREADABLE_EQUALS_UNKNOWN),
  supportedVersions: rule('wire/supported-versions-format', 'E', 'metadata.supportedVersions, when present, is one comma-joined string naming only versions the card offers', {
    notString: 'metadata.supportedVersions is {{type}}; §E wants one comma-joined string such as "1.0,0.3" (metadata is map<string, string>)',
    notAList: 'metadata.supportedVersions {{value}} is not a comma-joined list of versions such as "1.0,0.3" (no spaces, no brackets)',
    notOffered: 'metadata.supportedVersions names {{extra}}, which the card does not offer (it offers {{offered}})',
  }, EXAMPLES.SUPPORTED_VERSIONS),
  versionErrorCode: rule('wire/version-error-code', 'E', 'a request naming an A2A-Version the interface does not serve is answered with VersionNotSupportedError, not another code', {
    wrongCode: 'the request asked for A2A-Version {{requested}}, which {{unserved}}; the answer is {{got}}, not {{code}} ({{name}})',
  }, EXAMPLES.VERSION_ERROR_CODE),
} as const;

/** Problems with the inputs of the judge rather than with an answer. */
export const WIRE_INPUT_RULES = {
  errorTable: defineRule({
    id: 'wire/error-table',
    rfc: 'RFC 0211 §A',
    description: "the interop map's a2a.errors rows give the judge a usable code/reason table, and the §A/§B wire schemas compile",
    messages: { unusableRow: '{{problem}}', schemaBroken: 'schema does not compile: {{problem}}' },
    examples: EXAMPLES.ERROR_TABLE,
  }),
  captureFormat: defineRule({
    id: 'wire/capture-format',
    rfc: 'RFC 0211 §Conformance',
    description: 'a capture file holds one exchange: request {method, path, headers, body} and response {status, headers, body} with raw string bodies',
    messages: { notAnExchange: "{{problem}} (RFC 0211 §Conformance: the fixtures' capture format)" },
    examples: EXAMPLES.CAPTURE_FORMAT,
  }),
} as const;

/** The rules that judge answers (the probe reports these too). */
export const WIRE_RULE_LIST: WireRuleInfo[] = Object.values(WIRE_RULES);

/** Every rule the wire command reports. */
export const WIRE_COMMAND_RULES: RuleMeta[] = [...WIRE_RULE_LIST, ...Object.values(WIRE_INPUT_RULES)];
