import type { Heading, ListItem, Nodes, Parent, RootContent } from 'mdast';
import type { Range } from '../core/position.js';
import type { MarkdownDoc } from './markdown.js';
import { findRfcCitations } from './citations.js';
import type { CodeBlock, HeaderRow, HeaderTable, ProseCitation, RfcDocument, Section, SecurityLine, TaskItem, TitleLine } from './document.js';
import { sectionByTitle } from './document.js';
import { nodeRange, offset, renderedText, walk, walkBlocks } from './mdast.js';
import { indexSections, sectionBlocks } from './sections.js';

/**
 * An RFC's mdast tree → its RfcDocument (plain data). The only module that reads RFC markdown;
 * load.ts caches what it returns, so a change here must change the reader's fingerprint (it does:
 * the fingerprint hashes this folder).
 */

const FILE_NAME = /^(\d{4})-[^/]*\.md$/;
const TITLE = /^RFC (\d{4}):\s*(.*)$/;

export function readRfc(md: MarkdownDoc): RfcDocument {
  const base = md.file.slice(md.file.lastIndexOf('/') + 1);
  const children = md.tree.children;
  const titleNode = children.find((n): n is Heading => n.type === 'heading' && n.depth === 1);
  const index = indexSections(md.tree);
  const fileNumber = FILE_NAME.exec(base)?.[1];
  return {
    file: md.file,
    ...(fileNumber ? { fileNumber } : {}),
    ...(titleNode ? { title: readTitle(titleNode) } : {}),
    header: readHeader(md),
    ...index,
    errata: listItemsUnder(md, index.sections, 'Errata').map((item) => ({
      range: nodeRange(item),
      start: offset(item, 'start'),
      end: offset(item, 'end'),
      text: renderedText(item).trim(),
      source: md.text.slice(offset(item, 'start'), offset(item, 'end')),
    })),
    securityLines: readSecurityLines(md, index.sections),
    taskItems: readTaskItems(md, index.sections),
    codeBlocks: readCodeBlocks(md, index.sections),
    citations: readCitations(md),
  };
}

/** Section citations in the prose: everything but code and HTML (citations.ts says what counts). */
function readCitations(md: MarkdownDoc): ProseCitation[] {
  const skip: Array<[number, number]> = [];
  walk(md.tree, (n) => {
    if (n.type === 'code' || n.type === 'inlineCode' || n.type === 'html') skip.push([offset(n, 'start'), offset(n, 'end')]);
  });
  return findRfcCitations(md.text, skip).flatMap((c) =>
    c.section === undefined ? [] : [{ ...(c.rfc ? { rfc: c.rfc } : {}), section: c.section, text: `${c.rfc ? `RFC ${c.rfc} ` : ''}§${c.section}`, range: md.lines.range(c.start, c.end) }],
  );
}

function readTitle(node: Heading): TitleLine {
  const text = renderedText(node).trim();
  const m = TITLE.exec(text);
  return { range: nodeRange(node), text, ...(m ? { number: m[1]!, name: m[2]!.trim() } : {}) };
}

/** The header table: the first table of the top level before the first `##` heading (RFC 0001 §B). */
export function readHeader(md: MarkdownDoc): HeaderTable {
  const quotedRows = readQuotedRows(md);
  const quoted = quotedRows.length ? { quotedRows } : {};
  for (const n of md.tree.children as RootContent[]) {
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
          sourceCells: sourceCells(md.text.slice(offset(row, 'start'), offset(row, 'end'))),
        };
      }),
      ...quoted,
    };
  }
  return { columns: [], rows: [], ...quoted };
}

/** Cells of a table row as written: GFM splits at every `|` not escaped with `\`, inside code spans too. */
function sourceCells(row: string): number {
  const inner = row.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).length;
}

const QUOTED_ROW = /^(\s*>\s*)\|\s*\*\*([^*|]+)\*\*\s*\|/;

/** `> | **Status** | … |` lines between the title and the first section: header rows a quote swallowed. */
function readQuotedRows(md: MarkdownDoc): Array<{ field: string; range: Range }> {
  const firstSection = (md.tree.children as RootContent[]).find((n) => n.type === 'heading' && n.depth >= 2);
  const end = firstSection ? offset(firstSection, 'start') : md.text.length;
  const out: Array<{ field: string; range: Range }> = [];
  const lines = md.text.slice(0, end).split('\n');
  lines.forEach((text, i) => {
    const m = QUOTED_ROW.exec(text);
    if (!m) return;
    const column = m[1]!.search(/>/) + 1;
    out.push({ field: m[2]!.trim(), range: { line: i + 1, column, endLine: i + 1, endColumn: text.trimEnd().length + 1 } });
  });
  return out;
}

/** The list items of the lists among the blocks of the named heading section (an RFC's `## Errata`). */
export function listItemsUnder(md: MarkdownDoc, sections: Section[], title: string): ListItem[] {
  const s = sectionByTitle({ sections, unresolvedQuestions: [] }, title);
  if (!s) return [];
  return sectionBlocks(md.tree, s).flatMap((n) => (n.type === 'list' ? n.children : []));
}

const SECURITY_LINE = /New invariant\s+([A-Za-z0-9._-]+)\s*\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*\)(?:\s*[—–-]\s*§([A-Z](?:\.\d+)*))?/g;

function readSecurityLines(md: MarkdownDoc, sections: Section[]): SecurityLine[] {
  const s = sectionByTitle({ sections, unresolvedQuestions: [] }, 'Security');
  if (!s) return [];
  const out: SecurityLine[] = [];
  walkBlocks(md.tree, (n) => {
    if (n.type !== 'paragraph') return;
    const at = offset(n, 'start');
    if (at < s.start || at >= s.end) return;
    for (const m of renderedText(n).matchAll(SECURITY_LINE)) {
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
    const sectionTitle = enclosingTitle(headings, offset(n, 'start'));
    out.push({ checked: n.checked, text: renderedText(n).trim(), range: nodeRange(n), ...(sectionTitle !== undefined ? { sectionTitle } : {}) });
  });
  return out;
}

function readCodeBlocks(md: MarkdownDoc, sections: Section[]): CodeBlock[] {
  const out: CodeBlock[] = [];
  const headings = sections.filter((s) => s.kind === 'heading');
  const visit = (parent: Parent) => {
    parent.children.forEach((n, i) => {
      if (n.type !== 'code') {
        if ('children' in n && n.type !== 'paragraph' && n.type !== 'heading' && n.type !== 'table') visit(n as Parent);
        return;
      }
      const range = nodeRange(n);
      const prev = parent.children[i - 1];
      const sectionTitle = enclosingTitle(headings, offset(n, 'start'));
      out.push({
        ...(n.lang ? { lang: n.lang } : {}),
        ...(n.meta ? { meta: n.meta } : {}),
        value: n.value,
        range,
        start: offset(n, 'start'),
        topLevel: parent === md.tree,
        ...(prev?.type === 'paragraph' ? { label: { text: renderedText(prev).trim(), source: md.text.slice(offset(prev, 'start'), offset(prev, 'end')), range: nodeRange(prev) } } : {}),
        valueLine: range.line + 1,
        ...(sectionTitle !== undefined ? { sectionTitle } : {}),
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

/** Title of the last heading at or before an offset. */
function enclosingTitle(headings: Section[], at: number): string | undefined {
  let title: string | undefined;
  for (const h of headings) {
    if (h.start > at) break;
    title = h.title;
  }
  return title;
}
