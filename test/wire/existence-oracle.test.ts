/**
 * Witness of the invariant `a2a-error-no-existence-oracle` (RFC 0211 §D): the TaskNotFoundError
 * data for a task the caller cannot read equals that for an unknown task, once normalised
 * (per entry @type, reason, domain, sorted metadata keys) and the echo of the requested id removed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareUnreadable } from '../../scripts/wire/compare.js';
import type { WireContext } from '../../scripts/wire/types.js';
import { describeShared, runJson, SDK_FIXTURES, tempDir } from '../helpers/env.js';
import { errorInfo, exchange, lineCol, offsetOf, projectContext, rpcError } from './helpers.js';

let ctx: WireContext;
beforeAll(async () => {
  ctx = await projectContext();
});

const notFound = (metadata?: Record<string, string>) => rpcError(-32001, [errorInfo('TASK_NOT_FOUND', metadata ? { metadata } : {})], 1, 'task not found');
const unknownAnswer = (metadata?: Record<string, string>) => exchange(notFound(metadata), { taskId: 't-unknown' });
const foreignAnswer = (metadata?: Record<string, string>) => exchange(notFound(metadata), { taskId: 't-secret' });

describe('§D comparison (wire/unreadable-equals-unknown)', () => {
  it('passes equal answers (control)', async () => {
    expect(compareUnreadable(unknownAnswer(), foreignAnswer(), ctx)).toMatchObject({ verdict: 'pass', results: [] });
  });

  it('passes answers that differ only by echoing their own requested id', async () => {
    const j = compareUnreadable(unknownAnswer({ taskId: 't-unknown' }), foreignAnswer({ taskId: 't-secret' }), ctx);
    expect(j.verdict).toBe('pass');
    expect(j.normalised!.unknown).toEqual(j.normalised!.unreadable);
  });

  it('catches a host that adds metadata.scope only on the foreign answer, at that key', async () => {
    const foreign = foreignAnswer({ scope: 'tenant' });
    const j = compareUnreadable(unknownAnswer(), foreign, ctx);
    expect(j.verdict).toBe('fail');
    expect(j.results).toHaveLength(1);
    const r = j.results[0]!;
    expect(r).toMatchObject({ ruleId: 'wire/unreadable-equals-unknown', section: 'D', side: 'unreadable', bodyPointer: '/error/data/0/metadata/scope', related: { side: 'unknown', bodyPointer: '/error/data/0' } });
    expect(foreign.response.body.slice(r.span!.start, r.span!.end)).toBe('"scope"');
    expect(r).toMatchObject({ messageId: 'keyOnlyUnreadable', data: { key: 'metadata.scope' } });
    expect(r.message).toMatch(/\(RFC 0211 §D\)$/);
  });

  it('catches the legacy object with scope only on the foreign answer (the RFC negative example)', async () => {
    const u = exchange(rpcError(-32001, { reason: 'TASK_NOT_FOUND' }), { taskId: 't-unknown' });
    const f = exchange(rpcError(-32001, { reason: 'TASK_NOT_FOUND', scope: 'tenant' }), { taskId: 't-secret' });
    expect(compareUnreadable(u, f, ctx).results).toMatchObject([{ bodyPointer: '/error/data/scope' }]);
  });

  it('catches an extra entry, a different reason and a different code', async () => {
    const extra = exchange(rpcError(-32001, [errorInfo('TASK_NOT_FOUND'), { '@type': 'type.googleapis.com/google.rpc.DebugInfo', detail: 'tenant b' }]), { taskId: 't-secret' });
    expect(compareUnreadable(unknownAnswer(), extra, ctx).results).toMatchObject([{ bodyPointer: '/error/data/1' }]);
    const otherReason = exchange(rpcError(-32001, [{ ...errorInfo('TASK_NOT_FOUND'), reason: 'PERMISSION_DENIED' }]), { taskId: 't-secret' });
    expect(compareUnreadable(unknownAnswer(), otherReason, ctx).results.map((r) => r.bodyPointer)).toContain('/error/data/0/reason');
    const otherCode = exchange(rpcError(-32004, [errorInfo('UNSUPPORTED_OPERATION')]), { taskId: 't-secret' });
    expect(compareUnreadable(unknownAnswer(), otherCode, ctx).results[0]).toMatchObject({ side: 'unreadable', bodyPointer: '/error/code' });
  });

  it('catches an answer that differs only in its HTTP status, at /response/status', async () => {
    const foreign = exchange(notFound(), { taskId: 't-secret', status: 403 });
    const j = compareUnreadable(unknownAnswer(), foreign, ctx);
    expect(j.verdict).toBe('fail');
    expect(j.results).toMatchObject([{ ruleId: 'wire/unreadable-equals-unknown', side: 'unreadable', target: '/response/status' }]);
    expect(j.results[0]).toMatchObject({ messageId: 'statusDiffers', data: { unreadable: 403, unknown: 200 } });
  });

  it('catches a header added to one answer only, but not per-response headers (date, content-length, …)', async () => {
    const withHeaders = (taskId: string, extra: Record<string, string>) => {
      const x = exchange(notFound(), { taskId });
      x.response.headers = { ...x.response.headers, ...extra };
      return x;
    };
    const unknown = withHeaders('t-unknown', { Date: 'Mon, 05 Oct 2026 10:00:00 GMT', 'Content-Length': '120' });
    const perResponse = withHeaders('t-secret', { date: 'Mon, 05 Oct 2026 10:00:01 GMT', 'transfer-encoding': 'chunked', 'x-request-id': 'r-2', etag: 'W/"2"' });
    expect(compareUnreadable(unknown, perResponse, ctx)).toMatchObject({ verdict: 'pass', results: [] });
    const oracle = withHeaders('t-secret', { 'X-Tenant': 'b' });
    const j = compareUnreadable(unknown, oracle, ctx);
    expect(j.results).toMatchObject([{ side: 'unreadable', target: '/response/headers/X-Tenant' }]);
    expect(j.results[0]).toMatchObject({ messageId: 'headerOnlyUnreadable', data: { header: 'X-Tenant' } });
    const missing = compareUnreadable(oracle, unknown, ctx);
    expect(missing.results).toMatchObject([{ messageId: 'headerOnlyUnknown', data: { header: 'X-Tenant' } }]);
  });

  it('names the code difference itself when one side is TaskNotFoundError and the other not', async () => {
    const otherCode = exchange(rpcError(-32004, [errorInfo('TASK_NOT_FOUND')]), { taskId: 't-secret' });
    expect(compareUnreadable(unknownAnswer(), otherCode, ctx).results).toMatchObject([
      { messageId: 'wrongCode', data: { code: '-32004', expected: -32001 } },
      { messageId: 'codeDiffers', data: { unreadable: '-32004', unknown: '-32001' } },
    ]);
  });

  it('warns, not fails, when only a metadata value differs (the normal form compares keys)', async () => {
    const j = compareUnreadable(unknownAnswer({ hint: 'none' }), foreignAnswer({ hint: 'tenant-b' }), ctx);
    expect(j).toMatchObject({ verdict: 'warn', results: [{ severity: 'warning', bodyPointer: '/error/data/0/metadata/hint' }] });
  });

  it('puts a 0.3 pair out of scope', async () => {
    const u = exchange(rpcError(-32001), { version: '0.3', taskId: 'a' });
    const f = exchange(rpcError(-32001, { scope: 'tenant' }), { version: '0.3', taskId: 'b' });
    expect(compareUnreadable(u, f, ctx).verdict).toBe('out-of-scope');
  });
});

describeShared('§D on real SDK answers, through the CLI', () => {
  it('passes two real TaskNotFound answers, and fails a copy that adds metadata.scope, at the key in the capture', async () => {
    const unknown = path.join(SDK_FIXTURES, 'v1only-a-GetTask-unknown.json');
    const same = await runJson(['wire', '--unknown', unknown, '--unreadable', path.join(SDK_FIXTURES, 'compat-v10-a-GetTask-unknown.json')]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.findings).toEqual([]);

    const dir = tempDir();
    const foreign = path.join(dir, 'foreign.json');
    const cap = JSON.parse(readFileSync(unknown, 'utf8'));
    const body = JSON.parse(cap.response.body);
    body.error.data[0].metadata = { scope: 'tenant' };
    cap.response.body = JSON.stringify(body);
    writeFileSync(foreign, JSON.stringify(cap, null, 2) + '\n');
    const r = await runJson(['wire', '--unknown', unknown, '--unreadable', foreign]);
    expect(r.code).toBe(1);
    expect(r.findings).toHaveLength(1);
    const f = r.findings[0]!;
    const text = readFileSync(foreign, 'utf8');
    expect(f).toMatchObject({ ruleId: 'wire/unreadable-equals-unknown', pointer: '/response/body', ...lineCol(text, offsetOf(text, '\\"scope\\"')) });
    expect(f.file.endsWith('foreign.json')).toBe(true);
  });
});
