import { describe, expect, it } from 'vitest';
import { diffData, naturalKey } from '../../scripts/compat/data-diff.js';

const rows = (r: unknown[]) => ({ a2a: { errors: r } });
const row = (upstream: string, extra: Record<string, unknown> = {}) => ({ upstream, jsonrpc: -32001, grpc: 'NOT_FOUND', ...extra });
const summary = (b: unknown, h: unknown) => diffData(b, h).map((c) => [c.pointer, c.class, c.kind]);

describe('data diff: rows by natural key', () => {
  it('equal tables, and the same rows in another order, give no change', () => {
    const t = rows([row('A'), row('B')]);
    expect(summary(t, structuredClone(t))).toEqual([]);
    expect(summary(t, rows([row('B'), row('A')]))).toEqual([]);
  });

  it('a row added is additive at its new index; a row removed is breaking at the table', () => {
    expect(summary(rows([row('A')]), rows([row('B'), row('A')]))).toEqual([['/a2a/errors/0', 'additive', 'row-added']]);
    expect(summary(rows([row('A'), row('B')]), rows([row('A')]))).toEqual([['/a2a/errors', 'breaking', 'row-removed']]);
  });

  it('a row changed takes the worst of its field changes', () => {
    expect(summary(rows([row('A')]), rows([row('A', { reason: 'A' })]))).toEqual([['/a2a/errors/0', 'additive', 'row-changed']]);
    expect(summary(rows([row('A', { note: 'x' })]), rows([row('A', { note: 'y' })]))).toEqual([['/a2a/errors/0', 'editorial', 'row-changed']]);
    expect(summary(rows([row('A')]), rows([row('A', { grpc: 'INTERNAL', reason: 'A' })]))).toEqual([['/a2a/errors/0', 'breaking', 'row-changed']]);
    const [c] = diffData(rows([row('A')]), rows([row('A', { grpc: 'INTERNAL' })]));
    expect(c!.reason).toBe('row upstream "A" changed: grpc changed from "NOT_FOUND" to "INTERNAL"');
  });

  it('picks runStatus + interruptKind when runStatus alone repeats, and upstream + when for repeated operations', () => {
    const states = [{ runStatus: 'waiting-input' }, { runStatus: 'waiting-input', interruptKind: 'credential' }];
    expect(naturalKey(states, states)).toEqual(['runStatus', 'interruptKind']);
    const ops = [{ upstream: 'SendMessage', when: 'no taskId' }, { upstream: 'SendMessage', when: 'a taskId' }];
    expect(naturalKey(ops, ops)).toEqual(['upstream', 'when']);
    expect(naturalKey([{ element: 'a' }], [{ element: 'b' }])).toEqual(['element']);
  });

  it('without a natural key, rows are matched whole (a change is a removal plus an addition)', () => {
    expect(summary({ t: [{ x: 1 }, { x: 2 }] }, { t: [{ x: 1 }, { x: 3 }] })).toEqual([
      ['/t', 'breaking', 'row-removed'],
      ['/t/1', 'additive', 'row-added'],
    ]);
  });

  it('outside tables: a prose value is editorial, another value breaking, a new field additive', () => {
    expect(summary({ updated: '2026-01-01', version: 1 }, { updated: '2026-02-01', version: 1 })).toEqual([['/updated', 'editorial', 'value-changed']]);
    expect(summary({ version: 1 }, { version: 2 })).toEqual([['/version', 'breaking', 'value-changed']]);
    expect(summary({ version: 1 }, { version: 1, extra: true })).toEqual([['/extra', 'additive', 'field-added']]);
  });
});
