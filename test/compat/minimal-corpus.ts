/**
 * A small corpus in this layout, written for these tests: an interop-map schema whose errorRow is
 * closed (as before RFC 0211), its data file, a run-snapshot schema the map reaches through a
 * cross-file `$ref`, and an RFC whose header table claims `additive`.
 */

const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

export const INTEROP_SCHEMA = 'spec/v2/interop-map.schema.json';
export const INTEROP_MAP = 'spec/v2/interop-map.json';
export const RUN_SNAPSHOT = 'schemas/v2/run-snapshot.schema.json';
export const RFC_0211 = 'RFCS/0211-a2a-error-details-are-errorinfo.md';

const interopSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://specgate.test/spec/v2/interop-map.schema.json',
  title: 'Interop map used by the compat tests',
  type: 'object',
  additionalProperties: false,
  required: ['$schema', 'version', 'a2a'],
  properties: {
    $schema: { type: 'string' },
    version: { const: 1 },
    a2a: {
      type: 'object',
      additionalProperties: false,
      required: ['errors', 'taskState'],
      properties: {
        errors: { type: 'array', items: { $ref: '#/$defs/errorRow' } },
        taskState: { type: 'array', items: { $ref: '#/$defs/stateRow' } },
      },
    },
  },
  $defs: {
    runStatus: { $ref: '../../schemas/v2/run-snapshot.schema.json#/properties/status' },
    errorRow: {
      type: 'object',
      additionalProperties: false,
      required: ['upstream', 'jsonrpc', 'grpc', 'http', 'clientProjection'],
      properties: {
        upstream: { type: 'string', minLength: 1, description: 'Upstream error name, or a label in parentheses.' },
        jsonrpc: { type: 'integer' },
        grpc: { type: 'string', enum: ['NOT_FOUND', 'FAILED_PRECONDITION', 'INVALID_ARGUMENT', 'INTERNAL'] },
        http: { type: 'integer', minimum: 400, maximum: 599 },
        clientProjection: { type: 'string', description: 'The client-side error code.' },
        note: { type: 'string' },
      },
    },
    stateRow: {
      type: 'object',
      additionalProperties: false,
      required: ['runStatus', 'stored'],
      properties: {
        runStatus: { $ref: '#/$defs/runStatus' },
        stored: { type: 'string' },
        interruptKind: { type: 'string' },
      },
    },
  },
};

const runSnapshotSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://specgate.test/schemas/v2/run-snapshot.schema.json',
  type: 'object',
  required: ['status'],
  properties: {
    status: { enum: ['pending', 'running', 'waiting-input', 'completed', 'failed'] },
  },
};

const interopMap = {
  $schema: './interop-map.schema.json',
  version: 1,
  a2a: {
    errors: [
      { upstream: 'TaskNotFoundError', jsonrpc: -32001, grpc: 'NOT_FOUND', http: 404, clientProjection: 'not_found' },
      { upstream: 'TaskNotCancelableError', jsonrpc: -32002, grpc: 'FAILED_PRECONDITION', http: 400, clientProjection: 'run_terminal' },
      { upstream: '(invalid parameters)', jsonrpc: -32602, grpc: 'INVALID_ARGUMENT', http: 400, clientProjection: 'validation_error' },
    ],
    taskState: [
      { runStatus: 'pending', stored: 'submitted' },
      { runStatus: 'running', stored: 'working' },
      { runStatus: 'waiting-input', stored: 'input-required' },
      { runStatus: 'waiting-input', interruptKind: 'credential', stored: 'auth-required' },
    ],
  },
};

export const rfc0211 = `# RFC 0211: A2A error details carry an ErrorInfo

| Field | Value |
| --- | --- |
| **RFC** | 0211 |
| **Title** | A2A error details carry an ErrorInfo |
| **Status** | \`Draft\` |
| **Author(s)** | Compat Test |
| **Created** | 2026-09-23 |
| **Updated** | 2026-09-23 — filed |
| **Affects** | \`spec/v2/interop-map.schema.json\` (\`errorRow\` gains an OPTIONAL \`reason\`) · \`spec/v2/interop-map.json\` (reason values) |
| **Compatibility** | \`additive\` — one optional property on a closed row |
| **Supersedes** | — |
| **Superseded by** | — |

## Summary

Each named error row gets the ErrorInfo reason a host puts on the wire.
`;

export const MINIMAL_CORPUS: Record<string, string> = {
  [INTEROP_SCHEMA]: json(interopSchema),
  [INTEROP_MAP]: json(interopMap),
  [RUN_SNAPSHOT]: json(runSnapshotSchema),
  [RFC_0211]: rfc0211,
};
