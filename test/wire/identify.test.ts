import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { identifyA2aError } from '../../scripts/index.js';
import { ANCHOR, describeShared } from '../helpers/env.js';
import { errorInfo, projectMap } from './helpers.js';

const map = projectMap() as { a2a: { errors: Array<{ upstream: string; jsonrpc: number; reason?: string; clientProjection: string }> } };
const named = map.a2a.errors.filter((r) => r.reason);

describe('identifyA2aError (RFC 0211 §F), exported from the package entry', () => {
  it.each(named.map((r) => [r.upstream, r] as const))('projects %s to its map projection from the Any[] shape and from the legacy object', (_n, row) => {
    const any = identifyA2aError({ code: row.jsonrpc, message: 'x', data: [errorInfo(row.reason!)] }, map);
    expect(any).toMatchObject({ name: row.upstream, code: row.jsonrpc, reason: row.reason, clientProjection: row.clientProjection, shape: 'any-array', identifiedBy: 'code+reason' });
    const legacy = identifyA2aError({ code: row.jsonrpc, message: 'x', data: { reason: row.reason } }, map);
    expect(legacy).toMatchObject({ name: row.upstream, reason: row.reason, clientProjection: row.clientProjection, shape: 'legacy-object' });
  });

  it('identifies by reason alone when the code is not a map code', () => {
    expect(identifyA2aError({ code: -32000, message: 'x', data: [errorInfo('TASK_NOT_CANCELABLE')] }, map)).toMatchObject({ name: 'TaskNotCancelableError', clientProjection: 'run_terminal', identifiedBy: 'reason' });
    expect(identifyA2aError({ message: 'x', data: { reason: 'VERSION_NOT_SUPPORTED' } }, map)).toMatchObject({ name: 'VersionNotSupportedError', code: null, clientProjection: 'interop_version_unsupported', shape: 'legacy-object' });
  });

  it('identifies by code alone when there is no data', () => {
    expect(identifyA2aError({ code: -32009, message: 'x' }, map)).toMatchObject({ name: 'VersionNotSupportedError', clientProjection: 'interop_version_unsupported', shape: 'none', identifiedBy: 'code', reason: null });
  });

  it('reads a whole response as well as its error object', () => {
    expect(identifyA2aError({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'x', data: [errorInfo('TASK_NOT_FOUND')] } }, map).name).toBe('TaskNotFoundError');
  });

  it('tolerates non-string metadata values and reads supportedVersions from either shape', () => {
    const any = identifyA2aError({ code: -32009, message: 'x', data: [errorInfo('VERSION_NOT_SUPPORTED', { metadata: { supportedVersions: '1.0,0.3', retry: 3, strict: true, list: ['a', 'b'], nested: { x: 1 }, gone: null } })] }, map);
    expect(any.metadata).toEqual({ supportedVersions: '1.0,0.3', retry: '3', strict: 'true', list: 'a,b', nested: '{"x":1}' });
    expect(any.supportedVersions).toEqual(['1.0', '0.3']);
    const legacy = identifyA2aError({ code: -32009, message: 'x', data: { reason: 'VERSION_NOT_SUPPORTED', supportedVersions: ['1.0', '0.3'] } }, map);
    expect(legacy.supportedVersions).toEqual(['1.0', '0.3']);
    expect(legacy.clientProjection).toBe('interop_version_unsupported');
  });

  it("tolerates upstream's non-A2A reasons: identified by code when the map has it, else not at all", () => {
    expect(identifyA2aError({ code: -32603, message: 'x', data: [errorInfo('UNKNOWN_ERROR')] }, map)).toMatchObject({ name: null, reason: 'UNKNOWN_ERROR', clientProjection: null, identifiedBy: null, shape: 'any-array' });
    expect(identifyA2aError({ code: -32600, message: 'x', data: [errorInfo('INVALID_REQUEST')] }, map)).toMatchObject({ name: null, reason: 'INVALID_REQUEST', clientProjection: null });
    expect(identifyA2aError({ code: -32602, message: 'x', data: [errorInfo('INVALID_PARAMS')] }, map)).toMatchObject({ name: '(invalid parameters)', reason: 'INVALID_PARAMS', clientProjection: 'validation_error', identifiedBy: 'code' });
  });

  it('lets the code win when code and reason disagree, and says so', () => {
    expect(identifyA2aError({ code: -32001, message: 'x', data: [errorInfo('VERSION_NOT_SUPPORTED')] }, map)).toMatchObject({ name: 'TaskNotFoundError', identifiedBy: 'code', conflict: { byCode: 'TaskNotFoundError', byReason: 'VersionNotSupportedError' } });
  });

  it('never throws on junk', () => {
    for (const junk of [null, undefined, 'x', 42, [], { code: 'x' }, { code: -32001, data: 'str' }, { code: -32001, data: [null, 1, 'a'] }]) {
      expect(() => identifyA2aError(junk, map)).not.toThrow();
    }
    expect(identifyA2aError({ code: -32001, data: [null, 1] }, map)).toMatchObject({ name: 'TaskNotFoundError', shape: 'any-array', reason: null });
  });
});

describeShared('identifyA2aError with the upstream OpenWOP map (anchors, read in place)', () => {
  it('projects every named row of the upstream map from both shapes', () => {
    const upstream = JSON.parse(readFileSync(path.join(ANCHOR, 'spec/v2/interop-map.json'), 'utf8')) as typeof map;
    const rows = upstream.a2a.errors.filter((r) => r.reason);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(identifyA2aError({ code: r.jsonrpc, data: [errorInfo(r.reason!)] }, upstream).clientProjection).toBe(r.clientProjection);
      expect(identifyA2aError({ data: { reason: r.reason } }, upstream).clientProjection).toBe(r.clientProjection);
    }
  });
});
