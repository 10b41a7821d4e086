import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Corpus } from '../../core/corpus.js';
import type { RelatedLocation } from '../../core/findings.js';
import type { Layout } from '../../core/layout.js';
import { childPointer, getAtPointer } from '../../core/pointer.js';
import type { RuleContext } from '../../core/rule.js';
import { toPosix } from '../../core/source.js';
import type { StructuredDoc } from '../../core/tree.js';

export type JsonObject = Record<string, unknown>;

/** One row of a map group, with the JSON Pointer findings about it are reported at. */
export interface Row {
  row: JsonObject;
  pointer: string;
  index: number;
}

export interface LoadedMap {
  doc: StructuredDoc;
  map: JsonObject;
}

/** The groups whose rows name a v2 operation and `requires` facets. */
export const OPERATION_GROUPS = ['/a2a/operations', '/mcp/methods', '/mcp/tasks/methods'] as const;

const resolvedMaps = new WeakMap<object, string>();

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The map a run checks, repository-relative: `--map FILE` (relative to the root, else to the
 * working directory, or absolute) or the layout's map.
 */
export function mapFile(corpus: Pick<Corpus, 'root' | 'exists'>, layout: Layout, options: Readonly<Record<string, unknown>>): string {
  const given = options.map;
  if (typeof given !== 'string' || given === '') return layout.interopMap;
  const cached = resolvedMaps.get(options);
  if (cached !== undefined) return cached;
  let rel = toPosix(path.relative(corpus.root, path.resolve(corpus.root, given)));
  if (!path.isAbsolute(given) && !corpus.exists(rel) && existsSync(given)) rel = toPosix(path.relative(corpus.root, path.resolve(given)));
  resolvedMaps.set(options, rel || given);
  return rel || given;
}

/** The map file for the family's vacuous-pass finding (resolved already by the rules that ran). */
export function primaryMapFile(layout: Layout, options: Readonly<Record<string, unknown>>): string {
  return resolvedMaps.get(options) ?? (typeof options.map === 'string' && options.map !== '' ? toPosix(options.map) : layout.interopMap);
}

/** The parsed map, or undefined when it is missing or unreadable (the corpus has reported that). */
export function loadMap(ctx: RuleContext): LoadedMap | undefined {
  const file = mapFile(ctx.corpus, ctx.layout, ctx.options);
  const doc = ctx.corpus.json(file, 'the interop-map gate');
  if (!doc) return undefined;
  return { doc, map: isObject(doc.value) ? doc.value : {} };
}

/** Plain-value lookup by JSON Pointer; undefined when a step is missing or the pointer is malformed. */
export function valueAt(value: unknown, pointer: string): unknown {
  try {
    return getAtPointer(value, pointer);
  } catch {
    return undefined;
  }
}

/** The object rows of the array at `pointer`; anything else is the schema rule's business. */
export function rowsAt(map: unknown, pointer: string): Row[] {
  const arr = valueAt(map, pointer);
  if (!Array.isArray(arr)) return [];
  const rows: Row[] = [];
  arr.forEach((row, index) => {
    if (isObject(row)) rows.push({ row, index, pointer: childPointer(pointer, index) });
  });
  return rows;
}

/** Every row of every group of the map (for the schema rule's visit count). */
export function countRows(map: JsonObject): number {
  let n = 0;
  for (const family of ['a2a', 'mcp']) {
    const groups = map[family];
    if (!isObject(groups)) continue;
    for (const g of Object.values(groups)) {
      if (Array.isArray(g)) n += g.length;
      else if (isObject(g)) for (const sub of Object.values(g)) if (Array.isArray(sub)) n += sub.length;
    }
  }
  return n;
}

/** A label for a row in messages: `SendMessage (taskId, run terminal)`. */
export function rowLabel(row: JsonObject): string {
  const name = typeof row.upstream === 'string' ? row.upstream : typeof row.id === 'string' ? row.id : typeof row.runStatus === 'string' ? row.runStatus : '?';
  return typeof row.when === 'string' && row.when !== '' ? `${name} (${row.when})` : name;
}

/** A "see also" location for a finding: a pointer in a parsed document. */
export function relatedAt(doc: StructuredDoc, pointer: string, message: string, on: 'key' | 'value' = 'value'): RelatedLocation {
  const { line, column, endLine, endColumn } = doc.locate(pointer, on);
  return { file: doc.file, line, column, endLine, endColumn, message };
}
