import type { ErrorRow } from './error-table.js';
import type { ParsedBody, Span } from './body.js';
import { firstLineSpan, parseBody, spanAt } from './body.js';
import { shapeProblems } from './data-shape.js';
import type { Obj } from './jsonrpc.js';
import { ERROR_INFO_TYPE, describeType, header, isOpenWopEnvelope, reasonsIn, requestJson } from './jsonrpc.js';
import { isObject } from '../core/base/json-object.js';
import type { WireRuleInfo } from './rules.js';
import { WIRE_RULES } from './rules.js';
import { decideScope, isMajorOne, isMajorZero, majorMinor } from './scope.js';
import type { Exchange, Judgement, MapValueTrace, Section, Verdict, WireContext, WireResult } from './types.js';
import { childPointer } from '../core/model/pointer.js';
import { formatMessage } from '../core/engine/rule.js';

/** The upstream names RFC 0211 itself singles out; their codes and reasons come from the map. */
export const TASK_NOT_FOUND = 'TaskNotFoundError';
export const VERSION_NOT_SUPPORTED = 'VersionNotSupportedError';

/**
 * Judges one exchange against RFC 0211. Pure: no I/O, no clock; the same exchange and context
 * always give the same judgement. Results point into the exchange (`target`, and for a JSON body
 * `bodyPointer` and `span`), so a caller can place them in a capture file or a live log.
 */
export function judgeExchange(exchange: Exchange, ctx: WireContext): Judgement {
  const req = requestJson(exchange.request?.body);
  const versionHeader = header(exchange.request?.headers, 'A2A-Version');
  const scope = decideScope({
    ...(versionHeader !== undefined ? { versionHeader } : {}),
    ...(typeof req?.method === 'string' ? { method: req.method } : {}),
    ...(ctx.offeredVersions ? { offeredVersions: ctx.offeredVersions } : {}),
  });
  const j = new Collector();
  if (scope.version === '0.3') {
    j.note('out of scope (0.3): RFC 0211 §A–§D bind only 1.0 interfaces (§F)');
    return j.finish(scope, true);
  }
  const body = parseBody(exchange.response.body);
  const answer = { exchange, body, status: exchange.response.status };
  checkVersionRefusal(j, ctx, answer, versionHeader);
  if ((ctx.binding ?? 'JSONRPC') === 'HTTP+JSON') judgeHttpJson(j, ctx, answer);
  else judgeJsonRpc(j, ctx, answer);
  return j.finish(scope, false);
}

/** The map value a result disagrees with (the row's field must be set: the caller compared with it). */
export function trace(row: ErrorRow, field: MapValueTrace['field'], found: unknown): MapValueTrace {
  return { row: row.index, name: row.name, field, expected: row[field]!, found };
}

interface Answer {
  exchange: Exchange;
  body: ParsedBody;
  status: number | undefined;
}

/** Where a result points: a place in a JSON body, a span of its text, or another member of the exchange. */
export interface Where {
  body?: ParsedBody;
  pointer?: string;
  on?: 'key' | 'value';
  span?: Span;
  target?: string;
  mapValue?: MapValueTrace;
}

/** Gathers results, each a rule object's message id and data; messages always end with the RFC section. */
export class Collector {
  readonly results: WireResult[] = [];
  readonly notes: string[] = [];

  add(rule: WireRuleInfo, messageId: string, data: Readonly<Record<string, string | number>>, where: Where, severity = rule.defaultSeverity): void {
    const message = formatMessage(rule, messageId, data);
    const result: WireResult = {
      ruleId: rule.id,
      severity,
      section: rule.section,
      rfc: rule.rfc,
      messageId,
      data,
      message: message.includes(rule.rfc) ? message : `${message} (${rule.rfc})`,
      target: where.target ?? '/response/body',
    };
    if (where.pointer !== undefined) result.bodyPointer = where.pointer;
    const span = where.span ?? (where.body?.kind === 'json' && where.pointer !== undefined ? spanAt(where.body.doc, where.pointer, where.on) : undefined);
    if (span) result.span = span;
    if (where.mapValue) result.mapValue = where.mapValue;
    this.results.push(result);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  finish(scope: Judgement['scope'], outOfScope: boolean): Judgement {
    const sections = [...new Set(this.results.map((r) => r.section))].sort() as Section[];
    const verdict: Verdict = outOfScope ? 'out-of-scope' : this.results.some((r) => r.severity === 'error') ? 'fail' : this.results.length ? 'warn' : 'pass';
    return { scope, verdict, sections, results: this.results, notes: this.notes };
  }
}

function contentType(a: Answer): string {
  return header(a.exchange.response.headers, 'content-type')?.split(';')[0]?.trim() || 'no content-type';
}

/**
 * A JSON answer labelled as something else (`text/plain`, `text/html`) is refused by clients that
 * check the media type before parsing: a finding on the header, when the exchange has one.
 */
function checkJsonMediaType(j: Collector, a: Answer, binding: string): void {
  const headers = a.exchange.response.headers ?? {};
  const name = Object.keys(headers).find((k) => k.toLowerCase() === 'content-type');
  if (name === undefined) return;
  const type = headers[name]!.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)) return;
  j.add(WIRE_RULES.bindingShape, 'mislabelledJson', { contentType: JSON.stringify(headers[name]), binding }, { target: childPointer('/response/headers', name) });
}

function judgeJsonRpc(j: Collector, ctx: WireContext, a: Answer): void {
  const { body } = a;
  if (body.kind === 'empty') {
    if (a.status === 401) j.note('401 without a body: allowed on JSON-RPC (§C)');
    else j.add(WIRE_RULES.bindingShape, 'emptyJsonRpc', { status: a.status ?? '(none)' }, { target: '/response/body' });
    return;
  }
  if (body.kind === 'text') {
    const what = /^\s*<(!doctype\s+html|html)/i.test(a.exchange.response.body) ? 'an HTML page' : `text that is not JSON (${body.problem})`;
    j.add(WIRE_RULES.bindingShape, 'notJsonRpc', { status: a.status ?? '(none)', contentType: contentType(a), what }, { span: firstLineSpan(a.exchange.response.body) });
    return;
  }
  checkJsonMediaType(j, a, 'a JSON-RPC interface');
  const v = body.value;
  if (isOpenWopEnvelope(v)) {
    j.add(WIRE_RULES.noEnvelope, 'envelope', { error: JSON.stringify(v.error) }, { body, pointer: '' });
    return;
  }
  const error = jsonRpcError(j, body);
  if (!error) return;
  judgeA2aError(j, ctx, body, error);
}

/** The `error` object of a well-formed JSON-RPC error response; reports (§C) what keeps it from being one. */
function jsonRpcError(j: Collector, body: ParsedBody & { kind: 'json' }): Obj | undefined {
  const v = body.value;
  const bad = (pointer: string, messageId: string, data: Record<string, string> = {}, on: 'key' | 'value' = 'value') => {
    j.add(WIRE_RULES.bindingShape, messageId, data, { body, pointer, on });
    return undefined;
  };
  if (!isObject(v)) return bad('', 'notObject', { type: describeType(v) });
  if (v.jsonrpc !== '2.0') return bad('jsonrpc' in v ? '/jsonrpc' : '', 'jsonrpcVersion', { found: 'jsonrpc' in v ? String(JSON.stringify(v.jsonrpc)) : 'missing' });
  if (!('id' in v)) return bad('', 'noId');
  if ('result' in v && 'error' in v) return bad('/result', 'resultAndError', {}, 'key');
  if ('result' in v) return undefined;
  if (!isObject(v.error)) return bad('error' in v ? '/error' : '', 'errorNotObject', { found: 'error' in v ? describeType(v.error) : 'missing' });
  if (!Number.isInteger(v.error.code)) return bad('code' in v.error ? '/error/code' : '/error', 'codeNotInteger', { found: 'code' in v.error ? describeType(v.error.code) : 'missing' });
  if (typeof v.error.message !== 'string') return bad('message' in v.error ? '/error/message' : '/error', 'messageNotString');
  return v.error;
}

function judgeA2aError(j: Collector, ctx: WireContext, body: ParsedBody & { kind: 'json' }, error: Obj): void {
  const code = error.code as number;
  const row = ctx.errors.byCode(code);
  const found = reasonsIn(error.data);
  if (ctx.errors.isA2a(row)) {
    const dedicatedFrom = j.results.length;
    for (const f of found) {
      if (f.reason === row.reason) continue;
      const other = ctx.errors.byReason(f.reason);
      const belongs = other ? `; "${f.reason}" is the reason of ${other.jsonrpc} (${other.name})` : '';
      j.add(WIRE_RULES.reasonMatchesCode, 'notTheCodesReason', { reason: f.reason, code, name: row.name, expected: row.reason!, belongs }, { body, pointer: f.pointer, mapValue: trace(row, 'reason', f.reason) });
    }
    if (row.name === VERSION_NOT_SUPPORTED) checkSupportedVersions(j, ctx, body, error);
    // One mistake, one finding: where a dedicated rule already spoke (a CamelCase reason is a
    // reason that is not the map's; an array supportedVersions breaks §E's format), the schema's
    // problem at that same place is the same mistake, so it is left to that rule.
    const spoken = new Set(j.results.slice(dedicatedFrom).map((r) => r.bodyPointer));
    if (!ctx.validators.jsonrpcError(body.value)) {
      for (const p of shapeProblems(ctx.validators.jsonrpcError.errors ?? [], body.value, '/error/data')) {
        if (!spoken.has(p.pointer)) j.add(WIRE_RULES.dataShape, 'shape', { name: row.name, code, problem: p.message }, { body, pointer: p.pointer, on: p.on });
      }
    }
    return;
  }
  if (row) {
    // A non-A2A row of the map, such as (invalid parameters): it carries no A2A reason.
    for (const f of found) {
      const a2a = ctx.errors.byReason(f.reason);
      if (a2a) j.add(WIRE_RULES.invalidParams, 'a2aReason', { name: row.name, code, reason: f.reason, owner: a2a.name }, { body, pointer: f.pointer });
      else if (f.typed) j.add(WIRE_RULES.invalidParams, 'otherErrorInfo', { name: row.name, code, reason: f.reason }, { body, pointer: f.pointer.replace(/\/reason$/, '') }, 'warning');
    }
    return;
  }
  for (const f of found) {
    const a2a = ctx.errors.byReason(f.reason);
    if (a2a) j.add(WIRE_RULES.reasonMatchesCode, 'onAnotherCode', { reason: f.reason, jsonrpc: a2a.jsonrpc, name: a2a.name, code }, { body, pointer: '/error/code', mapValue: trace(a2a, 'jsonrpc', code) });
  }
}

/** §E: metadata.supportedVersions, when present, is one comma-joined string of offered versions. */
function checkSupportedVersions(j: Collector, ctx: WireContext, body: ParsedBody & { kind: 'json' }, error: Obj): void {
  const data = Array.isArray(error.data) ? error.data : [];
  const i = data.findIndex((e) => isObject(e) && e['@type'] === ERROR_INFO_TYPE);
  const info = data[i];
  const meta = isObject(info) && isObject(info.metadata) ? info.metadata : undefined;
  if (!meta || !('supportedVersions' in meta)) {
    j.note('§E: no metadata.supportedVersions (a SHOULD: recorded, not failed; a client falls back to the card)');
    return;
  }
  const pointer = `/error/data/${i}/metadata/supportedVersions`;
  const sv = meta.supportedVersions;
  if (typeof sv !== 'string') {
    j.add(WIRE_RULES.supportedVersions, 'notString', { type: describeType(sv) }, { body, pointer });
    return;
  }
  if (!/^\d+\.\d+(\.\d+)?(,\d+\.\d+(\.\d+)?)*$/.test(sv)) {
    j.add(WIRE_RULES.supportedVersions, 'notAList', { value: JSON.stringify(sv) }, { body, pointer });
    return;
  }
  if (!ctx.offeredVersions) {
    j.note('§E: supportedVersions not compared with the card (give --card or --versions)');
    return;
  }
  const offered = new Set(ctx.offeredVersions.map(majorMinor));
  const extra = sv.split(',').filter((v) => !offered.has(majorMinor(v)));
  if (extra.length) j.add(WIRE_RULES.supportedVersions, 'notOffered', { extra: extra.join(', '), offered: ctx.offeredVersions.join(', ') }, { body, pointer });
}

/**
 * A request naming a version the interface does not serve gets VersionNotSupportedError. Without
 * the card's versions only versions no A2A release has (not 0.x or 1.x) are known to be unserved.
 */
function checkVersionRefusal(j: Collector, ctx: WireContext, a: Answer, versionHeader: string | undefined): void {
  const row = ctx.errors.byName(VERSION_NOT_SUPPORTED);
  if (!row || a.body.kind !== 'json') return;
  const offered = ctx.offeredVersions?.map(majorMinor);
  let requested: string | undefined;
  let served = true;
  if (versionHeader !== undefined) {
    requested = versionHeader.trim();
    served = offered ? offered.includes(majorMinor(requested)) : isMajorZero(requested) || isMajorOne(requested);
  } else if (offered) {
    requested = '0.3 (no A2A-Version header)';
    served = offered.some(isMajorZero);
  }
  if (served) return;
  const v = a.body.value;
  const code = isObject(v) && isObject(v.error) ? v.error.code : undefined;
  if (code === row.jsonrpc) return;
  const got = code === undefined ? 'an answer without a JSON-RPC error' : `code ${JSON.stringify(code)}`;
  j.add(WIRE_RULES.versionErrorCode, 'wrongCode', { requested: requested!, unserved: offered ? `the card does not offer (${ctx.offeredVersions!.join(', ')})` : 'no A2A release has', got, code: row.jsonrpc, name: row.name }, { body: a.body, pointer: code === undefined ? '' : '/error/code', mapValue: trace(row, 'jsonrpc', code) });
}

function judgeHttpJson(j: Collector, ctx: WireContext, a: Answer): void {
  const { body } = a;
  if (a.status !== undefined && a.status < 400) return;
  if (body.kind === 'empty') {
    if (a.status !== 401) j.add(WIRE_RULES.bindingShape, 'emptyHttpJson', { status: a.status ?? '(none)' }, { target: '/response/body' });
    return;
  }
  if (body.kind === 'text') {
    j.add(WIRE_RULES.bindingShape, 'notStatusJson', { status: a.status ?? '(none)', contentType: contentType(a) }, { span: firstLineSpan(a.exchange.response.body) });
    return;
  }
  checkJsonMediaType(j, a, 'an HTTP+JSON interface');
  if (isOpenWopEnvelope(body.value)) {
    j.add(WIRE_RULES.noEnvelope, 'envelope', { error: JSON.stringify(body.value.error) }, { body, pointer: '' });
    return;
  }
  if (!ctx.validators.googleRpcStatus(body.value)) {
    for (const p of shapeProblems(ctx.validators.googleRpcStatus.errors ?? [], body.value, '/error/details')) j.add(WIRE_RULES.statusShape, 'shape', { problem: p.message }, { body, pointer: p.pointer, on: p.on });
  }
  const err = isObject(body.value) && isObject(body.value.error) ? body.value.error : undefined;
  for (const f of reasonsIn(err?.details, '/error/details')) {
    const row: ErrorRow | undefined = ctx.errors.byReason(f.reason);
    if (!row) continue;
    if (row.http !== undefined && a.status !== undefined && a.status !== row.http) j.add(WIRE_RULES.statusShape, 'httpStatus', { reason: f.reason, status: a.status, name: row.name, expected: row.http }, { target: '/response/status', mapValue: trace(row, 'http', a.status) });
    if (row.grpc !== undefined && typeof err?.status === 'string' && err.status !== row.grpc) j.add(WIRE_RULES.statusShape, 'grpcStatus', { status: err.status, reason: f.reason, name: row.name, expected: row.grpc }, { body, pointer: '/error/status', mapValue: trace(row, 'grpc', err.status) });
  }
}
