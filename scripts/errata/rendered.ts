import type { Nodes, Root } from 'mdast';

/**
 * The words a reader sees in some markdown blocks, each character tied to its source offset, so
 * a quotation matched on the rendered text (where `` `code` `` and *emphasis* are gone) can be
 * mapped back onto the exact source bytes.
 */
export interface Rendered {
  source: string;
  /** Rendered characters; blocks and table cells are separated by BLOCK_BREAK. */
  text: string;
  /** Source offset of each character of `text` (-1 for a BLOCK_BREAK). */
  at: number[];
  /** Inline markup (code, emphasis, links…): its rendered span and its source span. */
  markup: MarkupSpan[];
}

interface MarkupSpan {
  type: string;
  from: number;
  to: number;
  start: number;
  end: number;
}

/** Keeps a quotation from matching across two paragraphs or two table cells. */
export const BLOCK_BREAK = '\u0000';

const BLOCKS = new Set(['paragraph', 'heading', 'code', 'tableCell', 'thematicBreak', 'definition']);
const MARKUP = new Set(['inlineCode', 'emphasis', 'strong', 'delete', 'link', 'linkReference']);

export function render(nodes: readonly Nodes[], source: string): Rendered {
  const out: Rendered = { source, text: '', at: [], markup: [] };
  const chars: string[] = [];
  const push = (c: string, offset: number) => {
    chars.push(c);
    out.at.push(offset);
  };
  const walk = (node: Nodes) => {
    const pos = node.position;
    const start = pos?.start.offset ?? 0;
    const end = pos?.end.offset ?? start;
    const from = chars.length;
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') {
      const src = source.slice(start, end);
      align(node.value, src, start, openingFence(node.type, src)).forEach((offset, i) => push(node.value[i]!, offset));
    } else if (node.type === 'break') {
      push(' ', start);
    } else if ('children' in node) {
      for (const child of node.children as Nodes[]) walk(child);
    }
    if (MARKUP.has(node.type) && chars.length > from) out.markup.push({ type: node.type, from, to: chars.length, start, end });
    if (BLOCKS.has(node.type) && chars[chars.length - 1] !== BLOCK_BREAK) push(BLOCK_BREAK, -1);
  };
  for (const node of nodes) walk(node);
  out.text = chars.join('');
  return out;
}

/** Rendered text of a markdown snippet (a quotation in an erratum), parsed as its own document. */
export function renderSnippet(tree: Root, source: string): string {
  return render(tree.children, source).text.split(BLOCK_BREAK).filter(Boolean).join(' ');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Source offset of each character of a node's value. The parser drops line prefixes, backslashes
 * and code-span fences, and decodes entities, so the value is walked against the source, skipping
 * what the parser dropped.
 */
function align(value: string, src: string, base: number, from: number): number[] {
  const offsets: number[] = [];
  let j = from;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    let found = -1;
    while (j < src.length) {
      const s = src[j]!;
      if (s === '\\' && src[j + 1] === c && /[!-/:-@[-`{-~]/.test(c) && c !== '\\') {
        found = j;
        j += 2;
        break;
      }
      if (s === '&') {
        const m = /^&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/.exec(src.slice(j, j + 40));
        const decoded = m ? decodeEntity(m[1]!) : undefined;
        if (m && decoded === c && c !== '&') {
          found = j;
          j += m[0].length;
          break;
        }
      }
      if (s === c || (isSpace(s) && isSpace(c))) {
        found = j;
        j++;
        break;
      }
      j++;
    }
    offsets.push(base + (found === -1 ? Math.min(j, src.length) : found));
  }
  return offsets;
}

/** Where a node's value starts in its source: after a code span's backticks, or a fenced block's first line. */
function openingFence(type: string, src: string): number {
  if (type === 'inlineCode') return /^`*/.exec(src)![0].length;
  if (type === 'code' && /^[ \t]*(?:`{3,}|~{3,})/.test(src)) {
    const nl = src.search(/\r?\n|\r/);
    return nl === -1 ? src.length : nl;
  }
  return 0;
}

function decodeEntity(body: string): string | undefined {
  if (body[0] === '#') {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return NAMED_ENTITIES[body];
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0';
}

/** A rendered text folded for comparison: whitespace runs become one space, typographic quotes plain. */
export interface Folded {
  text: string;
  /** Index into the unfolded text of each folded character. */
  index: number[];
}

export function fold(text: string): Folded {
  let out = '';
  const index: number[] = [];
  let prevSpace = false;
  for (let i = 0; i < text.length; i++) {
    let c = text[i]!;
    if (isSpace(c)) {
      if (prevSpace) continue;
      prevSpace = true;
      c = ' ';
    } else {
      prevSpace = false;
      if (c === '\u2018' || c === '\u2019') c = "'";
      else if (c === '\u201c' || c === '\u201d') c = '"';
    }
    out += c;
    index.push(i);
  }
  return { text: out, index };
}

export function foldSnippet(text: string): string {
  return fold(text).text.trim();
}

/** Every start index of `needle` in `hay` (non-overlapping). */
export function occurrences(hay: string, needle: string): number[] {
  const found: number[] = [];
  if (!needle) return found;
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + needle.length)) found.push(i);
  return found;
}

export type SourceSpan = { start: number; end: number } | { cut: MarkupSpan };

/**
 * The source span of rendered characters [from, to). A span that covers a markup node's whole
 * rendered text takes in its fences (`` ` ``, `*`); one that cuts through a markup node is
 * returned as `cut`, since splicing it would break the markup.
 */
export function sourceSpan(r: Rendered, from: number, to: number): SourceSpan {
  let start = r.at[from]!;
  let end = r.at[to - 1]! + 1;
  for (const m of r.markup) {
    if (m.to <= from || m.from >= to) continue;
    if (m.from >= from && m.to <= to) {
      start = Math.min(start, m.start);
      end = Math.max(end, m.end);
    } else if (!(from >= m.from && to <= m.to)) {
      return { cut: m };
    }
  }
  // A backslash-escape or entity of the last character belongs to the span too.
  const tail = r.source.slice(r.at[to - 1]!, r.at[to - 1]! + 40);
  const entity = /^&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/.exec(tail);
  if (entity) end = Math.max(end, r.at[to - 1]! + entity[0].length);
  else if (tail[0] === '\\') end = Math.max(end, r.at[to - 1]! + 2);
  return { start, end };
}
