import type { RuleExamples } from '../core/engine/rule.js';

/*
 * The probe rules' examples (meta.examples): a host's recorded answers, run by
 * probe/family.ts. A finding sits at the interface URL, the exchange's name as fragment.
 */

/** The host a probe example stands for; nothing is sent to it. */
export const EXAMPLE_HOST = 'https://agent.example';
const IFACE = `${EXAMPLE_HOST}/a2a`;

/** What a probe example's files and options stand for (the rule pages, docs/rules/, say it above the examples). */
export const PROBE_EXAMPLES_NOTE = `The files are a host's recorded answers: \`agent-card.json\` is its card, \`answers/<exchange>.json\` the answer ({status, headers, body}) to the probe's exchange of that name; an exchange without one gets no answer. It runs as \`specgate probe --url ${EXAMPLE_HOST}\`, options \`token\` and \`foreignToken\` standing for \`--token\` and \`--foreign-token\`, judged by this repository's interop map.`;
const CARD = JSON.stringify({ name: 'Example agent', supportedInterfaces: [{ url: IFACE, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] }, null, 2) + '\n';
const info = (reason: string, metadata?: Record<string, string>) => ({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org', ...(metadata ? { metadata } : {}) });

/** A recorded answer: status 200, JSON, the body as the raw text the host sent. */
function answer(body: unknown, status = 200): string {
  return JSON.stringify({ status, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) }, null, 2) + '\n';
}
const error = (code: number, message: string, data?: unknown) => answer({ jsonrpc: '2.0', id: 1, error: { code, message, ...(data ? { data } : {}) } });
const task = (state: string) => answer({ jsonrpc: '2.0', id: 1, result: { task: { id: 'task-7', contextId: 'ctx-1', status: { state } } } });
const TASK_NOT_FOUND = error(-32001, 'Task not found', [info('TASK_NOT_FOUND')]);
const at = (exchange: string) => `${IFACE}#${exchange}`;

export const ERROR_DATA_SHAPE: RuleExamples = {
  valid: [{ name: 'GetTask on an unknown id answers TaskNotFoundError', files: { 'agent-card.json': CARD, 'answers/error-data-shape-GetTask-unknown.json': TASK_NOT_FOUND } }],
  invalid: [
    {
      name: 'GetTask on an unknown id answers a task',
      files: { 'agent-card.json': CARD, 'answers/error-data-shape-GetTask-unknown.json': task('TASK_STATE_COMPLETED') },
      errors: [{ messageId: 'noError', file: at('02-error-data-shape-GetTask-unknown'), data: { code: -32001, reason: 'TASK_NOT_FOUND', got: 'a result' } }],
    },
    {
      name: 'GetTask on an unknown id answers an internal error',
      files: { 'agent-card.json': CARD, 'answers/error-data-shape-GetTask-unknown.json': error(-32603, 'Internal error') },
      errors: [{ messageId: 'otherCode', data: { code: -32001, reason: 'TASK_NOT_FOUND', gotCode: '-32603', gotMessage: '"Internal error"' } }],
    },
  ],
};

export const NO_OPENWOP_ENVELOPE: RuleExamples = {
  valid: [{ name: 'malformed JSON answers the Parse error', files: { 'agent-card.json': CARD, 'answers/no-openwop-envelope-malformed-json.json': error(-32700, 'Parse error') } }],
  invalid: [
    {
      name: 'malformed JSON answers Invalid Request',
      files: { 'agent-card.json': CARD, 'answers/no-openwop-envelope-malformed-json.json': error(-32600, 'Invalid Request') },
      errors: [{ messageId: 'otherCode', data: { code: -32700, reason: 'JSON-RPC Parse error', gotCode: '-32600', gotMessage: '"Invalid Request"' } }],
    },
  ],
};

export const VERSION_NOT_SUPPORTED_SHAPE: RuleExamples = {
  valid: [
    {
      name: 'A2A-Version 99.0 answers VersionNotSupportedError',
      files: { 'agent-card.json': CARD, 'answers/version-not-supported-99.json': error(-32009, 'Version not supported', [info('VERSION_NOT_SUPPORTED', { supportedVersions: '1.0' })]) },
    },
  ],
  invalid: [
    {
      name: 'A2A-Version 99.0 answers a bare 401',
      files: { 'agent-card.json': CARD, 'answers/version-not-supported-99.json': JSON.stringify({ status: 401, headers: {}, body: '' }, null, 2) + '\n' },
      errors: [{ messageId: 'notJson', data: { code: -32009, reason: 'VERSION_NOT_SUPPORTED' } }],
    },
  ],
};

const TWO_PRINCIPALS = { token: 'owner-token', foreignToken: 'other-token' };
const OWNED_TASK = { 'agent-card.json': CARD, 'answers/setup-SendMessage.json': task('TASK_STATE_COMPLETED'), 'answers/unreadable-owner-reads-task.json': task('TASK_STATE_COMPLETED'), 'answers/unreadable-unknown-task.json': TASK_NOT_FOUND };

export const UNREADABLE_NOT_FOUND: RuleExamples = {
  valid: [{ name: "another principal's task answers like an unknown one", options: TWO_PRINCIPALS, files: { ...OWNED_TASK, 'answers/unreadable-foreign-task.json': TASK_NOT_FOUND } }],
  invalid: [
    {
      name: "the second principal reads the first one's task",
      options: TWO_PRINCIPALS,
      files: { ...OWNED_TASK, 'answers/unreadable-foreign-task.json': task('TASK_STATE_COMPLETED') },
      errors: [{ messageId: 'readable' }],
    },
  ],
};

export const NOTHING_EXECUTED: RuleExamples = {
  valid: [{ name: 'one leg ran', files: { 'agent-card.json': CARD, 'answers/error-data-shape-GetTask-unknown.json': TASK_NOT_FOUND } }],
  invalid: [
    {
      name: 'a 0.3 card: no 1.0 interface to probe',
      files: { 'agent-card.json': JSON.stringify({ name: 'Example agent', url: IFACE, protocolVersion: '0.3.0' }, null, 2) + '\n' },
      errors: [{ messageId: 'nothing', file: `${EXAMPLE_HOST}/.well-known/agent-card.json`, data: { why: 'the card has no supportedInterfaces[] (an A2A 0.3 card): RFC 0211 §A–§D bind only 1.0 interfaces' } }],
    },
  ],
};
