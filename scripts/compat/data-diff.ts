import { encodePointer } from '../core/model/pointer.js';
import type { ChangeClass, RawChange } from './types.js';
import { worstClass } from './types.js';
import type { JsonObject } from '../core/base/json-object.js';
import { isObject } from '../core/base/json-object.js';
import { canonical, deepEqual, has, show } from './json-values.js';

/*
 * Row-level changes of a data file governed by a schema (the interop map): every array of
 * objects is a table whose rows are matched by a natural key, so reordering is no change.
 *   a row added → additive; a row removed → breaking (a reader loses a mapping);
 *   a row changed → the worst of its field changes: a field added is additive, a field removed or
 *   a value changed is breaking, a change to a prose field (note, rule, …) is editorial.
 */

/** Fields that hold prose: a change to them is wording, not mapping. */
const PROSE = new Set(['$comment', 'description', 'title', 'note', 'notes', 'rule', 'meaning', 'summary', 'updated']);

/** Candidate natural keys, tried in order; the first that is present and unique on both sides wins. */
const KEY_CANDIDATES: readonly (readonly string[])[] = [
  ['upstream'],
  ['upstream', 'when'],
  ['upstream', 'http'],
  ['id'],
  ['element'],
  ['code'],
  ['name'],
  ['runStatus', 'interruptKind'],
  ['wire'],
  ['wire', 'runStatus'],
];

export function diffData(base: unknown, head: unknown): RawChange[] {
  const out: RawChange[] = [];
  walk(base, head, [], out);
  return out;
}

function walk(b: unknown, h: unknown, path: string[], out: RawChange[]): void {
  if (deepEqual(b, h)) return;
  const here = encodePointer(path);
  if (Array.isArray(b) && Array.isArray(h)) {
    if (isTable(b) && isTable(h)) rows(b, h, path, out);
    else items(b, h, here, out);
    return;
  }
  if (isObject(b) && isObject(h)) {
    for (const k of Object.keys(b)) {
      if (!has(h, k)) out.push({ pointer: here, class: PROSE.has(k) ? 'editorial' : 'breaking', kind: 'field-removed', reason: `field "${k}" removed` });
    }
    for (const k of Object.keys(h)) {
      if (!has(b, k)) out.push({ pointer: encodePointer([...path, k]), class: 'additive', kind: 'field-added', reason: `field "${k}" added` });
      else walk(b[k], h[k], [...path, k], out);
    }
    return;
  }
  const last = path[path.length - 1] ?? '';
  out.push({
    pointer: here,
    class: PROSE.has(last) ? 'editorial' : 'breaking',
    kind: 'value-changed',
    reason: `value changed from ${show(b)} to ${show(h)}`,
  });
}

function isTable(a: unknown[]): boolean {
  return a.every(isObject);
}

/** A list of scalars (or mixed) compared as a multiset: added entries widen, removed ones break. */
function items(b: unknown[], h: unknown[], at: string, out: RawChange[]): void {
  const count = (a: unknown[]) => a.reduce<Map<string, number>>((m, v) => m.set(canonical(v), (m.get(canonical(v)) ?? 0) + 1), new Map());
  const bc = count(b);
  const hc = count(h);
  const before = out.length;
  for (const [k, n] of bc) if ((hc.get(k) ?? 0) < n) out.push({ pointer: at, class: 'breaking', kind: 'item-removed', reason: `entry ${show(JSON.parse(k))} removed` });
  for (const [k, n] of hc) if ((bc.get(k) ?? 0) < n) out.push({ pointer: at, class: 'additive', kind: 'item-added', reason: `entry ${show(JSON.parse(k))} added` });
  if (out.length === before) out.push({ pointer: at, class: 'editorial', kind: 'items-reordered', reason: 'same entries in another order' });
}

function rows(b: JsonObject[], h: JsonObject[], path: string[], out: RawChange[]): void {
  const at = encodePointer(path);
  const keyFields = naturalKey(b, h);
  const keyOf = (r: JsonObject) => (keyFields ? keyFields.map((k) => canonical(r[k] ?? null)).join('\u0000') : canonical(r));
  const label = (r: JsonObject) =>
    keyFields
      ? keyFields
          .filter((k) => has(r, k))
          .map((k) => `${k} ${show(r[k])}`)
          .join(' + ')
      : `#${h.indexOf(r) >= 0 ? h.indexOf(r) : b.indexOf(r)}`;
  const baseRows = new Map(b.map((r) => [keyOf(r), r]));
  const headKeys = new Set(h.map(keyOf));
  for (const r of b) {
    if (!headKeys.has(keyOf(r))) out.push({ pointer: at, class: 'breaking', kind: 'row-removed', reason: `row ${label(r)} removed` });
  }
  h.forEach((r, i) => {
    const rowAt = encodePointer([...path, String(i)]);
    const old = baseRows.get(keyOf(r));
    if (!old) {
      out.push({ pointer: rowAt, class: 'additive', kind: 'row-added', reason: `row ${label(r)} added` });
      return;
    }
    if (deepEqual(old, r)) return;
    const fields: { name: string; cls: ChangeClass; what: string }[] = [];
    for (const k of Object.keys(old)) if (!has(r, k)) fields.push({ name: k, cls: PROSE.has(k) ? 'editorial' : 'breaking', what: 'removed' });
    for (const k of Object.keys(r)) {
      if (!has(old, k)) fields.push({ name: k, cls: 'additive', what: `added (${show(r[k])})` });
      else if (!deepEqual(old[k], r[k])) fields.push({ name: k, cls: PROSE.has(k) ? 'editorial' : 'breaking', what: `changed from ${show(old[k])} to ${show(r[k])}` });
    }
    out.push({
      pointer: rowAt,
      class: worstClass(fields.map((x) => x.cls)) ?? 'editorial',
      kind: 'row-changed',
      reason: `row ${label(r)} changed: ${fields.map((x) => `${x.name} ${x.what}`).join('; ')}`,
    });
  });
}

/** The first candidate key that every row has (its first field) and that is unique on each side. */
export function naturalKey(b: JsonObject[], h: JsonObject[]): readonly string[] | undefined {
  for (const cand of KEY_CANDIDATES) {
    const ok = [b, h].every((side) => {
      if (!side.every((r) => has(r, cand[0]!))) return false;
      const keys = side.map((r) => cand.map((k) => canonical(r[k] ?? null)).join('\u0000'));
      return new Set(keys).size === keys.length;
    });
    if (ok) return cand;
  }
  return undefined;
}
