import type { List, Nodes, Paragraph, Root, Table } from 'mdast';
import type { NumberedItem, Section, SectionIndex, UnrenderedBlock } from './document.js';
import { DEFAULT_TITLES, questionsSection } from './document.js';
import { nodeRange, offset, renderedText, walkParents } from './mdast.js';

/*
 * The section index of any markdown tree (an RFC, or a document an erratum targets): every
 * heading, at any depth and in any container, and every bold label that opens a paragraph with a
 * designator (`**D.7 …**`, `**§C.2 …**`, `**B. Shapes.**`). A section is a run of sibling blocks,
 * as mdast-util-heading-range reads one.
 */

/** `§` then a letter with digits (`A14`), a dotted letter (`D`, `D.7`) or a number (`4`, `3.1`). */
const WITH_SIGN = /^§\s?([A-Z][A-Za-z]?\d+|[A-Z](?:\.\d+)*|\d+(?:\.\d+)*)(?![\w])/;
/** Without `§`: a dotted letter (`D.7 …`) or a letter and a period (`C. Title`). */
const DOTTED = /^([A-Z](?:\.\d+)+)(?![\w])/;
const LETTER_DOT = /^([A-Z])\.(?=\s|$)/;
/** Labels only: a letter or two with a number, as list items are labelled (`**F1.** …`, `**SR2:** …`). */
const LETTER_NUMBER = /^([A-Z]{1,2}\d+)(?=[.:)]|\s|$)/;
/** Headings only: `3. Numbered`, `3.1 Sub` (a bold `**1.**` in prose is not a section). */
const NUMBERED = /^(\d+(?:\.\d+)*)\.?(?=\s)/;

/** The designator a heading or label text opens with, if any. */
export function designator(text: string, kind: Section['kind']): string | undefined {
  const t = text.trim();
  return WITH_SIGN.exec(t)?.[1] ?? DOTTED.exec(t)?.[1] ?? LETTER_DOT.exec(t)?.[1] ?? (kind === 'heading' ? NUMBERED.exec(t)?.[1] : LETTER_NUMBER.exec(t)?.[1]);
}

/** Nesting level of a designator: `B` 1, `B.2` and `A14` 2, `B.2.1` 3. */
function designatorLevel(id: string): number {
  return /^[A-Z][A-Za-z]?\d+$/.test(id) ? 2 : id.split('.').length;
}

/** The text of the bold run opening a paragraph, if it opens with one. */
function labelText(node: Nodes): string | undefined {
  if (node.type !== 'paragraph') return undefined;
  const first = (node as Paragraph).children[0];
  return first?.type === 'strong' ? renderedText(first).trim() : undefined;
}

/** A designator the label gives itself in parentheses: `**Facet completeness (§B.4) is counted, not failed.**`. */
const OWN_DESIGNATOR = /\(§\s?([A-Z](?:\.\d+)+)\)/;

function labelId(node: Nodes): string | undefined {
  const text = labelText(node);
  return text === undefined ? undefined : (designator(text, 'label') ?? OWN_DESIGNATOR.exec(text)?.[1]);
}

/** `questions`: the title of the section whose numbered items `UQ<n>` selects (the process's `sections.unresolvedQuestions`). */
export function indexSections(tree: Root, questions = DEFAULT_TITLES.unresolvedQuestions, text?: string): SectionIndex {
  const sections: Section[] = [];
  const labelNames: string[] = [];
  const leadIns: string[] = [];
  walkParents(tree, (kids) => {
    kids.forEach((node, i) => {
      if (node.type === 'heading') {
        const title = renderedText(node).trim();
        const j = nextIndex(kids, i, (n) => n.type === 'heading' && n.depth <= node.depth);
        const id = designator(title, 'heading');
        const items = id ? firstListItems(kids.slice(i + 1, j)) : [];
        sections.push({ ...(id ? { id } : {}), title, depth: node.depth, kind: 'heading', ...(items.length ? { items } : {}), range: nodeRange(node), start: offset(node, 'start'), end: endOf(kids, j) });
        return;
      }
      if (node.type === 'paragraph' && kids[i + 1]?.type === 'list') {
        const text = renderedText(node).trim();
        if (text.endsWith(':')) leadIns.push(text.slice(-200));
      }
      const id = labelId(node);
      const inner = innerLabels(node);
      if (!id) {
        const name = labelText(node);
        if (name) labelNames.push(name);
      }
      if (!id && inner.length === 0) return;
      // The section of the paragraph's last label runs on over the sibling blocks, as one opening a paragraph does.
      const lastLevel = designatorLevel((inner[inner.length - 1] ?? { id: id! }).id);
      const j = nextIndex(kids, i, (n) => {
        if (n.type === 'heading') return true;
        const other = labelId(n) ?? innerLabels(n)[0]?.id;
        return other !== undefined && designatorLevel(other) <= lastLevel;
      });
      const items = firstListItems(kids.slice(i + 1, j));
      if (id) {
        const strong = (node as Paragraph).children[0]!;
        const end = inner[0] ? offset(inner[0].node, 'start') : endOf(kids, j);
        sections.push({ id, title: labelText(node)!, depth: 0, kind: 'label', ...(items.length && !inner[0] ? { items } : {}), range: nodeRange(strong), start: offset(node, 'start'), end });
      }
      inner.forEach((label, k) => {
        const next = inner[k + 1];
        const end = next ? offset(next.node, 'start') : endOf(kids, j);
        sections.push({ id: label.id, title: label.title, depth: 0, kind: 'label', ...(items.length && !next ? { items } : {}), range: nodeRange(label.node), start: offset(label.node, 'start'), end });
      });
    });
  });
  sections.sort((a, b) => a.start - b.start);
  const unrendered = unrenderedBlocks(tree, text);
  return { sections, unresolvedQuestions: numberedItems(tree, sections, questions), unresolvedQuestionsTitle: questions, labelNames, leadIns, ...(unrendered.length ? { unrendered } : {}) };
}

/** End offset of the last block before index `j`. */
function endOf(kids: Nodes[], j: number): number {
  return offset(kids[j - 1]!, 'end');
}

/** Index of the first sibling after `i` that ends the section (or the number of siblings). */
function nextIndex(kids: Nodes[], i: number, ends: (n: Nodes) => boolean): number {
  let j = i + 1;
  while (j < kids.length && !ends(kids[j]!)) j++;
  return j;
}

/** The sibling blocks a section spans: its heading or label first. */
export function sectionBlocks(tree: Root, section: { start: number; end: number }): Nodes[] {
  let found: Nodes[] = [];
  walkParents(tree, (kids) => {
    if (found.length) return;
    let i = kids.findIndex((k) => offset(k, 'start') === section.start && (k.type === 'heading' || k.type === 'paragraph'));
    // A label inside a paragraph (`… **§A.4** …`): the paragraph that holds it, and the blocks after it.
    if (i === -1) i = kids.findIndex((k) => k.type === 'paragraph' && offset(k, 'start') < section.start && section.start < offset(k, 'end'));
    if (i === -1) return;
    let j = i + 1;
    while (j < kids.length && offset(kids[j]!, 'start') < section.end) j++;
    found = kids.slice(i, j);
  });
  return found;
}

/** The node of a given type that starts at an offset (a list item or a numbered table row a selector resolved to). */
export function nodeAt(tree: Root, start: number, type: Nodes['type']): Nodes | undefined {
  let found: Nodes | undefined;
  walkParents(tree, (kids) => {
    found ??= kids.find((k) => k.type === type && offset(k, 'start') === start);
    // Table rows live inside a table, which walkParents does not open.
    if (type === 'tableRow') for (const k of kids) if (k.type === 'table') found ??= (k as Table).children.find((r) => offset(r, 'start') === start);
  });
  return found;
}

/** Items of the numbered lists among the blocks of the heading section titled `title`, numbered as rendered. */
function numberedItems(tree: Root, sections: Section[], title: string): NumberedItem[] {
  const s = questionsSection({ sections, unresolvedQuestions: [] }, title);
  if (!s) return [];
  return sectionBlocks(tree, s).flatMap((n) => (n.type === 'list' && (n as List).ordered ? listItems(n as List) : []));
}

/**
 * The items of a section's own blocks, up to its first sub-heading: those of its first numbered
 * list, else the rows of its first table whose first column numbers them (`| # | Axis | … |` with
 * `| 3 | … |`: `§B.3` is row 3 of §B's table).
 */
function firstListItems(blocks: Nodes[]): NumberedItem[] {
  for (const n of blocks) {
    if (n.type === 'heading') break;
    if (n.type === 'list' && (n as List).ordered) return listItems(n as List);
  }
  for (const n of blocks) {
    if (n.type === 'heading') return [];
    if (n.type === 'table') {
      const rows = numberedRows(n as Table);
      if (rows.length) return rows;
    }
  }
  return [];
}

/** The body rows of a table whose every first cell is a whole number, numbered by that cell. */
function numberedRows(table: Table): NumberedItem[] {
  const body = table.children.slice(1);
  const numbers = body.map((row) => (row.children[0] ? renderedText(row.children[0]).trim() : ''));
  if (body.length === 0 || !numbers.every((t) => /^\d{1,4}$/.test(t))) return [];
  return body.map((row, i) => ({
    number: Number(numbers[i]),
    range: nodeRange(row),
    start: offset(row, 'start'),
    end: offset(row, 'end'),
    contentStart: offset(row, 'start'),
    text: renderedText(row).trim(),
  }));
}

/**
 * Bold labels past a paragraph's start (`… hole. **§A.4** Amendment-in-place …`), as upstream's
 * newer RFCs write sub-sections: a bold run that is only a `§` designator, or one and its title,
 * standing where a sentence starts (after `.`, `;`, `:` or `)` and a space). A bold `§X` in the
 * middle of a sentence is emphasis of a citation, not a label.
 */
function innerLabels(node: Nodes): Array<{ id: string; title: string; node: Nodes }> {
  if (node.type !== 'paragraph') return [];
  const kids = (node as Paragraph).children;
  const out: Array<{ id: string; title: string; node: Nodes }> = [];
  kids.forEach((k, i) => {
    if (i === 0 || k.type !== 'strong') return;
    const title = renderedText(k).trim();
    // `**§E.2a (2026-09-17).**`: an inserted sub-section keeps its letter suffix.
    const id = INNER_LABEL.exec(title)?.[1];
    if (!id) return;
    const before = kids[i - 1];
    if (before?.type !== 'text' || !/[.;:)]\s+$/.test(before.value)) return;
    out.push({ id, title, node: k });
  });
  return out;
}

function listItems(list: List): NumberedItem[] {
  return list.children.map((item, i) => {
    const content = item.children[0];
    return {
      number: (list.start ?? 1) + i,
      range: nodeRange(item),
      start: offset(item, 'start'),
      end: offset(item, 'end'),
      contentStart: content ? offset(content, 'start') : offset(item, 'start'),
      text: renderedText(item).trim(),
    };
  });
}

/** Cells of a table row as GFM counts them (split at unescaped `|`, outer pipes aside). */
function cells(line: string): number {
  return line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').split(/(?<!\\)\|/).length;
}

/** A `§` designator opening a bold run inside a paragraph: `§A.4`, `§D.5 Owner stamps.`, `§E.2a (…)`, `§C`. */
const INNER_LABEL = /^§\s?([A-Z](?:\.\d+)*(?:\.\d+[a-z])?)(?=[\s.:)(]|$)/;

/** A table's delimiter row (`| --- | :-: |`). */
const DELIMITER_ROW = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;
/** A numbered list item's first line; one numbered other than 1 cannot interrupt a paragraph. */
const NUMBERED_ITEM = /^\s{0,3}(\d{1,9})[.)]\s/;

/**
 * Tables and numbered lists written without the blank line GFM needs, which render as the text of
 * the paragraph before them: a table right under a list item (its rows read as the item's lazy
 * continuation), a numbered list starting at 2 or more right under a paragraph. Read from the tree:
 * a paragraph whose own source lines hold a delimiter row, or a numbered item line, after its first.
 * Needs the source (`text`); without it none is found.
 */
function unrenderedBlocks(tree: Root, text: string | undefined): UnrenderedBlock[] {
  if (text === undefined) return [];
  const out: UnrenderedBlock[] = [];
  const visit = (node: Nodes, parent: Nodes | undefined) => {
    if (node.type === 'paragraph') {
      const start = offset(node, 'start');
      const lines = text.slice(start, offset(node, 'end')).split('\n');
      const line0 = node.position?.start.line ?? 1;
      for (let i = 1; i < lines.length; i++) {
        const inItem = parent?.type === 'listItem';
        if (DELIMITER_ROW.test(lines[i]!) && lines[i - 1]!.includes('|') && cells(lines[i]!) === cells(lines[i - 1]!)) {
          out.push({ kind: 'table', line: line0 + i - 1, start, end: offset(node, 'end'), cause: inItem ? 'it follows a list item with no blank line between, so its rows are read as the text of the item' : 'it is not separated from the text above by a blank line, so its rows are read as part of that paragraph' });
          return;
        }
        const item = NUMBERED_ITEM.exec(lines[i]!);
        if (item && Number(item[1]) !== 1) {
          out.push({ kind: 'list', line: line0 + i, start, end: offset(node, 'end'), cause: `a numbered list starting at ${Number(item[1])} cannot interrupt a paragraph, and no blank line separates it from the text above, so its items are read as part of that paragraph` });
          return;
        }
      }
      return;
    }
    if ('children' in node && node.type !== 'heading' && node.type !== 'table') for (const c of node.children as Nodes[]) visit(c, node);
  };
  for (const c of tree.children) visit(c, undefined);
  return out;
}
