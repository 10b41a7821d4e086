import type { RuleExamples } from '../core/engine/rule.js';

/*
 * The wire rules' examples (meta.examples): capture files as the SDK fixtures record them, judged
 * by wire/family.ts with this repository's interop map. The answer's body is line 11 of
 * every capture made here, so that is where a finding inside the body is placed.
 */

/** What a wire example's files and options stand for (the rule pages, docs/rules/, say it above the examples). */
export const WIRE_EXAMPLES_NOTE =
  "Each `.json` file is a capture, judged as `specgate wire` judges it, by this repository's interop map and RFC 0211 §A/§B schemas; option `pair` names the `--unknown` and `--unreadable` captures, `offeredVersions` is `--versions`, `binding` is `--binding`.";

const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
const info = (reason: string, extra: Record<string, unknown> = {}) => ({ '@type': ERROR_INFO, reason, domain: 'a2a-protocol.org', ...extra });
const rpcError = (code: number, message: string, data?: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined ? { data } : {}) } });

/** One exchange: a JSON-RPC call at A2A-Version 1.0 (or as told) and the answer, bodies as raw strings. */
function capture(answer: { status?: number; contentType?: string; body: unknown }, call: { version?: string; method?: string; taskId?: string } = {}): string {
  const request = { jsonrpc: '2.0', id: 1, method: call.method ?? 'GetTask', params: { id: call.taskId ?? 'task-1' } };
  const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const s = JSON.stringify;
  return [
    '{',
    '  "request": {',
    '    "method": "POST",',
    '    "path": "/a2a",',
    `    "headers": { "Content-Type": "application/json", "A2A-Version": ${s(call.version ?? '1.0')} },`,
    `    "body": ${s(s(request))}`,
    '  },',
    '  "response": {',
    `    "status": ${answer.status ?? 200},`,
    `    "headers": { "content-type": ${s(answer.contentType ?? 'application/json')} },`,
    `    "body": ${s(body)}`,
    '  }',
    '}',
    '',
  ].join('\n');
}

const TASK_NOT_FOUND = capture({ body: rpcError(-32001, 'Task not found', [info('TASK_NOT_FOUND', { metadata: { taskId: 'task-1' } })]) });
const BODY_LINE = 11;

export const BINDING_SHAPE: RuleExamples = {
  valid: [{ name: 'a JSON-RPC error response', files: { 'capture.json': TASK_NOT_FOUND } }],
  invalid: [
    {
      name: 'an HTML error page on the interface URL',
      files: { 'capture.json': capture({ status: 404, contentType: 'text/html', body: '<!DOCTYPE html><html><body>Not Found</body></html>' }) },
      errors: [{ messageId: 'notJsonRpc', line: BODY_LINE, data: { status: 404, contentType: 'text/html', what: 'an HTML page' } }],
    },
    {
      name: 'an error response without "jsonrpc"',
      files: { 'capture.json': capture({ body: { id: 1, error: { code: -32001, message: 'Task not found', data: [info('TASK_NOT_FOUND')] } } }) },
      errors: [{ messageId: 'jsonrpcVersion', line: BODY_LINE, data: { found: 'missing' } }],
    },
  ],
};

export const NO_ENVELOPE: RuleExamples = {
  valid: [{ name: 'a JSON-RPC error response', files: { 'capture.json': TASK_NOT_FOUND } }],
  invalid: [
    {
      name: 'the OpenWOP { error, message } envelope',
      files: { 'capture.json': capture({ status: 404, body: { error: 'not_found', message: 'no such task' } }) },
      errors: [{ messageId: 'envelope', line: BODY_LINE, data: { error: '"not_found"' } }],
    },
  ],
};

export const DATA_SHAPE: RuleExamples = {
  valid: [{ name: 'data is an array with one ErrorInfo', files: { 'capture.json': TASK_NOT_FOUND } }],
  invalid: [
    {
      name: 'the legacy object in data',
      files: { 'capture.json': capture({ body: rpcError(-32001, 'Task not found', { reason: 'TASK_NOT_FOUND' }) }) },
      errors: [{ messageId: 'shape', line: BODY_LINE, data: { name: 'TaskNotFoundError', code: -32001, problem: 'error.data is an object, not an array: §A wants an array of @type objects (Any[]) with one ErrorInfo' } }],
    },
  ],
};

export const REASON_MATCHES_CODE: RuleExamples = {
  valid: [{ name: "the reason the map gives the code", files: { 'capture.json': TASK_NOT_FOUND } }],
  invalid: [
    {
      name: "another error's reason on TaskNotFoundError's code",
      files: { 'capture.json': capture({ body: rpcError(-32001, 'Task not found', [info('TASK_NOT_CANCELABLE')]) }) },
      errors: [{ messageId: 'notTheCodesReason', line: BODY_LINE, data: { reason: 'TASK_NOT_CANCELABLE', code: -32001, name: 'TaskNotFoundError', expected: 'TASK_NOT_FOUND', belongs: '; "TASK_NOT_CANCELABLE" is the reason of -32002 (TaskNotCancelableError)' } }],
    },
    {
      name: 'an A2A reason on a code that is not its own',
      files: { 'capture.json': capture({ body: rpcError(-32603, 'Internal error', [info('TASK_NOT_FOUND')]) }) },
      errors: [{ messageId: 'onAnotherCode', line: BODY_LINE, data: { reason: 'TASK_NOT_FOUND', jsonrpc: -32001, name: 'TaskNotFoundError', code: -32603 } }],
    },
  ],
};

export const INVALID_PARAMS: RuleExamples = {
  valid: [{ name: 'invalid parameters without an ErrorInfo', files: { 'capture.json': capture({ body: rpcError(-32602, 'Invalid params') }) } }],
  invalid: [
    {
      name: 'an A2A reason on invalid parameters',
      files: { 'capture.json': capture({ body: rpcError(-32602, 'Invalid params', [info('TASK_NOT_FOUND')]) }) },
      errors: [{ messageId: 'a2aReason', line: BODY_LINE, data: { name: '(invalid parameters)', code: -32602, reason: 'TASK_NOT_FOUND', owner: 'TaskNotFoundError' } }],
    },
    {
      name: 'an ErrorInfo with a reason of its own (a warning)',
      files: { 'capture.json': capture({ body: rpcError(-32602, 'Invalid params', [info('INVALID_PARAMS')]) }) },
      errors: [{ messageId: 'otherErrorInfo', line: BODY_LINE, data: { name: '(invalid parameters)', code: -32602, reason: 'INVALID_PARAMS' } }],
    },
  ],
};

const statusBody = (code: number, status: string) => ({ error: { code, status, message: 'Task not found', details: [info('TASK_NOT_FOUND')] } });

export const STATUS_SHAPE: RuleExamples = {
  valid: [{ name: 'a google.rpc.Status with the map\'s HTTP status', options: { binding: 'HTTP+JSON' }, files: { 'capture.json': capture({ status: 404, body: statusBody(404, 'NOT_FOUND') }) } }],
  invalid: [
    {
      name: 'TASK_NOT_FOUND answered with HTTP 400',
      options: { binding: 'HTTP+JSON' },
      files: { 'capture.json': capture({ status: 400, body: statusBody(400, 'NOT_FOUND') }) },
      errors: [{ messageId: 'httpStatus', line: 9, data: { reason: 'TASK_NOT_FOUND', status: 400, name: 'TaskNotFoundError', expected: 404 } }],
    },
    {
      name: 'a Status without details',
      options: { binding: 'HTTP+JSON' },
      files: { 'capture.json': capture({ status: 404, body: { error: { code: 404, status: 'NOT_FOUND', message: 'Task not found' } } }) },
      errors: [{ messageId: 'shape', line: BODY_LINE, data: { problem: 'error.details is missing: an A2A error carries an array of @type objects with exactly one ErrorInfo' } }],
    },
  ],
};

const PAIR = { pair: ['unknown.json', 'unreadable.json'] };
const notFound = (taskId: string, metadata: Record<string, string> = { taskId }) => capture({ body: rpcError(-32001, 'Task not found', [info('TASK_NOT_FOUND', { metadata })]) }, { taskId });

export const UNREADABLE_EQUALS_UNKNOWN: RuleExamples = {
  valid: [
    {
      name: 'the same answer, but for the task id echoed',
      options: PAIR,
      files: { 'unknown.json': notFound('never-issued'), 'unreadable.json': notFound('task-of-another-tenant') },
    },
  ],
  invalid: [
    {
      name: 'a metadata key only the unreadable task gets',
      options: PAIR,
      files: { 'unknown.json': notFound('never-issued'), 'unreadable.json': notFound('task-of-another-tenant', { taskId: 'task-of-another-tenant', scope: 'tenant' }) },
      errors: [{ messageId: 'keyOnlyUnreadable', file: 'unreadable.json', line: BODY_LINE, data: { key: 'metadata.scope' } }],
    },
    {
      name: 'another HTTP status for the unreadable task',
      options: PAIR,
      files: { 'unknown.json': notFound('never-issued'), 'unreadable.json': capture({ status: 403, body: rpcError(-32001, 'Task not found', [info('TASK_NOT_FOUND', { metadata: { taskId: 'task-2' } })]) }, { taskId: 'task-2' }) },
      errors: [{ messageId: 'statusDiffers', file: 'unreadable.json', line: 9, data: { unreadable: 403, unknown: 200 } }],
    },
  ],
};

const versionRefusal = (supportedVersions: unknown) => capture({ body: rpcError(-32009, 'Version not supported', [info('VERSION_NOT_SUPPORTED', { metadata: { supportedVersions } })]) }, { version: '99.0' });

export const SUPPORTED_VERSIONS: RuleExamples = {
  valid: [{ name: 'one comma-joined string', files: { 'capture.json': versionRefusal('1.0,0.3') } }],
  invalid: [
    { name: 'an array of versions', files: { 'capture.json': versionRefusal(['1.0', '0.3']) }, errors: [{ messageId: 'notString', line: BODY_LINE, data: { type: 'an array' } }] },
    { name: 'a version the card does not offer', options: { offeredVersions: ['1.0'] }, files: { 'capture.json': versionRefusal('1.0,0.3') }, errors: [{ messageId: 'notOffered', line: BODY_LINE, data: { extra: '0.3', offered: '1.0' } }] },
  ],
};

export const VERSION_ERROR_CODE: RuleExamples = {
  valid: [{ name: 'A2A-Version 99.0 refused with VersionNotSupportedError', files: { 'capture.json': versionRefusal('1.0') } }],
  invalid: [
    {
      name: 'A2A-Version 99.0 answered as if the task were unknown',
      files: { 'capture.json': capture({ body: rpcError(-32001, 'Task not found', [info('TASK_NOT_FOUND')]) }, { version: '99.0' }) },
      errors: [{ messageId: 'wrongCode', line: BODY_LINE, data: { requested: '99.0', unserved: 'no A2A release has', got: 'code -32001', code: -32009, name: 'VersionNotSupportedError' } }],
    },
  ],
};

export const CAPTURE_FORMAT: RuleExamples = {
  valid: [{ name: 'a request and its response, bodies as strings', files: { 'capture.json': TASK_NOT_FOUND } }],
  invalid: [
    {
      name: 'a response body that is an object, not the raw text',
      files: { 'capture.json': '{\n  "response": {\n    "status": 200,\n    "body": { "jsonrpc": "2.0", "id": 1, "result": {} }\n  }\n}\n' },
      errors: [{ messageId: 'notAnExchange', line: 4, data: { problem: 'response.body must be the raw body as a string' } }],
    },
  ],
};

/** A small interop map in place of this repository's, for the rule that reads the map itself. */
const MAP = 'spec/v2/interop-map.json';
const map = (...rows: string[]) => `{\n  "a2a": {\n    "errors": [\n${rows.map((r) => `      ${r}`).join(',\n')}\n    ]\n  }\n}\n`;
const TNF_ROW = '{ "upstream": "TaskNotFoundError", "jsonrpc": -32001, "grpc": "NOT_FOUND", "http": 404, "reason": "TASK_NOT_FOUND" }';

export const ERROR_TABLE: RuleExamples = {
  valid: [{ name: 'rows with an upstream name and an integer code', files: { [MAP]: map(TNF_ROW) } }],
  invalid: [
    {
      name: 'a row whose code is not an integer',
      files: { [MAP]: map(TNF_ROW, '{ "upstream": "TaskNotCancelableError", "jsonrpc": "-32002", "reason": "TASK_NOT_CANCELABLE" }') },
      errors: [{ messageId: 'unusableRow', file: MAP, line: 5, column: 7, data: { problem: 'a2a.errors row without a string "upstream" and an integer "jsonrpc"; the wire checks skip it' } }],
    },
    {
      name: 'no row carries a reason',
      files: { [MAP]: map('{ "upstream": "TaskNotFoundError", "jsonrpc": -32001 }') },
      errors: [{ messageId: 'unusableRow', file: MAP, line: 3, data: { problem: 'no a2a.errors row carries a reason, so no A2A error can be recognised' } }],
    },
  ],
};
