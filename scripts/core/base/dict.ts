/*
 * Objects keyed by input (file names, rule ids, map keys, config keys, baseline entries, capture
 * and header names) have no prototype: a key such as `__proto__`, `constructor` or `toString` is
 * then an ordinary key, never Object.prototype's member. Writing `out['__proto__'] ??= {}` on a
 * plain object would otherwise change Object.prototype for the whole process.
 */

/** An empty object with a null prototype, for a table keyed by input. */
export function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A copy of `entries` as a null-prototype object (a constant table looked up by an input key). */
export function dictOf<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(dict<T>(), entries));
}

/** `o[key]` when `key` is o's own property; never an inherited member such as `constructor`. */
export function own<T>(o: Readonly<Record<string, T>> | undefined | null, key: string): T | undefined {
  return o != null && Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}
