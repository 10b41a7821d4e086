import type { List, Nodes, Paragraph, Root } from 'mdast';
import type { NumberedItem, Section, SectionIndex } from './document.js';
import { DEFAULT_TITLES } from './document.js';
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

function labelId(node: Nodes): string | undefined {
  const text = labelText(node);
  return text === undefined ? undefined : designator(text, 'label');
}

/** `questions`: the title of the section whose numbered items `UQ<n>` selects (the process's `sections.unresolvedQuestions`). */
export function indexSections(tree: Root, questions = DEFAULT_TITLES.unresolvedQuestions): SectionIndex {
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
      if (!id) {
        const name = labelText(node);
        if (name) labelNames.push(name);
        return;
      }
      const level = designatorLevel(id);
      const j = nextIndex(kids, i, (n) => {
        if (n.type === 'heading') return true;
        const other = labelId(n);
        return other !== undefined && designatorLevel(other) <= level;
      });
      const strong = (node as Paragraph).children[0]!;
      const items = firstListItems(kids.slice(i + 1, j));
      sections.push({ id, title: labelText(node)!, depth: 0, kind: 'label', ...(items.length ? { items } : {}), range: nodeRange(strong), start: offset(node, 'start'), end: endOf(kids, j) });
    });
  });
  sections.sort((a, b) => a.start - b.start);
  return { sections, unresolvedQuestions: numberedItems(tree, sections, questions), unresolvedQuestionsTitle: questions, labelNames, leadIns };
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
    const i = kids.findIndex((k) => offset(k, 'start') === section.start && (k.type === 'heading' || k.type === 'paragraph'));
    if (i === -1) return;
    let j = i + 1;
    while (j < kids.length && offset(kids[j]!, 'start') < section.end) j++;
    found = kids.slice(i, j);
  });
  return found;
}

/** The node of a given type that starts at an offset (a list item a selector resolved to). */
export function nodeAt(tree: Root, start: number, type: Nodes['type']): Nodes | undefined {
  let found: Nodes | undefined;
  walkParents(tree, (kids) => {
    found ??= kids.find((k) => k.type === type && offset(k, 'start') === start);
  });
  return found;
}

/** Items of the numbered lists among the blocks of the heading section titled `title`, numbered as rendered. */
function numberedItems(tree: Root, sections: Section[], title: string): NumberedItem[] {
  const want = title.toLowerCase();
  const s = sections.find((x) => x.kind === 'heading' && x.title.replace(/:$/, '').toLowerCase() === want);
  if (!s) return [];
  return sectionBlocks(tree, s).flatMap((n) => (n.type === 'list' && (n as List).ordered ? listItems(n as List) : []));
}

/** The items of the first numbered list among a section's own blocks, up to its first sub-heading. */
function firstListItems(blocks: Nodes[]): NumberedItem[] {
  for (const n of blocks) {
    if (n.type === 'heading') return [];
    if (n.type === 'list' && (n as List).ordered) return listItems(n as List);
  }
  return [];
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
