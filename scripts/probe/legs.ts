import { randomUUID } from 'node:crypto';
import { isObject } from '../core/base/json-object.js';
import { FatalError } from '../core/base/errors.js';
import { RequestBudgetExceeded } from './http-client.js';
import type { ExpectedError, Judged, LegProblem } from './judge.js';
import { judgeAnswer, judgeUnreadable, legResult, supportedVersionsOf } from './judge.js';
import { VERSION_NOT_SUPPORTED } from '../wire/judge.js';
import type { ProbeSession, RpcResult } from './session.js';
import type { LegId } from './rules.js';
import { LEG_RULES } from './rules.js';

export type Verdict = 'executed-pass' | 'executed-fail' | 'inapplicable';

export interface StepResult {
  name: string;
  verdict: Verdict;
  /** What was observed, or why the step could not run. */
  detail: string;
  captures: number[];
  problems: LegProblem[];
}

export interface LegResult {
  id: LegId;
  rfc: string;
  verdict: Verdict;
  steps: StepResult[];
}

export type { LegId } from './rules.js';

/** The host legs, in the order they run (their rules: rules.ts). */
export const LEGS: ReadonlyArray<{ id: LegId; rfc: string; assertion: string }> = Object.values(LEG_RULES).map((r) => ({ id: r.leg, rfc: r.rfc, assertion: r.description }));

/** The error a step expects, by its upstream name; code and reason come from the interop map, as the wire checker's do. */
function expected(s: ProbeSession, upstreamName: string): ExpectedError {
  const row = s.wire.errors.byName(upstreamName);
  if (!row?.reason) throw new FatalError(`the interop map has no A2A error row for ${upstreamName}; the probe cannot say what to expect`);
  return { code: row.jsonrpc, reason: row.reason };
}

const TERMINAL = new Set(['TASK_STATE_COMPLETED', 'TASK_STATE_FAILED', 'TASK_STATE_CANCELED', 'TASK_STATE_REJECTED', 'completed', 'failed', 'canceled', 'rejected']);
const POLLS = 4;

/** A leg's verdict from its steps: any failure fails it; it passes only if some step ran. */
export function legVerdict(steps: readonly StepResult[]): Verdict {
  if (steps.some((s) => s.verdict === 'executed-fail')) return 'executed-fail';
  if (steps.some((s) => s.verdict === 'executed-pass')) return 'executed-pass';
  return 'inapplicable';
}

function inapplicable(name: string, detail: string, captures: number[] = []): StepResult {
  return { name, verdict: 'inapplicable', detail, captures, problems: [] };
}

/**
 * A step's verdict from the judged answers: no answer makes it inapplicable, an error-severity
 * problem fails it; warnings and the checker's notes ride along in the detail.
 */
function judged(name: string, answered: RpcResult[], j: Judged, passDetail: string, captures: number[]): StepResult {
  const missing = answered.find((r) => !r.outcome.answer || r.outcome.truncated);
  if (missing) return inapplicable(name, `no answer to judge: ${missing.capture.problem ?? 'none arrived'}`, captures);
  const errors = j.problems.filter((p) => p.result.severity === 'error');
  const warnings = j.problems.filter((p) => p.result.severity !== 'error').map((p) => `warning: ${p.result.message}`);
  if (errors.length) return { name, verdict: 'executed-fail', detail: errors.map((p) => p.result.message).join('; '), captures, problems: j.problems };
  return { name, verdict: 'executed-pass', detail: [passDetail, ...warnings, ...j.notes].filter(Boolean).join('; '), captures, problems: j.problems };
}

async function guarded(name: string, fn: () => Promise<StepResult>): Promise<StepResult> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof RequestBudgetExceeded) return inapplicable(name, `not sent: ${e.message}`);
    throw e;
  }
}

function summarizeError(r: RpcResult): string {
  const err = isObject(r.json) && isObject(r.json.error) ? r.json.error : undefined;
  if (err) return `${String(err.code)} ${String(err.message ?? '')}`.trim();
  if (!r.outcome.answer) return r.capture.problem ?? 'no answer';
  return `HTTP ${r.outcome.answer.status}`;
}

function reasonOf(r: RpcResult): string {
  const data = isObject(r.json) && isObject(r.json.error) ? r.json.error.data : undefined;
  const info = Array.isArray(data) ? data.find((d) => isObject(d) && typeof d.reason === 'string') : undefined;
  return info ? ` ${String((info as Record<string, unknown>).reason)}` : '';
}

/** Task results of SendMessage/GetTask: 1.0 wraps it (`result.task`), 0.3 answers it bare. */
function taskOf(r: RpcResult): { id: string; state: string } | undefined {
  const result = isObject(r.json) ? r.json.result : undefined;
  const task = isObject(result) && isObject(result.task) ? result.task : isObject(result) && typeof result.id === 'string' && isObject(result.status) ? result : undefined;
  if (!task || typeof task.id !== 'string') return undefined;
  const state = isObject(task.status) ? String(task.status.state) : 'unknown';
  return { id: task.id, state };
}

export interface TerminalTask {
  id?: string;
  /** Why no terminal task could be made. */
  why?: string;
  captures: number[];
}

/** Makes one task reach a terminal state, as the caller (--token): SendMessage, then GetTask until it ends. */
export async function makeTerminalTask(s: ProbeSession): Promise<TerminalTask> {
  const captures: number[] = [];
  try {
    const sent = await s.rpc('setup-SendMessage', 'SendMessage to make a task that reaches a terminal state', {
      method: 'SendMessage',
      params: { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'specgate probe: a short task to finish' }] } },
    });
    captures.push(sent.index);
    let task = taskOf(sent);
    if (!task) {
      const result = isObject(sent.json) ? sent.json.result : undefined;
      const why = isObject(result) && isObject(result.message) ? 'the agent answered SendMessage with a Message, not a Task' : `SendMessage did not return a task (${summarizeError(sent)})`;
      return { why, captures };
    }
    for (let i = 0; !TERMINAL.has(task.state) && i < POLLS; i++) {
      if (task.state === 'TASK_STATE_INPUT_REQUIRED' || task.state === 'TASK_STATE_AUTH_REQUIRED') break;
      await new Promise((r) => setTimeout(r, 250 * (i + 1)));
      const got = await s.rpc(`setup-GetTask-poll-${i + 1}`, `GetTask ${task.id} until it is terminal`, { method: 'GetTask', params: { id: task.id } });
      captures.push(got.index);
      task = taskOf(got) ?? task;
    }
    if (!TERMINAL.has(task.state)) return { why: `the task the agent made stayed in ${task.state}, not a terminal state`, captures };
    return { id: task.id, captures };
  } catch (e) {
    if (e instanceof RequestBudgetExceeded) return { why: `not sent: ${e.message}`, captures };
    throw e;
  }
}

export async function errorDataShape(s: ProbeSession, task: () => Promise<TerminalTask>): Promise<StepResult[]> {
  const expect = (error: ExpectedError) => ({ error, rule: LEG_RULES.errorDataShape, section: 'A' as const });
  const notFound = expect(expected(s, 'TaskNotFoundError'));
  const notCancelable = expect(expected(s, 'TaskNotCancelableError'));
  const unknown = await guarded('GetTask on an unknown id', async () => {
    const r = await s.rpc('error-data-shape-GetTask-unknown', 'GetTask on an id the host never issued', { method: 'GetTask', params: { id: s.unknownTaskId() } });
    return judged('GetTask on an unknown id', [r], answerJudgement(s, r, notFound), `${summarizeError(r)};${reasonOf(r)} in data[]`, [r.index]);
  });
  const cancel = await guarded('CancelTask on a terminal task', async () => {
    const t = await task();
    if (!t.id) return inapplicable('CancelTask on a terminal task', `no terminal task could be made: ${t.why}`, t.captures);
    const r = await s.rpc('error-data-shape-CancelTask-terminal', `CancelTask on terminal task ${t.id}`, { method: 'CancelTask', params: { id: t.id } });
    return judged('CancelTask on a terminal task', [r], answerJudgement(s, r, notCancelable), `${summarizeError(r)};${reasonOf(r)} in data[]`, [...t.captures, r.index]);
  });
  return [unknown, cancel];
}

function answerJudgement(s: ProbeSession, r: RpcResult, expect?: Parameters<typeof judgeAnswer>[3]): Judged {
  return r.outcome.answer && !r.outcome.truncated ? judgeAnswer(s.wire, r.capture, r.index, expect) : { problems: [], notes: [] };
}

/**
 * §C: a refusal of malformed JSON-RPC is in the binding's shape. On JSON-RPC that is the Parse
 * error JSON-RPC 2.0 (§5.1) fixes for invalid JSON; a well-formed answer with another code, or a
 * result, is a shape no single answer shows wrong.
 */
const PARSE_ERROR: ExpectedError = { code: -32700, reason: 'JSON-RPC Parse error' };

export async function noOpenWopEnvelope(s: ProbeSession): Promise<StepResult[]> {
  const malformed = await guarded('malformed JSON-RPC', async () => {
    const r = await s.rpc('no-openwop-envelope-malformed-json', 'A body that is not JSON', { rawBody: '{"jsonrpc":"2.0","id":1,"method":' });
    const expect = { error: PARSE_ERROR, rule: LEG_RULES.noOpenWopEnvelope, section: 'C' as const };
    return judged('malformed JSON-RPC', [r], answerJudgement(s, r, expect), `HTTP ${r.outcome.answer?.status}, JSON-RPC ${summarizeError(r)}`, [r.index]);
  });
  const unauthenticated = await guarded('unauthenticated POST', async () => {
    if (!s.facts.declaresSecurity) return inapplicable('unauthenticated POST', 'the card declares no security, so no request is unauthenticated');
    const r = await s.rpc('no-openwop-envelope-unauthenticated', 'GetTask with no credential on an interface whose card declares security', {
      method: 'GetTask',
      params: { id: s.unknownTaskId() },
      token: null,
    });
    const status = r.outcome.answer?.status;
    const shown = r.outcome.answer && r.outcome.answer.body.trim() === '' ? `HTTP ${status} with no body` : `HTTP ${status}, JSON-RPC ${summarizeError(r)}`;
    return judged('unauthenticated POST', [r], answerJudgement(s, r), shown, [r.index]);
  });
  return [malformed, unauthenticated];
}

export async function versionNotSupportedShape(s: ProbeSession): Promise<StepResult[]> {
  const name = 'A2A-Version 99.0';
  return [
    await guarded(name, async () => {
      const r = await s.rpc('version-not-supported-99', 'GetTask with A2A-Version 99.0', { method: 'GetTask', params: { id: s.unknownTaskId() }, version: '99.0' });
      // The wire checker holds a JSON answer to an unserved version to -32009 and judges
      // supportedVersions (§E); the leg also refuses an answer the checker allows in general,
      // such as a bare 401 to a request that carried its credential.
      const sv = supportedVersionsOf(r.capture);
      const shown = typeof sv === 'string' ? `metadata.supportedVersions "${sv}" (card: ${s.facts.interfaceVersions.join(', ')})` : '';
      const expect = { error: expected(s, VERSION_NOT_SUPPORTED), rule: LEG_RULES.versionNotSupportedShape, section: 'E' as const };
      return judged(name, [r], answerJudgement(s, r, expect), [`${summarizeError(r)};${reasonOf(r)} in data[]`, shown].filter(Boolean).join('; '), [r.index]);
    }),
  ];
}

export async function unreadableNotFound(s: ProbeSession, task: () => Promise<TerminalTask>): Promise<StepResult[]> {
  const name = "another principal's task vs an unknown task";
  return [
    await guarded(name, async () => {
      const foreignToken = s.principals.foreignToken;
      if (!foreignToken) return inapplicable(name, 'no second principal: pass --foreign-token to run this leg');
      const t = await task();
      if (!t.id) return inapplicable(name, `no task of the first principal could be made: ${t.why}`, t.captures);
      const own = await s.rpc('unreadable-owner-reads-task', `GetTask ${t.id} as its owner`, { method: 'GetTask', params: { id: t.id } });
      const captures = [...t.captures, own.index];
      if (!taskOf(own)) {
        return inapplicable(name, `the owner could not read its own task back (${summarizeError(own)}), so an unreadable task cannot be told from a forgotten one`, captures);
      }
      const unknown = await s.rpc('unreadable-unknown-task', 'GetTask on an unknown id, as the second principal', { method: 'GetTask', params: { id: s.unknownTaskId() }, token: foreignToken });
      const foreign = await s.rpc('unreadable-foreign-task', `GetTask ${t.id} (another principal's task), as the second principal`, { method: 'GetTask', params: { id: t.id }, token: foreignToken });
      captures.push(unknown.index, foreign.index);
      if (taskOf(foreign)) {
        const leak: LegProblem = { capture: foreign.index, result: legResult(LEG_RULES.unreadableNotFound, 'D', foreign.capture, { messageId: 'readable', data: {}, pointer: '/result' }, 'key') };
        return judged(name, [unknown, foreign], { problems: [leak], notes: [] }, '', captures);
      }
      const j = unknown.outcome.answer && foreign.outcome.answer ? judgeUnreadable(s.wire, unknown, foreign) : { problems: [], notes: [] };
      return judged(name, [unknown, foreign], j, `both HTTP ${unknown.outcome.answer?.status} ${summarizeError(unknown).split(' ')[0]}${reasonOf(unknown)}; status, code, headers and normalised data equal`, captures);
    }),
  ];
}
