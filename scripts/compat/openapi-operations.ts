import { getAtPointer } from '../core/model/pointer.js';
import type { JsonObject } from '../core/base/json-object.js';
import { isObject } from '../core/base/json-object.js';
import type { Direction } from './rules.js';

/*
 * The operations of an OpenAPI document (under `paths`, `webhooks` and an operation's callbacks),
 * and which way the parts of each flow: shared by the comparison (openapi-diff.ts) and by the
 * walk that finds who sends each component schema (openapi-uses.ts).
 */

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Which way each part of an exchange flows, and whether the operation rules (written from the caller's side) apply. */
export interface Flow {
  request: Direction;
  response: Direction;
  shape: boolean;
}

/** An operation: the client sends the request, the API the response. */
export const CALLED: Flow = { request: 'request', response: 'response', shape: true };
/** A callback or webhook: the API sends the request, the client's receiver the response. */
export const RECEIVED: Flow = { request: 'response', response: 'request', shape: false };

export interface Operation {
  method: string;
  /** The key of its path item in the container: a path, a webhook's name, a callback's expression. */
  path: string;
  /** What two operations at the same place share (path parameters renamed compare equal). */
  template: string;
  /**
   * What of the place goes on the wire besides the method: nothing for a path (operation-path-changed
   * tells) or a webhook (its name is only a label), the expression for a callback.
   */
  wire: string;
  id?: string;
  op: JsonObject;
  item: JsonObject;
  /** Pointer segments of the container in the head document (`paths`, `webhooks`, `…/callbacks/<name>`). */
  root: string[];
  label: string;
}

/**
 * A path template's parameters: `{name}` holding no brace. `[^}]*` would let every `{` of an
 * unclosed run scan to the end of the key (a key of 40,000 `{` took 5 s, time square in its length).
 */
export const PATH_PARAM = /\{([^{}]*)\}/g;

/** The operations under `paths`. */
export function pathOperations(doc: JsonObject): Operation[] {
  return operationsOf(doc, doc.paths, ['paths'], (p) => ({ template: p.replace(PATH_PARAM, '{}'), wire: '', label: (m, id) => `${id ? `${id} ` : ''}(${m.toUpperCase()} ${p})` }));
}

/** The operations under `webhooks` (OpenAPI 3.1). */
export function webhookOperations(doc: JsonObject): Operation[] {
  return operationsOf(doc, doc.webhooks, ['webhooks'], (name) => ({ template: name, wire: '', label: (m) => `"${name}" (${m.toUpperCase()})` }));
}

/** The operations of `o`'s callbacks, located (and labelled) under `at`, the operation in the head that owns them. */
export function callbackOperations(doc: JsonObject, o: Operation, at: Operation): Operation[] {
  const map = isObject(o.op.callbacks) ? o.op.callbacks : {};
  return Object.keys(map).flatMap((name) =>
    operationsOf(doc, deref(doc, map[name]), [...opPath(at), 'callbacks', name], (expr) => ({ template: `${name} ${expr}`, wire: expr, label: (m) => `"${name}" (${m.toUpperCase()} ${expr}) of ${at.label}` })),
  );
}

export interface Place {
  template: string;
  wire: string;
  label: (method: string, id: string | undefined) => string;
}

/** The operations of a map of path items (`paths`, `webhooks`, a callback), located under `root` in the head. */
export function operationsOf(doc: JsonObject, container: unknown, root: string[], place: (key: string) => Place): Operation[] {
  const out: Operation[] = [];
  const items = isObject(container) ? container : {};
  for (const [p, rawItem] of Object.entries(items)) {
    const item = deref(doc, rawItem);
    if (!isObject(item)) continue;
    const { template, wire, label } = place(p);
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const id = typeof op.operationId === 'string' ? op.operationId : undefined;
      out.push({ method, path: p, template, wire, ...(id !== undefined ? { id } : {}), op, item, root, label: label(method, id) });
    }
  }
  return out;
}

export function opPath(o: Operation): string[] {
  return [...o.root, o.path, o.method];
}

export function schemasOf(doc: JsonObject): JsonObject {
  const c = isObject(doc.components) ? doc.components : {};
  return isObject(c.schemas) ? c.schemas : {};
}

/** Each `$ref` object's target in its document (`undefined`: not resolved), by document. */
const hops = new WeakMap<JsonObject, WeakMap<JsonObject, unknown>>();

/**
 * A local `$ref` (`#/components/…`) resolved within the document, a few hops at most; anything else
 * as it is. Each `$ref` is resolved once per document: a parameter whose pointer is a megabyte
 * long, reached through a short `$ref` from every operation, would otherwise be decoded at each.
 */
export function deref(doc: JsonObject, node: unknown): unknown {
  let known = hops.get(doc);
  if (!known) hops.set(doc, (known = new WeakMap()));
  let cur = node;
  for (let n = 0; n < 8 && isObject(cur) && typeof cur.$ref === 'string' && cur.$ref.startsWith('#/'); n++) {
    let target: unknown;
    if (known.has(cur)) target = known.get(cur);
    else {
      try {
        target = getAtPointer(doc, decodeURIComponent(cur.$ref.slice(1)));
      } catch {
        target = undefined;
      }
      known.set(cur, target);
    }
    if (target === undefined) return cur;
    cur = target;
  }
  return cur;
}
