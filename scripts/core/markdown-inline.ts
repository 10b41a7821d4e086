import type { Delete, Emphasis, Html, InlineCode, Link, PhrasingContent, Strong, Text } from 'mdast';
import { Unsupported, type Positioner } from './markdown-subset-shared.js';

/**
 * Inline content of one paragraph, heading or table cell, parsed as micromark parses it (with
 * the GFM strikethrough extension): code spans, `*`/`_` emphasis and strong, `~`/`~~`
 * strikethrough, inline links, raw HTML tags, backslash escapes, hard and soft line breaks.
 * Anything else that would change the tree — character references, autolinks, images, link
 * titles, HTML comments — throws Unsupported, and the caller parses the file with micromark.
 *
 * `content` is the inline text (container prefixes already removed, lines joined by `\n`);
 * `at(i)` maps an index of `content` to an offset of the file.
 */
export interface InlineSource {
  content: string;
  at(index: number): number;
  /** Inside a table cell: `\|` in a code span is a pipe. */
  cell?: boolean;
}

type Token =
  | { kind: 'text'; value: string; start: number; end: number }
  | { kind: 'node'; node: PhrasingContent }
  | { kind: 'seq'; marker: 42 | 95 | 126; size: number; open: boolean; close: boolean; start: number; end: number }
  | { kind: 'label'; start: number; active: boolean }
  /** A resolved emphasis, strong or strikethrough around the tokens it encloses. */
  | { kind: 'group'; type: 'strong' | 'emphasis' | 'delete'; start: number; end: number; inner: Token[] };

type Resolver = 'attention' | 'strike';

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /\p{P}|\p{S}/u;
const WHITESPACE = /\s/;
const REFERENCE = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/;
const URI_AUTOLINK = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\x00-\x20\x7f<>]*)>/;
/** Anything that might be an email autolink (micromark's rules are narrower): left to micromark. */
const EMAIL_AUTOLINK = /^<[^\s<>@]+@[^\s<>]*>/;
const OPEN_TAG = /^<[A-Za-z][A-Za-z0-9-]*(?:[ \n]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \n]*=[ \n]*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*[ \n]*\/?>/;
const CLOSE_TAG = /^<\/[A-Za-z][A-Za-z0-9-]*[ \n]*>/;

/** 1 whitespace, 2 punctuation, 0 other — micromark's classifyCharacter (a content edge is whitespace). */
function classify(code: number): 0 | 1 | 2 {
  if (Number.isNaN(code)) return 1;
  // ASCII without a string or a regex: letters and digits are "other", spaces and line breaks whitespace.
  if (code < 128) {
    if (code === 32 || code === 10 || code === 9 || code === 11 || code === 12 || code === 13) return 1;
    if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return 0;
    if (code > 32 && code < 127) return 2;
  }
  const ch = String.fromCharCode(code);
  if (WHITESPACE.test(ch)) return 1;
  return PUNCTUATION.test(ch) ? 2 : 0;
}

export function parseInline(src: InlineSource, pos: Positioner, taskItem = false): { children: PhrasingContent[]; checked?: boolean; start?: number } {
  const s = src.content;
  const tokens: Token[] = [];
  const order: Resolver[] = [];
  let buf = '';
  let bufStart = 0;
  const flush = (end: number) => {
    if (buf) tokens.push({ kind: 'text', value: buf, start: bufStart, end });
    buf = '';
  };
  const literal = (text: string, i: number) => {
    if (!buf) bufStart = i;
    buf += text;
  };
  const push = (node: PhrasingContent, i: number) => {
    flush(i);
    tokens.push({ kind: 'node', node });
  };
  const seen = (r: Resolver) => {
    if (!order.includes(r)) order.push(r);
  };

  let i = 0;
  let checked: boolean | undefined;
  if (taskItem) {
    const m = /^\[([ xX])\]/.exec(s);
    if (m) {
      const rest = s.slice(3);
      const line = rest.split('\n', 1)[0]!;
      if (/^[ \n]/.test(rest) && line.trim() === '') throw new Unsupported('task marker followed by nothing on its line');
      if (rest.startsWith(' ')) {
        checked = m[1] !== ' ';
        i = 3;
      }
    }
  }

  while (i < s.length) {
    const c = s.charCodeAt(i);
    switch (c) {
      case 92: {
        // backslash
        const next = s.charAt(i + 1);
        if (next === '\n') {
          push(lineBreak(src, pos, i, i + 2), i);
          i += 2;
          while (s.charCodeAt(i) === 32) i++;
          continue;
        }
        if (next && ASCII_PUNCTUATION.test(next)) {
          literal(next, i);
          i += 2;
          continue;
        }
        literal('\\', i);
        i++;
        continue;
      }
      case 96: {
        // backtick
        let n = 1;
        while (s.charCodeAt(i + n) === 96) n++;
        const close = findCodeClose(s, i + n, n);
        if (close < 0) {
          literal(s.slice(i, i + n), i);
          i += n;
          continue;
        }
        let value = s.slice(i + n, close);
        if (/^[ \n]/.test(value) && /[ \n]$/.test(value) && /[^ \n]/.test(value)) value = value.slice(1, -1);
        if (src.cell) value = value.replace(/\\\|/g, '|');
        const code: InlineCode = { type: 'inlineCode', value, position: pos.span(src.at(i), src.at(close + n - 1) + 1) };
        push(code, i);
        i = close + n;
        continue;
      }
      case 42:
      case 95:
      case 126: {
        let n = 1;
        while (s.charCodeAt(i + n) === c) n++;
        if (c === 126 && (n > 2 || (i > 0 && s.charCodeAt(i - 1) === 126 && !escapedAt(s, i - 1)))) {
          literal(s.slice(i, i + n), i);
          i += n;
          continue;
        }
        const before = classify(i > 0 ? s.charCodeAt(i - 1) : NaN);
        const after = classify(i + n < s.length ? s.charCodeAt(i + n) : NaN);
        let open: boolean;
        let close: boolean;
        if (c === 126) {
          open = !after || (after === 2 && before !== 0);
          close = !before || (before === 2 && after !== 0);
          seen('strike');
        } else {
          const nextCode = s.charCodeAt(i + n);
          const prevCode = i > 0 ? s.charCodeAt(i - 1) : NaN;
          const o = !after || (after === 2 && before !== 0) || nextCode === 126;
          const cl = !before || (before === 2 && after !== 0) || prevCode === 126;
          open = c === 42 ? o : o && (before !== 0 || !cl);
          close = c === 42 ? cl : cl && (after !== 0 || !o);
          seen('attention');
        }
        flush(i);
        tokens.push({ kind: 'seq', marker: c, size: n, open, close, start: i, end: i + n });
        i += n;
        continue;
      }
      case 38: {
        if (REFERENCE.test(s.slice(i, i + 40))) throw new Unsupported('character reference');
        literal('&', i);
        i++;
        continue;
      }
      case 60: {
        const rest = s.slice(i, i + 2000);
        if (EMAIL_AUTOLINK.test(rest)) throw new Unsupported('email autolink');
        const auto = URI_AUTOLINK.exec(rest);
        if (auto) {
          const link: Link = { type: 'link', url: auto[1]!, children: [{ type: 'text', value: auto[1]! }], position: pos.span(src.at(i), src.at(i + auto[0].length - 1) + 1) };
          push(link, i);
          i += auto[0].length;
          continue;
        }
        const m = OPEN_TAG.exec(rest) ?? CLOSE_TAG.exec(rest);
        if (m) {
          if (m[0].includes('\n')) throw new Unsupported('HTML tag across lines');
          const html: Html = { type: 'html', value: m[0], position: pos.span(src.at(i), src.at(i + m[0].length - 1) + 1) };
          push(html, i);
          i += m[0].length;
          continue;
        }
        if (/^<[!?]/.test(rest)) throw new Unsupported('HTML comment or instruction');
        literal('<', i);
        i++;
        continue;
      }
      case 33: {
        if (s.charCodeAt(i + 1) === 91) throw new Unsupported('image');
        literal('!', i);
        i++;
        continue;
      }
      case 91: {
        flush(i);
        tokens.push({ kind: 'label', start: i, active: true });
        i++;
        continue;
      }
      case 93: {
        const at = lastLabel(tokens);
        if (at < 0) {
          literal(']', i);
          i++;
          continue;
        }
        const label = tokens[at] as Extract<Token, { kind: 'label' }>;
        const resource = label.active ? linkResource(s, i + 1) : -1;
        if (resource < 0) {
          // Not a link: the bracket is text, and a later `]` looks further back.
          tokens[at] = { kind: 'text', value: '[', start: label.start, end: label.start + 1 };
          literal(']', i);
          i++;
          continue;
        }
        flush(i);
        const inner = tokens.splice(at + 1);
        tokens.pop(); // the label start
        const link: Link = { type: 'link', url: '', children: finish(resolve(inner, ['attention', 'strike']), src, pos), position: pos.span(src.at(label.start), src.at(resource - 1) + 1) };
        for (const t of tokens) if (t.kind === 'label') t.active = false; // no links inside links
        tokens.push({ kind: 'node', node: link });
        i = resource;
        continue;
      }
      case 10: {
        // line ending: two or more spaces before it make a hard break; trailing spaces go
        let n = 0;
        while (n < buf.length && buf.charCodeAt(buf.length - 1 - n) === 32) n++;
        if (n > 0) buf = buf.slice(0, buf.length - n);
        if (n >= 2) push(lineBreak(src, pos, i - n, i + 1), i - n);
        else literal('\n', i);
        i++;
        // The next line's leading spaces are not text (a code span over the break keeps them).
        while (s.charCodeAt(i) === 32) i++;
        continue;
      }
      default: {
        // A run of plain characters at once (the regex engine finds its end).
        SPECIAL.lastIndex = i + 1;
        const j = SPECIAL.test(s) ? SPECIAL.lastIndex - 1 : s.length; // test: no match array
        literal(s.slice(i, j), i);
        i = j;
      }
    }
  }
  flush(s.length);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === 'label') tokens[k] = { kind: 'text', value: '[', start: t.start, end: t.start + 1 };
  }
  const children = finish(resolve(tokens, order), src, pos);
  if (checked === undefined) return { children };
  // mdast-util-gfm-task-list-item: the space after `]` leaves the first text; the paragraph then
  // starts after it, unless that text was only the space.
  const head = children[0] as Text;
  head.value = head.value.slice(1);
  if (head.value) return { children, checked, start: 4 };
  children.shift();
  return { children, checked, start: 0 };
}

const SPECIAL = /[\\`*_~&<!\[\]\n]/g;

function escapedAt(s: string, i: number): boolean {
  let n = 0;
  while (i - 1 - n >= 0 && s.charCodeAt(i - 1 - n) === 92) n++;
  return n % 2 === 1;
}

function findCodeClose(s: string, from: number, n: number): number {
  let i = s.indexOf('`', from);
  while (i >= 0) {
    let m = 1;
    while (s.charCodeAt(i + m) === 96) m++;
    if (m === n) return i;
    i = s.indexOf('`', i + m);
  }
  return -1;
}

function lastLabel(tokens: Token[]): number {
  for (let k = tokens.length - 1; k >= 0; k--) if (tokens[k]!.kind === 'label') return k;
  return -1;
}

/**
 * `(destination)` right after `]`: the index after `)`, or -1. Destinations in angle brackets
 * and titles are left to micromark.
 */
function linkResource(s: string, i: number): number {
  if (s.charCodeAt(i) !== 40) return -1;
  let j = i + 1;
  while (s.charCodeAt(j) === 32 || s.charCodeAt(j) === 10) j++;
  if (s.charCodeAt(j) === 60) throw new Unsupported('link destination in angle brackets');
  let depth = 0;
  const destStart = j;
  for (; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 92 && j + 1 < s.length && ASCII_PUNCTUATION.test(s.charAt(j + 1))) {
      j++;
      continue;
    }
    if (c === 40) {
      depth++;
      if (depth > 32) throw new Unsupported('deeply nested link destination');
      continue;
    }
    if (c === 41) {
      if (depth === 0) break;
      depth--;
      continue;
    }
    if (c <= 32 || c === 127) break;
  }
  if (depth !== 0) return -1;
  const destEnd = j;
  while (s.charCodeAt(j) === 32 || s.charCodeAt(j) === 10) j++;
  if (s.charCodeAt(j) === 41) return destEnd >= destStart ? j + 1 : -1;
  if (j < s.length && j > destEnd && /["'(]/.test(s.charAt(j))) throw new Unsupported('link title');
  return -1;
}

/**
 * Runs the resolvers in order over a token list: micromark's attention and strikethrough
 * resolvers, each pairing a closer with the nearest opener before it and resolving what lies
 * between (attention, then strikethrough) before it becomes one node.
 */
function resolve(tokens: Token[], order: Resolver[]): Token[] {
  for (const r of order) tokens = r === 'attention' ? resolveAttention(tokens) : resolveStrike(tokens);
  return tokens;
}

function resolveAttention(tokens: Token[]): Token[] {
  for (let index = 0; index < tokens.length; index++) {
    const closer = tokens[index]!;
    if (closer.kind !== 'seq' || closer.marker === 126 || !closer.close) continue;
    for (let open = index - 1; open >= 0; open--) {
      const opener = tokens[open]!;
      if (opener.kind !== 'seq' || opener.marker !== closer.marker || !opener.open) continue;
      if ((opener.close || closer.open) && closer.size % 3 && !((opener.size + closer.size) % 3)) continue;
      const use = opener.size > 1 && closer.size > 1 ? 2 : 1;
      const inner = resolve(tokens.slice(open + 1, index), ['attention', 'strike']);
      const start = opener.end - use;
      const end = closer.start + use;
      const group: Token = { kind: 'group', type: use > 1 ? 'strong' : 'emphasis', start, end, inner };
      opener.size -= use;
      opener.end -= use;
      closer.size -= use;
      closer.start += use;
      const replacement: Token[] = [];
      if (opener.size) replacement.push(opener);
      replacement.push(group);
      if (closer.size) replacement.push(closer);
      tokens.splice(open, index - open + 1, ...replacement);
      index = open + replacement.length - (closer.size ? 2 : 1);
      break;
    }
  }
  return tokens.map(dataOfAttention);
}

function resolveStrike(tokens: Token[]): Token[] {
  for (let index = 0; index < tokens.length; index++) {
    const closer = tokens[index]!;
    if (closer.kind !== 'seq' || closer.marker !== 126 || !closer.close) continue;
    for (let open = index - 1; open >= 0; open--) {
      const opener = tokens[open]!;
      if (opener.kind !== 'seq' || opener.marker !== 126 || !opener.open || opener.size !== closer.size) continue;
      const inner = resolve(tokens.slice(open + 1, index), ['attention', 'strike']);
      tokens.splice(open, index - open + 1, { kind: 'group', type: 'delete', start: opener.start, end: closer.end, inner });
      index = open;
      break;
    }
  }
  return tokens.map((t) => (t.kind === 'seq' && t.marker === 126 ? toText(t) : t));
}

function dataOfAttention(t: Token): Token {
  return t.kind === 'seq' && t.marker !== 126 ? toText(t) : t;
}

function toText(t: Extract<Token, { kind: 'seq' }>): Token {
  return { kind: 'text', value: String.fromCharCode(t.marker).repeat(t.size), start: t.start, end: t.end };
}


/** Tokens → mdast phrasing nodes; leftover sequences are text, adjacent texts merge. */
function finish(tokens: Token[], src: InlineSource, pos: Positioner): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let text: Text | undefined;
  for (const t of tokens) {
    if (t.kind === 'text' || t.kind === 'seq' || t.kind === 'label') {
      const value = t.kind === 'text' ? t.value : t.kind === 'seq' ? String.fromCharCode(t.marker).repeat(t.size) : '[';
      if (!value) continue;
      if (text) text.value += value;
      else {
        text = { type: 'text', value };
        out.push(text);
      }
      continue;
    }
    text = undefined;
    if (t.kind === 'node') {
      out.push(t.node);
      continue;
    }
    const children = finish(t.inner, src, pos);
    const position = pos.span(src.at(t.start), src.at(t.end - 1) + 1);
    out.push({ type: t.type, children, position } as Strong | Emphasis | Delete);
  }
  return out;
}

function lineBreak(src: InlineSource, pos: Positioner, start: number, end: number): PhrasingContent {
  return { type: 'break', position: pos.span(src.at(start), src.at(end - 1) + 1) };
}
