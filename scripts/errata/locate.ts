import type { Heading, List, ListItem, Nodes, Paragraph, Parent, Root } from 'mdast';
import { renderedText } from '../core/markdown.js';
import type { LineIndex } from '../core/position.js';

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

/** Abbreviated list selectors: UQ4 = item 4 of the "Unresolved questions" list. */
const LIST_ABBREVIATIONS: Record<string, string> = { UQ: 'Unresolved questions' };

/** A bold paragraph label that opens a sub-section, like **D.7 …** or **§C.2 …**. */
const LABEL_SHAPE = /^§?[A-Z][A-Za-z]?\.\d+(?:\.\d+)*(?![A-Za-z0-9])/;

/**
 * Finds a section by selector, as mdast-util-heading-range finds one by heading: a heading's
 * section runs to the next heading of the same or smaller depth; a bold label's to the next label
 * or heading; `UQ4` is one numbered item. An empty selector is the whole document.
 */
export function locateSection(tree: Root, text: string, lines: LineIndex, selector: string): SectionLookup {
  const sel = selector.trim();
  if (!sel) return { ok: true, section: documentSection(tree, text) };
  const abbr = /^([A-Z]{1,4})(\d+)$/.exec(sel);
  if (abbr && LIST_ABBREVIATIONS[abbr[1]!]) return locateListItem(tree, text, lines, LIST_ABBREVIATIONS[abbr[1]!]!, Number(abbr[2]), sel);

  const key = sel.replace(/^§\s*/, '').replace(/^"(.*)"$/, '$1');
  const found: Section[] = [];
  forEachParent(tree, (parent) => {
    const kids = parent.children as Nodes[];
    kids.forEach((node, i) => {
      if (node.type === 'heading' && startsWithKey(renderedText(node), key)) found.push(headingSection(kids, i, text));
      const label = labelOf(node);
      if (label !== undefined && startsWithKey(label, key)) found.push(labelSection(kids, i, text));
    });
  });
  if (found.length === 1) return { ok: true, section: found[0]! };
  if (found.length === 0) return { ok: false, ambiguous: false, message: `no heading or bold label "${sel}"`, places: [] };
  return {
    ok: false,
    ambiguous: true,
    message: `"${sel}" names ${found.length} sections: ${found.map((s) => `${s.title} (line ${lines.at(s.start).line})`).join(', ')}`,
    places: found.map((s) => ({ title: s.title, start: s.start })),
  };
}

/** The selector key opens the text, and is not the prefix of a longer name (B vs B.1 or Background). */
function startsWithKey(rendered: string, key: string): boolean {
  const t = rendered.replace(/\s+/g, ' ').trim().replace(/^§\s*/, '').replace(/^"/, '');
  const designator = /^[A-Z][A-Za-z]?(?:\.\d+)*$/.test(key);
  if (designator ? !t.startsWith(key) : !t.toLowerCase().startsWith(key.toLowerCase())) return false;
  const next = t.slice(key.length);
  return next === '' || !/^(?:[A-Za-z0-9]|\.\d)/.test(next);
}

function labelOf(node: Nodes): string | undefined {
  if (node.type !== 'paragraph') return undefined;
  const first = (node as Paragraph).children[0];
  return first?.type === 'strong' ? renderedText(first) : undefined;
}

function headingSection(kids: Nodes[], i: number, text: string): Section {
  const heading = kids[i] as Heading;
  let j = i + 1;
  while (j < kids.length && !(kids[j]!.type === 'heading' && (kids[j] as Heading).depth <= heading.depth)) j++;
  return blockSection('heading', `heading "${renderedText(heading).trim()}"`, kids.slice(i, j), text);
}

function labelSection(kids: Nodes[], i: number, text: string): Section {
  let j = i + 1;
  while (j < kids.length && kids[j]!.type !== 'heading' && !LABEL_SHAPE.test(labelOf(kids[j]!) ?? '')) j++;
  const label = labelOf(kids[i]!)!.trim();
  return blockSection('label', `label "${label}"`, kids.slice(i, j), text);
}

function locateListItem(tree: Root, text: string, lines: LineIndex, heading: string, n: number, sel: string): SectionLookup {
  const kids = tree.children as Nodes[];
  const at = kids.findIndex((k) => k.type === 'heading' && renderedText(k).trim().replace(/:$/, '').toLowerCase() === heading.toLowerCase());
  if (at === -1) return { ok: false, ambiguous: false, message: `${sel} is item ${n} of "${heading}", but there is no "${heading}" heading`, places: [] };
  const section = headingSection(kids, at, text);
  const list = section.nodes.find((k): k is List => k.type === 'list' && k.ordered === true);
  if (!list) return { ok: false, ambiguous: false, message: `${sel}: the "${heading}" section (line ${lines.at(section.start).line}) has no numbered list`, places: [] };
  const first = list.start ?? 1;
  const item = list.children[n - first];
  if (!item) {
    return { ok: false, ambiguous: false, message: `${sel}: the "${heading}" list (line ${lines.at(offsetOf(list)).line}) runs ${first}–${first + list.children.length - 1}; there is no item ${n}`, places: [] };
  }
  return { ok: true, section: itemSection(item, `${sel} (item ${n} of "${heading}")`, text) };
}

function itemSection(item: ListItem, title: string, text: string): Section {
  const start = offsetOf(item);
  const end = item.position!.end.offset!;
  const content = item.children[0];
  const contentStart = content ? offsetOf(content) : start;
  return { kind: 'list-item', title, nodes: [item], start, end, appendAt: end, indent: continuationPrefix(text, contentStart) };
}

function blockSection(kind: Section['kind'], title: string, nodes: Nodes[], text: string): Section {
  const start = offsetOf(nodes[0]!);
  const end = nodes[nodes.length - 1]!.position!.end.offset!;
  return { kind, title, nodes, start, end, appendAt: end, indent: continuationPrefix(text, start) };
}

function documentSection(tree: Root, text: string): Section {
  const nodes = tree.children as Nodes[];
  if (nodes.length === 0) return { kind: 'document', title: 'the document', nodes, start: 0, end: text.length, appendAt: text.length, indent: '' };
  return { ...blockSection('document', 'the document', nodes, text), title: 'the document' };
}

/**
 * The prefix a new line needs to continue the block that starts at `offset`: `> ` stays, list
 * markers become spaces, tabs stay tabs.
 */
function continuationPrefix(text: string, offset: number): string {
  let lineStart = offset;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  return text.slice(lineStart, offset).replace(/[^>\t ]/g, ' ');
}

function offsetOf(node: Nodes): number {
  return node.position!.start.offset!;
}

function forEachParent(node: Nodes, fn: (p: Parent) => void): void {
  if (!('children' in node)) return;
  fn(node as Parent);
  for (const c of node.children as Nodes[]) forEachParent(c, fn);
}
