import type { Code, Heading, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Table, TableCell, TableRow, ThematicBreak } from 'mdast';
import { parseInline, type InlineSource } from './markdown-inline.js';
import { Positioner, Unsupported } from './markdown-subset-shared.js';
import { LineIndex } from './position.js';
import type { Position } from 'unist';

/**
 * A fast parser for the markdown RFCs are written in: ATX headings, paragraphs, closed fenced
 * code, GFM tables at the top level, bullet and ordered lists (nested, with GFM task items) and
 * thematic breaks, with the inline constructs of markdown-inline.ts. It builds the same mdast
 * (types, nesting, positions, values) micromark with the GFM table, task-list and strikethrough
 * extensions builds for such a file, and returns undefined for any file that steps outside the
 * subset — block quotes, HTML blocks, indented code, setext headings, link definitions, tabs,
 * CR line endings, empty list items, unclosed fences, … — so the caller can parse it with
 * micromark instead. A differential test holds the two parsers to the same result.
 *
 * Why: micromark reads about 1 MB/s on a cold process; a 2,000-RFC repository takes half a
 * minute before the first finding. This reads the same files in a fraction of that.
 */
export function parseMarkdownSubset(text: string, lines?: LineIndex): Root | undefined {
  if (/[\t\r\0\uFEFF]/.test(text)) return undefined;
  try {
    return new SubsetParser(text, lines ?? new LineIndex(text)).parse();
  } catch (e) {
    if (e instanceof Unsupported) {
      if (process.env.SPECGATE_DEBUG_SUBSET) process.stderr.write(`subset: ${e.message}\n`);
      return undefined;
    }
    throw e;
  }
}

interface Frame {
  node: Root | ListItem;
  /** Column (0-based) where the container's content starts. */
  col: number;
  leaf?: Leaf;
  /** The list that is this container's last child, while a sibling item may still join it. */
  list?: { node: List; kind: string };
}

interface Line {
  /** Offset where the content starts (after the prefix and leading spaces). */
  start: number;
  /** Offset of the line's end (before `\n`). */
  end: number;
}

type Leaf =
  | { kind: 'paragraph'; lines: Line[] }
  | { kind: 'fence'; marker: string; size: number; indent: number; info: string; start: number; values: string[] }
  | { kind: 'table'; rows: Line[]; columns: number; end: number };

const DELIMITER_ROW = /^ {0,3}(?! )\|?[ ]*:?-+:?[ ]*(?:\|[ ]*:?-+:?[ ]*)*\|?[ ]*$/;
const THEMATIC = /^([-*_])(?:[ ]*\1){2,}[ ]*$/;
const SETEXT = /^(?:=+|-+)[ ]*$/;
const BULLET = /^([-+*])( +|$)/;
const ORDERED = /^(\d{1,9})([.)])( +|$)/;
const FENCE = /^(`{3,}|~{3,})(.*)$/;
const ATX = /^(#{1,6})(?=[ ]|$)/;

/** First characters of the lines that may be anything but paragraph text. */
const BLOCK_START: boolean[] = [];
for (const ch of '#`~-*_+=0123456789|<>') BLOCK_START[ch.charCodeAt(0)] = true;

class SubsetParser {
  private readonly lines: LineIndex;
  private readonly pos: Positioner;
  private readonly root: Root = { type: 'root', children: [] };
  private readonly stack: Frame[];

  constructor(
    private readonly text: string,
    lines: LineIndex,
  ) {
    this.lines = lines;
    this.pos = new Positioner(this.lines);
    this.stack = [{ node: this.root, col: 0 }];
  }

  parse(): Root {
    const t = this.text;
    const count = this.lines.lineCount;
    for (let n = 1; n <= count; ) {
      const ls = this.lines.lineStart(n);
      const le = n < count ? this.lines.lineStart(n + 1) - 1 : t.length;
      n = this.line(ls, le, n) + 1;
    }
    this.closeFrames(1);
    this.closeLeaf(this.stack[0]!);
    this.root.position = this.pos.span(0, t.length);
    return this.root;
  }

  /** One line; returns the number of the last line it consumed (a table's delimiter row). */
  private line(ls: number, le: number, n: number): number {
    const t = this.text;
    let ind = 0;
    while (t.charCodeAt(ls + ind) === 32) ind++;
    const blank = ls + ind >= le;
    let m = 1;
    if (blank) m = this.stack.length;
    else while (m < this.stack.length && this.stack[m]!.col <= ind) m++;
    const tip = this.stack[this.stack.length - 1]!;
    const leaf = tip.leaf;

    if (leaf?.kind === 'fence') {
      if (m < this.stack.length) throw new Unsupported('fence left open by its container');
      this.fenceLine(tip, leaf, ls, le, ind, blank);
      return n;
    }
    if (leaf?.kind === 'table') {
      if (blank) {
        this.closeLeaf(tip);
        return n;
      }
      if (ind < 4 && t.charCodeAt(ls + ind) === 124) {
        leaf.rows.push({ start: ls + ind, end: le });
        return n;
      }
      throw new Unsupported('table followed by a non-row line');
    }
    if (blank) {
      this.closeLeaf(tip);
      return n;
    }
    if ((this.hasPipe(ls, le) || t.charCodeAt(ls + ind) === 58 || t.charCodeAt(ls + ind) === 45) && DELIMITER_ROW.test(t.slice(ls + ind, le)) && /[|:]/.test(t.slice(ls, le))) {
      // `| --- |`, `:-`, `-:`, at any indentation (a list item moves the margin): it would make
      // the paragraph above it a table header.
      throw new Unsupported('table delimiter row outside a table');
    }

    let frame = this.stack[m - 1]!;
    let col = ind;
    let paraOpen = leaf?.kind === 'paragraph';
    let atParaLevel = paraOpen && m === this.stack.length;
    // Containers opened on a line that interrupts a paragraph interrupt it too (micromark).
    const interrupting = atParaLevel;
    for (;;) {
      const rel = col - frame.col;
      const at = ls + col;
      if (rel >= 4) {
        if (paraOpen) return this.continueParagraph(tip, ls + this.stack[m - 1]!.col, le, n);
        throw new Unsupported('indented code');
      }
      const c = t.charCodeAt(at);
      if (!BLOCK_START[c]) {
        // A letter or other plain character: paragraph text, the most common line by far.
        return this.paragraphLine(paraOpen, tip, frame, m, ls, at, le, n);
      }
      const rest = t.slice(at, le);
      if (c === 62) throw new Unsupported('block quote');
      if (c === 60 && /^<[A-Za-z/!?]/.test(rest)) throw new Unsupported('HTML block');
      if (c === 35) {
        const h = ATX.exec(rest);
        if (h) {
          if (frame.node.type === 'listItem') throw new Unsupported('heading in a list item');
          this.closeFrames(m);
          this.closeLeaf(frame);
          this.add(frame, this.heading(h[1]!.length, at, le));
          return n;
        }
      }
      if (c === 96 || c === 126) {
        const f = FENCE.exec(rest);
        if (f && !(c === 96 && f[2]!.includes('`'))) {
          if (/[\\&]/.test(f[2]!)) throw new Unsupported('escape or reference in a fence info string');
          this.closeFrames(m);
          this.closeLeaf(frame);
          frame.leaf = { kind: 'fence', marker: f[1]![0]!, size: f[1]!.length, indent: rel, info: f[2]!.replace(/^ +/, ''), start: at, values: [] };
          frame.list = undefined;
          return n;
        }
      }
      if (atParaLevel && (c === 61 || c === 45) && SETEXT.test(rest)) throw new Unsupported('setext heading');
      if ((c === 42 || c === 45 || c === 95) && THEMATIC.test(rest)) {
        this.closeFrames(m);
        this.closeLeaf(frame);
        const node: ThematicBreak = { type: 'thematicBreak', position: this.pos.span(at, le) };
        this.add(frame, node);
        return n;
      }
      const bullet = c === 42 || c === 43 || c === 45 ? BULLET.exec(rest) : null;
      const ordered = !bullet && c >= 48 && c <= 57 ? ORDERED.exec(rest) : null;
      if (bullet || ordered) {
        const markerWidth = bullet ? 1 : ordered![1]!.length + 1;
        const spaces = (bullet ? bullet[2] : ordered![3])!.length;
        const interrupts = interrupting && ordered !== null && ordered[1] !== '1';
        if (!interrupts) {
          if (at + markerWidth + spaces >= le || t.slice(at + markerWidth, le).trim() === '') throw new Unsupported('empty list item');
          if (spaces >= 5) throw new Unsupported('list item starting with indented code');
          this.closeFrames(m);
          this.closeLeaf(frame);
          const kind = bullet ? bullet[1]! : ordered![2]!;
          let list = frame.list?.kind === kind ? frame.list.node : undefined;
          if (!list) {
            list = { type: 'list', ordered: !bullet, start: bullet ? null : Number(ordered![1]), spread: false, children: [] };
            this.add(frame, list);
            frame.list = { node: list, kind };
          }
          const item: ListItem = { type: 'listItem', spread: false, checked: null, children: [], position: this.pos.span(at, at) };
          list.children.push(item);
          const child: Frame = { node: item, col: col + markerWidth + spaces };
          this.stack.push(child);
          frame = child;
          m = this.stack.length;
          col = child.col;
          paraOpen = false;
          atParaLevel = false;
          continue;
        }
      }
      if (c === 124 && !paraOpen && n < this.lines.lineCount) {
        const delimiter = this.lines.lineText(n + 1);
        if (delimiter.includes('|') && DELIMITER_ROW.test(delimiter)) {
          if (frame.node.type !== 'root') throw new Unsupported('table in a list item');
          if (t.slice(at, le).trim() === '|') throw new Unsupported('table header of one pipe');
          if (/^ {0,3}[-+*] /.test(delimiter)) throw new Unsupported('delimiter row that reads as a list item');
          this.closeFrames(m);
          this.closeLeaf(frame);
          const columns = cells(t, at, le).length;
          if (columns !== delimiterCells(delimiter)) throw new Unsupported('table header and delimiter row differ');
          // A table without body rows ends with its delimiter row.
          frame.leaf = { kind: 'table', rows: [{ start: at, end: le }], columns, end: this.lines.lineStart(n + 1) + delimiter.length };
          frame.list = undefined;
          return n + 1;
        }
      }
      return this.paragraphLine(paraOpen, tip, frame, m, ls, at, le, n);
    }
  }

  /** A line of paragraph text: it continues the open paragraph, or starts one in `frame`. */
  private paragraphLine(paraOpen: boolean, tip: Frame, frame: Frame, m: number, ls: number, at: number, le: number, n: number): number {
    if (paraOpen) return this.continueParagraph(tip, ls + this.stack[m - 1]!.col, le, n);
    this.closeFrames(m);
    this.closeLeaf(frame);
    frame.leaf = { kind: 'paragraph', lines: [{ start: at, end: le }] };
    frame.list = undefined;
    return n;
  }

  private pipeAt = -1;

  /** Whether a `|` is in [ls, le), finding each pipe of the text once. */
  private hasPipe(ls: number, le: number): boolean {
    if (this.pipeAt < ls && this.pipeAt !== Infinity) {
      const i = this.text.indexOf('|', ls);
      this.pipeAt = i < 0 ? Infinity : i;
    }
    return this.pipeAt < le;
  }

  /**
   * A continuation line from `start`, where the matched containers' prefix ends: micromark keeps
   * the spaces after it in the paragraph's text (a code span keeps them; text drops them).
   */
  private continueParagraph(tip: Frame, start: number, le: number, n: number): number {
    (tip.leaf as Extract<Leaf, { kind: 'paragraph' }>).lines.push({ start, end: le });
    return n;
  }

  private fenceLine(frame: Frame, leaf: Extract<Leaf, { kind: 'fence' }>, ls: number, le: number, ind: number, blank: boolean): void {
    const t = this.text;
    const rel = ind - frame.col;
    if (!blank && rel <= 3) {
      const rest = t.slice(ls + ind, le);
      const close = /^(`{3,}|~{3,})[ ]*$/.exec(rest);
      if (close && close[1]![0] === leaf.marker && close[1]!.length >= leaf.size) {
        const code: Code = { type: 'code', lang: null, meta: null, value: leaf.values.join('\n'), position: this.pos.span(leaf.start, le) };
        if (leaf.info.trim()) {
          // lang is the first word; meta the rest, its trailing spaces kept (as micromark does).
          const sp = leaf.info.indexOf(' ');
          code.lang = sp < 0 ? leaf.info : leaf.info.slice(0, sp);
          code.meta = sp < 0 ? null : leaf.info.slice(sp).replace(/^ +/, '') || null;
        }
        frame.leaf = undefined;
        this.add(frame, code);
        return;
      }
    }
    if (blank) {
      if (frame.node.type !== 'root' && le > ls) throw new Unsupported('whitespace-only line in a fence in a list item');
      leaf.values.push(frame.node.type === 'root' ? t.slice(ls + Math.min(le - ls, leaf.indent), le) : '');
      return;
    }
    const from = ls + frame.col + Math.min(Math.max(rel, 0), leaf.indent);
    leaf.values.push(t.slice(from, le));
  }

  private heading(depth: number, at: number, le: number): Heading {
    const t = this.text;
    let s = at + depth;
    while (s < le && t.charCodeAt(s) === 32) s++;
    let e = trimEnd(t, s, le);
    // A closing sequence: spaces and #s at the end (or a content of #s only).
    let k = e;
    while (k > s && t.charCodeAt(k - 1) === 35) k--;
    if (k < e && (k === s || t.charCodeAt(k - 1) === 32)) e = trimEnd(t, s, k);
    const node: Heading = { type: 'heading', depth: depth as Heading['depth'], children: [], position: this.pos.span(at, le) };
    if (e > s) node.children = parseInline({ content: t.slice(s, e), at: (i) => s + i }, this.pos).children;
    return node;
  }

  private add(frame: Frame, node: RootContent): void {
    (frame.node.children as RootContent[]).push(node);
    if (node.type !== 'list') frame.list = undefined;
  }

  /** Closes the containers from index `m` on (a line that did not continue them). */
  private closeFrames(m: number): void {
    while (this.stack.length > m) {
      const frame = this.stack.pop()!;
      this.closeLeaf(frame);
      const item = frame.node as ListItem;
      const last = item.children[item.children.length - 1];
      if (!last) throw new Unsupported('empty list item');
      item.position!.end = last.position!.end;
      const parent = this.stack[this.stack.length - 1]!;
      const list = parent.list?.node;
      if (list) {
        list.position = { start: list.children[0]!.position!.start, end: item.position!.end };
      }
    }
  }

  private closeLeaf(frame: Frame): void {
    const leaf = frame.leaf;
    if (!leaf) return;
    frame.leaf = undefined;
    if (leaf.kind === 'fence') throw new Unsupported('unclosed fence');
    if (leaf.kind === 'table') {
      this.add(frame, this.table(leaf));
      return;
    }
    this.add(frame, this.paragraph(frame, leaf.lines));
  }

  private paragraph(frame: Frame, lines: Line[]): Paragraph {
    const t = this.text;
    const first = lines[0]!.start;
    const raw = t.slice(first, lines[lines.length - 1]!.end);
    if (raw.charCodeAt(0) === 91 && raw.includes(']:')) throw new Unsupported('link reference definition');
    const item = frame.node.type === 'listItem' ? frame.node : undefined;
    const opensItem = item !== undefined && item.children.length === 0;
    const position = this.pos.span(first, lines[lines.length - 1]!.end);
    const source = () => paragraphSource(t, lines);
    if (!(opensItem && raw.charCodeAt(0) === 91)) return lazily({ type: 'paragraph', children: [], position }, raw, source, this.pos);
    const src = source();
    const inline = parseInline(src, this.pos, true);
    const node: Paragraph = { type: 'paragraph', children: inline.children, position };
    if (inline.checked !== undefined && item) {
      item.checked = inline.checked;
      if (inline.start) node.position!.start = this.pos.point(src.at(inline.start));
    }
    return node;
  }

  private table(leaf: Extract<Leaf, { kind: 'table' }>): Table {
    const t = this.text;
    const rows: TableRow[] = leaf.rows.map((r) => {
      const bounds = cells(t, r.start, r.end);
      if (bounds.length !== leaf.columns) throw new Unsupported('table row with a different number of cells');
      const children: TableCell[] = bounds.map(([s, e, cs, ce]) => {
        const cell: TableCell = { type: 'tableCell', children: [], position: this.pos.span(s, e) };
        if (ce === cs) return cell;
        const content = t.slice(cs, ce);
        return lazily(cell, content, () => ({ content, at: (i) => cs + i, cell: true }), this.pos);
      });
      return { type: 'tableRow', children, position: this.pos.span(r.start, r.end) };
    });
    const end = leaf.rows.length > 1 ? leaf.rows[leaf.rows.length - 1]!.end : leaf.end;
    return { type: 'table', align: [], children: rows, position: this.pos.span(leaf.rows[0]!.start, end) };
  }
}

/**
 * Inline content parsed when first read: most paragraphs and table cells of an RFC are never
 * looked into. Content that could make the inline parser give up (references, `<`, images,
 * link resources) is parsed now, so a file is still wholly in the subset or wholly out of it.
 */
function lazily<T extends Paragraph | TableCell>(node: T, raw: string, source: () => InlineSource, pos: Positioner): T {
  if (RISKY.test(raw)) {
    node.children = parseInline(source(), pos).children;
    return node;
  }
  return new LazyInline(node.type, node.position!, source, pos) as unknown as T;
}

/** A paragraph's inline text: lines joined by `\n`, the last one's trailing spaces removed. */
function paragraphSource(t: string, lines: Line[]): InlineSource {
  const segments: Array<[number, number]> = [];
  let content = '';
  lines.forEach((l, i) => {
    if (i > 0) content += '\n';
    segments.push([content.length, l.start]);
    content += t.slice(l.start, i === lines.length - 1 ? trimEnd(t, l.start, l.end) : l.end);
  });
  return { content, at: (i) => offsetIn(segments, i) };
}

/** A paragraph or table cell whose children are parsed on first read (a prototype getter keeps the shape fixed). */
class LazyInline {
  #children: PhrasingContent[] | undefined;
  readonly #source: () => InlineSource;
  readonly #pos: Positioner;

  constructor(
    readonly type: 'paragraph' | 'tableCell',
    readonly position: Position,
    source: () => InlineSource,
    pos: Positioner,
  ) {
    this.#source = source;
    this.#pos = pos;
  }

  get children(): PhrasingContent[] {
    return (this.#children ??= parseInline(this.#source(), this.#pos).children);
  }

  set children(value: PhrasingContent[]) {
    this.#children = value;
  }
}

const RISKY = /[&<]|!\[|\]\(/;

function trimEnd(t: string, s: number, e: number): number {
  while (e > s && t.charCodeAt(e - 1) === 32) e--;
  return e;
}

function offsetIn(segments: Array<[number, number]>, i: number): number {
  let k = segments.length - 1;
  while (k > 0 && segments[k]![0] > i) k--;
  const [c, o] = segments[k]!;
  return o + (i - c);
}

/**
 * Cells of a table row that starts with `|` at `s` and whose line ends at `lineEnd`:
 * [cell start, cell end, content start, content end]. A cell runs from its pipe to the next
 * pipe; the last one takes the closing pipe and any spaces after it. `\|` and `\\` do not split.
 */
function cells(t: string, s: number, lineEnd: number): Array<[number, number, number, number]> {
  const e = trimEnd(t, s, lineEnd);
  const pipes: number[] = [s];
  // From pipe to pipe (indexOf runs natively); a pipe after an odd run of backslashes is escaped,
  // as micromark pairs `\\` and `\|` from the left.
  for (let i = t.indexOf('|', s + 1); i >= 0 && i < e; i = t.indexOf('|', i + 1)) {
    let k = i;
    while (k > s && t.charCodeAt(k - 1) === 92) k--;
    if ((i - k) % 2 === 0) pipes.push(i);
  }
  const closed = pipes.length > 1 && pipes[pipes.length - 1] === e - 1;
  const out: Array<[number, number, number, number]> = [];
  const count = closed ? pipes.length - 1 : pipes.length;
  for (let k = 0; k < count; k++) {
    const start = pipes[k]!;
    const next = k + 1 < pipes.length ? pipes[k + 1]! : e;
    const end = k === count - 1 ? lineEnd : next;
    let cs = start + 1;
    let ce = next;
    while (cs < ce && t.charCodeAt(cs) === 32) cs++;
    while (ce > cs && t.charCodeAt(ce - 1) === 32) ce--;
    out.push([start, end, cs, ce]);
  }
  return out;
}

function delimiterCells(line: string): number {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').length;
}

