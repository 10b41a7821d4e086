import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdkHost } from './sdk-host.js';
import type { RunningHost } from './sdk-host.js';
import { body, exchange, leg, probeCli } from './run-probe.js';
import type { ProbeCliResult } from './run-probe.js';

const INFO = 'type.googleapis.com/google.rpc.ErrorInfo';

/** The one ErrorInfo of a recorded JSON-RPC error answer, read straight from the record. */
function errorInfo(x: any): any {
  const data = body(x).error.data;
  expect(Array.isArray(data)).toBe(true);
  const infos = data.filter((d: any) => d['@type'] === INFO);
  expect(infos).toHaveLength(1);
  return infos[0];
}

describe('probe against the official A2A SDK, a 1.0-only card', () => {
  let host: RunningHost;
  let r: ProbeCliResult;

  beforeAll(async () => {
    host = await startSdkHost();
    // The built binary end to end (the other probe runs are in-process).
    r = await probeCli(['--url', host.base], { spawn: true });
  });
  afterAll(() => host?.close());

  it('reads the card and probes its JSONRPC 1.0 interface', () => {
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const card = body(exchange(r, 'agent-card'));
    expect(card.supportedInterfaces.map((i: any) => i.protocolVersion)).toEqual(['1.0']);
    expect(r.json.probe.interface).toBe(`${host.base}/a2a`);
    expect(r.json.probe.interfaceVersions).toEqual(['1.0']);
  });

  it('a2a-error-data-shape: executed-pass on GetTask unknown and CancelTask on a completed task, as the records show', () => {
    const row = leg(r, 'a2a-error-data-shape');
    expect(row.verdict).toBe('executed-pass');
    expect(row.steps.map((s) => s.verdict)).toEqual(['executed-pass', 'executed-pass']);

    const unknown = exchange(r, 'error-data-shape-GetTask-unknown');
    expect(JSON.parse(unknown.request.body).method).toBe('GetTask');
    expect(body(unknown).error.code).toBe(-32001);
    expect(errorInfo(unknown)).toMatchObject({ reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' });

    const sent = body(exchange(r, 'setup-SendMessage'));
    expect(sent.result.task.status.state).toBe('TASK_STATE_COMPLETED');
    const cancel = exchange(r, 'error-data-shape-CancelTask-terminal');
    expect(JSON.parse(cancel.request.body).params.id).toBe(sent.result.task.id);
    expect(body(cancel).error.code).toBe(-32002);
    expect(errorInfo(cancel)).toMatchObject({ reason: 'TASK_NOT_CANCELABLE', domain: 'a2a-protocol.org' });
  });

  it('a2a-no-openwop-envelope: the malformed request is answered in JSON-RPC; no unauthenticated step without declared security', () => {
    const row = leg(r, 'a2a-no-openwop-envelope');
    expect(row.verdict).toBe('executed-pass');
    const [malformed, unauthenticated] = row.steps;
    expect(malformed!.verdict).toBe('executed-pass');
    const x = exchange(r, 'no-openwop-envelope-malformed-json');
    expect(() => JSON.parse(x.request.body)).toThrow();
    const answer = body(x);
    expect(answer.jsonrpc).toBe('2.0');
    expect(answer.error.code).toBe(-32700);
    expect(answer).not.toHaveProperty('message');
    expect(unauthenticated!.verdict).toBe('inapplicable');
    expect(unauthenticated!.detail).toMatch(/declares no security/);
    expect(Object.values(r.records).some((c: any) => c.case === 'no-openwop-envelope-unauthenticated')).toBe(false);
  });

  it('a2a-version-not-supported-shape: -32009 VERSION_NOT_SUPPORTED; the absent supportedVersions is recorded, not failed', () => {
    const row = leg(r, 'a2a-version-not-supported-shape');
    expect(row.verdict).toBe('executed-pass');
    const x = exchange(r, 'version-not-supported-99');
    expect(x.request.headers['A2A-Version']).toBe('99.0');
    expect(body(x).error.code).toBe(-32009);
    const info = errorInfo(x);
    expect(info.reason).toBe('VERSION_NOT_SUPPORTED');
    expect(info.metadata?.supportedVersions).toBeUndefined();
    expect(row.steps[0]!.detail).toMatch(/supportedVersions/);
  });

  it('a2a-unreadable-not-found: inapplicable without a second principal, and nothing sent for it', () => {
    const row = leg(r, 'a2a-unreadable-not-found');
    expect(row.verdict).toBe('inapplicable');
    expect(row.steps[0]!.detail).toMatch(/--foreign-token/);
    expect(Object.values(r.records).filter((c: any) => String(c.case).startsWith('unreadable-'))).toEqual([]);
  });

  it('records every exchange it sent, in order, each in the capture format', () => {
    const names = Object.keys(r.records);
    expect(names).toHaveLength(r.json.probe.requests);
    names.forEach((n, i) => expect(n.startsWith(String(i + 1).padStart(2, '0') + '-')).toBe(true));
    for (const c of Object.values(r.records) as any[]) {
      expect(typeof c.request.method).toBe('string');
      expect(typeof c.request.body).toBe('string');
      expect(typeof c.response.status).toBe('number');
      expect(typeof c.response.body).toBe('string');
    }
  });
});

describe('probe against the official A2A SDK with the 0.3 compatibility layer, bearer users and a second principal', () => {
  let host: RunningHost;
  let r: ProbeCliResult;
  const owner = 'owner-secret-7f3a9c';
  const other = 'other-secret-41d2e8';

  beforeAll(async () => {
    host = await startSdkHost({ compat: true, users: { [owner]: 'alice', [other]: 'bob' } });
    r = await probeCli(['--url', host.base, '--token', owner, '--foreign-token', other]);
  });
  afterAll(() => host?.close());

  it('every leg executes and passes', () => {
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.json.legs.map((l: any) => [l.leg, l.verdict])).toEqual([
      ['a2a-error-data-shape', 'executed-pass'],
      ['a2a-no-openwop-envelope', 'executed-pass'],
      ['a2a-version-not-supported-shape', 'executed-pass'],
      ['a2a-unreadable-not-found', 'executed-pass'],
    ]);
    expect(r.json.probe.interfaceVersions).toEqual(['1.0', '0.3']);
    expect(r.json.probe.declaresSecurity).toBe(true);
  });

  it('the unauthenticated POST went without a credential and got a JSON-RPC answer', () => {
    const x = exchange(r, 'no-openwop-envelope-unauthenticated');
    expect(x.request.headers.Authorization).toBeUndefined();
    expect(body(x).jsonrpc).toBe('2.0');
  });

  it('the version error names the compat versions in its message', () => {
    const x = exchange(r, 'version-not-supported-99');
    expect(body(x).error.message).toMatch(/1\.0, 0\.3/);
    expect(errorInfo(x).reason).toBe('VERSION_NOT_SUPPORTED');
  });

  it("§D: the second principal gets for alice's task exactly what it gets for an unknown one", () => {
    const taskId = body(exchange(r, 'setup-SendMessage')).result.task.id;
    expect(body(exchange(r, 'unreadable-owner-reads-task')).result.id).toBe(taskId);
    const foreign = exchange(r, 'unreadable-foreign-task');
    const unknown = exchange(r, 'unreadable-unknown-task');
    expect(JSON.parse(foreign.request.body).params.id).toBe(taskId);
    expect(foreign.request.headers.Authorization).toBe('Bearer <redacted>');
    expect(body(foreign).error.code).toBe(-32001);
    expect(body(unknown).error.code).toBe(-32001);
    expect(body(foreign).error.data).toEqual(body(unknown).error.data);
  });

  it('neither token is printed or recorded', () => {
    for (const secret of [owner, other]) {
      expect(r.stdout).not.toContain(secret);
      expect(r.stderr).not.toContain(secret);
      for (const text of Object.values(r.recordTexts)) expect(text).not.toContain(secret);
    }
    const auth = (Object.values(r.records) as any[]).map((c) => c.request.headers.Authorization).filter(Boolean);
    expect(auth.length).toBeGreaterThan(3);
    expect(new Set(auth)).toEqual(new Set(['Bearer <redacted>']));
  });
});

describe('probe against the SDK with an agent that answers with a Message', () => {
  let host: RunningHost;
  let r: ProbeCliResult;

  beforeAll(async () => {
    host = await startSdkHost({ messageOnly: true, users: { 'tok-1': 'alice', 'tok-2': 'bob' } });
    r = await probeCli(['--url', host.base, '--token', 'tok-1', '--foreign-token', 'tok-2']);
  });
  afterAll(() => host?.close());

  it('CancelTask on a terminal task is inapplicable (and says why), never a pass', () => {
    const row = leg(r, 'a2a-error-data-shape');
    expect(row.steps[1]!.verdict).toBe('inapplicable');
    expect(row.steps[1]!.detail).toMatch(/Message, not a Task/);
    expect(body(exchange(r, 'setup-SendMessage')).result.message).toBeDefined();
    // The leg still ran its other step, so it is a pass on that evidence alone.
    expect(row.verdict).toBe('executed-pass');
  });

  it('a2a-unreadable-not-found is inapplicable: no task of the first principal exists', () => {
    const row = leg(r, 'a2a-unreadable-not-found');
    expect(row.verdict).toBe('inapplicable');
    expect(row.steps[0]!.detail).toMatch(/no task of the first principal/);
    expect(r.code).toBe(0);
  });
});
