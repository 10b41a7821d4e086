import { parseBody } from '../wire/body.js';
import { compareUnreadable } from '../wire/compare.js';
import type { PairResult } from '../wire/compare.js';
import { Collector, judgeExchange } from '../wire/judge.js';
import type { LegRule } from './rules.js';
import type { Exchange, Section, WireContext, WireResult } from '../wire/types.js';
import type { Capture } from './capture.js';
import { isObject } from '../core/base/json-object.js';

/**
 * Every verdict on an answer comes from the wire checker (scripts/wire); this module only adds
 * what a leg expects that no single answer can tell (which error a GetTask on an unknown id must be).
 */

/** A problem in one recorded exchange; `related` points at the other answer of a §D pair. */
export interface LegProblem {
  capture: number;
  result: WireResult;
  related?: { capture: number; bodyPointer: string; span?: { start: number; end: number }; message: string };
}

export interface Judged {
  problems: LegProblem[];
  /** What the wire checker recorded without failing (a SHOULD left out, say). */
  notes: string[];
}

export interface ExpectedError {
  code: number;
  reason: string;
}

function asExchange(c: Capture): Exchange {
  return { request: c.request, response: c.response! };
}

/** The wire checker's judgement of one answer, plus the leg's expectation when the checker found no error. */
export function judgeAnswer(ctx: WireContext, c: Capture, index: number, expect?: { error: ExpectedError; rule: LegRule; section: Section }): Judged {
  const j = judgeExchange(asExchange(c), ctx);
  const problems: LegProblem[] = j.results.map((result) => ({ capture: index, result }));
  if (expect && !j.results.some((r) => r.severity === 'error')) {
    const miss = expectationMiss(c, expect.error);
    if (miss) problems.push({ capture: index, result: legResult(expect.rule, expect.section, c, miss) });
  }
  return { problems, notes: j.notes };
}

/** A leg's own result on one answer, worded and placed as the wire checker's are. */
export function legResult(rule: LegRule, section: Section, c: Capture, miss: Miss, on: 'key' | 'value' = 'value'): WireResult {
  const body = parseBody(c.response?.body ?? '');
  const j = new Collector();
  j.add({ ...rule, section, defaultSeverity: 'error' }, miss.messageId, miss.data, { target: '/response/body', ...(body.kind === 'json' ? { body } : {}), pointer: miss.pointer, on });
  return j.results[0]!;
}

export interface Miss {
  messageId: string;
  data: Record<string, string | number>;
  pointer: string;
}

function expectationMiss(c: Capture, expect: ExpectedError): Miss | undefined {
  const want = { code: expect.code, reason: expect.reason };
  let v: unknown;
  try {
    v = JSON.parse(c.response!.body);
  } catch {
    return { messageId: 'notJson', data: want, pointer: '' };
  }
  if (!isObject(v)) return { messageId: 'notRpc', data: want, pointer: '' };
  if (!isObject(v.error)) {
    return { messageId: 'noError', data: { ...want, got: 'result' in v ? 'a result' : 'no error object' }, pointer: 'result' in v ? '/result' : '' };
  }
  if (v.error.code !== expect.code) {
    return { messageId: 'otherCode', data: { ...want, gotCode: String(JSON.stringify(v.error.code)), gotMessage: String(JSON.stringify(v.error.message)) }, pointer: '/error/code' };
  }
  return undefined;
}

/** §D through the wire checker's comparison of the two answers. */
export function judgeUnreadable(ctx: WireContext, unknown: { capture: Capture; index: number }, unreadable: { capture: Capture; index: number }): Judged {
  const pair = compareUnreadable(asExchange(unknown.capture), asExchange(unreadable.capture), ctx);
  const at = (r: PairResult) => (r.side === 'unknown' ? unknown.index : unreadable.index);
  const problems = pair.results.map((r): LegProblem => {
    const { side: _side, related, ...result } = r;
    return { capture: at(r), result, ...(related ? { related: { capture: related.side === 'unknown' ? unknown.index : unreadable.index, bodyPointer: related.bodyPointer, ...(related.span ? { span: related.span } : {}), message: related.message } } : {}) };
  });
  return { problems, notes: pair.notes };
}

/** The ErrorInfo's metadata.supportedVersions of a version error, for the row's note. */
export function supportedVersionsOf(c: Capture): unknown {
  try {
    const data = (JSON.parse(c.response?.body ?? '') as { error?: { data?: unknown } }).error?.data;
    const info = Array.isArray(data) ? data.find((d) => isObject(d) && d['@type'] === 'type.googleapis.com/google.rpc.ErrorInfo') : undefined;
    return isObject(info) && isObject(info.metadata) ? info.metadata.supportedVersions : undefined;
  } catch {
    return undefined;
  }
}
