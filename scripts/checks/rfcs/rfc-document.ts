import type { Heading, List, ListItem, Nodes, Paragraph, Parent, Root, RootContent } from 'mdast';
import type { MarkdownDoc } from '../../core/markdown.js';
import { nodeRange, renderedText } from '../../core/mdast-text.js';
import type { Range } from '../../core/position.js';

/**
 * One RFC file read into the parts the gates need (RFC 0001 §A–§G): the title line, the header
 * table, the sections a citation can name, the Errata items, the Security lines, the task-list
 * items and the fenced code blocks — each with its source range. Plain data (no mdast nodes, no
 * source text): the tree is dropped once this is extracted, and the whole document can be cached
 * as JSON (rfc-load.ts).
 */
export interface RfcDocument {
  /** Repository-relative path. */
  file: string;
  /** The four digits the file name starts with, if it does. */
  fileNumber?: string;
  /** `# RFC NNNN: Title`. */
  title?: TitleLine;
  header: HeaderTable;
  sections: Section[];
  errata: ErratumItem[];
  securityLines: SecurityLine[];
  taskItems: TaskItem[];
  codeBlocks: CodeBlock[];
  /** Items of the numbered list under `## Unresolved questions` (cited as `UQ<n>`). */
  unresolvedQuestions: NumberedItem[];
}

export interface TitleLine {
  range: Range;
  /** The whole heading text. */
  text: string;
  /** NNNN when the heading reads `RFC NNNN: …`. */
  number?: string;
  /** The text after `RFC NNNN: `. */
  name?: string;
}

export interface HeaderTable {
  /** Range of the first table after the title line (undefined when there is none before the first `##`). */
  range?: Range;
  /** Rendered texts of the header row's cells. */
  columns: string[];
  rows: HeaderRow[];
}

export interface HeaderRow {
  /** Field name as written, markup removed (`Author(s)`). */
  field: string;
  /** Rendered value text, trimmed. */
  value: string;
  /** Range of the whole row. */
  range: Range;
  /** Range of the value cell. */
  valueRange: Range;
  /** The value cell's markdown source and where it starts (a table row is one line). */
  valueSource?: string;
  valueAt?: { line: number; column: number };
  /** Inline code spans of the value, with their ranges (paths, statuses). */
  codes: Array<{ value: string; range: Range }>;
}

export interface Section {
  /**
   * What a citation `§<id>` names: `D` for `### §D …`, `D.7` for a nested heading or a bold label
   * `**D.7 …**`, `3` for `### 3. …`. Undefined for an unnumbered heading (cite it by name).
   */
  id?: string;
  /** Heading text (or the label's text). */
  title: string;
  /** Heading depth; 0 for a bold label. */
  depth: number;
  kind: 'heading' | 'label';
  /** The heading (or label) itself. */
  range: Range;
  /** Offsets of the whole section: from the heading to the next heading of the same or smaller depth. */
  start: number;
  end: number;
}

export interface ErratumItem {
  range: Range;
  /** Offsets of the item in the source. */
  start: number;
  end: number;
  /** Rendered text (markup removed, inline code kept). */
  text: string;
  /** The item's markdown source. */
  source: string;
}

export interface SecurityLine {
  id: string;
  tier: string;
  severity: string;
  /** The subsection named after the parenthesis (`— §D`), if any. */
  section?: string;
  /** The invariant id's range (its inline code when written so, else the paragraph). */
  range: Range;
}

export interface TaskItem {
  checked: boolean;
  text: string;
  range: Range;
  /** Title of the nearest enclosing heading. */
  sectionTitle?: string;
}

export interface CodeBlock {
  lang?: string;
  meta?: string;
  value: string;
  range: Range;
  /** Offset of the block in the source. */
  start: number;
  /** A block of the document's top level (not inside a list or quote). */
  topLevel: boolean;
  /** The paragraph just before the block in the same parent, if any (a wire example's label). */
  label?: { text: string; source: string; range: Range };
  /** 1-based line of the first line of `value` (the line after the opening fence). */
  valueLine: number;
  sectionTitle?: string;
}

export interface NumberedItem {
  number: number;
  range: Range;
  start: number;
  end: number;
  text: string;
}

/** The header rows RFC 0001 §B requires, in order. */
export const REQUIRED_FIELDS = ['RFC', 'Title', 'Status', 'Author(s)', 'Created', 'Updated', 'Affects', 'Compatibility', 'Supersedes', 'Superseded by'] as const;
export const OPTIONAL_FIELDS = ['Amended by'] as const;
export const STATUSES = ['Draft', 'Active', 'Accepted', 'Withdrawn', 'Superseded', 'Rejected'] as const;

const FILE_NAME = /^(\d{4})-[^/]*\.md$/;
const TITLE = /^RFC (\d{4}):\s*(.*)$/;

export function readRfc(md: MarkdownDoc): RfcDocument {
  const base = md.file.slice(md.file.lastIndexOf('/') + 1);
  const children = md.tree.children;
  const titleNode = children.find((n): n is Heading => n.type === 'heading' && n.depth === 1);
  const sections = collectSections(md);
  return {
    file: md.file,
    fileNumber: FILE_NAME.exec(base)?.[1],
    title: titleNode ? readTitle(titleNode) : undefined,
    header: readHeader(md, children),
    sections,
    errata: listItemsUnder(md, sections, 'Errata').map((item) => ({ ...itemBasics(md, item), text: renderedText(item).trim(), source: md.text.slice(offset(item, 'start'), offset(item, 'end')) })),
    securityLines: readSecurityLines(md, sections),
    taskItems: readTaskItems(md, sections),
    codeBlocks: readCodeBlocks(md, sections),
    unresolvedQuestions: readNumbered(md, sections, 'Unresolved questions'),
  };
}

function readTitle(node: Heading): TitleLine {
  const text = renderedText(node).trim();
  const m = TITLE.exec(text);
  return { range: nodeRange(node), text, number: m?.[1], name: m?.[2]?.trim() };
}

function readHeader(md: MarkdownDoc, children: RootContent[]): HeaderTable {
  for (const n of children) {
    if (n.type === 'heading' && n.depth >= 2) break;
    if (n.type !== 'table') continue;
    const [head, ...body] = n.children;
    return {
      range: nodeRange(n),
      columns: (head?.children ?? []).map((c) => renderedText(c).trim()),
      rows: body.map((row) => {
        const [fieldCell, valueCell] = row.children;
        const codes: HeaderRow['codes'] = [];
        if (valueCell) walk(valueCell, (x) => {
          if (x.type === 'inlineCode') codes.push({ value: x.value, range: nodeRange(x) });
        });
        return {
          field: fieldCell ? renderedText(fieldCell).trim() : '',
          value: valueCell ? renderedText(valueCell).trim() : '',
          range: nodeRange(row),
          valueRange: nodeRange(valueCell ?? row),
          ...cellSource(md, valueCell),
          codes,
        };
      }),
    };
  }
  return { columns: [], rows: [] };
}

/** The value of a header row by field name (case-insensitive, markup ignored). */
export function headerField(doc: RfcDocument, field: string): HeaderRow | undefined {
  const want = field.toLowerCase();
  return doc.header.rows.find((r) => r.field.toLowerCase() === want);
}

/** The status word: the first inline code of the Status cell, else its first word. */
export function rfcStatus(doc: RfcDocument): { value: string; range: Range } | undefined {
  const row = headerField(doc, 'Status');
  if (!row) return undefined;
  const code = row.codes[0];
  if (code) return { value: code.value.trim(), range: code.range };
  const word = /^[^\s(—–-]+/.exec(row.value)?.[0];
  return word ? { value: word, range: row.valueRange } : undefined;
}

/**
 * RFC numbers a header value names: `RFC NNNN`, or a link to `NNNN-….md`. A value that starts
 * with a dash (`—`, `-`, `–`) or "none" names nothing; what follows the dash is commentary.
 */
export function namedRfcs(value: string): string[] {
  const v = value.trim();
  if (v === '' || /^(?:[—–-]|none\b|n\/a\b)/i.test(v)) return [];
  const out = new Set<string>();
  for (const m of v.matchAll(/\bRFC[ -]?(\d{4})\b/g)) out.add(m[1]!);
  return [...out];
}

function collectSections(md: MarkdownDoc): Section[] {
  const out: Section[] = [];
  const headings: Array<{ node: Heading; index: number }> = [];
  md.tree.children.forEach((n, index) => {
    if (n.type === 'heading') headings.push({ node: n, index });
  });
  for (let i = 0; i < headings.length; i++) {
    const h = headings[i]!.node;
    let j = i + 1;
    while (j < headings.length && headings[j]!.node.depth > h.depth) j++;
    const next = headings[j];
    const title = renderedText(h).trim();
    out.push({
      id: headingId(title),
      title,
      depth: h.depth,
      kind: 'heading',
      range: nodeRange(h),
      start: offset(h, 'start'),
      end: next ? offset(next.node, 'start') : md.text.length,
    });
  }
  // Bold labels `**D.7 Title.**` opening a paragraph anywhere (also inside lists). A paragraph
  // whose source starts with neither `*`, `_` nor a task box cannot open with one, and its
  // inline content is not needed (the subset parser parses it only when asked).
  walkBlocks(md.tree, (n) => {
    if (n.type !== 'paragraph') return;
    const lead = md.text.charCodeAt(offset(n, 'start'));
    if (lead !== 42 && lead !== 95 && lead !== 91) return;
    const first = (n as Paragraph).children[0];
    if (first?.type !== 'strong') return;
    const label = renderedText(first).trim();
    const m = /^§?([A-Z](?:\.\d+)+)\b/.exec(label);
    if (m) out.push({ id: m[1], title: label, depth: 0, kind: 'label', range: nodeRange(first), start: offset(n, 'start'), end: offset(n, 'end') });
  });
  return out.sort((a, b) => a.start - b.start);
}

/** `§D …` → D, `§D.7 …` → D.7, `D.7 …` → D.7, `3. …` → 3. */
function headingId(title: string): string | undefined {
  return (
    /^§\s?([A-Z](?:\.\d+)*)(?![\w])/.exec(title)?.[1] ??
    /^([A-Z]\.\d+(?:\.\d+)*)(?![\w])/.exec(title)?.[1] ??
    /^(\d+(?:\.\d+)*)\.?(?=\s)/.exec(title)?.[1]
  );
}

/**
 * The section a citation `§<ref>` names: by id (`D`, `D.7`, `3`), else by heading name
 * (`Compatibility`, `Security`), compared case-insensitively on whole words.
 */
export function findSection(doc: RfcDocument, ref: string): Section | undefined {
  const byId = doc.sections.find((s) => s.id === ref);
  if (byId) return byId;
  if (!/^[A-Za-z]{2,}/.test(ref)) return undefined;
  const want = ref.toLowerCase();
  return doc.sections.find((s) => {
    if (s.kind !== 'heading') return false;
    const t = s.title.toLowerCase();
    return t === want || (t.startsWith(want) && !/[\p{L}\p{N}]/u.test(t.charAt(want.length)));
  });
}

/** The first heading section with this title (case-insensitive), e.g. `Errata`, `Security`. */
export function sectionByTitle(doc: RfcDocument, title: string): Section | undefined {
  return findHeading(doc.sections, title);
}

function findHeading(sections: Section[], title: string): Section | undefined {
  const want = title.toLowerCase();
  return sections.find((s) => s.kind === 'heading' && s.title.toLowerCase() === want);
}

/** Top-level list items inside the named section. */
function listItemsUnder(md: MarkdownDoc, sections: Section[], title: string): ListItem[] {
  const s = findHeading(sections, title);
  if (!s) return [];
  const items: ListItem[] = [];
  for (const n of md.tree.children) {
    const at = offset(n, 'start');
    if (n.type === 'list' && at >= s.start && at < s.end) items.push(...(n as List).children);
  }
  return items;
}

function readNumbered(md: MarkdownDoc, sections: Section[], title: string): NumberedItem[] {
  const s = findHeading(sections, title);
  if (!s) return [];
  const out: NumberedItem[] = [];
  for (const n of md.tree.children) {
    const at = offset(n, 'start');
    if (n.type !== 'list' || !n.ordered || at < s.start || at >= s.end) continue;
    n.children.forEach((item, i) => out.push({ number: (n.start ?? 1) + i, ...itemBasics(md, item), text: renderedText(item).trim() }));
  }
  return out;
}

function itemBasics(_md: MarkdownDoc, item: ListItem): { range: Range; start: number; end: number } {
  return { range: nodeRange(item), start: offset(item, 'start'), end: offset(item, 'end') };
}

const SECURITY_LINE = /New invariant\s+([A-Za-z0-9._-]+)\s*\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*\)(?:\s*[—–-]\s*§([A-Z](?:\.\d+)*))?/g;

function readSecurityLines(md: MarkdownDoc, sections: Section[]): SecurityLine[] {
  const s = findHeading(sections, 'Security');
  if (!s) return [];
  const out: SecurityLine[] = [];
  walkBlocks(md.tree, (n) => {
    if (n.type !== 'paragraph') return;
    const at = offset(n, 'start');
    if (at < s.start || at >= s.end) return;
    const text = renderedText(n);
    for (const m of text.matchAll(SECURITY_LINE)) {
      const id = m[1]!;
      let range = nodeRange(n);
      walk(n, (x) => {
        if (x.type === 'inlineCode' && x.value === id) range = nodeRange(x);
      });
      out.push({ id, tier: m[2]!, severity: m[3]!, ...(m[4] ? { section: m[4] } : {}), range });
    }
  });
  return out;
}

function readTaskItems(md: MarkdownDoc, sections: Section[]): TaskItem[] {
  const out: TaskItem[] = [];
  const headings = sections.filter((s) => s.kind === 'heading');
  walkBlocks(md.tree, (n) => {
    if (n.type !== 'listItem' || typeof n.checked !== 'boolean') return;
    out.push({ checked: n.checked, text: renderedText(n).trim(), range: nodeRange(n), sectionTitle: enclosingTitle(headings, offset(n, 'start')) });
  });
  return out;
}

function readCodeBlocks(md: MarkdownDoc, sections: Section[]): CodeBlock[] {
  const out: CodeBlock[] = [];
  const headings = sections.filter((s) => s.kind === 'heading');
  const visit = (parent: Parent) => {
    parent.children.forEach((n, i) => {
      if (n.type !== 'code') {
        if ('children' in n && !LEAF_BLOCKS.has(n.type)) visit(n as Parent);
        return;
      }
      const range = nodeRange(n);
      const prev = parent.children[i - 1];
      out.push({
        ...(n.lang ? { lang: n.lang } : {}),
        ...(n.meta ? { meta: n.meta } : {}),
        value: n.value,
        range,
        start: offset(n, 'start'),
        topLevel: parent === md.tree,
        ...(prev?.type === 'paragraph' ? { label: { text: renderedText(prev).trim(), source: md.text.slice(offset(prev, 'start'), offset(prev, 'end')), range: nodeRange(prev) } } : {}),
        valueLine: range.line + 1,
        sectionTitle: enclosingTitle(headings, offset(n, 'start')),
      });
    });
  };
  visit(md.tree);
  return out;
}

/** Source and start of a table cell, so a finding can point inside it. */
function cellSource(md: MarkdownDoc, cell: Nodes | undefined): Pick<HeaderRow, 'valueSource' | 'valueAt'> {
  const pos = cell?.position;
  if (!pos || pos.start.offset === undefined || pos.end.offset === undefined) return {};
  return { valueSource: md.text.slice(pos.start.offset, pos.end.offset), valueAt: md.lines.at(pos.start.offset) };
}

/** Title of the last top-level heading at or before an offset. */
function enclosingTitle(headings: Section[], at: number): string | undefined {
  let title: string | undefined;
  for (const h of headings) {
    if (h.start > at) break;
    title = h.title;
  }
  return title;
}

function offset(n: { position?: { start: { offset?: number }; end: { offset?: number } } }, which: 'start' | 'end'): number {
  return n.position?.[which].offset ?? 0;
}

/** Blocks whose children are inline content: no paragraph, list item or code block is inside. */
const LEAF_BLOCKS = new Set(['paragraph', 'heading', 'table']);

/** Visits the blocks of a tree without descending into inline content. */
function walkBlocks(node: Nodes | Root, visit: (n: Nodes) => void): void {
  visit(node as Nodes);
  if ('children' in node && !LEAF_BLOCKS.has(node.type)) for (const c of node.children as Nodes[]) walkBlocks(c, visit);
}

function walk(node: Nodes | Root, visit: (n: Nodes) => void): void {
  visit(node as Nodes);
  if ('children' in node) for (const c of node.children as Nodes[]) walk(c, visit);
}
