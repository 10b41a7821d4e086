import { decodePointerOrRoot, encodePointer } from '../core/model/pointer.js';
import type { JsonObject } from '../core/base/json-object.js';
import { isObject } from '../core/base/json-object.js';
import { canonical, has } from './json-values.js';
import type { SchemaSide } from './refs.js';
import type { Direction } from './rules.js';
import { directed } from './rules.js';
import { diffSchema } from './schema-diff.js';
import type { Flow, Operation } from './openapi-operations.js';
import { CALLED, callbackOperations, deref, opPath, PATH_PARAM, pathOperations, RECEIVED, schemasOf, webhookOperations } from './openapi-operations.js';
import { componentUses } from './openapi-uses.js';
import type { ChangeClass, RawChange } from './types.js';

/*
 * The OpenAPI document's HTTP surface, compared the way oasdiff and openapi-diff compare it, from
 * the side of a client written against the base:
 *   operations are matched by operationId, then by method + path template (path parameters compare
 *   by position, so `/tasks/{id}` and `/tasks/{taskId}` are one path);
 *   parameters by location + name (path ones by position), request bodies and responses by media
 *   type and status code;
 *   every schema (inline, or a component through `$ref`) with the JSON Schema classifier, classed
 *   by its direction (rules.ts `directed`): what the client sends (parameters, request bodies) or
 *   what it receives (responses, response headers); component schemas are compared once, in
 *   `components.schemas`, classed by where the operations use them (openapi-uses.ts), and an
 *   unchanged `$ref` to one is not followed again from each operation;
 *   a parameter or header described with `content` by its one media type and that one's schema;
 *   response headers by name (case-insensitive; `Content-Type` is ignored, as the specification
 *   says): one removed, or no longer `required`, may leave a client without a value it relied on;
 *   one added, or now `required` (the server always sends it), is additive;
 *   security: a request that the base authorised must still be authorised;
 *   callbacks (`paths.*.*.callbacks`) and webhooks (top-level `webhooks`): an operation gone is
 *   breaking, one added additive; in a paired one the API sends the request and the client answers,
 *   so their schemas are compared with the direction reversed. The presence and `required` rules of
 *   parameters, bodies, media types, status codes and headers are written from the side of the
 *   client that calls an operation, so inside callbacks and webhooks they are not reported.
 * `$ref`s to parameters, request bodies, responses, headers, callbacks and path items are resolved
 * within the document. Every change is at a pointer into the head document; a removed thing at its
 * nearest surviving parent.
 */

/**
 * The comparison's work, in steps (an operation, header, media type, parameter, security pairing,
 * schema node costs one, a change four). A component shared through `$ref` is compared at every
 * operation that uses it, so a document of a few kilobytes can ask for the product of two of its
 * sizes (a response of 10,000 headers used by 10,000 operations); past this the comparison stops
 * with one breaking change, never an exhausted heap.
 */
export const MAX_OPENAPI_STEPS = 1_000_000;

/**
 * A change's text costs a step per this many characters besides its four: each change carries its
 * pointer and a reason naming the operation, so long keys (a path of a megabyte) above many
 * changes would ask for their product in memory.
 */
const CHARS_PER_STEP = 64;

class TooComplex extends Error {}

export interface OpenApiDiffOptions {
  file: string;
  baseFile: string;
  base: SchemaSide;
  head: SchemaSide;
  /** Head files compared in their own right (the document itself among them). */
  compared: ReadonlySet<string>;
}

/** Operations paired between base and head, and those on one side only. */
interface Matched {
  pairs: [Operation, Operation][];
  removed: Operation[];
  added: Operation[];
}

export function diffOpenApi(base: unknown, head: unknown, opts: OpenApiDiffOptions): RawChange[] {
  const walker = new OpenApiWalker(isObject(base) ? base : {}, isObject(head) ? head : {}, opts);
  try {
    return walker.run();
  } catch (e) {
    if (!(e instanceof TooComplex)) throw e;
    // What was found before the cap is a fraction of the whole: one change says why nothing is complete.
    return [
      {
        pointer: '',
        class: 'breaking',
        kind: 'openapi-too-complex',
        reason: `comparison stopped after ${MAX_OPENAPI_STEPS} steps (the compat work cap): components shared through $ref multiply the work; the document cannot be classified, so it counts as breaking`,
      },
    ];
  }
}

class OpenApiWalker {
  readonly changes: RawChange[] = [];
  private steps = 0;
  /** Who sends each component schema, from the operations that use it (set by run()). */
  private uses = new Map<string, Set<Direction>>();

  constructor(
    private readonly base: JsonObject,
    private readonly head: JsonObject,
    private readonly opts: OpenApiDiffOptions,
  ) {}

  run(): RawChange[] {
    const spend = (n: number) => this.spend(n);
    this.uses = componentUses([this.base, this.head], spend);
    this.operations();
    this.webhooks();
    this.componentSchemas();
    this.security(this.base.security, this.head.security, ['security'], 'the document');
    return this.changes;
  }

  /** Counts `n` steps of work; past MAX_OPENAPI_STEPS the comparison stops. */
  spend(n: number): void {
    this.steps += n;
    if (this.steps > MAX_OPENAPI_STEPS) throw new TooComplex();
  }

  private emit(segs: readonly string[], cls: ChangeClass, kind: string, reason: string): void {
    // A change is kept (and printed), so it costs more than a step of the walk, and more the longer it is.
    const pointer = encodePointer(this.surviving(segs));
    this.spend(4 + Math.floor((pointer.length + reason.length) / CHARS_PER_STEP));
    this.changes.push({ pointer, class: cls, kind: `openapi-${kind}`, reason });
  }

  /** The longest prefix of `segs` that exists in the head document. */
  private surviving(segs: readonly string[]): string[] {
    const kept: string[] = [];
    let cur: unknown = this.head;
    for (const s of segs) {
      if (Array.isArray(cur) && /^\d+$/.test(s) && Number(s) < cur.length) cur = cur[Number(s)];
      else if (isObject(cur) && has(cur, s)) cur = cur[s];
      else break;
      kept.push(s);
    }
    return kept;
  }

  // ---- operations ----------------------------------------------------------------------------

  private operations(): void {
    const { pairs, removed, added } = matchOperations(pathOperations(this.base), pathOperations(this.head), () => true);
    for (const b of removed) this.emit(opPath(b), 'breaking', 'operation-removed', `operation ${b.label} removed`);
    for (const h of added) this.emit(opPath(h), 'additive', 'operation-added', `operation ${h.label} added`);
    for (const [b, h] of pairs) this.operation(b, h);
  }

  /**
   * Webhooks and an operation's callbacks: the same pairing, but only where the method (and a
   * callback's expression) is still the same, since that is what the client's receiver answers to.
   */
  private presence(bops: Operation[], hops: Operation[], what: 'webhook' | 'callback'): void {
    this.spend(bops.length + hops.length);
    const { pairs, removed, added } = matchOperations(bops, hops, (b, h) => b.method === h.method && b.wire === h.wire);
    for (const b of removed) this.emit(opPath(b), 'breaking', `${what}-removed`, `${what} ${b.label} removed: a client that receives it no longer will`);
    for (const h of added) this.emit(opPath(h), 'additive', `${what}-added`, `${what} ${h.label} added`);
    for (const [b, h] of pairs) this.exchange(b, h, opPath(h), `${what} ${h.label}`, RECEIVED);
  }

  private webhooks(): void {
    this.presence(webhookOperations(this.base), webhookOperations(this.head), 'webhook');
  }

  /** The callbacks of a paired operation, both sides located under the head operation. */
  private callbacks(b: Operation, h: Operation): void {
    this.presence(callbackOperations(this.base, b, h), callbackOperations(this.head, h, h), 'callback');
  }

  private operation(b: Operation, h: Operation): void {
    const at = opPath(h);
    const name = h.label;
    if (b.template !== h.template) this.emit(at, 'breaking', 'operation-path-changed', `operation ${h.id} moved from ${b.path} to ${h.path}`);
    if (b.method !== h.method) this.emit(at, 'breaking', 'operation-method-changed', `operation ${h.id} changed its method from ${b.method.toUpperCase()} to ${h.method.toUpperCase()}`);
    if (b.id !== h.id) {
      if (b.id === undefined) this.emit([...at, 'operationId'], 'additive', 'operation-id-added', `operation ${h.method.toUpperCase()} ${h.path} got operationId "${h.id}"`);
      else this.emit(h.id === undefined ? at : [...at, 'operationId'], 'breaking', 'operation-id-changed', `operationId of ${h.method.toUpperCase()} ${h.path} changed from "${b.id}" to ${h.id === undefined ? 'none' : `"${h.id}"`}`);
    }
    this.exchange(b, h, at, name, CALLED);
    if (has(b.op, 'security') || has(h.op, 'security')) {
      this.security(b.op.security ?? this.base.security, h.op.security ?? this.head.security, has(h.op, 'security') ? [...at, 'security'] : at, `operation ${name}`);
    }
    this.callbacks(b, h);
  }

  /** What goes over the wire between two paired operations: parameters, request body, responses. */
  private exchange(b: Operation, h: Operation, at: string[], name: string, flow: Flow): void {
    this.parameters(b, h, at, name, flow);
    this.requestBody(b, h, at, name, flow);
    this.responses(b, h, at, name, flow);
  }

  /** An operation rule's change: reported only where the caller's side is the client's (not inside callbacks and webhooks). */
  private shaped(flow: Flow, segs: readonly string[], cls: ChangeClass, kind: string, reason: string): void {
    if (flow.shape) this.emit(segs, cls, kind, reason);
  }

  // ---- parameters ----------------------------------------------------------------------------

  private parameters(b: Operation, h: Operation, at: string[], name: string, flow: Flow): void {
    const bp = this.paramsOf(this.base, b);
    const hp = this.paramsOf(this.head, h);
    this.spend(bp.size + hp.size);
    const matched = new Set<string>();
    for (const [key, p] of bp) {
      const q = hp.get(key);
      const what = `parameter "${p.name}" (${p.in}) of ${name}`;
      if (!q) {
        this.spend(hp.size);
        const moved = [...hp.values()].find((x) => x.name === p.name && x.in !== p.in && !bp.has(x.key));
        if (moved) {
          matched.add(moved.key);
          this.shaped(flow, moved.at, 'breaking', 'parameter-location-changed', `${what} moved to ${moved.in}`);
        } else this.shaped(flow, [...at, 'parameters'], 'breaking', 'parameter-removed', `${what} removed`);
        continue;
      }
      matched.add(key);
      if (!p.required && q.required) this.shaped(flow, q.at, 'breaking', 'parameter-required-added', `${what} is now REQUIRED`);
      if (p.required && !q.required) this.shaped(flow, q.at, 'additive', 'parameter-required-removed', `${what} is no longer required`);
      this.value(p.value, q.value, q.at, what, flow.request, true);
    }
    for (const [key, q] of hp) {
      if (matched.has(key)) continue;
      const what = `parameter "${q.name}" (${q.in}) of ${name}`;
      if (q.required) this.shaped(flow, q.at, 'breaking', 'parameter-added-required', `new REQUIRED ${what}`);
      else this.shaped(flow, q.at, 'additive', 'parameter-added', `new optional ${what}`);
    }
  }

  /** The operation's parameters (path-item ones overridden by the operation's), by a key that survives a path parameter's rename. */
  private paramsOf(doc: JsonObject, o: Operation): Map<string, Param> {
    const out = new Map<string, Param>();
    const names = [...o.path.matchAll(PATH_PARAM)].map((m) => m[1]!);
    const add = (list: unknown, at: string[]) => {
      if (!Array.isArray(list)) return;
      list.forEach((raw, i) => {
        const value = deref(doc, raw);
        if (!isObject(value) || typeof value.name !== 'string' || typeof value.in !== 'string') return;
        const key = value.in === 'path' ? `path#${names.indexOf(value.name)}` : `${value.in}:${value.in === 'header' ? value.name.toLowerCase() : value.name}`;
        out.set(key, { key, name: value.name, in: value.in, required: value.required === true || value.in === 'path', value, at: [...at, String(i)] });
      });
    };
    add(o.item.parameters, [...o.root, o.path, 'parameters']);
    add(o.op.parameters, [...opPath(o), 'parameters']);
    return out;
  }

  // ---- request bodies and responses -----------------------------------------------------------

  private requestBody(b: Operation, h: Operation, at: string[], name: string, flow: Flow): void {
    const bb = deref(this.base, b.op.requestBody);
    const hb = deref(this.head, h.op.requestBody);
    const where = [...at, 'requestBody'];
    if (!isObject(bb) && !isObject(hb)) return;
    if (!isObject(hb)) return this.shaped(flow, at, 'breaking', 'request-body-removed', `request body of ${name} removed`);
    if (!isObject(bb)) {
      if (hb.required === true) this.shaped(flow, where, 'breaking', 'request-body-added-required', `new REQUIRED request body on ${name}`);
      else this.shaped(flow, where, 'additive', 'request-body-added', `new optional request body on ${name}`);
      return;
    }
    if (bb.required !== true && hb.required === true) this.shaped(flow, [...where, 'required'], 'breaking', 'request-body-required-added', `request body of ${name} is now REQUIRED`);
    if (bb.required === true && hb.required !== true) this.shaped(flow, where, 'additive', 'request-body-required-removed', `request body of ${name} is no longer required`);
    this.content(bb.content, hb.content, [...where, 'content'], `request body of ${name}`, 'request', flow);
  }

  private responses(b: Operation, h: Operation, at: string[], name: string, flow: Flow): void {
    const br = isObject(b.op.responses) ? b.op.responses : {};
    const hr = isObject(h.op.responses) ? h.op.responses : {};
    const where = [...at, 'responses'];
    for (const code of Object.keys(br)) {
      if (!has(hr, code)) {
        this.shaped(flow, where, 'breaking', 'response-removed', `response ${code} of ${name} removed`);
        continue;
      }
      const bv = deref(this.base, br[code]);
      const hv = deref(this.head, hr[code]);
      if (!isObject(bv) || !isObject(hv)) continue;
      this.content(bv.content, hv.content, [...where, code, 'content'], `response ${code} of ${name}`, 'response', flow);
      this.headers(bv.headers, hv.headers, [...where, code, 'headers'], `response ${code} of ${name}`, flow);
    }
    for (const code of Object.keys(hr)) if (!has(br, code)) this.shaped(flow, [...where, code], 'additive', 'response-added', `response ${code} added to ${name}`);
  }

  private content(b: unknown, h: unknown, at: string[], what: string, part: 'request' | 'response', flow: Flow): void {
    const bc = isObject(b) ? b : {};
    const hc = isObject(h) ? h : {};
    this.spend(Object.keys(bc).length + Object.keys(hc).length);
    for (const type of Object.keys(bc)) {
      if (!has(hc, type)) {
        this.shaped(flow, at, 'breaking', `${part}-media-type-removed`, `media type ${type} of the ${what} removed`);
        continue;
      }
      const bm = bc[type];
      const hm = hc[type];
      if (isObject(bm) && isObject(hm)) this.schema(bm.schema, hm.schema, [...at, type, 'schema'], `${type} ${what}`, flow[part]);
    }
    for (const type of Object.keys(hc)) if (!has(bc, type)) this.shaped(flow, [...at, type], 'additive', `${part}-media-type-added`, `media type ${type} added to the ${what}`);
  }

  /**
   * The value of a parameter or header: described by `schema`, or by `content` (a map of one media
   * type to the schema of the serialised value). Another media type, or a switch between the two,
   * serialises the value another way, whichever side reads it.
   */
  private value(b: JsonObject, h: JsonObject, at: string[], what: string, dir: Direction, parameter: boolean): void {
    const bt = isObject(b.content) ? Object.keys(b.content)[0] : undefined;
    const ht = isObject(h.content) ? Object.keys(h.content)[0] : undefined;
    if (bt === undefined && ht === undefined) return this.schema(b.schema, h.schema, [...at, 'schema'], what, dir, parameter);
    if (bt !== ht) {
      const from = bt === undefined ? 'a schema' : `media type ${bt}`;
      const to = ht === undefined ? 'a schema' : `media type ${ht}`;
      return this.emit(ht === undefined ? at : [...at, 'content', ht], 'breaking', 'content-media-type-changed', `${what} changed from ${from} to ${to}: the value is serialised another way`);
    }
    const bm = (b.content as JsonObject)[bt!];
    const hm = (h.content as JsonObject)[ht!];
    if (isObject(bm) && isObject(hm)) this.schema(bm.schema, hm.schema, [...at, 'content', ht!, 'schema'], `${what} (${ht})`, dir, parameter);
  }

  /**
   * Response headers, seen from the client that reads them: the server's promise to send one
   * (`required`) may grow but not shrink. A header's schema goes through the JSON Schema classifier.
   */
  private headers(b: unknown, h: unknown, at: string[], whose: string, flow: Flow): void {
    const bh = this.headersOf(this.base, b);
    const hh = this.headersOf(this.head, h);
    this.spend(bh.size + hh.size);
    for (const [name, x] of bh) {
      const y = hh.get(name);
      const what = `header "${x.key}" of the ${whose}`;
      if (!y) {
        this.shaped(flow, at, 'breaking', x.required ? 'response-header-removed' : 'optional-response-header-removed', `${x.required ? 'REQUIRED ' : 'optional '}${what} removed`);
        continue;
      }
      const hat = [...at, y.key];
      if (!x.required && y.required) this.shaped(flow, [...hat, 'required'], 'additive', 'response-header-required-added', `${what} is now REQUIRED: the server always sends it`);
      if (x.required && !y.required) this.shaped(flow, hat, 'breaking', 'response-header-required-removed', `${what} is no longer required: a client that relied on it may not get it`);
      this.value(x.value, y.value, hat, what, flow.response, false);
    }
    for (const [name, y] of hh) if (!bh.has(name)) this.shaped(flow, [...at, y.key], 'additive', 'response-header-added', `new ${y.required ? 'REQUIRED' : 'optional'} header "${y.key}" in the ${whose}`);
  }

  /** The headers of a response by lower-cased name (HTTP header names are case-insensitive), `$ref`s resolved. */
  private headersOf(doc: JsonObject, headers: unknown): Map<string, { key: string; required: boolean; value: JsonObject }> {
    const out = new Map<string, { key: string; required: boolean; value: JsonObject }>();
    if (!isObject(headers)) return out;
    for (const [key, raw] of Object.entries(headers)) {
      const value = deref(doc, raw);
      // "If a response header is defined with the name "Content-Type", it SHALL be ignored." (OpenAPI 3, Response Object)
      if (!isObject(value) || key.toLowerCase() === 'content-type') continue;
      out.set(key.toLowerCase(), { key, required: value.required === true, value });
    }
    return out;
  }

  // ---- schemas -------------------------------------------------------------------------------

  /**
   * A schema inside the document, through the JSON Schema classifier, each change classed by the
   * schema's direction (none: a component no operation uses); `what` says whose it is.
   */
  private schema(b: unknown, h: unknown, at: string[], what: string, dir: Direction | 'both' | undefined, parameter = false): void {
    if (b === undefined && h === undefined) return;
    // The classifier walks both schemas: a large one inside a shared component costs at every use.
    this.spend(nodesUpTo(b, MAX_OPENAPI_STEPS) + nodesUpTo(h, MAX_OPENAPI_STEPS));
    const raw = diffSchema(this.opts.baseFile, this.opts.file, b ?? true, h ?? true, {
      base: this.opts.base,
      head: this.opts.head,
      compared: this.opts.compared,
      at,
      openapi: true,
      // Each change is kept with `what` before its reason.
      spend: (chars) => this.spend(Math.floor((chars + what.length) / CHARS_PER_STEP)),
    });
    const typeAt = encodePointer([...at, 'type']);
    for (const raw1 of raw) {
      const c = directed(raw1, dir);
      const typed = parameter && dir === 'request' && c.class === 'breaking' && /^type-(added|narrowed|changed)$/.test(c.kind) && (c.pointer === typeAt || c.pointer === encodePointer(at));
      const pointer = encodePointer(this.surviving(decodePointerOrRoot(c.pointer)));
      this.changes.push({ ...c, pointer, ...(typed ? { kind: 'openapi-parameter-type-changed' } : {}), reason: `${what}: ${c.reason}` });
    }
  }

  private componentSchemas(): void {
    const bs = schemasOf(this.base);
    const hs = schemasOf(this.head);
    const at = ['components', 'schemas'];
    for (const name of Object.keys(bs)) {
      if (!has(hs, name)) this.emit(at, 'breaking', 'schema-removed', `component schema "${name}" removed`);
      else {
        const dir = directionOf(this.uses.get(name));
        this.schema(bs[name], hs[name], [...at, name], `component schema "${name}"${dir ? ` (${USED[dir]})` : ''}`, dir);
      }
    }
    for (const name of Object.keys(hs)) if (!has(bs, name)) this.emit([...at, name], 'additive', 'schema-added', `new component schema "${name}"`);
  }

  // ---- security ------------------------------------------------------------------------------

  /**
   * Each requirement list is a choice of alternatives, each alternative a set of schemes (with
   * scopes) that must all hold. A base alternative is still honoured if some head alternative asks
   * for no more than it; an empty list (or `{}`) lets anonymous requests in.
   */
  private security(b: unknown, h: unknown, at: string[], whose: string): void {
    const ba = alternatives(b);
    const ha = alternatives(h);
    // Each base alternative is tried against every head one.
    this.spend(ba.length * ha.length + 1);
    const lost = ba.filter((x) => !ha.some((y) => within(y, x)));
    if (lost.length) {
      this.emit(at, 'breaking', 'security-added', `security of ${whose} tightened: ${lost.map(describeAlt).join(' or ')} no longer suffices (now ${ha.map(describeAlt).join(' or ')})`);
      return;
    }
    const gained = ha.filter((y) => !ba.some((x) => canonical(x) === canonical(y)));
    if (gained.length) this.emit(at, 'additive', 'security-relaxed', `security of ${whose} relaxed: ${gained.map(describeAlt).join(' or ')} now also suffices`);
  }
}

const USED = { request: 'sent by clients', response: 'sent by the API', both: 'sent both ways' } as const;

/** One direction, `both`, or none (a component no operation uses). */
function directionOf(uses: Set<Direction> | undefined): Direction | 'both' | undefined {
  if (!uses || uses.size === 0) return undefined;
  return uses.size > 1 ? 'both' : [...uses][0];
}

interface Param {
  key: string;
  name: string;
  in: string;
  required: boolean;
  value: JsonObject;
  at: string[];
}

/**
 * Pairs by `operationId` (where both sides have it once and `sameWire` allows), then by method +
 * template; what is left over was removed or added.
 */
function matchOperations(bops: Operation[], hops: Operation[], sameWire: (b: Operation, h: Operation) => boolean): Matched {
  const pairs: [Operation, Operation][] = [];
  const usedB = new Set<Operation>();
  const usedH = new Set<Operation>();
  const byId = (ops: Operation[]) => {
    const m = new Map<string, Operation[]>();
    for (const o of ops) {
      if (o.id === undefined) continue;
      const list = m.get(o.id);
      if (list) list.push(o);
      else m.set(o.id, [o]);
    }
    return m;
  };
  const hById = byId(hops);
  for (const [id, list] of byId(bops)) {
    const h = hById.get(id);
    if (list.length === 1 && h?.length === 1 && sameWire(list[0]!, h[0]!)) {
      pairs.push([list[0]!, h[0]!]);
      usedB.add(list[0]!);
      usedH.add(h[0]!);
    }
  }
  // The head operations not yet paired, by method + template, in document order (a linear pass, not a search per operation).
  const byPlace = new Map<string, { ops: Operation[]; next: number }>();
  for (const h of hops) {
    if (usedH.has(h)) continue;
    const key = `${h.method} ${h.template}`;
    const queue = byPlace.get(key);
    if (queue) queue.ops.push(h);
    else byPlace.set(key, { ops: [h], next: 0 });
  }
  for (const b of bops) {
    if (usedB.has(b)) continue;
    const queue = byPlace.get(`${b.method} ${b.template}`);
    const h = queue?.ops[queue.next++];
    if (!h) continue;
    pairs.push([b, h]);
    usedB.add(b);
    usedH.add(h);
  }
  return { pairs, removed: bops.filter((b) => !usedB.has(b)), added: hops.filter((h) => !usedH.has(h)) };
}

/** How many values a JSON value holds, counted up to `limit` (a bounded walk, no recursion). */
function nodesUpTo(v: unknown, limit: number): number {
  let n = 0;
  const stack: unknown[] = [v];
  while (stack.length > 0 && n < limit) {
    const cur = stack.pop();
    n++;
    if (Array.isArray(cur)) for (const x of cur) stack.push(x);
    else if (isObject(cur)) for (const x of Object.values(cur)) stack.push(x);
  }
  return n;
}

type Alternative = Record<string, string[]>;

function alternatives(v: unknown): Alternative[] {
  if (!Array.isArray(v) || v.length === 0) return [{}];
  return v.filter(isObject).map((alt) => Object.fromEntries(Object.entries(alt).map(([k, s]) => [k, Array.isArray(s) ? s.map(String).sort() : []])));
}

/** Whether alternative `y` asks for no more than `x` (every scheme of y is in x, with no more scopes). */
function within(y: Alternative, x: Alternative): boolean {
  return Object.entries(y).every(([k, scopes]) => has(x, k) && scopes.every((s) => x[k]!.includes(s)));
}

function describeAlt(a: Alternative): string {
  const keys = Object.keys(a);
  return keys.length === 0 ? 'no credential' : keys.map((k) => (a[k]!.length ? `${k} [${a[k]!.join(', ')}]` : k)).join(' + ');
}
