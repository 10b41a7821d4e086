import type { CorpusReader } from '../../core/parse/corpus.js';
import { childPointer } from '../../core/model/pointer.js';
import type { Range } from '../../core/model/position.js';
import type { StructuredDoc, TreeNode } from '../../core/model/tree.js';
import { findProseCitations, parseStructuredCitation } from '../../rfc/citations.js';

/** An RFC citation of one invariant, located in the YAML file. */
export interface LocatedCitation {
  rfc: string;
  section?: string;
  /** `rfcs`: the structured list; `prose`: found in a text field such as `note`. */
  origin: 'rfcs' | 'prose';
  /** Pointer of the string the citation is in. */
  pointer: string;
  range: Range;
  /** The citation as written. */
  text: string;
}

export interface InvariantEntry {
  index: number;
  pointer: string;
  value: Record<string, unknown>;
  id?: string;
  citations: LocatedCitation[];
}

export interface InvariantSet {
  doc: StructuredDoc;
  /** Pointer of the entries array: `/invariants`, or `` for a bare list. */
  listPointer: string;
  entries: InvariantEntry[];
}

/** Fields that hold paths or enumerations, never prose citations. */
const NOT_PROSE = new Set(['id', 'tier', 'severity', 'threat_model', 'tests', 'witness', 'rfcs']);
const cache = new WeakMap<StructuredDoc, InvariantSet>();

/** The invariants file of the layout, parsed once per run; undefined when it is missing or unparsable. */
export function loadInvariantSet(corpus: CorpusReader): InvariantSet | undefined {
  const doc = corpus.data(corpus.layout.invariants, 'the invariants gate');
  if (!doc) return undefined;
  let set = cache.get(doc);
  if (!set) {
    set = read(doc);
    cache.set(doc, set);
  }
  return set;
}

function read(doc: StructuredDoc): InvariantSet {
  const root = doc.value;
  const listPointer = Array.isArray(root) ? '' : '/invariants';
  const list = Array.isArray(root) ? root : (root as { invariants?: unknown } | null)?.invariants;
  const entries: InvariantEntry[] = [];
  if (Array.isArray(list)) {
    list.forEach((value, index) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return;
      const pointer = childPointer(listPointer, index);
      const v = value as Record<string, unknown>;
      entries.push({ index, pointer, value: v, ...(typeof v.id === 'string' ? { id: v.id } : {}), citations: citationsOf(doc, pointer, v) });
    });
  }
  return { doc, listPointer, entries };
}

function citationsOf(doc: StructuredDoc, pointer: string, value: Record<string, unknown>): LocatedCitation[] {
  const out: LocatedCitation[] = [];
  if (Array.isArray(value.rfcs)) {
    value.rfcs.forEach((s, j) => {
      if (typeof s !== 'string') return;
      const c = parseStructuredCitation(s);
      const p = childPointer(childPointer(pointer, 'rfcs'), j);
      if (!c) return;
      // Located only when a rule reports it: 10,000 entries cite far more than they get wrong.
      let range: Range | undefined;
      out.push({
        ...c,
        origin: 'rfcs',
        pointer: p,
        get range() {
          return (range ??= doc.locate(p));
        },
        text: s,
      });
    });
  }
  const mentions = rfcMentions(doc);
  for (const entry of doc.entriesAt(pointer)) {
    if (NOT_PROSE.has(entry.key)) continue;
    // A prose citation starts with "RFC": a field whose source has none needs no scan.
    if (!mentions.within(entry.value.start, entry.value.end)) continue;
    for (const { node, pointer: p } of scalars(entry.value, childPointer(pointer, entry.key))) {
      const raw = doc.text.slice(node.start, node.end);
      for (const c of findProseCitations(raw)) {
        out.push({
          rfc: c.rfc,
          ...(c.section ? { section: c.section } : {}),
          origin: 'prose',
          pointer: p,
          range: doc.lines.range(node.start + c.start, node.start + c.end),
          text: raw.slice(c.start, c.end).replace(/\s+/g, ' '),
        });
      }
    }
  }
  return out;
}

const mentionsOf = new WeakMap<StructuredDoc, Mentions>();

/** Where "RFC" occurs in a document's text, found in one pass (a search per field would rescan to the next one). */
function rfcMentions(doc: StructuredDoc): Mentions {
  let m = mentionsOf.get(doc);
  if (!m) {
    const at: number[] = [];
    for (let i = doc.text.indexOf('RFC'); i !== -1; i = doc.text.indexOf('RFC', i + 1)) at.push(i);
    m = new Mentions(at);
    mentionsOf.set(doc, m);
  }
  return m;
}

class Mentions {
  constructor(private readonly at: readonly number[]) {}

  /** Whether one starts in [start, end). */
  within(start: number, end: number): boolean {
    let lo = 0;
    let hi = this.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.at[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.at.length && this.at[lo]! < end;
  }
}

function* scalars(node: TreeNode, pointer: string): Generator<{ node: TreeNode; pointer: string }> {
  if (node.kind === 'scalar') yield { node, pointer };
  else if (node.kind === 'array') for (let i = 0; i < node.items.length; i++) yield* scalars(node.items[i]!, childPointer(pointer, i));
  else for (const e of node.entries) yield* scalars(e.value, childPointer(pointer, e.key));
}
