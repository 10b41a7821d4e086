import type { ParsedBody } from './body.js';
import { parseBody, spanAt } from './body.js';
import { Collector, TASK_NOT_FOUND, trace } from './judge.js';
import type { Obj } from './jsonrpc.js';
import { header, requestJson, requestedTaskId } from './jsonrpc.js';
import { isObject } from '../core/base/json-object.js';
import { WIRE_RULES } from './rules.js';
import { decideScope } from './scope.js';
import type { Exchange, Judgement, MapValueTrace, WireContext, WireResult } from './types.js';
import { childPointer } from '../core/model/pointer.js';

/**
 * One entry of `data` in the form RFC 0211 §D compares: `@type`, `reason`, `domain`, the sorted
 * metadata keys (without the task-id echo) and — so a legacy object's extra members count too —
 * the sorted names of any other members. Values of metadata are not compared (the RFC's form).
 */
export interface NormalEntry {
  type: string | null;
  reason: string | null;
  domain: string | null;
  metadataKeys: string[];
  otherKeys: string[];
  /** Metadata values (echo removed), kept for a warning: the RFC's form compares keys only. */
  metadataValues: Record<string, string>;
}

export type NormalData = { shape: 'array'; entries: NormalEntry[] } | { shape: 'object'; entries: [NormalEntry] } | { shape: 'absent' | 'other' };

const OWN = new Set(['@type', 'reason', 'domain', 'metadata']);

function normaliseEntry(el: unknown, requestedId?: string): NormalEntry {
  const o: Obj = isObject(el) ? el : {};
  const meta = isObject(o.metadata) ? o.metadata : {};
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const metadataKeys = Object.keys(meta).filter((k) => requestedId === undefined || String(meta[k]) !== requestedId).sort();
  return {
    type: str(o['@type']),
    reason: str(o.reason),
    domain: str(o.domain),
    metadataKeys,
    otherKeys: Object.keys(o).filter((k) => !OWN.has(k)).sort(),
    metadataValues: Object.fromEntries(metadataKeys.map((k) => [k, typeof meta[k] === 'string' ? (meta[k] as string) : JSON.stringify(meta[k])])),
  };
}

/** RFC 0211 §D's normal form of `error.data`; `requestedId` is the id whose echo is removed. */
export function normaliseData(data: unknown, requestedId?: string): NormalData {
  if (data === undefined) return { shape: 'absent' };
  if (Array.isArray(data)) return { shape: 'array', entries: data.map((e) => normaliseEntry(e, requestedId)) };
  if (isObject(data)) return { shape: 'object', entries: [normaliseEntry(data, requestedId)] };
  return { shape: 'other' };
}

/** A §D result belongs to one of the two answers; `related` points at the other one. */
export interface PairResult extends WireResult {
  side: Side;
  related?: { side: Side; bodyPointer: string; span?: { start: number; end: number }; message: string };
}

export type Side = 'unknown' | 'unreadable';

export interface PairJudgement extends Omit<Judgement, 'results'> {
  results: PairResult[];
  normalised?: { unknown: NormalData; unreadable: NormalData };
}

interface Sided {
  exchange: Exchange;
  body: ParsedBody;
  error?: Obj;
  requestedId?: string;
}

/**
 * RFC 0211 §D: the answer for an unknown task and the answer for a task the caller cannot read
 * must be the same TaskNotFoundError, with the same normalised `data`. Pure, like judgeExchange.
 */
export function compareUnreadable(unknown: Exchange, unreadable: Exchange, ctx: WireContext): PairJudgement {
  const sides: Record<Side, Sided> = { unknown: side(unknown), unreadable: side(unreadable) };
  const c = new PairCollector();
  const scopes = (['unknown', 'unreadable'] as const).map((s) => scopeOf(sides[s].exchange, ctx));
  const scope = scopes.find((s) => s.version === '0.3') ?? scopes[0]!;
  if (scope.version === '0.3') {
    c.note('out of scope (0.3): RFC 0211 §D binds only 1.0 interfaces (§F)');
    return c.finishPair(scope, true);
  }
  compareEnvelope(c, sides);
  const tnf = ctx.errors.byName(TASK_NOT_FOUND);
  for (const s of ['unknown', 'unreadable'] as const) {
    const x = sides[s];
    const code = x.error?.code;
    if (!x.error) c.addSide(s, x, '', 'notAnError', { side: label(s), name: TASK_NOT_FOUND });
    else if (tnf && code !== tnf.jsonrpc) c.addSide(s, x, '/error/code', 'wrongCode', { side: label(s), code: shown(code), expected: tnf.jsonrpc, name: TASK_NOT_FOUND }, 'value', 'error', undefined, trace(tnf, 'jsonrpc', code));
  }
  if (!sides.unknown.error || !sides.unreadable.error) return c.finishPair(scope, false);
  const [codeA, codeB] = [sides.unknown.error.code, sides.unreadable.error.code];
  if (codeA !== codeB && !(tnf && codeA !== tnf.jsonrpc && codeB !== tnf.jsonrpc)) {
    // One side's wrong code is reported above; say also that the two differ (the oracle itself).
    c.addDiff(sides, '/error/code', 'codeDiffers', { unreadable: shown(codeB), unknown: shown(codeA) });
  }
  const a = normaliseData(sides.unknown.error.data, sides.unknown.requestedId);
  const b = normaliseData(sides.unreadable.error.data, sides.unreadable.requestedId);
  compareNormal(c, sides, a, b);
  const out = c.finishPair(scope, false);
  out.normalised = { unknown: a, unreadable: b };
  return out;
}

/**
 * Headers a server sets per response whatever the task: their presence on one answer only says
 * nothing about the task (a chunked answer has no content-length; a tracing proxy adds an id).
 */
const PER_RESPONSE_HEADERS = new Set([
  'date',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'etag',
  'last-modified',
  'age',
  'expires',
  'set-cookie',
  'server-timing',
  'x-request-id',
  'request-id',
  'x-correlation-id',
  'traceparent',
  'tracestate',
]);

/**
 * Besides `data`, RFC 0211 §D allows no difference but the id echo: the HTTP status and the
 * headers a host adds to one answer only are existence oracles as much as `metadata.scope`.
 */
function compareEnvelope(c: PairCollector, sides: Record<Side, Sided>): void {
  const [a, b] = [sides.unknown.exchange.response, sides.unreadable.exchange.response];
  if (a.status !== b.status) {
    c.addDiff(sides, '', 'statusDiffers', { unreadable: b.status ?? '(none)', unknown: a.status ?? '(none)' }, 'value', 'error', '/response/status');
  }
  const names = (h: Record<string, string> | undefined) => new Map(Object.keys(h ?? {}).map((k) => [k.toLowerCase(), k]));
  const [ha, hb] = [names(a.headers), names(b.headers)];
  for (const [lower, name] of hb) {
    if (!ha.has(lower) && !PER_RESPONSE_HEADERS.has(lower)) {
      c.addDiff(sides, '', 'headerOnlyUnreadable', { header: name }, 'value', 'error', childPointer('/response/headers', name));
    }
  }
  for (const [lower, name] of ha) {
    if (!hb.has(lower) && !PER_RESPONSE_HEADERS.has(lower)) {
      c.addDiff(sides, '', 'headerOnlyUnknown', { header: name }, 'value', 'error', '/response/headers');
    }
  }
}

function compareNormal(c: PairCollector, sides: Record<Side, Sided>, a: NormalData, b: NormalData): void {
  if (a.shape !== b.shape) {
    c.addDiff(sides, '/error/data', 'dataShapeDiffers', { unreadable: shapeWord(b.shape), unknown: shapeWord(a.shape) });
    return;
  }
  if (!('entries' in a) || !('entries' in b)) return;
  const base = a.shape === 'object' ? '/error/data' : undefined;
  const n = Math.max(a.entries.length, b.entries.length);
  for (let i = 0; i < n; i++) {
    const at = base ?? `/error/data/${i}`;
    const x = a.entries[i];
    const y = b.entries[i];
    if (!x || !y) {
      c.addDiff(sides, y ? at : '/error/data', y ? 'entryOnlyUnreadable' : 'entryOnlyUnknown', { index: i, type: (y ?? x)!.type ?? 'no @type' });
      continue;
    }
    for (const f of ['type', 'reason', 'domain'] as const) {
      if (x[f] !== y[f]) c.addDiff(sides, `${at}/${f === 'type' ? '@type' : f}`, 'memberDiffers', { member: f === 'type' ? '@type' : f, unreadable: JSON.stringify(y[f]), unknown: JSON.stringify(x[f]) });
    }
    for (const [keys, other, where, what] of [
      [y.metadataKeys, x.metadataKeys, `${at}/metadata`, 'metadata.'],
      [y.otherKeys, x.otherKeys, at, ''],
    ] as const) {
      for (const k of keys.filter((k) => !other.includes(k))) c.addDiff(sides, childPointer(where, k), 'keyOnlyUnreadable', { key: `${what}${k}` }, 'key');
      for (const k of other.filter((k) => !keys.includes(k))) c.addDiff(sides, where, 'keyOnlyUnknown', { key: `${what}${k}` });
    }
    for (const k of y.metadataKeys.filter((k) => x.metadataKeys.includes(k) && x.metadataValues[k] !== y.metadataValues[k])) {
      c.addDiff(sides, childPointer(`${at}/metadata`, k), 'metadataValueDiffers', { key: k, unreadable: JSON.stringify(y.metadataValues[k]), unknown: JSON.stringify(x.metadataValues[k]) }, 'value', 'warning');
    }
  }
}

type Data = Readonly<Record<string, string | number>>;

/** A value of the answer as it is quoted in a message (`undefined` as such, JSON otherwise). */
function shown(v: unknown): string {
  return JSON.stringify(v) ?? 'undefined';
}

function shapeWord(s: NormalData['shape']): string {
  return s === 'array' ? 'an array' : s === 'object' ? 'an object' : s === 'absent' ? 'absent' : 'neither array nor object';
}

function label(s: Side): string {
  return s === 'unknown' ? 'unknown-task' : 'unreadable-task';
}

function side(exchange: Exchange): Sided {
  const body = parseBody(exchange.response.body);
  const v = body.kind === 'json' ? body.value : undefined;
  const error = isObject(v) && isObject(v.error) ? v.error : undefined;
  const requestedId = requestedTaskId(requestJson(exchange.request?.body));
  return { exchange, body, ...(error ? { error } : {}), ...(requestedId !== undefined ? { requestedId } : {}) };
}

function scopeOf(x: Exchange, ctx: WireContext) {
  const req = requestJson(x.request?.body);
  const versionHeader = header(x.request?.headers, 'A2A-Version');
  return decideScope({
    ...(versionHeader !== undefined ? { versionHeader } : {}),
    ...(typeof req?.method === 'string' ? { method: req.method } : {}),
    ...(ctx.offeredVersions ? { offeredVersions: ctx.offeredVersions } : {}),
  });
}

class PairCollector extends Collector {
  readonly pair: PairResult[] = [];

  /** `target` other than the body (the status, a header) leaves the body pointer out. */
  addSide(s: Side, x: Sided, pointer: string, messageId: string, data: Data, on: 'key' | 'value' = 'value', severity: 'error' | 'warning' = 'error', target?: string, mapValue?: MapValueTrace): void {
    this.add(WIRE_RULES.unreadableEqualsUnknown, messageId, data, { ...(target ? { target } : { body: x.body, pointer, on }), ...(mapValue ? { mapValue } : {}) }, severity);
    this.pair.push({ ...this.results.pop()!, side: s });
  }

  /** A difference, placed on the unreadable-task answer with the unknown-task one as related. */
  addDiff(sides: Record<Side, Sided>, pointer: string, messageId: string, data: Data, on: 'key' | 'value' = 'value', severity: 'error' | 'warning' = 'error', target?: string): void {
    this.addSide('unreadable', sides.unreadable, pointer, messageId, data, on, severity, target);
    const u = sides.unknown.body;
    const relPointer = nearestPointer(u, pointer);
    this.pair[this.pair.length - 1]!.related = {
      side: 'unknown',
      bodyPointer: relPointer,
      ...(u.kind === 'json' ? { span: spanAt(u.doc, relPointer) } : {}),
      message: 'the unknown-task answer, compared',
    };
  }

  finishPair(scope: Judgement['scope'], outOfScope: boolean): PairJudgement {
    this.results.push(...this.pair);
    const j = this.finish(scope, outOfScope);
    return { ...j, results: this.pair };
  }
}

/** The deepest ancestor of `pointer` that exists in the body (the compared place on the other side). */
function nearestPointer(body: ParsedBody, pointer: string): string {
  if (body.kind !== 'json') return '';
  const segs = pointer.split('/').slice(1);
  let cur: unknown = body.value;
  const kept: string[] = [];
  for (const s of segs) {
    const key = s.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur) && /^\d+$/.test(key) && Number(key) < cur.length) cur = cur[Number(key)];
    else if (isObject(cur) && Object.hasOwn(cur, key)) cur = cur[key];
    else break;
    kept.push(s);
  }
  return kept.length ? '/' + kept.join('/') : '';
}
