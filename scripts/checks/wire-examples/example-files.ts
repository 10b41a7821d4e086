import type { ExampleFiles } from '../../core/engine/rule.js';

/*
 * The rules' examples: RFC 0211 reduced to its Wire examples section, the interop map's
 * TaskNotFoundError row (the code and reason the judge expects) and the two wire schemas, §A's
 * cut down to what the examples show (data is an array of typed entries in the A2A domain).
 */
export const JSONRPC_ERROR = {
  type: 'object',
  properties: { error: { type: 'object', required: ['code', 'data'], properties: { data: { type: 'array', items: { type: 'object', required: ['@type', 'domain'], properties: { domain: { const: 'a2a-protocol.org' } } } } } } },
};
export const POSITIVE = [
  'Positive (JSON-RPC, `TaskNotFoundError`):',
  '',
  '```json',
  '{ "jsonrpc": "2.0", "id": 7, "error": { "code": -32001, "message": "task not found",',
  '  "data": [ { "@type": "type.googleapis.com/google.rpc.ErrorInfo",',
  '              "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org" } ] } }',
  '```',
  '',
].join('\n');
export const NEGATIVE = [
  'Negative (fails §A — object, not array):',
  '',
  '```json',
  '{ "jsonrpc": "2.0", "id": 7, "error": { "code": -32001, "message": "task not found",',
  '  "data": { "reason": "TASK_NOT_FOUND" } } }',
  '```',
  '',
].join('\n');
/** RFC 0211 with this Wire examples section, and the map row and schemas the judge reads. */
export const wireExamples = (section: string): ExampleFiles => ({
  'RFCS/0211-a2a-error-details-are-errorinfo.md': `# RFC 0211: A2A error details\n\n| Field | Value |\n| --- | --- |\n| **RFC** | 0211 |\n| **Status** | \`Accepted\` |\n\n### Wire examples\n\n${section}`,
  'spec/v2/interop-map.json': `${JSON.stringify({ a2a: { errors: [{ upstream: 'TaskNotFoundError', jsonrpc: -32001, grpc: 'NOT_FOUND', http: 404, reason: 'TASK_NOT_FOUND' }] } }, null, 2)}\n`,
  'schemas/v2/a2a-jsonrpc-error.schema.json': `${JSON.stringify(JSONRPC_ERROR, null, 2)}\n`,
  'schemas/v2/google-rpc-status.schema.json': '{ "type": "object" }\n',
});
