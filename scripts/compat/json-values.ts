import type { JsonObject } from '../core/base/json-object.js';
import { isObject } from '../core/base/json-object.js';

/** Plain-JSON helpers shared by the schema and data comparisons. */

/** JSON text with sorted keys: equal values give equal text whatever their key order. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return a === b || canonical(a) === canonical(b);
}

/** A value for a reason text, cut short when long. */
export function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? s.slice(0, 57) + '…' : s;
}

export function has(o: JsonObject, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}
