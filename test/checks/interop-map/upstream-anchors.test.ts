import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { family } from '../../../scripts/checks/interop-map/index.js';
import { runRuleOn } from '../../../scripts/core/engine/rule-tester.js';
import { ANCHOR, describeShared } from '../../helpers/env.js';
import { jsonEdit, positionOf } from '../../helpers/positions.js';
import type { RealExpected, RealInvalidCase } from '../../helpers/real-data.js';
import { readTree, realDataTests } from '../../helpers/real-data.js';

/*
 * interop-map rules on real data: each sabotage edits the upstream anchors' map (read in place
 * into memory, re-serialized the way it is written) and runs ONE rule over the anchors' files
 * (scripts/core/engine/rule-tester.ts), naming the finding it must produce. The rules' own tests, one
 * rule on a small corpus, are their meta.examples and test/checks/interop-map/rules.test.ts; this
 * project's map as it is passes in real-data.test.ts.
 */

const MAP = 'spec/v2/interop-map.json';
const MAP_SCHEMA = 'spec/v2/interop-map.schema.json';
const rule = (id: string) => family.rules.find((r) => r.id === id) ?? expect.fail(`no rule ${id}`);

/** The anchors' files, read when a case runs, with `edits` applied to the named files. */
const anchors = (edits: Record<string, (text: string) => string> = {}) => () => {
  const files = readTree(ANCHOR);
  for (const [file, edit] of Object.entries(edits)) files[file] = edit(files[file] ?? expect.fail(`the anchors have no ${file}`));
  return files;
};

const named = (map: any, name: string) => map.a2a.errors.find((e: any) => e.upstream === name);
const op = (map: any, name: string) => map.a2a.operations.find((o: any) => o.upstream === name);
const stateRow = (map: any, status: string) => map.a2a.taskState.find((r: any) => r.runStatus === status && r.interruptKind === undefined);

/** Line of the `{` that opens the object containing the n-th occurrence of `needle`. */
function rowStartLine(text: string, needle: string, nth = 1): number {
  const { line } = positionOf(text, needle, nth);
  const lines = text.split('\n');
  for (let l = line - 1; l >= 1; l--) if (lines[l - 1]!.trimEnd().endsWith('{')) return l;
  throw new Error(`no row opens before ${JSON.stringify(needle)}`);
}

const lineColumn = ({ line, column }: { line: number; column?: number }) => ({ line, ...(column !== undefined ? { column } : {}) });

/** The position of a key's value, from the position of `"key": `. */
const atValue = ({ line, column }: { line: number; column: number }, key: string) => ({ line, column: column + key.length });

interface Sabotage {
  name: string;
  ruleId: string;
  messageId: string;
  edit(map: any): void;
  /** Where the finding must be, computed from the mutated text. */
  expect(text: string): { line: number; column?: number; endLine?: number; endColumn?: number };
  /** What the message must match, where the sabotage's point is its wording. */
  message?: RegExp;
  /** The rule's fix gives back the anchors' map as it was (a fixable rule's case says what its fix gives). */
  fixed?: true;
  /** Read problems the sabotage brings besides (a file the edit names that is not there). */
  problems?: Array<{ ruleId: string; file: string }>;
  /** Further findings of the same rule the sabotage must bring (in file order, after the first unless `before`). */
  also?: Array<RealExpected & { before?: boolean }>;
}

const SABOTAGES: Sabotage[] = [
  {
    name: 'reason in CamelCase',
    fixed: true,
    ruleId: 'interop-map/reason-upper-snake',
    messageId: 'wrong',
    edit: (m) => void (named(m, 'TaskNotFoundError').reason = 'TaskNotFound'),
    expect: (t) => positionOf(t, '"TaskNotFound"'),
  },
  {
    name: 'reason that keeps the Error suffix',
    fixed: true,
    ruleId: 'interop-map/reason-upper-snake',
    messageId: 'wrong',
    edit: (m) => void (named(m, 'VersionNotSupportedError').reason = 'VERSION_NOT_SUPPORTED_ERROR'),
    expect: (t) => positionOf(t, '"VERSION_NOT_SUPPORTED_ERROR"'),
  },
  {
    name: 'reason missing (reported at the row)',
    fixed: true,
    ruleId: 'interop-map/reason-upper-snake',
    messageId: 'missing',
    edit: (m) => void delete named(m, 'TaskNotCancelableError').reason,
    expect: (t) => ({ line: rowStartLine(t, '"upstream": "TaskNotCancelableError"') }),
  },
  {
    name: 'a reason on the parenthesized row (reported at the key)',
    fixed: true,
    ruleId: 'interop-map/reason-upper-snake',
    messageId: 'parenthesized',
    edit: (m) => void (m.a2a.errors.find((e: any) => e.upstream.startsWith('(')).reason = 'INVALID_PARAMETERS'),
    expect: (t) => positionOf(t, '"reason": "INVALID_PARAMETERS"'),
  },
  {
    name: 'an extra key on a closed row (reported at the key)',
    ruleId: 'interop-map/schema',
    messageId: 'unexpected',
    edit: (m) => void (named(m, 'UnsupportedOperationError').retryAfter = 5),
    expect: (t) => positionOf(t, '"retryAfter"'),
  },
  {
    name: 'a required key missing from a closed row (reported at the row)',
    ruleId: 'interop-map/schema',
    messageId: 'invalid',
    edit: (m) => void delete named(m, 'ExtensionSupportRequiredError').grpc,
    expect: (t) => ({ line: rowStartLine(t, '"upstream": "ExtensionSupportRequiredError"') }),
  },
  {
    name: 'a named row twice (reported at the second)',
    ruleId: 'interop-map/errors-complete',
    messageId: 'second',
    edit: (m) => void m.a2a.errors.push({ ...named(m, 'TaskNotFoundError') }),
    expect: (t) => positionOf(t, '"TaskNotFoundError"', 2),
  },
  {
    name: 'an unknown error name',
    ruleId: 'interop-map/errors-complete',
    messageId: 'notAnError',
    edit: (m) => void (named(m, 'ContentTypeNotSupportedError').upstream = 'MediaTypeRefusedError'),
    expect: (t) => positionOf(t, '"MediaTypeRefusedError"'),
    also: [{ messageId: 'missing', file: MAP, before: true, message: 'a2a.errors has no row for ContentTypeNotSupportedError', where: (t) => atValue(positionOf(t(MAP), '"errors": ['), '"errors": ') }],
  },
  {
    name: 'an unknown clientProjection near no code (no "did you mean")',
    ruleId: 'interop-map/client-projection-registered',
    messageId: 'unregistered',
    edit: (m) => void (named(m, 'InvalidAgentResponseError').clientProjection = 'peer_garbled'),
    expect: (t) => positionOf(t, '"peer_garbled"'),
    message: /"peer_garbled" is not a code in \S+ \(RFC 0208 §B, rule 3\)$/,
  },
  {
    name: 'a misspelt clientProjection',
    ruleId: 'interop-map/client-projection-registered',
    messageId: 'unregistered',
    edit: (m) => void (named(m, 'TaskNotFoundError').clientProjection = 'not_fund'),
    expect: (t) => positionOf(t, '"not_fund"'),
    message: /"not_fund" is not a code in \S+; did you mean "not_found"\?/,
  },
  {
    name: 'an unknown v2Operation near no operationId (no "did you mean")',
    ruleId: 'interop-map/v2-operation-exists',
    messageId: 'unknown',
    edit: (m) => void (op(m, 'GetTask').v2Operation = 'fetchRunById'),
    expect: (t) => positionOf(t, '"fetchRunById"'),
    message: /"fetchRunById" is not an operationId in \S+ \(RFC 0208 §B, rule 2\)$/,
  },
  {
    name: 'a misspelt v2Operation',
    ruleId: 'interop-map/v2-operation-exists',
    messageId: 'unknown',
    edit: (m) => void (op(m, 'SendMessage').v2Operation = 'creatRun'),
    expect: (t) => positionOf(t, '"creatRun"'),
    message: /"creatRun" is not an operationId in \S+; did you mean "createRun"\?/,
  },
  {
    name: 'a run status with no default taskState row (row deleted: reported at the array)',
    ruleId: 'interop-map/task-state-default-row',
    messageId: 'noRow',
    edit: (m) => void (m.a2a.taskState = m.a2a.taskState.filter((r: any) => r.runStatus !== 'paused')),
    expect: (t) => ({ line: positionOf(t, '"taskState": [').line }),
  },
  {
    name: 'a run status with no default taskState row (default turned into an override)',
    ruleId: 'interop-map/task-state-default-row',
    messageId: 'onlyOverrides',
    edit: (m) => void (stateRow(m, 'paused').interruptKind = 'approval'),
    expect: (t) => positionOf(t, '"interruptKind": "approval"'),
  },
  {
    name: 'a second default row for one run status',
    ruleId: 'interop-map/task-state-default-row',
    messageId: 'secondDefault',
    edit: (m) => void m.a2a.taskState.push({ runStatus: 'completed', stored: 'completed', wire: 'TASK_STATE_COMPLETED' }),
    expect: (t) => ({ line: positionOf(t, '"runStatus": "completed"', 2).line }),
  },
  {
    name: 'an override row twice',
    ruleId: 'interop-map/task-state-override-unique',
    messageId: 'repeated',
    edit: (m) => {
      for (let i = 0; i < 2; i++) m.a2a.taskState.push({ runStatus: 'waiting-input', stored: 'auth-required', wire: 'TASK_STATE_AUTH_REQUIRED', interruptKind: 'clairvoyance' });
    },
    expect: (t) => positionOf(t, '"clairvoyance"', 2),
  },
  {
    name: 'an unknown stored state',
    ruleId: 'interop-map/stored-state-known',
    messageId: 'unknown',
    edit: (m) => void (stateRow(m, 'pending').stored = 'dormant'),
    expect: (t) => positionOf(t, '"dormant"'),
  },
  {
    name: 'an unknown facet',
    ruleId: 'interop-map/requires-facet-exists',
    messageId: 'unknownFacet',
    edit: (m) => void op(m, 'SendStreamingMessage').requires.push('a2a.telepathy'),
    expect: (t) => positionOf(t, '"a2a.telepathy"'),
  },
  {
    name: 'a facet of a family with no facet schema',
    // The rule asks the corpus for the family's facet schema, which is not there: the read says so too.
    problems: [{ ruleId: 'corpus/missing-file', file: 'spec/v2/facets/grpc.schema.json' }],
    ruleId: 'interop-map/requires-facet-exists',
    messageId: 'noFamily',
    edit: (m) => void op(m, 'GetTask').requires.push('grpc.streaming'),
    expect: (t) => positionOf(t, '"grpc.streaming"'),
  },
  {
    name: 'a bad MCP profile',
    ruleId: 'interop-map/mcp-profile-pattern',
    messageId: 'notAProfile',
    edit: (m) => void (m.mcp.features[0].requiredFor = ['mcp-2026-7-28']),
    expect: (t) => positionOf(t, '"mcp-2026-7-28"'),
  },
  {
    name: 'an HTTP verb that differs from the proto',
    ruleId: 'interop-map/http-binding-matches-proto',
    messageId: 'verb',
    edit: (m) => void (op(m, 'GetTask').http = 'POST /tasks/{id}'),
    expect: (t) => positionOf(t, '"POST /tasks/{id}"'),
  },
  {
    name: 'an HTTP path that differs from the proto',
    ruleId: 'interop-map/http-binding-matches-proto',
    messageId: 'path',
    edit: (m) => void (op(m, 'CancelTask').http = 'POST /tasks/{id}/cancel'),
    expect: (t) => positionOf(t, '"POST /tasks/{id}/cancel"'),
  },
  {
    name: 'a compound row whose verbs are swapped',
    ruleId: 'interop-map/http-binding-matches-proto',
    messageId: 'verb',
    edit: (m) => {
      const row = m.a2a.operations.find((o: any) => o.upstream.includes('|'));
      row.http = row.http.replace(/^([A-Z |]+) /, (v: string) => v.trim().split(' | ').reverse().join(' | ') + ' ');
    },
    expect: (t) => positionOf(t, '"DELETE | GET | GET /tasks/'),
    also: [{ messageId: 'verb', file: MAP, message: 'DeleteTaskPushNotificationConfig: verb GET differs', where: (t) => lineColumn(positionOf(t(MAP), '"DELETE | GET | GET /tasks/')) }],
  },
  {
    name: 'a bound rpc that no row covers (reported at the operations array)',
    ruleId: 'interop-map/http-binding-matches-proto',
    messageId: 'uncovered',
    edit: (m) => void (m.a2a.operations = m.a2a.operations.filter((o: any) => o.upstream !== 'GetExtendedAgentCard')),
    expect: (t) => ({ line: positionOf(t, '"operations": [').line }),
  },
];

/** A sabotage as a case of its rule: its finding, and those it brings besides (in file order). */
const asCase = (s: Sabotage): RealInvalidCase => ({
  name: s.name,
  files: anchors({ [MAP]: jsonEdit(s.edit) }),
  errors: [
    ...(s.also ?? []).filter((e) => e.before).map(({ before: _b, ...e }) => e),
    { messageId: s.messageId, file: MAP, ...(s.message ? { message: s.message } : {}), where: (text) => lineColumn(s.expect(text(MAP))) },
    ...(s.also ?? []).filter((e) => !e.before).map(({ before: _b, ...e }) => e),
  ],
  ...(s.fixed ? { output: () => ({ [MAP]: readFileSync(path.join(ANCHOR, MAP), 'utf8') }) } : {}),
  ...(s.problems ? { problems: s.problems } : {}),
});

const schemaCases: Record<string, RealInvalidCase[]> = {
  'interop-map/run-status-enum-matches': [
    {
      name: 'an extra run status in the schema enum is reported at that value',
      files: anchors({ [MAP_SCHEMA]: jsonEdit((s) => s.$defs.runStatus.enum.push('hibernating')) }),
      errors: [{ messageId: 'extra', file: MAP_SCHEMA, where: (t) => lineColumn(positionOf(t(MAP_SCHEMA), '"hibernating"')) }],
    },
  ],
};

/** What no interop-map rule reports on: each rule runs alone over each. */
const VALID = [
  { name: 'the map as it is', files: anchors() },
  {
    name: 'rows reordered',
    files: anchors({
      [MAP]: jsonEdit((m) => {
        for (const g of ['operations', 'card', 'taskState', 'taskStateReverse', 'errors', 'fields']) m.a2a[g].reverse();
        m.mcp.features.reverse();
        m.mcp.methods.reverse();
      }),
    }),
  },
  {
    name: 'an extra parenthesized row without reason',
    files: anchors({
      [MAP]: jsonEdit(
        (m) =>
          void m.a2a.errors.push({ upstream: '(internal error)', jsonrpc: -32603, grpc: 'INTERNAL', http: 500, serverWhen: 'the host failed unexpectedly', clientProjection: named(m, 'InvalidAgentResponseError').clientProjection }),
      ),
    }),
  },
];

for (const r of family.rules) {
  const invalid = [...SABOTAGES.filter((s) => s.ruleId === r.id).map(asCase), ...(schemaCases[r.id] ?? [])];
  realDataTests(`${r.id} on the upstream anchors`, rule(r.id), 'openwop', { valid: VALID, invalid });
}

describeShared('interop-map rules on the upstream anchors: a rule with nothing to visit', () => {
  it('empty mcp.features: mcp-profile-pattern visits nothing and reports nothing, so the engine fails it ("visited nothing") instead of passing', async () => {
    const run = await runRuleOn(rule('interop-map/mcp-profile-pattern'), anchors({ [MAP]: jsonEdit((m) => void (m.mcp.features = [])) })(), { preset: 'openwop' });
    expect([run.visited, run.findings, run.problems]).toEqual([0, [], []]);
  });
});
