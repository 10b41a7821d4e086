import { beforeAll, describe, expect, it } from 'vitest';
import { judgeExchange } from '../../scripts/wire/judge.js';
import { decideScope } from '../../scripts/wire/scope.js';
import type { WireContext, WireResult } from '../../scripts/wire/types.js';
import { errorTableFromMap } from '../../scripts/wire/error-table.js';
import { errorInfo, exchange, offsetOf, projectContext, projectMap, rpcError } from './helpers.js';

let ctx: WireContext;
beforeAll(async () => {
  ctx = await projectContext();
});

const TNF = -32001;
const ids = (rs: WireResult[]) => rs.map((r) => r.ruleId);

describe('judgeExchange, §A shape (wire/jsonrpc-data-shape)', () => {
  it('passes an Any[] with one ErrorInfo carrying the map reason (clean control)', () => {
    const j = judgeExchange(exchange(rpcError(TNF, [errorInfo('TASK_NOT_FOUND', { metadata: { taskId: 't-1' } })])), ctx);
    expect(j).toMatchObject({ verdict: 'pass', sections: [], results: [] });
    expect(j.scope.version).toBe('1.0');
  });

  it('fails the legacy object at /error/data, spanning the object in the body', () => {
    const body = rpcError(TNF, { reason: 'TASK_NOT_FOUND' });
    const j = judgeExchange(exchange(body), ctx);
    expect(j.verdict).toBe('fail');
    expect(j.results).toHaveLength(1);
    const r = j.results[0]!;
    expect(r).toMatchObject({ ruleId: 'wire/jsonrpc-data-shape', section: 'A', bodyPointer: '/error/data', severity: 'error' });
    expect(r).toMatchObject({ messageId: 'shape', data: { name: 'TaskNotFoundError', code: TNF } });
    expect(r.data.problem).toMatch(/is an object, not an array/);
    expect(r.message).toMatch(/\(RFC 0211 §A\)$/);
    expect(r.span!.start).toBe(offsetOf(body, '{"reason"'));
  });

  it.each([
    ['an empty array', [], '/error/data', /no type\.googleapis\.com\/google\.rpc\.ErrorInfo entry/],
    ['two ErrorInfo entries', [errorInfo('TASK_NOT_FOUND'), errorInfo('TASK_NOT_FOUND')], '/error/data', /2 ErrorInfo entries/],
    ['a wrong domain', [errorInfo('TASK_NOT_FOUND', { domain: 'example.org' })], '/error/data/0/domain', /"example\.org", not "a2a-protocol\.org"/],
    ['an entry without @type', [errorInfo('TASK_NOT_FOUND'), { field: 'x' }], '/error/data/1', /has no @type/],
    ['a non-string metadata value', [errorInfo('TASK_NOT_FOUND', { metadata: { retry: 3 } })], '/error/data/0/metadata/retry', /map<string, string>/],
    ['an ErrorInfo without reason', [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', domain: 'a2a-protocol.org' }], '/error/data/0', /has no reason/],
  ])('fails %s at the offending place', (_name, data, pointer, message) => {
    const j = judgeExchange(exchange(rpcError(TNF, data)), ctx);
    const r = j.results.find((x) => x.ruleId === 'wire/jsonrpc-data-shape');
    expect(r, JSON.stringify(j.results)).toBeDefined();
    expect(r!.bodyPointer).toBe(pointer);
    expect(r!.message).toMatch(message);
  });

  it('fails a missing data at /error (its parent)', () => {
    const j = judgeExchange(exchange(rpcError(TNF)), ctx);
    expect(j.results).toMatchObject([{ ruleId: 'wire/jsonrpc-data-shape', bodyPointer: '/error' }]);
  });

  it('reports an unexpected ErrorInfo member at its key', () => {
    const body = rpcError(TNF, [errorInfo('TASK_NOT_FOUND', { scope: 'tenant' })]);
    const r = judgeExchange(exchange(body), ctx).results[0]!;
    expect(r).toMatchObject({ ruleId: 'wire/jsonrpc-data-shape', bodyPointer: '/error/data/0/scope' });
    expect(body.slice(r.span!.start, r.span!.end)).toBe('"scope"');
  });

  it('does not hold a JSON-RPC standard error (-32601) to §A', () => {
    expect(judgeExchange(exchange(rpcError(-32601)), ctx).verdict).toBe('pass');
  });
});

describe('judgeExchange, §A reason (wire/reason-matches-code)', () => {
  it("fails a reason that is not the code's row reason, at the reason", () => {
    const body = rpcError(TNF, [errorInfo('TASK_NOT_CANCELABLE')]);
    const j = judgeExchange(exchange(body), ctx);
    expect(ids(j.results)).toEqual(['wire/reason-matches-code']);
    expect(j.results[0]!.bodyPointer).toBe('/error/data/0/reason');
    expect(j.results[0]).toMatchObject({ messageId: 'notTheCodesReason', data: { reason: 'TASK_NOT_CANCELABLE', code: TNF, expected: 'TASK_NOT_FOUND' } });
    expect(j.results[0]!.data.belongs).toContain('"TASK_NOT_CANCELABLE" is the reason of -32002');
  });

  it('fails a CamelCase reason once, by this rule: the schema pattern at the same place is the same mistake', () => {
    const j = judgeExchange(exchange(rpcError(TNF, [errorInfo('TaskNotFound')])), ctx);
    expect(j.results).toHaveLength(1);
    expect(j.results[0]).toMatchObject({ ruleId: 'wire/reason-matches-code', bodyPointer: '/error/data/0/reason' });
    expect(j.results[0]).toMatchObject({ messageId: 'notTheCodesReason', data: { reason: 'TaskNotFound', expected: 'TASK_NOT_FOUND' } });
  });

  it('still reports a shape mistake elsewhere next to a CamelCase reason (two mistakes, two findings)', () => {
    const j = judgeExchange(exchange(rpcError(TNF, [errorInfo('TaskNotFound', { domain: 'example.org' })])), ctx);
    expect(j.results.map((r) => [r.ruleId, r.bodyPointer]).sort()).toEqual([
      ['wire/jsonrpc-data-shape', '/error/data/0/domain'],
      ['wire/reason-matches-code', '/error/data/0/reason'],
    ]);
  });

  it('leaves a CamelCase reason to the schema when the map itself gives that reason (no dedicated finding to defer to)', async () => {
    const map = projectMap() as { a2a: { errors: { upstream: string; reason?: string }[] } };
    for (const row of map.a2a.errors) if (row.upstream === 'TaskNotFoundError') row.reason = 'TaskNotFound';
    const camelMap = { ...ctx, errors: errorTableFromMap(map).table };
    const j = judgeExchange(exchange(rpcError(TNF, [errorInfo('TaskNotFound')])), camelMap);
    expect(j.results).toMatchObject([{ ruleId: 'wire/jsonrpc-data-shape', bodyPointer: '/error/data/0/reason' }]);
    expect(j.results[0]!.message).toMatch(/not UPPER_SNAKE_CASE/);
  });

  it('fails an A2A reason riding on another code (-32600 with VERSION_NOT_SUPPORTED), at the code', () => {
    const j = judgeExchange(exchange(rpcError(-32600, [errorInfo('VERSION_NOT_SUPPORTED')])), ctx);
    expect(j.results).toMatchObject([{ ruleId: 'wire/reason-matches-code', bodyPointer: '/error/code' }]);
  });
});

describe('judgeExchange, -32602 (wire/invalid-params-no-a2a-reason)', () => {
  it('errs on an A2A reason', () => {
    const j = judgeExchange(exchange(rpcError(-32602, [errorInfo('TASK_NOT_FOUND')])), ctx);
    expect(j.results).toMatchObject([{ ruleId: 'wire/invalid-params-no-a2a-reason', severity: 'error', bodyPointer: '/error/data/0/reason' }]);
  });

  it('warns on an ErrorInfo with a non-A2A reason (SHOULD BadRequest)', () => {
    const j = judgeExchange(exchange(rpcError(-32602, [errorInfo('INVALID_PARAMS')])), ctx);
    expect(j.verdict).toBe('warn');
    expect(j.results).toMatchObject([{ ruleId: 'wire/invalid-params-no-a2a-reason', severity: 'warning', bodyPointer: '/error/data/0' }]);
  });

  it.each([
    ['a BadRequest', [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [] }]],
    ['nothing', undefined],
  ])('passes %s', (_n, data) => {
    expect(judgeExchange(exchange(rpcError(-32602, data)), ctx).verdict).toBe('pass');
  });
});

describe('judgeExchange, §C (wire/binding-shape, wire/no-openwop-envelope)', () => {
  it('fails an HTML page at its first line', () => {
    const html = '<!DOCTYPE html>\n<html><body><pre>PayloadTooLargeError</pre></body></html>\n';
    const j = judgeExchange(exchange(html, { status: 413, contentType: 'text/html' }), ctx);
    expect(j.results).toMatchObject([{ ruleId: 'wire/binding-shape', section: 'C', span: { start: 0, end: 15 } }]);
    expect(j.results[0]).toMatchObject({ messageId: 'notJsonRpc', data: { status: 413, contentType: 'text/html', what: 'an HTML page' } });
  });

  it('fails the OpenWOP envelope at the body root', () => {
    const j = judgeExchange(exchange(JSON.stringify({ error: 'unauthorized', message: 'missing credential' }), { status: 401 }), ctx);
    expect(j.results).toMatchObject([{ ruleId: 'wire/no-openwop-envelope', section: 'C', bodyPointer: '' }]);
  });

  it('allows a 401 without a body, but not a 500 without one', () => {
    expect(judgeExchange(exchange('', { status: 401 }), ctx).verdict).toBe('pass');
    expect(ids(judgeExchange(exchange('', { status: 500 }), ctx).results)).toEqual(['wire/binding-shape']);
  });

  it.each([
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 1, error: { code: -32600, message: 'x' } }, '/jsonrpc'],
    ['no id', { jsonrpc: '2.0', error: { code: -32600, message: 'x' } }, ''],
    ['a string code', { jsonrpc: '2.0', id: 1, error: { code: '-32001', message: 'x' } }, '/error/code'],
  ])('fails a JSON answer that is not a JSON-RPC response: %s', (_n, body, pointer) => {
    const j = judgeExchange(exchange(JSON.stringify(body)), ctx);
    expect(j.results).toMatchObject([{ ruleId: 'wire/binding-shape', bodyPointer: pointer }]);
  });

  it('passes a result', () => {
    expect(judgeExchange(exchange(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { id: 't-1' } })), ctx).verdict).toBe('pass');
  });
});

describe('judgeExchange, §E (wire/supported-versions-format, wire/version-error-code)', () => {
  const versionError = (metadata?: Record<string, unknown>) => rpcError(-32009, [errorInfo('VERSION_NOT_SUPPORTED', metadata ? { metadata } : {})]);

  it('records, and does not fail, a missing supportedVersions', () => {
    const j = judgeExchange(exchange(versionError(), { version: '99.0' }), ctx);
    expect(j.verdict).toBe('pass');
    expect(j.notes.join(' ')).toMatch(/no metadata\.supportedVersions/);
  });

  it('fails an array (the form §E retires) once, by this rule: the schema\'s map<string, string> at the same place is the same mistake', () => {
    const j = judgeExchange(exchange(versionError({ supportedVersions: ['1.0', '0.3'] }), { version: '99.0' }), ctx);
    expect(j.results).toMatchObject([{ ruleId: 'wire/supported-versions-format', bodyPointer: '/error/data/0/metadata/supportedVersions' }]);
  });

  it('leaves a non-string metadata value other than supportedVersions to wire/jsonrpc-data-shape', () => {
    const j = judgeExchange(exchange(versionError({ supportedVersions: '1.0', requested: 99 }), { version: '99.0' }), ctx);
    expect(j.results).toMatchObject([{ ruleId: 'wire/jsonrpc-data-shape', bodyPointer: '/error/data/0/metadata/requested' }]);
  });

  it('fails a list with spaces', () => {
    const j = judgeExchange(exchange(versionError({ supportedVersions: '1.0, 0.3' }), { version: '99.0' }), ctx);
    expect(ids(j.results)).toEqual(['wire/supported-versions-format']);
  });

  it('fails a version the card does not offer, and passes one it does', async () => {
    const card10 = await projectContext({ offeredVersions: ['1.0'] });
    const j = judgeExchange(exchange(versionError({ supportedVersions: '1.0,0.3' }), { version: '99.0' }), card10);
    expect(j.results).toMatchObject([{ ruleId: 'wire/supported-versions-format' }]);
    expect(j.results[0]).toMatchObject({ messageId: 'notOffered', data: { extra: '0.3', offered: '1.0' } });
    const both = await projectContext({ offeredVersions: ['1.0', '0.3'] });
    expect(judgeExchange(exchange(versionError({ supportedVersions: '1.0,0.3' }), { version: '99.0' }), both).verdict).toBe('pass');
  });

  it('fails an unserved version answered with -32600 (openwop-app today), at the code', () => {
    const j = judgeExchange(exchange(rpcError(-32600, undefined), { version: '99.0' }), ctx);
    expect(j.results).toMatchObject([{ ruleId: 'wire/version-error-code', section: 'E', bodyPointer: '/error/code' }]);
  });

  it('with the card offering 1.0 only, a request without A2A-Version (0.3) must get -32009', async () => {
    const card10 = await projectContext({ offeredVersions: ['1.0'] });
    const j = judgeExchange(exchange(rpcError(-32601), { version: null }), card10);
    expect(ids(j.results)).toEqual(['wire/version-error-code']);
  });
});

describe('judgeExchange, §B on HTTP+JSON (wire/httpjson-status-shape)', () => {
  const status = (code: number, grpc: string, reason: string) => JSON.stringify({ error: { code, status: grpc, message: 'x', details: [errorInfo(reason)] } });

  it('passes a google.rpc.Status with the map status, and fails problem+json', async () => {
    const http = await projectContext({ binding: 'HTTP+JSON' });
    expect(judgeExchange(exchange(status(404, 'NOT_FOUND', 'TASK_NOT_FOUND'), { status: 404 }), http).verdict).toBe('pass');
    const pj = judgeExchange(exchange(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404 }), { status: 404 }), http);
    expect(pj.results[0]).toMatchObject({ ruleId: 'wire/httpjson-status-shape', section: 'B' });
  });

  it('fails an HTTP status the map does not give the reason', async () => {
    const http = await projectContext({ binding: 'HTTP+JSON' });
    const j = judgeExchange(exchange(status(400, 'NOT_FOUND', 'TASK_NOT_FOUND'), { status: 400 }), http);
    expect(j.results).toMatchObject([{ ruleId: 'wire/httpjson-status-shape', target: '/response/status' }]);
  });
});

describe('scope (§F: §A–§D bind only 1.0 interfaces)', () => {
  it('puts a 0.3 exchange out of scope, whatever its body', () => {
    const j = judgeExchange(exchange(rpcError(TNF, { reason: 'TASK_NOT_FOUND' }), { version: '0.3' }), ctx);
    expect(j).toMatchObject({ verdict: 'out-of-scope', results: [] });
    expect(j.notes[0]).toMatch(/^out of scope \(0\.3\)/);
    // The same body at 1.0 fails §A: the scope decision is what keeps it green.
    expect(judgeExchange(exchange(rpcError(TNF, { reason: 'TASK_NOT_FOUND' })), ctx).verdict).toBe('fail');
  });

  it.each([
    [{ versionHeader: '1.0' }, '1.0'],
    [{ versionHeader: '0.3' }, '0.3'],
    [{ versionHeader: '99.0' }, '1.0'],
    [{ method: 'tasks/get' }, '0.3'],
    [{ method: 'GetTask' }, '1.0'],
    [{}, '1.0'],
    [{ versionHeader: '0.3', offeredVersions: ['1.0'] }, '1.0'],
    [{ versionHeader: '1.0', offeredVersions: ['0.3'] }, '0.3'],
  ] as const)('decideScope(%j) is %s', (input, version) => {
    expect(decideScope(input).version).toBe(version);
  });
});

describe('judgeExchange is pure', () => {
  it('returns equal judgements for equal input and does not touch the exchange', () => {
    const ex = exchange(rpcError(TNF, { reason: 'TASK_NOT_FOUND' }));
    const frozen = JSON.parse(JSON.stringify(ex));
    deepFreeze(ex);
    expect(judgeExchange(ex, ctx)).toEqual(judgeExchange(ex, ctx));
    expect(ex).toEqual(frozen);
  });
});

function deepFreeze(o: unknown): void {
  if (o && typeof o === 'object') {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
}

describe('judgeExchange on bodies that are not JSON', () => {
  it('names the parse problem for plain text and for runaway nesting', () => {
    const text = judgeExchange(exchange('Too Many Requests', { status: 429, contentType: 'text/plain' }), ctx);
    expect(text.results).toMatchObject([{ ruleId: 'wire/binding-shape', span: { start: 0, end: 17 } }]);
    expect(text.results[0]!.message).toMatch(/text that is not JSON \(not valid JSON/);
    const deep = judgeExchange(exchange('['.repeat(400) + ']'.repeat(400)), ctx);
    expect(deep.results[0]!.message).toMatch(/nesting deeper than/);
  });
});
