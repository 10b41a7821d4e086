import type { Nodes, Root, Table } from 'mdast';
import type { SectionIndex } from '../rfc/document.js';
import { offset, walkParents } from '../rfc/mdast.js';
import { resolve } from '../rfc/resolve.js';
import { indexSections } from '../rfc/sections.js';

/** A located section of a target document: the blocks it spans and where an appended paragraph goes. */
export interface Section {
  kind: 'heading' | 'label' | 'list-item' | 'document';
  /** How messages name it: `heading "§B — Version negotiation"`. */
  title: string;
  nodes: Nodes[];
  start: number;
  end: number;
  /** Offset where an appended paragraph is inserted (end of the section's last block). */
  appendAt: number;
  /** Line prefix of the section's content (list indentation, `> `). */
  indent: string;
}

export type SectionLookup = { ok: true; section: Section } | { ok: false; ambiguous: boolean; message: string; places: { title: string; start: number }[] };

/**
 * Finds the section an erratum names in its target, through the RFC reader's section index and
 * selector resolver (rfc/resolve.ts): the same reading a citation gets. An empty selector is the
 * whole document. `questions`: the title whose numbered items `UQ<n>` selects (the process's).
 */
export function locateSection(tree: Root, text: string, selector: string, questions?: string): SectionLookup {
  if (!selector.trim()) return { ok: true, section: documentSection(tree, text) };
  const index = treeIndex(tree);
  let sections = index.sections.get(questions);
  if (!sections) index.sections.set(questions, (sections = indexSections(tree, questions)));
  const r = resolve(sections, selector);
  if (!r.ok) return { ok: false, ambiguous: r.ambiguous, message: r.reason, places: r.candidates.map((c) => ({ title: c.name, start: c.start })) };
  const { found } = r;
  const item = found.kind === 'list-item' ? index.items.get(found.start) : undefined;
  const nodes = found.kind === 'list-item' ? (item ? [item] : []) : blocksOf(index, found);
  return { ok: true, section: { kind: found.kind, title: found.name, nodes, start: found.start, end: found.end, appendAt: found.end, indent: continuationPrefix(text, found.contentStart) } };
}

/**
 * What locating a section needs of a target's tree, built once per tree: an errata run locates
 * every item in the same parsed target (and verifies each in the one re-parse after the splices),
 * and the section index and the walks for a section's blocks cost the whole tree each time: 600
 * items against a 100 KB target spent 17 of 34 s there.
 */
interface TreeIndex {
  /** The section index, by the title `UQ<n>` selects under. */
  sections: Map<string | undefined, SectionIndex>;
  /** The first heading or paragraph starting at an offset (in walkParents order), with its siblings. */
  blocks: Map<number, { kids: Nodes[]; i: number }>;
  /** The first list item (or numbered table row) starting at an offset. */
  items: Map<number, Nodes>;
  /** Every paragraph with its siblings, by start: a bold label inside one (`… **§A.4** …`) opens its section there. */
  paragraphs: Array<{ start: number; end: number; kids: Nodes[]; i: number }>;
}

const indexes = new WeakMap<Root, TreeIndex>();

function treeIndex(tree: Root): TreeIndex {
  let index = indexes.get(tree);
  if (index) return index;
  index = { sections: new Map(), blocks: new Map(), items: new Map(), paragraphs: [] };
  const { blocks, items, paragraphs } = index;
  walkParents(tree, (kids) => {
    kids.forEach((k, i) => {
      const at = offset(k, 'start');
      if (k.type === 'paragraph') paragraphs.push({ start: at, end: offset(k, 'end'), kids, i });
      if ((k.type === 'heading' || k.type === 'paragraph') && !blocks.has(at)) blocks.set(at, { kids, i });
      else if (k.type === 'listItem' && !items.has(at)) items.set(at, k);
      // A numbered row of a section's table is an item too (`§B.3`), as the section index reads it;
      // rows live inside the table, which walkParents does not open.
      else if (k.type === 'table') for (const row of (k as Table).children) if (!items.has(offset(row, 'start'))) items.set(offset(row, 'start'), row);
    });
  });
  paragraphs.sort((a, b) => a.start - b.start);
  indexes.set(tree, index);
  return index;
}

/** The sibling blocks a section spans, its heading or label first (rfc/sections.ts `sectionBlocks`, from the index). */
function blocksOf(index: TreeIndex, section: { start: number; end: number }): Nodes[] {
  const first = index.blocks.get(section.start) ?? paragraphHolding(index, section.start);
  if (!first) return [];
  let j = first.i + 1;
  while (j < first.kids.length && offset(first.kids[j]!, 'start') < section.end) j++;
  return first.kids.slice(first.i, j);
}

/** The paragraph a label inside it starts in (binary search: paragraphs do not overlap). */
function paragraphHolding(index: TreeIndex, at: number): { kids: Nodes[]; i: number } | undefined {
  const ps = index.paragraphs;
  let lo = 0;
  let hi = ps.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = ps[mid]!;
    if (at < p.start) hi = mid - 1;
    else if (at >= p.end) lo = mid + 1;
    else return p;
  }
  return undefined;
}

function documentSection(tree: Root, text: string): Section {
  const nodes = tree.children as Nodes[];
  if (nodes.length === 0) return { kind: 'document', title: 'the document', nodes, start: 0, end: text.length, appendAt: text.length, indent: '' };
  const start = offset(nodes[0]!, 'start');
  const end = offset(nodes[nodes.length - 1]!, 'end');
  return { kind: 'document', title: 'the document', nodes, start, end, appendAt: end, indent: continuationPrefix(text, start) };
}

/**
 * The prefix a new line needs to continue the block that starts at `offset`: `> ` stays, list
 * markers become spaces, tabs stay tabs.
 */
function continuationPrefix(text: string, at: number): string {
  let lineStart = at;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  return text.slice(lineStart, at).replace(/[^>\t ]/g, ' ');
}
