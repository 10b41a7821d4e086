import type { Nodes, Root } from 'mdast';
import { offset } from '../rfc/mdast.js';
import { resolve } from '../rfc/resolve.js';
import { indexSections, nodeAt, sectionBlocks } from '../rfc/sections.js';

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
  const r = resolve(indexSections(tree, questions), selector);
  if (!r.ok) return { ok: false, ambiguous: r.ambiguous, message: r.reason, places: r.candidates.map((c) => ({ title: c.name, start: c.start })) };
  const { found } = r;
  const item = found.kind === 'list-item' ? (nodeAt(tree, found.start, 'listItem') ?? nodeAt(tree, found.start, 'tableRow')) : undefined;
  const nodes = found.kind === 'list-item' ? (item ? [item] : []) : sectionBlocks(tree, found);
  return { ok: true, section: { kind: found.kind, title: found.name, nodes, start: found.start, end: found.end, appendAt: found.end, indent: continuationPrefix(text, found.contentStart) } };
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
