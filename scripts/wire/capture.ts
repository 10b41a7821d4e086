import type { Finding, RelatedLocation } from '../core/model/findings.js';
import type { StructuredDoc } from '../core/model/tree.js';
import type { Span } from './body.js';
import { isObject } from '../core/base/json-object.js';
import { WIRE_INPUT_RULES } from './rules.js';
import type { Exchange, WireResult } from './types.js';


/** The capture-format rule: a file that is not an exchange cannot be judged. */
export const CAPTURE_RULE = WIRE_INPUT_RULES.captureFormat;

/** Reads a parsed capture file into an exchange, or says where it is not one. */
export function exchangeFromCapture(doc: StructuredDoc): { exchange?: Exchange; problems: Array<{ pointer: string; message: string }> } {
  const problems: Array<{ pointer: string; message: string }> = [];
  const v = doc.value;
  if (!isObject(v)) return { problems: [{ pointer: '', message: 'a capture is a JSON object with "request" and "response"' }] };
  const res = v.response;
  if (!isObject(res)) return { problems: [{ pointer: 'response' in v ? '/response' : '', message: 'the capture has no "response" object' }] };
  if (typeof res.body !== 'string') problems.push({ pointer: 'body' in res ? '/response/body' : '/response', message: 'response.body must be the raw body as a string' });
  if ('status' in res && !isHttpStatus(res.status)) problems.push({ pointer: '/response/status', message: 'response.status must be an HTTP status code: an integer from 100 to 599' });
  const req = v.request;
  if (req !== undefined && !isObject(req)) problems.push({ pointer: '/request', message: 'request must be an object' });
  if (isObject(req) && 'body' in req && typeof req.body !== 'string') problems.push({ pointer: '/request/body', message: 'request.body must be the raw body as a string' });
  for (const [part, obj] of [['request', req], ['response', res]] as const) {
    if (isObject(obj) && 'headers' in obj && !(isObject(obj.headers) && Object.values(obj.headers).every((h) => typeof h === 'string'))) problems.push({ pointer: `/${part}/headers`, message: `${part}.headers must map names to strings` });
  }
  if (problems.length) return { problems };
  const exchange: Exchange = { response: { body: res.body as string, ...(isHttpStatus(res.status) ? { status: res.status } : {}), ...(isObject(res.headers) ? { headers: res.headers as Record<string, string> } : {}) } };
  if (isObject(req)) {
    exchange.request = {
      ...(typeof req.method === 'string' ? { method: req.method } : {}),
      ...(typeof req.path === 'string' ? { path: req.path } : {}),
      ...(isObject(req.headers) ? { headers: req.headers as Record<string, string> } : {}),
      ...(typeof req.body === 'string' ? { body: req.body } : {}),
    };
  }
  return { exchange, problems };
}

/** An HTTP status code (RFC 9110 §15: three digits, 100–599); `1e20` is an integer but no status. */
function isHttpStatus(v: unknown): v is number {
  return Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599;
}

/**
 * Offsets of each character of a JSON string literal's value in the source: index i of the decoded
 * value starts at `map[i]`; `map[length]` is the closing quote. Escapes take their whole sequence.
 */
function stringOffsets(text: string, literalStart: number, literalEnd: number): number[] {
  const map: number[] = [];
  let p = literalStart + 1;
  const end = literalEnd - 1;
  while (p < end) {
    map.push(p);
    p += text.charCodeAt(p) === 92 ? (text[p + 1] === 'u' ? 6 : 2) : 1;
  }
  map.push(end);
  return map;
}

/** Places judged results in the capture file they came from. */
export class CapturePlacer {
  private offsets: number[] | undefined;

  constructor(private readonly doc: StructuredDoc) {}

  /** A finding for a result; a body span lands on the escaped characters inside the body string. */
  finding(r: WireResult & { related?: { bodyPointer: string; span?: Span; message: string } }, relatedDoc?: CapturePlacer): Finding {
    const f: Finding = { ruleId: r.ruleId, severity: r.severity, ...this.place(r.target, r.span), message: r.message, messageId: r.messageId, rfc: r.rfc };
    if (r.related && relatedDoc) {
      const rel: RelatedLocation = { file: relatedDoc.doc.file, ...relatedDoc.range('/response/body', r.related.span), message: `${r.related.message} (body ${r.related.bodyPointer || '/'})` };
      f.related = [rel];
    }
    if (r.bodyPointer !== undefined) f.message = `body ${r.bodyPointer || '/'}: ${f.message}`;
    return f;
  }

  place(target: string, span?: Span): Pick<Finding, 'file' | 'line' | 'column' | 'endLine' | 'endColumn' | 'pointer'> {
    return { file: this.doc.file, ...this.range(target, span), pointer: target };
  }

  range(target: string, span?: Span) {
    if (target === '/response/body' && span) {
      const node = this.doc.nodeAt('/response/body');
      if (node?.kind === 'scalar' && this.doc.text[node.start] === '"') {
        this.offsets ??= stringOffsets(this.doc.text, node.start, node.end);
        const last = this.offsets.length - 1;
        const a = this.offsets[Math.min(span.start, last)]!;
        const b = this.offsets[Math.min(Math.max(span.end, span.start), last)]!;
        return this.doc.lines.range(a, Math.max(b, a + 1));
      }
    }
    const { line, column, endLine, endColumn } = this.doc.locate(target);
    return { line, column, endLine, endColumn };
  }
}
