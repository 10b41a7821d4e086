import { decodePointerOrRoot } from '../core/model/pointer.js';
import type { JsonObject } from '../core/base/json-object.js';
import { isObject } from '../core/base/json-object.js';
import type { Flow, Operation } from './openapi-operations.js';
import { CALLED, deref, operationsOf, pathOperations, RECEIVED, schemasOf, webhookOperations } from './openapi-operations.js';
import type { Direction } from './rules.js';

/*
 * Who sends each component schema (`components.schemas.<name>`): the client, when an operation's
 * parameters or request body reach it (through `$ref`s, transitively), the API when a response or
 * response header does; reversed inside callbacks and webhooks. The documents given (base and
 * head) count together, so a component's worse use decides. Every object and array is visited once per
 * direction (a component, response or callback shared by many operations costs once), and each
 * visit spends one step of the comparison's work cap.
 */

const COMPONENT = /^#\/components\/schemas\//;
/** Where an operation sits does not matter here: only what it exchanges. */
const ANYWHERE = () => ({ template: '', wire: '', label: () => '' });

export function componentUses(docs: readonly JsonObject[], spend: (n: number) => void): Map<string, Set<Direction>> {
  const out = new Map<string, Set<Direction>>();
  for (const doc of docs) new Uses(doc, out, spend).run();
  return out;
}

class Uses {
  private readonly seen: Record<Direction, WeakSet<object>> = { request: new WeakSet(), response: new WeakSet() };
  private readonly callbacks = new WeakSet<object>();

  constructor(
    private readonly doc: JsonObject,
    private readonly out: Map<string, Set<Direction>>,
    private readonly spend: (n: number) => void,
  ) {}

  run(): void {
    for (const o of pathOperations(this.doc)) {
      this.exchange(o, CALLED);
      const callbacks = isObject(o.op.callbacks) ? o.op.callbacks : {};
      for (const raw of Object.values(callbacks)) {
        const callback = deref(this.doc, raw);
        // A callback shared through `$ref` by many operations is walked once.
        if (!isObject(callback) || this.callbacks.has(callback)) continue;
        this.callbacks.add(callback);
        this.spend(1);
        for (const c of operationsOf(this.doc, callback, [], ANYWHERE)) this.exchange(c, RECEIVED);
      }
    }
    for (const o of webhookOperations(this.doc)) this.exchange(o, RECEIVED);
  }

  /** Whether `node` is an object not yet visited in this direction (and marks it). */
  private first(node: unknown, dir: Direction): node is JsonObject {
    if (!isObject(node) || this.seen[dir].has(node)) return false;
    this.seen[dir].add(node);
    this.spend(1);
    return true;
  }

  private exchange(o: Operation, flow: Flow): void {
    for (const list of [o.item.parameters, o.op.parameters]) {
      if (Array.isArray(list)) for (const p of list) this.value(deref(this.doc, p), flow.request);
    }
    const body = deref(this.doc, o.op.requestBody);
    if (this.first(body, flow.request)) this.content(body.content, flow.request);
    const responses = isObject(o.op.responses) ? o.op.responses : {};
    for (const raw of Object.values(responses)) {
      const r = deref(this.doc, raw);
      if (!this.first(r, flow.response)) continue;
      this.content(r.content, flow.response);
      if (isObject(r.headers)) for (const h of Object.values(r.headers)) this.value(deref(this.doc, h), flow.response);
    }
  }

  /** A parameter or header: its `schema`, or the schemas of its `content`. */
  private value(v: unknown, dir: Direction): void {
    if (!this.first(v, dir)) return;
    this.schema(v.schema, dir);
    this.content(v.content, dir);
  }

  private content(content: unknown, dir: Direction): void {
    if (!isObject(content)) return;
    for (const m of Object.values(content)) if (this.first(m, dir)) this.schema(m.schema, dir);
  }

  /** Every component a schema reaches through `$ref`, marked with the direction; a bounded walk, no recursion. */
  private schema(root: unknown, dir: Direction): void {
    const stack: unknown[] = [root];
    while (stack.length > 0) {
      const node = stack.pop();
      if (Array.isArray(node)) {
        // Visited once too: YAML aliases share arrays, and an array of aliases of arrays of aliases
        // expands exponentially when walked as a tree.
        if (this.seen[dir].has(node)) continue;
        this.seen[dir].add(node);
        this.spend(1);
        for (const x of node) stack.push(x);
        continue;
      }
      if (!this.first(node, dir)) continue;
      const name = typeof node.$ref === 'string' ? componentName(node.$ref) : undefined;
      if (name !== undefined) {
        const uses = this.out.get(name) ?? new Set<Direction>();
        uses.add(dir);
        this.out.set(name, uses);
        stack.push(schemasOf(this.doc)[name]);
      }
      for (const v of Object.values(node)) if (v !== null && typeof v === 'object') stack.push(v);
    }
  }
}

/** `Run` of `#/components/schemas/Run` (or of a pointer below it); undefined for any other `$ref`. */
function componentName(ref: string): string | undefined {
  if (!COMPONENT.test(ref)) return undefined;
  try {
    return decodePointerOrRoot(decodeURIComponent(ref.slice(1)))[2];
  } catch {
    return undefined;
  }
}
