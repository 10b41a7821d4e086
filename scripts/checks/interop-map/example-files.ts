import type { ExampleFiles } from '../../core/engine/rule.js';

/*
 * The small in-memory corpora of the interop-map rules' examples (meta.examples). Written the way
 * both real maps are (two-space JSON, final newline): the examples' lines and columns depend on it.
 */

/** The map's path in the specgate layout, which the examples run under. */
export const EXAMPLE_MAP = 'spec/v2/interop-map.json';

/** A JSON file's text as the repositories write it. */
export const jsonText = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

/** A corpus of the map (with the given groups) and, optionally, the other files a rule reads. */
export const mapWith = (map: object, others: Readonly<Record<string, unknown>> = {}): ExampleFiles => ({
  [EXAMPLE_MAP]: jsonText(map),
  ...Object.fromEntries(Object.entries(others).map(([file, v]) => [file, typeof v === 'string' ? v : jsonText(v)])),
});
