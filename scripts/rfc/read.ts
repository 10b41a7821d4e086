import type { Heading, ListItem, Nodes, Parent, RootContent, Yaml } from 'mdast';
import { fileNumberOf } from '../core/preset/process.js';
import type { TreeNode } from '../core/model/tree.js';
import { parseYaml } from '../core/parse/yaml-tree.js';
import type { Range } from '../core/model/position.js';
import type { MarkdownDoc } from '../core/parse/markdown.js';
import type { CitationContext } from './citations.js';
import { findProseCitations, findRfcCitations } from './citations.js';
import type { AnswerSection, CodeBlock, HeaderRow, HeaderTable, UnrenderedTable, OpenQuestions, ProseCitation, QuestionItem, RfcDocument, Section, SecurityLine, TaskItem, TitleLine } from './document.js';
import type { ReaderTitles } from './document.js';
import { ALL_RESOLVED, DEFAULT_SHAPE, DEFAULT_TITLES, questionsSection, sectionByTitle } from './document.js';
import { nodeRange, offset, renderedText, walk, walkBlocks } from './mdast.js';
import { indexSections, sectionBlocks } from './sections.js';

/**
 * An RFC's mdast tree → its RfcDocument (plain data). The only module that reads RFC markdown;
 * load.ts caches what it returns, so a change here must change the reader's fingerprint (it does:
 * the fingerprint hashes this folder).
 */

/**
 * `titles`: the headings of the questions, the errata and the Security lines, and the header's
 * form, the file name and the title line (the run's process; the `specgate` preset's by default).
 * A preamble process's markdown is parsed with front matter (core/parse/markdown.ts parseRfcMarkdown).
 */
export function readRfc(md: MarkdownDoc, titles: ReaderTitles = DEFAULT_TITLES): RfcDocument {
  const shape = { ...DEFAULT_SHAPE, ...titles };
  const base = md.file.slice(md.file.lastIndexOf('/') + 1);
  const children = md.tree.children;
  const titleNode = children.find((n): n is Heading => n.type === 'heading' && n.depth === 1);
  const index = indexSections(md.tree, titles.unresolvedQuestions, md.text);
  const fileNumber = fileNumberOf(base, shape.fileName);
  const preamble = children[0]?.type === 'yaml' ? children[0] : undefined;
  return {
    file: md.file,
    ...(fileNumber ? { fileNumber } : {}),
    ...(titleNode && shape.titleLine !== null ? { title: readTitle(titleNode, titleLinePattern(shape.titleLine, /\{number:(\d+)\}/.exec(shape.fileName)?.[1])) } : {}),
    header: shape.headerForm === 'preamble' ? readPreamble(md, preamble) : readHeader(md),
    links: readLinks(md),
    ...(shape.citationForms.length ? { firstMentions: readFirstMentions(md, shape.citationForms, shape.fileName) } : {}),
    ...index,
    errata: listItemsUnder(md, index.sections, titles.errata).map((item) => ({
      range: nodeRange(item),
      start: offset(item, 'start'),
      end: offset(item, 'end'),
      text: renderedText(item).trim(),
      source: md.text.slice(offset(item, 'start'), offset(item, 'end')),
    })),
    securityLines: readSecurityLines(md, index.sections, titles.security),
    taskItems: readTaskItems(md, index.sections),
    codeBlocks: readCodeBlocks(md, index.sections),
    ...readQuestions(md, index.sections, titles.unresolvedQuestions),
    ...readCitations(md, index.sections),
  };
}

/** A heading that records answers: "Resolution", "Phase-0 resolution (architect ruling)", "Decisions", "Resolved questions". */
const ANSWER_HEADING = /\b(?:resolutions?|rulings?|decided|decisions?|resolved)\b/i;

function readQuestions(md: MarkdownDoc, sections: Section[], title: string): { questions?: OpenQuestions } {
  const s = questionsSection({ sections, unresolvedQuestions: [] }, title);
  if (!s) return {};
  const blocks = sectionBlocks(md.tree, s).slice(1);
  const lead: string[] = [];
  const leadProse: string[] = [];
  const items: QuestionItem[] = [];
  for (const b of blocks) {
    if (b.type === 'heading') break;
    if (b.type === 'list') {
      b.children.forEach((item, i) => {
        const title = boldTitle(item);
        items.push({ ...(b.ordered ? { number: (b.start ?? 1) + i } : {}), ...(title ? { title } : {}), text: prose(item, true), prose: prose(item), body: prose(item, false, title ? firstChild(item) : undefined), range: nodeRange(item) });
      });
    } else if (items.length === 0) {
      lead.push(prose(b, true));
      leadProse.push(prose(b));
    }
  }
  const answers: AnswerSection[] = sections
    .filter((x) => x.kind === 'heading' && x.start > s.start && ANSWER_HEADING.test(x.title))
    .map((x) => {
      const own = sectionBlocks(md.tree, x).slice(1);
      const numbers: number[] = [];
      const titles: string[] = [];
      let all = false;
      for (const b of own) {
        if (b.type === 'list') {
          b.children.forEach((item, i) => {
            if (b.ordered) numbers.push((b.start ?? 1) + i);
            const t = boldTitle(item);
            if (t) titles.push(t);
          });
        } else if (b.type === 'paragraph' && ALL_RESOLVED.test(prose(b))) all = true;
      }
      return { title: x.title, range: x.range, all, numbers, titles };
    });
  return { questions: { leadIn: lead.join('\n'), leadInProse: leadProse.join('\n'), items, answers } };
}

/** Rendered text without struck-through text (which the author withdrew), without inline code unless `code`, and without `skip` (a bold title). */
function prose(node: Nodes, code = false, skip?: Nodes): string {
  if (node === skip || node.type === 'delete' || node.type === 'html' || (node.type === 'inlineCode' && !code)) return ' ';
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map((n) => prose(n, code, skip)).join('');
  return '';
}

/** The first inline node of a list item's first paragraph: its bold title when it has one. */
function firstChild(item: ListItem): Nodes | undefined {
  const first = item.children[0];
  return first?.type === 'paragraph' ? first.children[0] : undefined;
}

/** The bold run opening a list item's first paragraph (`**Directory semantics.** …`), trimmed of its closing punctuation. */
function boldTitle(item: ListItem): string | undefined {
  const first = item.children[0];
  const strong = first?.type === 'paragraph' ? first.children[0] : undefined;
  if (strong?.type !== 'strong') return undefined;
  const t = renderedText(strong).trim().replace(/[.:?!]+$/, '').trim();
  return t || undefined;
}

/** Section citations in the prose: everything but code and HTML (citations.ts says what counts). */
function readCitations(md: MarkdownDoc, sections: Section[]): { citations: ProseCitation[]; citedRfcs: string[] } {
  const skip: Array<[number, number]> = [];
  walk(md.tree, (n) => {
    if (n.type === 'code' || n.type === 'inlineCode' || n.type === 'html') skip.push([offset(n, 'start'), offset(n, 'end')]);
  });
  const found = findRfcCitations(md.text, skip, undefined, citationContext(md, sections));
  return {
    citations: found.flatMap((c) =>
      c.section === undefined
        ? []
        : [{ ...(c.rfc ? { rfc: c.rfc } : {}), section: c.section, text: `${c.rfc && !c.bare ? `RFC ${c.rfc} ` : ''}§${c.section}`, range: md.lines.range(c.start, c.end), ...(c.bare ? { bare: true as const } : {}), ...(c.explicit ? { explicit: true as const } : {}), ...(c.nearby ? { nearby: c.nearby } : {}) }],
    ),
    // Every RFC the prose names, with or without a section (the report's citation graph); a bare
    // § read as a nearby RFC names nothing new.
    citedRfcs: [...new Set(found.flatMap((c) => (c.rfc && !c.bare ? [c.rfc] : [])))].sort(),
  };
}

/**
 * Where a bare `§` stands, read from the tree: its table row, else its list item, else its
 * paragraph or heading, cut at a bold label inside it (`**§A.3**` opens a sub-section of its own);
 * and the RFCs the nearest heading above it names ("RFC 0147 §A.6 treatment"). Asked in text
 * order (citations.ts reads left to right), each answer moves a cursor forward: linear in the
 * document, whatever the number of citations.
 */
function citationContext(md: MarkdownDoc, sections: Section[]): CitationContext {
  type Scope = { start: number; end: number; rank: number };
  const scopes: Scope[] = [];
  const headings: Array<{ start: number; rfcs: string[] }> = [];
  walk(md.tree, (n) => {
    const rank = n.type === 'tableRow' ? 3 : n.type === 'listItem' ? 2 : n.type === 'paragraph' || n.type === 'heading' ? 1 : 0;
    if (rank) scopes.push({ start: offset(n, 'start'), end: offset(n, 'end'), rank });
    if (n.type === 'heading') headings.push({ start: offset(n, 'start'), rfcs: [...new Set(findProseCitations(renderedText(n)).map((c) => c.rfc))] });
  });
  // Tree nodes nest, so the scopes open at a point form a stack; each entry keeps the best scope
  // of its stack (highest rank, innermost on a tie).
  scopes.sort((a, b) => a.start - b.start || b.end - a.end);
  const labels = sections.filter((s) => s.kind === 'label').map((s) => s.start).sort((a, b) => a - b);
  let stack: Array<{ scope: Scope; best: Scope }> = [];
  let next = 0;
  let label = 0;
  let heading = 0;
  let last = -1;
  const rewind = (at: number) => {
    if (at >= last) return;
    stack = [];
    next = 0;
    label = 0;
    heading = 0;
  };
  return {
    scopeStart(at) {
      rewind(at);
      last = at;
      while (next < scopes.length && scopes[next]!.start <= at) {
        const s = scopes[next++]!;
        while (stack.length && stack[stack.length - 1]!.scope.end <= s.start) stack.pop();
        const parent = stack[stack.length - 1]?.best;
        stack.push({ scope: s, best: parent && parent.rank > s.rank ? parent : s });
      }
      while (stack.length && stack[stack.length - 1]!.scope.end <= at) stack.pop();
      let from = stack[stack.length - 1]?.best.start ?? at;
      while (label < labels.length && labels[label]! < at) label++;
      const before = labels[label - 1];
      if (before !== undefined && before > from) from = before;
      return from;
    },
    headingRfcs(at) {
      rewind(at);
      last = at;
      while (heading < headings.length && headings[heading]!.start < at) heading++;
      return headings[heading - 1]?.rfcs ?? [];
    },
  };
}

function readTitle(node: Heading, pattern: { re: RegExp; number: number; title: number }): TitleLine {
  const text = renderedText(node).trim();
  const m = pattern.re.exec(text);
  return { range: nodeRange(node), text, ...(m && pattern.number > 0 ? { number: m[pattern.number]!, name: pattern.title > 0 ? m[pattern.title]!.trim() : '' } : {}) };
}

/**
 * A process's title line (`RFC {number}: {title}`) as a pattern (the number as wide as the file
 * name's), and which group holds each part. Each placeholder counts once (a second is literal
 * text): one `(.*)` per pattern keeps the match linear on a hostile heading.
 */
function titleLinePattern(line: string, digits: string | undefined): { re: RegExp; number: number; title: number } {
  const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/: /g, ':\\s*').replace(/ /g, '\\s+');
  const parts = line.split(/(\{number\}|\{title\})/);
  let number = 0;
  let title = 0;
  let group = 0;
  const source = parts
    .map((p) => {
      if (p === '{number}' && number === 0) return (number = ++group), digits ? `(\\d{${digits}})` : '(\\d+)';
      if (p === '{title}' && title === 0) return (title = ++group), '(.*)';
      return escape(p);
    })
    .join('');
  return { re: new RegExp(`^${source}$`), number, title };
}

/**
 * The YAML front matter as header rows (EIP-1's preamble: `eip: 1`, `status: Last Call`), parsed
 * by js-yaml through the corpus's YAML path (core/parse/yaml-tree.ts) so each key and value keeps its
 * place. A value is written as the file has it (`created: 2015-10-27` stays that text, not a
 * date); a list is its items joined by `, `.
 */
function readPreamble(md: MarkdownDoc, node: Yaml | undefined): HeaderTable {
  if (!node) return { form: 'preamble', columns: [], rows: [] };
  const range = nodeRange(node);
  const nodeStart = offset(node, 'start');
  const at = node.value === '' ? -1 : md.text.indexOf(node.value, nodeStart);
  if (at < 0) return { form: 'preamble', range, columns: [], rows: [] };
  const yaml = parseYaml(md.file, node.value);
  const place = (start: number, end: number) => md.lines.range(at + start, at + end);
  const problems = yaml.problems.filter((p) => p.code !== 'bom').map((p) => ({ message: p.message, range: place(p.start, Math.max(p.end, p.start)) }));
  const root = yaml.ok ? yaml.root : undefined;
  const value = (yaml.value ?? {}) as Record<string, unknown>;
  const rows: HeaderRow[] = [];
  if (root?.kind === 'object') {
    for (const e of root.entries) {
      const text = scalarText(node.value, e.value, value[e.key]);
      rows.push({
        field: e.key,
        value: text.trim(),
        range: place(e.keyStart, e.value.end),
        valueRange: place(e.value.start, e.value.end),
        valueSource: node.value.slice(e.value.start, e.value.end),
        valueAt: md.lines.at(at + e.value.start),
        codes: [],
      });
    }
  } else if (yaml.ok) problems.push({ message: 'the preamble is not a mapping of fields to values', range });
  return { form: 'preamble', range, columns: [], rows, ...(problems.length ? { preambleProblems: problems } : {}) };
}

/** A preamble value as text: a string as js-yaml read it, any other scalar as written, a list's items joined. */
function scalarText(source: string, node: TreeNode, constructed: unknown): string {
  if (typeof constructed === 'string') return constructed;
  if (node.kind === 'array') return node.items.map((i) => source.slice(i.start, i.end).replace(/^["']|["']$/g, '')).join(', ');
  return source.slice(node.start, node.end);
}

/**
 * The first mention of each RFC number the prose names in a citation form (`EIP-{number}`, case
 * aside), in document order, headings included; code, HTML and images are not prose. A mention is
 * linked when it is in a link's text, or when its paragraph (heading, table cell) links that RFC's
 * file (`See EIP-155 for a [complete list](./eip-155.md#…)`: EIP-1 asks that the mention be
 * "accompanied by" a link). One entry per number: what `rfcs/citation-linked` needs, bounded by
 * the numbers a document names.
 */
function readFirstMentions(md: MarkdownDoc, forms: readonly string[], fileName: string): NonNullable<RfcDocument['firstMentions']> {
  const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = forms.map((f) => f.split('{number}').map(escape).join('(\\d+)')).map((f) => `(?:${f})`).join('|');
  const re = new RegExp(`\\b(?:${source})(?!\\d)`, 'gi');
  const seen = new Map<string, { number: string; text: string; range: Range; linked: boolean }>();
  const strip = (n: string) => n.replace(/^0+(?=\d)/, '');
  /** The RFC numbers a block's links point at, by their file names. */
  const linkedIn = (block: Nodes): Set<string> => {
    const out = new Set<string>();
    walk(block, (x) => {
      if (x.type !== 'link') return;
      const base = x.url.replace(/[#?].*$/, '').split('/').pop() ?? '';
      const number = fileNumberOf(base, fileName);
      if (number !== undefined) out.add(strip(number));
    });
    return out;
  };
  let blockLinks = new Set<string>();
  const visit = (n: Nodes, linked: boolean) => {
    if (n.type === 'paragraph' || n.type === 'heading' || n.type === 'tableCell') blockLinks = linkedIn(n);
    if (n.type === 'code' || n.type === 'inlineCode' || n.type === 'html' || n.type === 'image' || n.type === 'imageReference' || n.type === 'definition' || n.type === 'yaml') return;
    if (n.type === 'text') {
      const at = offset(n, 'start');
      const raw = md.text.slice(at, offset(n, 'end'));
      // Positions come from the source: a text node's value equals its source unless escapes are in it.
      const text = raw === n.value ? raw : undefined;
      for (const m of n.value.matchAll(re)) {
        const number = strip(m.slice(1).find((g) => g !== undefined)!);
        if (seen.has(number)) continue;
        const range = text === undefined ? nodeRange(n) : md.lines.range(at + m.index!, at + m.index! + m[0].length);
        seen.set(number, { number, text: m[0], range, linked: linked || blockLinks.has(number) });
      }
      return;
    }
    if ('children' in n) for (const c of n.children as Nodes[]) visit(c, linked || n.type === 'link' || n.type === 'linkReference');
  };
  visit(md.tree as unknown as Nodes, false);
  return [...seen.values()];
}

/** Links to relative paths (`./eip-1.md`, `../RFCS/0001-x.md#b`): where a citation of another RFC file points. */
function readLinks(md: MarkdownDoc): Array<{ url: string; range: Range }> {
  const out: Array<{ url: string; range: Range }> = [];
  walk(md.tree, (n) => {
    if ((n.type === 'link' || n.type === 'definition') && !/^[a-z][a-z0-9+.-]*:|^#|^\//i.test(n.url)) out.push({ url: n.url, range: nodeRange(n) });
  });
  return out;
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
          ...cellsOf(md, offset(row, 'start'), offset(row, 'end'), head?.children.length ?? 0),
        };
      }),
      ...quoted,
    };
  }
  return { columns: [], rows: [], ...quoted, ...unrenderedTable(md) };
}

/** The unescaped `|` separators of a table line, as offsets in it: GFM splits at each, inside code spans too. */
function pipes(line: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '|') out.push(i);
  }
  return out;
}

/** Cells of a table line as written (GFM's count), and the separator that opens the first cell past `width`. */
function cellCount(line: string, width: number): { cells: number; extra?: number } {
  const t = line.replace(/\s+$/, '');
  const lead = t.length - t.trimStart().length;
  const at = pipes(t);
  const inner = at.filter((i) => i !== lead && i !== t.length - 1);
  const cells = inner.length + 1;
  return { cells, ...(width > 0 && cells > width ? { extra: inner[width - 1] } : {}) };
}

function cellsOf(md: MarkdownDoc, start: number, end: number, width: number): Pick<HeaderRow, 'sourceCells' | 'extraPipe'> {
  const { cells, extra } = cellCount(md.text.slice(start, end), width);
  return { sourceCells: cells, ...(extra !== undefined ? { extraPipe: md.lines.at(start + extra) } : {}) };
}

const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const TABLE_LINE = /^\s*\|/;

/**
 * Between the title and the first section, a `|` line followed by a delimiter row that did not
 * render as a table: why (the cell counts, the extra `|`), and its rows as written.
 */
function unrenderedTable(md: MarkdownDoc): Pick<HeaderTable, 'unrendered' | 'sourceRows'> {
  const firstSection = (md.tree.children as RootContent[]).find((n) => n.type === 'heading' && n.depth >= 2);
  const end = firstSection ? offset(firstSection, 'start') : md.text.length;
  const lines = md.text.slice(0, end).split('\n');
  for (let i = 0; i + 1 < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1]!;
    if (TABLE_LINE.test(line) && DELIMITER_ROW.test(next)) {
      const delimiterCells = cellCount(next, 0).cells;
      const head = cellCount(line, delimiterCells);
      const lineNo = i + 1;
      const unrendered: UnrenderedTable = {
        range: { line: lineNo, column: 1, endLine: lineNo, endColumn: line.length + 1 },
        headerCells: head.cells,
        delimiterCells,
        ...(head.extra !== undefined ? { extraPipe: { line: lineNo, column: head.extra + 1 } } : {}),
      };
      const rows: HeaderRow[] = [];
      for (let j = i + 2; j < lines.length && TABLE_LINE.test(lines[j]!); j++) {
        const text = lines[j]!;
        const cuts = pipes(text);
        const cells = cuts.slice(0, -1).map((c, k) => text.slice(c + 1, cuts[k + 1]));
        const [field = '', value = ''] = cells;
        const codes = [...value.matchAll(/`([^`]*)`/g)].map((m) => {
          const col = cuts[1]! + 1 + m.index! + 1;
          return { value: m[1]!, range: { line: j + 1, column: col, endLine: j + 1, endColumn: col + m[0].length } };
        });
        const range = { line: j + 1, column: 1, endLine: j + 1, endColumn: text.length + 1 };
        rows.push({ field: field.replace(/[*_`]/g, '').trim(), value: value.replace(/[*_`]/g, '').trim(), range, valueRange: range, codes });
      }
      return { unrendered, sourceRows: rows };
    }
  }
  return {};
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

function readSecurityLines(md: MarkdownDoc, sections: Section[], title: string): SecurityLine[] {
  const s = sectionByTitle({ sections, unresolvedQuestions: [] }, title);
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
    const at = offset(n, 'start');
    const sectionTitle = enclosingTitle(headings, at);
    const sectionTitles = headings.filter((h) => h.start <= at && at < h.end).map((h) => h.title);
    out.push({ checked: n.checked, text: renderedText(n).trim(), range: nodeRange(n), ...(sectionTitle !== undefined ? { sectionTitle } : {}), ...(sectionTitles.length ? { sectionTitles } : {}) });
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
