import type { CorpusReader } from '../../core/parse/corpus.js';
import type { RelatedLocation } from '../../core/model/findings.js';
import type { Layout } from '../../core/preset/layout.js';
import { childPointer, valueAt } from '../../core/model/pointer.js';
import type { RuleContext } from '../../core/engine/rule.js';
import { schemaErrors } from '../../core/engine/schema.js';
import { toPosix } from '../../core/io/source.js';
import type { StructuredDoc } from '../../core/model/tree.js';
import type { JsonObject } from '../../core/base/json-object.js';
import { isObject } from '../../core/base/json-object.js';

/** One row of a map group, with the JSON Pointer findings about it are reported at. */
export interface Row {
  row: JsonObject;
  pointer: string;
  index: number;
}

export interface LoadedMap {
  doc: StructuredDoc;
  map: JsonObject;
  /** Pointers of the rows whose shape the map's schema rejects (see `untrustedRows`); rowsAt leaves them out. */
  untrusted: ReadonlySet<string>;
}

/** The groups whose rows name a v2 operation and `requires` facets. */
export const OPERATION_GROUPS = ['/a2a/operations', '/mcp/methods', '/mcp/tasks/methods'] as const;

const resolvedMaps = new WeakMap<object, string>();

/**
 * The map a run checks, repository-relative: `--map FILE` (relative to the root, else to the
 * working directory, or absolute) or the layout's map.
 */
function mapFile(corpus: Pick<CorpusReader, 'givenPath'>, layout: Layout, options: Readonly<Record<string, unknown>>): string {
  const given = options.map;
  if (typeof given !== 'string' || given === '') return layout.interopMap;
  const cached = resolvedMaps.get(options);
  if (cached !== undefined) return cached;
  const rel = corpus.givenPath(given);
  resolvedMaps.set(options, rel);
  return rel;
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
  return { doc, map: isObject(doc.value) ? doc.value : {}, untrusted: untrustedRows(ctx.corpus, ctx.layout, doc) };
}

/** Schema keywords about a row's shape (its keys and the types of its values), not about what a value says. */
const SHAPE_KEYWORDS = new Set(['type', 'required', 'additionalProperties', 'unevaluatedProperties']);

/**
 * One mistake, one finding. A row whose shape the map's schema rejects (a key it does not allow,
 * a required key missing, a value of the wrong type, at the row or anywhere under it) has the
 * schema rule's finding, and every rule that reads rows skips it: what they would say follows
 * from that one mistake (a misspelt `upstream` reads as a row with no name, a code written as a
 * string as a row with no code). A value that breaks a pattern or an enum leaves the shape
 * intact: the row is read, the rule dedicated to that value reports it, and the engine drops the
 * schema's echo at the same place (withoutSchemaEchoes). Done here, where the rules get their
 * rows, so no rule has to remember it. Holds every pointer on the way to such an error, so an
 * entry of any array is covered. Empty when the schema is missing or does not compile (the
 * schema rule reports that; the rows are then read as they are).
 */
export function untrustedRows(corpus: Pick<CorpusReader, 'exists' | 'json' | 'derive' | 'cache'>, layout: Layout, doc: StructuredDoc): ReadonlySet<string> {
  return corpus.derive(doc, 'untrusted-rows', () => untrustedRowsOf(corpus, layout, doc));
}

function untrustedRowsOf(corpus: Pick<CorpusReader, 'exists' | 'json' | 'cache'>, layout: Layout, doc: StructuredDoc): ReadonlySet<string> {
  const out = new Set<string>();
  const schemaDoc = corpus.exists(layout.interopMapSchema) ? corpus.json(layout.interopMapSchema, 'validating the interop map') : undefined;
  if (schemaDoc) {
    try {
      const { errors, total } = schemaErrors(schemaDoc, doc, corpus.cache);
      // Past the kept errors (MAX_SCHEMA_ERRORS) the broken rows are not known one by one: no
      // row of an array that holds a kept error is read.
      const capped = total > errors.length;
      const floodedArrays = new Set<string>();
      for (const e of errors) {
        if (!SHAPE_KEYWORDS.has(e.keyword)) continue;
        const steps = e.instancePath.split('/');
        for (let i = 2; i <= steps.length; i++) out.add(steps.slice(0, i).join('/'));
        if (capped) for (let i = steps.length - 1; i >= 1; i--) if (/^\d+$/.test(steps[i]!)) { floodedArrays.add(steps.slice(0, i).join('/')); break; }
      }
      for (const pointer of floodedArrays) {
        const arr = valueAt(doc.value, pointer);
        if (Array.isArray(arr)) for (let i = 0; i < arr.length; i++) out.add(`${pointer}/${i}`);
      }
    } catch {
      // a schema that does not compile is the schema rule's finding
    }
  }
  return out;
}


/**
 * The object rows of the array at `pointer` whose shape the schema accepts; anything else is the
 * schema rule's business (see `untrustedRows`).
 */
export function rowsAt(loaded: LoadedMap, pointer: string): Row[] {
  return allRowsAt(loaded.map, pointer).filter((r) => !loaded.untrusted.has(r.pointer));
}

/** The rows of the array at `pointer` whose shape the schema rejects, which rules skip. */
export function untrustedRowsAt(loaded: LoadedMap, pointer: string): Row[] {
  return allRowsAt(loaded.map, pointer).filter((r) => loaded.untrusted.has(r.pointer));
}

/**
 * What the skipped rows of a group may stand for, so a rule that wants every candidate to have a
 * row does not report one of them missing because of a row it skipped: each candidate a skipped
 * row holds as a value (under any key, a misspelt one included), or every candidate when a
 * skipped row holds none of them (it could be any).
 */
export function meantByUntrusted(loaded: LoadedMap, pointer: string, candidates: readonly string[]): Set<string> {
  const meant = new Set<string>();
  for (const { row } of untrustedRowsAt(loaded, pointer)) {
    const held = candidates.filter((c) => Object.values(row).includes(c));
    for (const c of held.length ? held : candidates) meant.add(c);
  }
  return meant;
}

function allRowsAt(map: unknown, pointer: string): Row[] {
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
export function relatedAt(doc: StructuredDoc, pointer: string, message: string): RelatedLocation {
  const { line, column, endLine, endColumn } = doc.locate(pointer, 'value');
  return { file: doc.file, line, column, endLine, endColumn, message };
}
