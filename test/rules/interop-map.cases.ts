import { ANCHOR, sharedAvailable } from '../helpers/env.js';
import type { ExpectedFinding, InvalidCase, RuleSuite } from '../helpers/rule-tester.js';
import { checkSuite, positionOf } from '../helpers/rule-tester.js';

/*
 * interop-map rules on real data: each sabotage edits the upstream anchors' map in memory
 * (re-serialized the way it is written) and names the finding the family must produce. The rules'
 * own tests, one rule on a small corpus, are their meta.examples and
 * test/checks/interop-map/rules.test.ts; this project's map as it is passes in real-data.test.ts.
 */

const MAP = 'spec/v2/interop-map.json';
const MAP_SCHEMA = 'spec/v2/interop-map.schema.json';

const named = (map: any, name: string) => map.a2a.errors.find((e: any) => e.upstream === name);
const op = (map: any, name: string) => map.a2a.operations.find((o: any) => o.upstream === name);
const stateRow = (map: any, status: string) => map.a2a.taskState.find((r: any) => r.runStatus === status && r.interruptKind === undefined);

/** An edit of a JSON file, written back with 2-space indent and a final newline. */
export const editJson = (edit: (v: any) => void) => (text: string) => {
  const v = JSON.parse(text);
  edit(v);
  return JSON.stringify(v, null, 2) + '\n';
};

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
  edit(map: any): void;
  /** Where the finding must be, computed from the mutated text. */
  expect(text: string): { line: number; column?: number; endLine?: number; endColumn?: number };
  /** What the message must match (default: it names the RFC section). */
  message?: RegExp;
  /** Further findings of the same rule the sabotage must bring (in file order, after the first unless `before`). */
  also?: Array<ExpectedFinding & { before?: boolean }>;
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
    also: [{ ruleId: 'interop-map/errors-complete', before: true, message: 'a2a.errors has no row for ContentTypeNotSupportedError', where: (t) => atValue(positionOf(t(MAP), '"errors": ['), '"errors": ') }],
  },
  {
    name: 'an unknown clientProjection near no code (no "did you mean")',
    ruleId: 'interop-map/client-projection-registered',
    edit: (m) => void (named(m, 'InvalidAgentResponseError').clientProjection = 'peer_garbled'),
    expect: (t) => positionOf(t, '"peer_garbled"'),
    message: /"peer_garbled" is not a code in \S+ \(RFC 0208 §B, rule 3\)$/,
  },
  {
    name: 'a misspelt clientProjection',
    ruleId: 'interop-map/client-projection-registered',
    edit: (m) => void (named(m, 'TaskNotFoundError').clientProjection = 'not_fund'),
    expect: (t) => positionOf(t, '"not_fund"'),
    message: /"not_fund" is not a code in \S+; did you mean "not_found"\?/,
  },
  {
    name: 'an unknown v2Operation near no operationId (no "did you mean")',
    ruleId: 'interop-map/v2-operation-exists',
    edit: (m) => void (op(m, 'GetTask').v2Operation = 'fetchRunById'),
    expect: (t) => positionOf(t, '"fetchRunById"'),
    message: /"fetchRunById" is not an operationId in \S+ \(RFC 0208 §B, rule 2\)$/,
  },
  {
    name: 'a misspelt v2Operation',
    ruleId: 'interop-map/v2-operation-exists',
    edit: (m) => void (op(m, 'SendMessage').v2Operation = 'creatRun'),
    expect: (t) => positionOf(t, '"creatRun"'),
    message: /"creatRun" is not an operationId in \S+; did you mean "createRun"\?/,
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
    also: [{ ruleId: 'interop-map/http-binding-matches-proto', message: 'DeleteTaskPushNotificationConfig: verb GET differs', where: (t) => lineColumn(positionOf(t(MAP), '"DELETE | GET | GET /tasks/')) }],
  },
  {
    name: 'a bound rpc that no row covers (reported at the operations array)',
    ruleId: 'interop-map/http-binding-matches-proto',
    edit: (m) => void (m.a2a.operations = m.a2a.operations.filter((o: any) => o.upstream !== 'GetExtendedAgentCard')),
    expect: (t) => ({ line: positionOf(t, '"operations": [').line }),
  },
];

const mapCases: InvalidCase[] = SABOTAGES.map((s) => ({
  name: `${s.name} → ${s.ruleId}`,
  files: { [MAP]: editJson(s.edit) },
  errors: [
    ...(s.also ?? []).filter((e) => e.before).map(({ before: _b, ...e }) => e),
    { ruleId: s.ruleId, file: MAP, message: s.message ?? /RFC 02(08|11) §/, where: (text) => lineColumn(s.expect(text(MAP))) },
    ...(s.also ?? []).filter((e) => !e.before),
  ],
}));

const schemaCases: InvalidCase[] = [
  {
    name: 'an extra run status in the schema enum is reported at that value',
    files: { [MAP_SCHEMA]: editJson((s) => s.$defs.runStatus.enum.push('hibernating')) },
    errors: [{ ruleId: 'interop-map/run-status-enum-matches', file: MAP_SCHEMA, where: (t) => positionOf(t(MAP_SCHEMA), '"hibernating"') }],
  },
  {
    name: 'a rule with nothing to visit fails instead of passing (empty mcp.features)',
    files: { [MAP]: editJson((m) => void (m.mcp.features = [])) },
    errors: [{ ruleId: 'interop-map/mcp-profile-pattern', file: MAP, line: 1, column: 1, message: 'visited nothing' }],
  },
];

const valid = [
  { name: 'the map as it is' },
  {
    name: 'rows reordered',
    files: {
      [MAP]: editJson((m) => {
        for (const g of ['operations', 'card', 'taskState', 'taskStateReverse', 'errors', 'fields']) m.a2a[g].reverse();
        m.mcp.features.reverse();
        m.mcp.methods.reverse();
      }),
    },
  },
  {
    name: 'an extra parenthesized row without reason',
    files: {
      [MAP]: editJson(
        (m) =>
          void m.a2a.errors.push({ upstream: '(internal error)', jsonrpc: -32603, grpc: 'INTERNAL', http: 500, serverWhen: 'the host failed unexpectedly', clientProjection: named(m, 'InvalidAgentResponseError').clientProjection }),
      ),
    },
  },
];

export const SUITES: RuleSuite[] = [
  checkSuite('interop-map rules: upstream anchors', { base: ANCHOR, families: ['interop-map'], preset: 'openwop', skip: !sharedAvailable }, { valid, invalid: [...mapCases, ...schemaCases] }),
];
