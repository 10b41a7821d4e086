import { describe, expect, it } from 'vitest';
import { EXAMPLE_MAP, jsonText, mapWith } from '../../../scripts/checks/interop-map/example-files.js';
import { clientProjectionRegistered } from '../../../scripts/checks/interop-map/rules/client-projection-registered.js';
import { errorsComplete } from '../../../scripts/checks/interop-map/rules/errors-complete.js';
import { httpBindingMatchesProto } from '../../../scripts/checks/interop-map/rules/http-binding-matches-proto.js';
import { requiresFacetExists } from '../../../scripts/checks/interop-map/rules/requires-facet-exists.js';
import { runStatusEnumMatches } from '../../../scripts/checks/interop-map/rules/run-status-enum-matches.js';
import { storedStateKnown } from '../../../scripts/checks/interop-map/rules/stored-state-known.js';
import { v2OperationExists } from '../../../scripts/checks/interop-map/rules/v2-operation-exists.js';
import { A2A_ERRORS } from '../../../scripts/checks/interop-map/a2a-errors.js';
import { runRuleOn, testRule } from '../../../scripts/core/engine/rule-tester.js';

/*
 * interop-map rules, one at a time on small in-memory corpora (scripts/core/engine/rule-tester.ts): the
 * cases their meta.examples leave out (rarer message ids, related locations). The examples
 * themselves run in test/rules/examples.test.ts.
 */

const api = { describe, it };
const PROTO = 'spec/v2/upstream/a2a-v1.0.1-bindings.proto';
const rpc = (name: string, verb: string, path: string) => `  rpc ${name}(${name}Request) returns (Task) {\n    option (google.api.http) = {\n      ${verb}: "${path}"\n    };\n  }\n`;
const service = (...rpcs: string[]) => `service A2AService {\n${rpcs.join('')}}\n`;
const SUBSCRIBE = rpc('SubscribeToTask', 'get', '/tasks/{id}:subscribe');
/** The rows given, after rows covering GetTask and SubscribeToTask as the proto (unless `proto` says otherwise) binds them. */
const operations = (rows: object[], proto = service(rpc('GetTask', 'get', '/tasks/{id}'), rpc('ListTasks', 'get', '/tasks'), SUBSCRIBE)) =>
  mapWith({ a2a: { operations: [{ upstream: 'GetTask', http: 'GET /tasks/{id}' }, { upstream: 'ListTasks', http: 'GET /tasks' }, { upstream: 'SubscribeToTask', http: 'POST /tasks/{id}:subscribe' }, ...rows] } }, { [PROTO]: proto });

testRule(httpBindingMatchesProto, api, { cases: {
  valid: [{ name: 'a compound row, one verb per operation, and a second row for an rpc', files: operations([{ upstream: 'GetTask | ListTasks', http: 'GET | GET /tasks[/{id}]' }, { upstream: 'GetTask', http: 'GET /tasks/{task_id}' }]) }],
  invalid: [
    { name: 'a proto with no http binding: the rule cannot pass vacuously', files: operations([], 'syntax = "proto3";\nservice S { rpc A(B) returns (C); }\n'), errors: [{ messageId: 'noBindings', file: PROTO, line: 1, column: 1 }] },
    { name: 'a row without http (at the row)', files: operations([{ upstream: 'GetTask' }]), errors: [{ messageId: 'noHttp', line: 16, column: 7 }] },
    { name: 'an http value that is not VERB /path', files: operations([{ upstream: 'GetTask', http: 'tasks' }]), errors: [{ messageId: 'notARoute', line: 18, column: 17 }] },
    { name: 'a compound row with fewer verbs than operations', files: operations([{ upstream: 'ListTasks | GetTask', http: 'GET /tasks' }]), errors: [{ messageId: 'verbCount', line: 18, column: 17, data: { name: 'ListTasks | GetTask', names: 2, verbs: 1, http: 'GET /tasks' } }] },
    { name: 'an rpc the proto does not bind (at the name)', files: operations([{ upstream: 'DeleteTask', http: 'DELETE /tasks/{id}' }]), errors: [{ messageId: 'unbound', line: 17, column: 21 }] },
    {
      name: 'the documented exception allows only its own verb',
      files: mapWith({ a2a: { operations: [{ upstream: 'SubscribeToTask', http: 'PUT /tasks/{id}:subscribe' }] } }, { [PROTO]: service(SUBSCRIBE) }),
      errors: [{ messageId: 'verb', line: 6, column: 17, data: { name: 'SubscribeToTask', verb: 'PUT', protoVerb: 'GET', protoPath: '/tasks/{id}:subscribe', exception: ' (the documented exception allows only POST for GET)' } }],
    },
    {
      name: 'a proto that no longer binds the rpc of the documented exception (at the proto)',
      files: mapWith({ a2a: { operations: [{ upstream: 'GetTask', http: 'GET /tasks/{id}' }] } }, { [PROTO]: service(rpc('GetTask', 'get', '/tasks/{id}')) }),
      errors: [{ messageId: 'staleException', file: PROTO, line: 1, column: 1 }],
    },
  ],
} });

testRule(requiresFacetExists, api, { cases: {
  valid: [],
  invalid: [
    {
      name: 'a family whose facet schema is not there',
      files: mapWith({ a2a: { operations: [{ upstream: 'GetTask', requires: ['x/y.streaming'] }] } }),
      errors: [{ messageId: 'noFamily', line: 7, column: 11, data: { group: 'a2a.operations', row: 'GetTask', entry: 'x/y.streaming', family: 'x/y', file: 'spec/v2/facets/x/y.schema.json' } }],
    },
  ],
} });

testRule(storedStateKnown, api, { cases: {
  valid: [],
  invalid: [{ name: 'a task-state schema without a stored-state enum', files: mapWith({ a2a: { taskState: [] } }, { 'schemas/v2/a2a-task-state.schema.json': { type: 'object' } }), errors: [{ messageId: 'noEnum', line: 1, column: 1 }] }],
} });

testRule(runStatusEnumMatches, api, { cases: {
  valid: [],
  invalid: [
    {
      name: 'a RunSnapshot schema without a status enum',
      files: { 'schemas/v2/run-snapshot.schema.json': jsonText({ type: 'object' }), 'spec/v2/interop-map.schema.json': jsonText({ $defs: { runStatus: { enum: ['running'] } } }) },
      errors: [{ messageId: 'noEnum', line: 1, column: 1, data: { file: 'schemas/v2/run-snapshot.schema.json', what: 'status', lookedAt: '/properties/status' } }],
    },
  ],
} });

testRule(v2OperationExists, api, { cases: {
  valid: [],
  invalid: [{ name: 'an OpenAPI document without operationIds (at its paths)', files: mapWith({ a2a: { operations: [{ upstream: 'GetTask', v2Operation: 'getRun' }] } }, { 'spec/v2/openapi.yaml': 'openapi: 3.1.0\npaths: {}\n' }), errors: [{ messageId: 'noOperations', line: 2, column: 8 }] }],
} });

describe('related locations', () => {
  it('errors-complete: a second row points back at the first', async () => {
    const run = await runRuleOn(errorsComplete, mapWith({ a2a: { errors: [...A2A_ERRORS, 'TaskNotFoundError'].map((upstream) => ({ upstream })) } }));
    expect(run.findings.map((f) => [f.messageId, f.line, f.related?.map((r) => [r.file, r.line, r.column, r.message])])).toEqual([['second', 32, [[EXAMPLE_MAP, 5, 21, 'first row for TaskNotFoundError']]]]);
  });

  it('http-binding-matches-proto: a verb mismatch points at the binding in the proto', async () => {
    const run = await runRuleOn(httpBindingMatchesProto, operations([{ upstream: 'ListTasks', http: 'POST /tasks' }]));
    const [f] = run.findings;
    expect(run.findings).toHaveLength(1);
    expect(f!.messageId).toBe('verb');
    const proto = operations([])[PROTO]!;
    expect(f!.related?.map((r) => [r.file, r.message])).toEqual([[PROTO, 'ListTasks is bound here']]);
    expect(proto.split('\n')[f!.related![0]!.line - 1]).toContain('get: "/tasks"');
  });

  it('run-status-enum-matches: a value RunSnapshot dropped points at its enum', async () => {
    const files = { 'schemas/v2/run-snapshot.schema.json': jsonText({ properties: { status: { enum: ['running'] } } }), 'spec/v2/interop-map.schema.json': jsonText({ $defs: { runStatus: { enum: ['running', 'cancelling'] } } }) };
    const run = await runRuleOn(runStatusEnumMatches, files);
    expect(run.findings.map((f) => [f.messageId, f.file, f.pointer, f.related?.map((r) => [r.file, r.line, r.column])])).toEqual([
      ['extra', 'spec/v2/interop-map.schema.json', '/$defs/runStatus/enum/1', [['schemas/v2/run-snapshot.schema.json', 4, 15]]],
    ]);
  });

  it('client-projection-registered: the registry is read from rows, errors or codes', async () => {
    for (const registry of [{ rows: [{ code: 'not_found' }] }, { codes: [{ code: 'not_found' }] }, [{ code: 'not_found' }]]) {
      const run = await runRuleOn(clientProjectionRegistered, mapWith({ a2a: { errors: [{ upstream: 'TaskNotFoundError', clientProjection: 'not_found' }] } }, { 'spec/v2/errors.json': registry }));
      expect(run.findings, JSON.stringify(registry)).toEqual([]);
      expect(run.visited).toBe(1);
    }
  });
});
