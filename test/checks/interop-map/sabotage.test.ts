import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeShared } from '../../helpers/env.js';
import { byRule, editMap, gate, MAP, positionOf, rowStartLine, STACK_LINE, TARGETS } from './helpers.js';

const named = (map: any, name: string) => map.a2a.errors.find((e: any) => e.upstream === name);
const op = (map: any, name: string) => map.a2a.operations.find((o: any) => o.upstream === name);
const stateRow = (map: any, status: string) => map.a2a.taskState.find((r: any) => r.runStatus === status && r.interruptKind === undefined);

interface Sabotage {
  name: string;
  ruleId: string;
  edit(map: any): void;
  /** Where the finding must be, computed from the mutated text. */
  expect(text: string): { line: number; column?: number };
}

const SABOTAGES: Sabotage[] = [
  {
    name: 'reason in CamelCase',
    ruleId: 'interop-map/reason-upper-snake',
    edit: (m) => void (named(m, 'TaskNotFoundError').reason = 'TaskNotFound'),
    expect: (t) => positionOf(t, '"TaskNotFound"'),
  },
  {
    name: 'reason that keeps the Error suffix',
    ruleId: 'interop-map/reason-upper-snake',
    edit: (m) => void (named(m, 'VersionNotSupportedError').reason = 'VERSION_NOT_SUPPORTED_ERROR'),
    expect: (t) => positionOf(t, '"VERSION_NOT_SUPPORTED_ERROR"'),
  },
  {
    name: 'reason missing (reported at the row)',
    ruleId: 'interop-map/reason-upper-snake',
    edit: (m) => void delete named(m, 'TaskNotCancelableError').reason,
    expect: (t) => ({ line: rowStartLine(t, '"upstream": "TaskNotCancelableError"') }),
  },
  {
    name: 'a reason on the parenthesized row (reported at the key)',
    ruleId: 'interop-map/reason-upper-snake',
    edit: (m) => void (m.a2a.errors.find((e: any) => e.upstream.startsWith('(')).reason = 'INVALID_PARAMETERS'),
    expect: (t) => positionOf(t, '"reason": "INVALID_PARAMETERS"'),
  },
  {
    name: 'an extra key on a closed row (reported at the key)',
    ruleId: 'interop-map/schema',
    edit: (m) => void (named(m, 'UnsupportedOperationError').retryAfter = 5),
    expect: (t) => positionOf(t, '"retryAfter"'),
  },
  {
    name: 'a required key missing from a closed row (reported at the row)',
    ruleId: 'interop-map/schema',
    edit: (m) => void delete named(m, 'ExtensionSupportRequiredError').grpc,
    expect: (t) => ({ line: rowStartLine(t, '"upstream": "ExtensionSupportRequiredError"') }),
  },
  {
    name: 'a named row twice (reported at the second)',
    ruleId: 'interop-map/errors-complete',
    edit: (m) => void m.a2a.errors.push({ ...named(m, 'TaskNotFoundError') }),
    expect: (t) => positionOf(t, '"TaskNotFoundError"', 2),
  },
  {
    name: 'an unknown error name',
    ruleId: 'interop-map/errors-complete',
    edit: (m) => void (named(m, 'ContentTypeNotSupportedError').upstream = 'MediaTypeRefusedError'),
    expect: (t) => positionOf(t, '"MediaTypeRefusedError"'),
  },
  {
    name: 'an unknown clientProjection',
    ruleId: 'interop-map/client-projection-registered',
    edit: (m) => void (named(m, 'InvalidAgentResponseError').clientProjection = 'peer_garbled'),
    expect: (t) => positionOf(t, '"peer_garbled"'),
  },
  {
    name: 'an unknown v2Operation',
    ruleId: 'interop-map/v2-operation-exists',
    edit: (m) => void (op(m, 'GetTask').v2Operation = 'fetchRunById'),
    expect: (t) => positionOf(t, '"fetchRunById"'),
  },
  {
    name: 'a run status with no default taskState row (row deleted: reported at the array)',
    ruleId: 'interop-map/task-state-default-row',
    edit: (m) => void (m.a2a.taskState = m.a2a.taskState.filter((r: any) => r.runStatus !== 'paused')),
    expect: (t) => ({ line: positionOf(t, '"taskState": [').line }),
  },
  {
    name: 'a run status with no default taskState row (default turned into an override)',
    ruleId: 'interop-map/task-state-default-row',
    edit: (m) => void (stateRow(m, 'paused').interruptKind = 'approval'),
    expect: (t) => positionOf(t, '"interruptKind": "approval"'),
  },
  {
    name: 'a second default row for one run status',
    ruleId: 'interop-map/task-state-default-row',
    edit: (m) => void m.a2a.taskState.push({ runStatus: 'completed', stored: 'completed', wire: 'TASK_STATE_COMPLETED' }),
    expect: (t) => ({ line: positionOf(t, '"runStatus": "completed"', 2).line }),
  },
  {
    name: 'an override row twice',
    ruleId: 'interop-map/task-state-override-unique',
    edit: (m) => {
      for (let i = 0; i < 2; i++) m.a2a.taskState.push({ runStatus: 'waiting-input', stored: 'auth-required', wire: 'TASK_STATE_AUTH_REQUIRED', interruptKind: 'clairvoyance' });
    },
    expect: (t) => positionOf(t, '"clairvoyance"', 2),
  },
  {
    name: 'an unknown stored state',
    ruleId: 'interop-map/stored-state-known',
    edit: (m) => void (stateRow(m, 'pending').stored = 'dormant'),
    expect: (t) => positionOf(t, '"dormant"'),
  },
  {
    name: 'an unknown facet',
    ruleId: 'interop-map/requires-facet-exists',
    edit: (m) => void op(m, 'SendStreamingMessage').requires.push('a2a.telepathy'),
    expect: (t) => positionOf(t, '"a2a.telepathy"'),
  },
  {
    name: 'a facet of a family with no facet schema',
    ruleId: 'interop-map/requires-facet-exists',
    edit: (m) => void op(m, 'GetTask').requires.push('grpc.streaming'),
    expect: (t) => positionOf(t, '"grpc.streaming"'),
  },
  {
    name: 'a bad MCP profile',
    ruleId: 'interop-map/mcp-profile-pattern',
    edit: (m) => void (m.mcp.features[0].requiredFor = ['mcp-2026-7-28']),
    expect: (t) => positionOf(t, '"mcp-2026-7-28"'),
  },
  {
    name: 'an HTTP verb that differs from the proto',
    ruleId: 'interop-map/http-binding-matches-proto',
    edit: (m) => void (op(m, 'GetTask').http = 'POST /tasks/{id}'),
    expect: (t) => positionOf(t, '"POST /tasks/{id}"'),
  },
  {
    name: 'an HTTP path that differs from the proto',
    ruleId: 'interop-map/http-binding-matches-proto',
    edit: (m) => void (op(m, 'CancelTask').http = 'POST /tasks/{id}/cancel'),
    expect: (t) => positionOf(t, '"POST /tasks/{id}/cancel"'),
  },
  {
    name: 'a compound row whose verbs are swapped',
    ruleId: 'interop-map/http-binding-matches-proto',
    edit: (m) => {
      const row = m.a2a.operations.find((o: any) => o.upstream.includes('|'));
      row.http = row.http.replace(/^([A-Z |]+) /, (v: string) => v.trim().split(' | ').reverse().join(' | ') + ' ');
    },
    expect: (t) => positionOf(t, '"DELETE | GET | GET /tasks/'),
  },
  {
    name: 'a bound rpc that no row covers (reported at the operations array)',
    ruleId: 'interop-map/http-binding-matches-proto',
    edit: (m) => void (m.a2a.operations = m.a2a.operations.filter((o: any) => o.upstream !== 'GetExtendedAgentCard')),
    expect: (t) => ({ line: positionOf(t, '"operations": [').line }),
  },
];

for (const target of TARGETS) {
  describeShared(`interop-map sabotage: ${target.name}`, () => {
    for (const s of SABOTAGES) {
      it(`${s.name} → ${s.ruleId}`, () => {
        const root = target.copy();
        const text = editMap(root, s.edit);
        const want = s.expect(text);
        const r = gate(root, target);
        expect(r.stderr).not.toMatch(STACK_LINE);
        expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 1, stderr: '' });
        const hits = byRule(r.findings, s.ruleId);
        expect(hits.map((f) => `${f.file}:${f.line}`)).toContain(`${MAP}:${want.line}`);
        const hit = hits.find((f) => f.line === want.line)!;
        if (want.column !== undefined) expect(hit.column).toBe(want.column);
        expect(hit.pointer).toMatch(/^\/(a2a|mcp)\//);
        expect(hit.message).toMatch(/RFC 02(08|11) §/);
      });
    }

    it('a named row twice points back at the first with `related`', () => {
      const root = target.copy();
      const text = editMap(root, (m) => void m.a2a.errors.push({ ...named(m, 'TaskNotFoundError') }));
      const r = gate(root, target);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 1, stderr: '' });
      const [hit] = byRule(r.findings, 'interop-map/errors-complete');
      expect(hit).toBeDefined();
      expect((hit as any).related).toEqual([expect.objectContaining({ file: MAP, line: positionOf(text, '"TaskNotFoundError"', 1).line })]);
    });

    it('a verb mismatch points at the proto binding with `related`', () => {
      const root = target.copy();
      editMap(root, (m) => void (op(m, 'ListTasks').http = 'POST /tasks'));
      const r = gate(root, target);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 1, stderr: '' });
      const [hit] = byRule(r.findings, 'interop-map/http-binding-matches-proto');
      const related = (hit as any).related[0];
      const proto = readFileSync(path.join(root, related.file), 'utf8');
      expect(proto.split('\n')[related.line - 1]).toMatch(/get:\s*"\/tasks"/);
    });

    it('a rule with nothing to visit fails instead of passing (empty mcp.features)', () => {
      const root = target.copy();
      editMap(root, (m) => void (m.mcp.features = []));
      const r = gate(root, target);
      expect(r.code).toBe(1);
      const [hit] = byRule(r.findings, 'interop-map/mcp-profile-pattern');
      expect(hit).toMatchObject({ file: MAP, line: 1 });
      expect(hit!.message).toMatch(/visited nothing/);
    });

    it('clean control: rows reordered stay green', () => {
      const root = target.copy();
      editMap(root, (m) => {
        for (const g of ['operations', 'card', 'taskState', 'taskStateReverse', 'errors', 'fields']) m.a2a[g].reverse();
        m.mcp.features.reverse();
        m.mcp.methods.reverse();
      });
      const r = gate(root, target);
      expect(r.findings).toEqual([]);
      expect(r.code).toBe(0);
    });

    it('clean control: an extra parenthesized row without reason stays green', () => {
      const root = target.copy();
      editMap(root, (m) =>
        void m.a2a.errors.push({ upstream: '(internal error)', jsonrpc: -32603, grpc: 'INTERNAL', http: 500, serverWhen: 'the host failed unexpectedly', clientProjection: named(m, 'InvalidAgentResponseError').clientProjection }),
      );
      const r = gate(root, target);
      expect(r.findings).toEqual([]);
      expect(r.code).toBe(0);
    });
  });
}

describe('interop-map sabotage: the run-status enum of the map schema', () => {
  for (const target of TARGETS) {
    describeShared(target.name, () => {
      it('an extra run status in the schema enum is reported at that value', () => {
        const root = target.copy();
        const file = path.join(root, 'spec/v2/interop-map.schema.json');
        const schema = JSON.parse(readFileSync(file, 'utf8'));
        schema.$defs.runStatus.enum.push('hibernating');
        const text = JSON.stringify(schema, null, 2) + '\n';
        writeFileSync(file, text);
        const r = gate(root, target);
        expect(r.code).toBe(1);
        const hits = byRule(r.findings, 'interop-map/run-status-enum-matches');
        expect(hits.map((f) => `${f.file}:${f.line}`)).toEqual([`spec/v2/interop-map.schema.json:${positionOf(text, '"hibernating"').line}`]);
      });

      it('a run status RunSnapshot dropped is reported at that value of the schema enum', () => {
        const root = target.copy();
        const file = path.join(root, 'schemas/v2/run-snapshot.schema.json');
        const snapshot = JSON.parse(readFileSync(file, 'utf8'));
        snapshot.properties.status.enum = snapshot.properties.status.enum.filter((s: string) => s !== 'cancelling');
        writeFileSync(file, JSON.stringify(snapshot, null, 2));
        const r = gate(root, target);
        expect(r.code).toBe(1);
        const schemaText = readFileSync(path.join(root, 'spec/v2/interop-map.schema.json'), 'utf8');
        const hits = byRule(r.findings, 'interop-map/run-status-enum-matches');
        expect(hits.map((f) => `${f.file}:${f.line}:${f.pointer}`)).toEqual([
          `spec/v2/interop-map.schema.json:${positionOf(schemaText, '"cancelling"').line}:/$defs/runStatus/enum/${JSON.parse(schemaText).$defs.runStatus.enum.indexOf('cancelling')}`,
        ]);
      });
    });
  }
});
