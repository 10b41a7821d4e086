import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { A2A_ERRORS, expectedReason, isParenthesized, upperSnake } from '../../../scripts/checks/interop-map/a2a-errors.js';
import { expandOptional, normalizePath, parseHttpRow, samePath, splitNames } from '../../../scripts/checks/interop-map/http-row.js';
import { parseProtoBindings } from '../../../scripts/checks/interop-map/proto-bindings.js';
import { enumAt } from '../../../scripts/checks/interop-map/schema-enum.js';
import { operationIds } from '../../../scripts/checks/interop-map/openapi-operation-ids.js';
import { registryCodes } from '../../../scripts/checks/interop-map/rules/client-projection-registered.js';
import { presetLayout } from '../../../scripts/core/preset/layout.js';
import { ANCHOR, describeShared, PROJECT } from '../../helpers/env.js';

describe('upperSnake', () => {
  it('splits before a capital that follows a lower-case letter or digit', () => {
    expect(upperSnake('TaskNotFound')).toBe('TASK_NOT_FOUND');
    expect(upperSnake('Version2Supported')).toBe('VERSION2_SUPPORTED');
    expect(upperSnake('task')).toBe('TASK');
    expect(upperSnake('')).toBe('');
  });

  it('keeps runs of capitals together (no split between two capitals)', () => {
    expect(upperSnake('HTTPStatus')).toBe('HTTPSTATUS');
    expect(upperSnake('ExtendedAgentCardNotConfigured')).toBe('EXTENDED_AGENT_CARD_NOT_CONFIGURED');
  });

  it('is idempotent on UPPER_SNAKE input', () => {
    expect(upperSnake('TASK_NOT_FOUND')).toBe('TASK_NOT_FOUND');
  });

  it('expectedReason drops only a trailing Error', () => {
    expect(expectedReason('TaskNotFoundError')).toBe('TASK_NOT_FOUND');
    expect(expectedReason('ErrorBudgetExceeded')).toBe('ERROR_BUDGET_EXCEEDED');
    expect(A2A_ERRORS.map(expectedReason)).toEqual([
      'TASK_NOT_FOUND',
      'TASK_NOT_CANCELABLE',
      'PUSH_NOTIFICATION_NOT_SUPPORTED',
      'UNSUPPORTED_OPERATION',
      'CONTENT_TYPE_NOT_SUPPORTED',
      'INVALID_AGENT_RESPONSE',
      'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
      'EXTENSION_SUPPORT_REQUIRED',
      'VERSION_NOT_SUPPORTED',
    ]);
  });

  it('tells parenthesized rows apart', () => {
    expect(isParenthesized('(invalid parameters)')).toBe(true);
    expect(isParenthesized('(a) TaskNotFoundError')).toBe(false);
    expect(isParenthesized('TaskNotFoundError')).toBe(false);
  });
});

describe('http rows', () => {
  it('parses a simple and a compound row', () => {
    expect(parseHttpRow('GET /tasks/{id}')).toEqual({ verbs: ['GET'], rawPath: '/tasks/{id}', paths: ['/tasks/{id}'] });
    const compound = parseHttpRow('GET | GET | DELETE /tasks/{id}/pushNotificationConfigs[/{configId}]');
    expect(compound?.verbs).toEqual(['GET', 'GET', 'DELETE']);
    expect(compound?.paths).toEqual(['/tasks/{id}/pushNotificationConfigs', '/tasks/{id}/pushNotificationConfigs/{configId}']);
    expect(splitNames('A | B |C')).toEqual(['A', 'B', 'C']);
  });

  it('refuses a value without verb or path', () => {
    expect(parseHttpRow('/tasks')).toBeUndefined();
    expect(parseHttpRow('GET tasks')).toBeUndefined();
    expect(parseHttpRow('')).toBeUndefined();
  });

  it('expands several optional segments to every combination', () => {
    expect(expandOptional('/a[/b][/c]').sort()).toEqual(['/a', '/a/b', '/a/b/c', '/a/c']);
  });

  it('compares path parameters by position, not name', () => {
    expect(normalizePath('/tasks/{task_id=*}/x/{id=tasks/*}')).toBe('/tasks/{}/x/{}');
    expect(samePath('/tasks/{id}:cancel', '/tasks/{id=*}:cancel')).toBe(true);
    expect(samePath('/tasks/{id}/pushNotificationConfigs', '/tasks/{task_id=*}/pushNotificationConfigs')).toBe(true);
    expect(samePath('/tasks/{id}/cancel', '/tasks/{id=*}:cancel')).toBe(false);
  });
});

describe('parseProtoBindings', () => {
  it('takes the primary binding, skipping additional_bindings, comments and rpcs without an option', () => {
    const proto = [
      '// rpc Fake(A) returns (B) { option (google.api.http) = { get: "/fake" }; }',
      'service S {',
      '  /* rpc Hidden(A) returns (B) { option (google.api.http) = { get: "/hidden" }; } */',
      '  rpc Plain(A) returns (B);',
      '  rpc NoHttp(A) returns (B) { option deprecated = true; }',
      '  rpc Tenant(A)',
      '      returns (stream B) {',
      '    option (google.api.http) = {',
      '      additional_bindings: { post: "/{tenant}/x" }',
      '      post: "/x/{name=*}:go"',
      '      body: "*"',
      '    };',
      '  }',
      '  rpc Custom(A) returns (B) { option (google.api.http) = { custom: { kind: "HEAD" path: "/h" } }; }',
      '}',
    ].join('\n');
    const b = parseProtoBindings(proto);
    expect(b.map((x) => `${x.rpc} ${x.verb} ${x.path}`)).toEqual(['Tenant POST /x/{name=*}:go', 'Custom HEAD /h']);
    const lineOf = (offset: number) => proto.slice(0, offset).split('\n').length;
    expect(lineOf(b[0]!.start)).toBe(10);
    expect(lineOf(b[0]!.rpcStart)).toBe(6);
  });

  it('survives truncated input', () => {
    expect(parseProtoBindings('service S { rpc A(B) returns (C) { option (google.api.http) = { get: "/a')).toEqual([
      expect.objectContaining({ rpc: 'A', verb: 'GET', path: '/a' }),
    ]);
    expect(parseProtoBindings('rpc')).toEqual([]);
    expect(parseProtoBindings('/* never closed')).toEqual([]);
  });

  it("reads this project's hand-written bindings file", () => {
    const text = readFileSync(path.join(PROJECT, presetLayout('specgate').a2aProto), 'utf8');
    const b = parseProtoBindings(text);
    expect(b.length).toBe(11);
    expect(b.find((x) => x.rpc === 'SubscribeToTask')).toMatchObject({ verb: 'GET', path: '/tasks/{id}:subscribe' });
  });
});

describeShared('parseProtoBindings on the upstream a2a.proto', () => {
  it('finds the eleven bindings of A2A 1.0.1 (facts §4), primary only', () => {
    const text = readFileSync(path.join(ANCHOR, presetLayout('openwop').a2aProto), 'utf8');
    const got = Object.fromEntries(parseProtoBindings(text).map((x) => [x.rpc, `${x.verb} ${normalizePath(x.path)}`]));
    expect(got).toEqual({
      SendMessage: 'POST /message:send',
      SendStreamingMessage: 'POST /message:stream',
      GetTask: 'GET /tasks/{}',
      ListTasks: 'GET /tasks',
      CancelTask: 'POST /tasks/{}:cancel',
      SubscribeToTask: 'GET /tasks/{}:subscribe',
      CreateTaskPushNotificationConfig: 'POST /tasks/{}/pushNotificationConfigs',
      GetTaskPushNotificationConfig: 'GET /tasks/{}/pushNotificationConfigs/{}',
      ListTaskPushNotificationConfigs: 'GET /tasks/{}/pushNotificationConfigs',
      DeleteTaskPushNotificationConfig: 'DELETE /tasks/{}/pushNotificationConfigs/{}',
      GetExtendedAgentCard: 'GET /extendedAgentCard',
    });
  });
});

describe('corpus lookups', () => {
  it('enumAt follows local $refs and a single allOf', () => {
    const schema = { properties: { state: { $ref: '#/$defs/s' }, other: { allOf: [{ $ref: '#/$defs/s' }] } }, $defs: { s: { enum: ['a', 'b'] } } };
    expect(enumAt(schema, '/properties/state')).toEqual({ values: ['a', 'b'], pointer: '/$defs/s/enum' });
    expect(enumAt(schema, '/properties/other')?.values).toEqual(['a', 'b']);
    expect(enumAt({ a: { $ref: '#/a' } }, '/a')).toBeUndefined();
    expect(enumAt({}, '/missing')).toBeUndefined();
  });

  it('operationIds reads only paths.<path>.<verb>.operationId', () => {
    expect([...operationIds({ paths: { '/a': { get: { operationId: 'getA' }, parameters: [{ operationId: 'no' }] }, '/b': { post: { operationId: 'postB' } } }, components: { x: { operationId: 'no' } } })]).toEqual(['getA', 'postB']);
  });

  it('registryCodes accepts upstream rows and this project errors', () => {
    expect([...registryCodes({ rows: [{ code: 'a' }] })!]).toEqual(['a']);
    expect([...registryCodes({ errors: [{ code: 'b' }, { nope: 1 }] })!]).toEqual(['b']);
    expect(registryCodes({ something: 1 })).toBeUndefined();
  });
});
