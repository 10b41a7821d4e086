import type { SchemaError } from '../core/engine/schema.js';
import { childPointer, getAtPointer } from '../core/model/pointer.js';
import { ERROR_INFO_TYPE, describeType } from './jsonrpc.js';
import { isObject } from '../core/base/json-object.js';

export interface ShapeProblem {
  pointer: string;
  on: 'key' | 'value';
  message: string;
}

/**
 * Turns schema errors of an A2A error body into plain sentences at the right place. `base` is
 * `/error/data` on JSON-RPC and `/error/details` on HTTP+JSON.
 */
export function shapeProblems(errors: readonly SchemaError[], body: unknown, base: string): ShapeProblem[] {
  const out: ShapeProblem[] = [];
  const seen = new Set<string>();
  const push = (p: ShapeProblem) => {
    const k = `${p.pointer}\0${p.message}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(p);
    }
  };
  const field = base.split('/').filter(Boolean).join('.');
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    const at = e.instancePath;
    const value = getAtPointer(body, at);
    const rel = at.startsWith(base) ? at.slice(base.length) : undefined;
    const entry = rel !== undefined ? /^\/(\d+)/.exec(rel)?.[1] : undefined;
    const label = entry !== undefined ? `${field}[${entry}]` : field;
    if (e.keyword === 'required') {
      const missing = String(e.params.missingProperty);
      if (at + `/${missing}` === base) push({ pointer: at, on: 'value', message: `${field} is missing: an A2A error carries an array of @type objects with exactly one ErrorInfo` });
      else if (rel !== undefined && entry !== undefined) push({ pointer: at, on: 'value', message: missing === '@type' ? `${label} has no @type: every entry of ${field} is a ProtoJSON Any` : `the ErrorInfo at ${label} has no ${missing}` });
      else push({ pointer: at, on: 'value', message: `missing "${missing}" in ${at || 'the body'}` });
    } else if (e.keyword === 'type' && at === base) {
      push({ pointer: at, on: 'value', message: `${field} is ${describeType(value)}, not an array: §A wants an array of @type objects (Any[]) with one ErrorInfo` });
    } else if (e.keyword === 'contains' || e.keyword === 'minContains' || e.keyword === 'maxContains') {
      const n = Array.isArray(value) ? value.filter((v) => isObject(v) && v['@type'] === ERROR_INFO_TYPE).length : 0;
      push({ pointer: at, on: 'value', message: n === 0 ? `${field} has no ${ERROR_INFO_TYPE} entry; exactly one is required` : `${field} has ${n} ErrorInfo entries; exactly one is allowed` });
    } else if (e.keyword === 'type' && entry !== undefined && rel === `/${entry}`) {
      push({ pointer: at, on: 'value', message: `${label} is ${describeType(value)}, not an object with @type` });
    } else if (e.keyword === 'const' && at.endsWith('/domain')) {
      push({ pointer: at, on: 'value', message: `the ErrorInfo domain is ${JSON.stringify(value)}, not "a2a-protocol.org"` });
    } else if (e.keyword === 'pattern' && at.endsWith('/reason')) {
      push({ pointer: at, on: 'value', message: `reason ${JSON.stringify(value)} is not UPPER_SNAKE_CASE (the error name without "Error")` });
    } else if (e.keyword === 'additionalProperties') {
      const prop = String(e.params.additionalProperty);
      push({ pointer: childPointer(at, prop), on: 'key', message: `unexpected member "${prop}" in the ErrorInfo at ${label}: an ErrorInfo has only @type, reason, domain and metadata` });
    } else if (e.keyword === 'type' && /\/metadata(\/|$)/.test(at)) {
      const key = /\/metadata\/(.+)$/.exec(at)?.[1];
      push({ pointer: at, on: 'value', message: key ? `metadata.${key} is ${describeType(value)}; ErrorInfo.metadata is map<string, string>` : `metadata is ${describeType(value)}, not a map of strings` });
    } else if (e.keyword === 'const' && at.endsWith('/@type')) {
      // Reported through `contains` (how many ErrorInfo entries there are).
    } else {
      push({ pointer: at, on: 'value', message: `${at || 'the body'} ${e.message ?? `fails ${e.keyword}`}` });
    }
  }
  return out;
}
