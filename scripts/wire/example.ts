import type { PairJudgement } from './compare.js';
import { compareUnreadable } from './compare.js';
import { judgeExchange } from './judge.js';
import { isObject } from '../core/base/json-object.js';
import type { Exchange, Judgement, Section, WireContext } from './types.js';

/** The request an RFC example answers: GetTask at A2A-Version 1.0 for `taskId`. */
function exampleExchange(body: string, taskId: string): Exchange {
  let id: unknown = 1;
  try {
    const v = JSON.parse(body) as unknown;
    if (isObject(v) && (typeof v.id === 'number' || typeof v.id === 'string')) id = v.id;
  } catch {
    // the judge reports a body that is not JSON
  }
  return {
    request: { method: 'POST', headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' }, body: JSON.stringify({ jsonrpc: '2.0', id, method: 'GetTask', params: { id: taskId } }) },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body },
  };
}

export interface ExampleJudgement {
  single: Judgement;
  /** §D: the example as the unreadable-task answer, against its unknown-task twin. */
  pair: PairJudgement;
  /** Sections the example fails, single and paired together. */
  sections: Section[];
}

const FOREIGN_ID = 't-foreign';
const UNKNOWN_ID = 't-unknown';

/**
 * Judges one RFC wire example. §D needs two answers and an example is one, so the example is
 * taken as the answer for a task the caller cannot read, and its twin for an unknown task is
 * built from it: the members its label names only for the foreign answer (`onlyForeign`) are
 * removed, and an echo of the requested task id is re-echoed with the twin's own id. An example
 * whose label names no such member is paired with itself under another id, so §D must pass.
 */
export function judgeExample(body: string, onlyForeign: readonly string[], ctx: WireContext): ExampleJudgement {
  const echoed = echoedTaskId(body);
  const foreign = exampleExchange(body, echoed ?? FOREIGN_ID);
  const single = judgeExchange(foreign, ctx);
  const twin = exampleExchange(twinBody(body, onlyForeign, echoed ?? FOREIGN_ID, UNKNOWN_ID), UNKNOWN_ID);
  const pair = compareUnreadable(twin, foreign, ctx);
  const sections = [...new Set([...single.sections, ...pair.sections])].sort() as Section[];
  return { single, pair, sections };
}

/** A metadata value named taskId in the example's data, taken as the echo of the requested id. */
function echoedTaskId(body: string): string | undefined {
  const entries = dataEntries(body);
  for (const e of entries) if (isObject(e.metadata) && typeof e.metadata.taskId === 'string') return e.metadata.taskId;
  return undefined;
}

function dataEntries(body: string): Record<string, unknown>[] {
  try {
    const v = JSON.parse(body) as unknown;
    const data = isObject(v) && isObject(v.error) ? v.error.data : undefined;
    return (Array.isArray(data) ? data : [data]).filter(isObject);
  } catch {
    return [];
  }
}

function twinBody(body: string, onlyForeign: readonly string[], fromId: string, toId: string): string {
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return body;
  }
  if (!isObject(v) || !isObject(v.error)) return body;
  const data = v.error.data;
  for (const e of (Array.isArray(data) ? data : [data]).filter(isObject)) {
    for (const k of onlyForeign) delete e[k];
    if (isObject(e.metadata)) {
      for (const k of onlyForeign) delete e.metadata[k];
      for (const [k, val] of Object.entries(e.metadata)) if (val === fromId) e.metadata[k] = toId;
    }
  }
  return JSON.stringify(v);
}
