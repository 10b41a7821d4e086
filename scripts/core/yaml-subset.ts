import type { TreeEntry, TreeNode } from './tree.js';

/**
 * A parser for the block YAML that invariant files and configs are written in: block mappings
 * with plain keys, block sequences (compact `- key: value` items included), single-line plain,
 * quoted and flow-sequence values, literal and folded block scalars, comments. It gives the same
 * value and the same tree of ranges as js-yaml's event stream (yaml-tree.ts), in one pass over
 * the lines, without loading js-yaml (a ×100 invariants file parses in about a third of its time).
 *
 * On anything else it gives up (undefined) and js-yaml parses the file: anchors, aliases, tags,
 * flow mappings, multi-line plain or quoted scalars, escapes, explicit keys, directives, more
 * than one document, tabs, CR, control characters, duplicate keys, numbers other than plain
 * decimal integers, and every error. Held to js-yaml by test/core/yaml-subset.test.ts.
 */
export interface SubsetYaml {
  value: unknown;
  /** The tree of ranges, as js-yaml's event stream gives it (yaml-tree.ts). */
  tree: TreeNode;
}

class Bail extends Error {}
const bail = (): never => {
  throw new Bail();
};

/** Subset depth: far below js-yaml's MAX_YAML_DEPTH, so a deep document goes to js-yaml's check. */
const MAX_DEPTH = 40;
/** Characters js-yaml refuses or treats specially anywhere: controls, tabs, CR, BOM, DEL, C1, lone surrogates, non-characters. */
const OUTSIDE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\ud800-\udfff\ufeff\ufffe\uffff]/u;
const KEY = /[A-Za-z_][A-Za-z0-9_-]*/y;
const INT = /^(?:0|-?[1-9][0-9]{0,14})$/;
const NULLS = new Set(['null', 'Null', 'NULL', '~']);
const TRUES = new Set(['true', 'True', 'TRUE']);
const FALSES = new Set(['false', 'False', 'FALSE']);
/** A plain scalar may not start with these (YAML indicators), nor with a digit, sign or dot unless it is a plain integer. */
const PLAIN_FIRST_BAD = new Set([...'-?:,[]{}#&*!|>\'"%@`+.0123456789']);
const NO_NODE: TreeNode = { kind: 'scalar', start: -1, end: -1 };

export function parseYamlSubset(text: string): SubsetYaml | undefined {
  if (OUTSIDE.test(text)) return undefined;
  try {
    return new Parser(text).document();
  } catch (e) {
    if (e instanceof Bail) return undefined;
    throw e;
  }
}

class Parser {
  private pos = 0;
  /** The current line: its start, end (at '\n' or the text's end), indent and first content column. */
  private lineStart = 0;
  private lineEnd = 0;
  private indent = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  document(): SubsetYaml {
    if (!this.nextSignificant()) bail();
    const first = this.content();
    if (this.indent === 0 && first.startsWith('---')) {
      if (first !== '---' && !/^---[ ]+#/.test(first)) bail();
      this.advanceLine();
      if (!this.nextSignificant()) bail();
    }
    if (this.indent !== 0) bail();
    const { value, node } = this.block(0);
    if (this.nextSignificant()) bail(); // a second document, `...`, or text at a lesser indent
    return { value, tree: node };
  }

  // ---- lines --------------------------------------------------------------------------------

  /** Moves to the line at `pos` (a line start), measuring it. */
  private measure(): void {
    const nl = this.text.indexOf('\n', this.pos);
    this.lineStart = this.pos;
    this.lineEnd = nl === -1 ? this.text.length : nl;
    let i = this.pos;
    while (i < this.lineEnd && this.text.charCodeAt(i) === 32) i++;
    this.indent = i - this.pos;
  }

  private advanceLine(): void {
    this.pos = this.lineEnd < this.text.length ? this.lineEnd + 1 : this.text.length;
  }

  /** Skips blank and comment-only lines; false at the end of the text. Leaves the line measured. */
  private nextSignificant(): boolean {
    while (this.pos < this.text.length) {
      this.measure();
      const c = this.text.charCodeAt(this.lineStart + this.indent);
      if (this.lineStart + this.indent < this.lineEnd && c !== 35 /* # */) return true;
      this.advanceLine();
    }
    this.lineStart = this.lineEnd = this.text.length;
    this.indent = 0;
    return false;
  }

  /** The measured line from its first non-space character. */
  private content(): string {
    return this.text.slice(this.lineStart + this.indent, this.lineEnd);
  }

  private isSeqItem(at: number): boolean {
    return this.text.charCodeAt(at) === 45 /* - */ && (at + 1 === this.lineEnd || this.text.charCodeAt(at + 1) === 32);
  }

  // ---- blocks -------------------------------------------------------------------------------

  /** A block mapping or sequence whose first line (measured) starts at column `indent`. */
  private block(indent: number): { value: unknown; node: TreeNode } {
    if (++this.depth > MAX_DEPTH) bail();
    const at = this.lineStart + indent;
    const r = this.isSeqItem(at) ? this.sequence(indent) : this.mapping(indent, at);
    this.depth--;
    return r;
  }

  private sequence(indent: number): { value: unknown[]; node: TreeNode } {
    const value: unknown[] = [];
    const node: TreeNode & { kind: 'array' } = { kind: 'array', start: this.lineStart + indent, end: this.lineStart + indent + 1, items: [] };
    for (;;) {
      const dash = this.lineStart + indent;
      let at = dash + 1;
      while (at < this.lineEnd && this.text.charCodeAt(at) === 32) at++;
      let item: { value: unknown; node: TreeNode };
      if (at < this.lineEnd && this.text.charCodeAt(at) !== 35 && this.startsKey(at)) {
        // `- key: value`: a mapping whose column is that of its first key.
        if (++this.depth > MAX_DEPTH) bail();
        item = this.mapping(at - this.lineStart, at);
        this.depth--;
      } else {
        if (this.isSeqItem(at)) bail(); // `- - x`
        item = this.inlineValue(dash + 1, indent, false);
      }
      value.push(item.value);
      node.items.push(item.node);
      node.end = Math.max(node.end, item.node.end);
      // A line at this column that is no item ends a sequence that is the value of a key there.
      if (!this.nextSignificant() || this.indent < indent || (this.indent === indent && !this.isSeqItem(this.lineStart + indent))) break;
      if (this.indent > indent) bail();
    }
    return { value, node };
  }

  /** Whether a plain key and `: ` (or `:` at the line's end) start at `at`. */
  private startsKey(at: number): boolean {
    KEY.lastIndex = at;
    if (!KEY.test(this.text)) return false;
    const colon = KEY.lastIndex;
    return this.text.charCodeAt(colon) === 58 && (colon + 1 === this.lineEnd || this.text.charCodeAt(colon + 1) === 32);
  }

  /** A block mapping at column `indent`; its first key starts at `first` on the measured line. */
  private mapping(indent: number, first: number): { value: Record<string, unknown>; node: TreeNode } {
    const value: Record<string, unknown> = {};
    const node: TreeNode & { kind: 'object' } = { kind: 'object', start: first, end: first + 1, entries: [] };
    let at = first;
    for (;;) {
      KEY.lastIndex = at;
      if (!KEY.test(this.text)) bail();
      const keyEnd = KEY.lastIndex;
      if (this.text.charCodeAt(keyEnd) !== 58 || (keyEnd + 1 < this.lineEnd && this.text.charCodeAt(keyEnd + 1) !== 32)) bail();
      const raw = this.text.slice(at, keyEnd);
      // A key is a scalar too: `True` or `NULL` becomes the string "true" or "null" (the tree keeps it as written).
      const key = TRUES.has(raw) ? 'true' : FALSES.has(raw) ? 'false' : NULLS.has(raw) ? 'null' : raw;
      if (key === '__proto__' || Object.prototype.hasOwnProperty.call(value, key)) bail();
      const entry = this.inlineValue(keyEnd + 1, indent, true);
      value[key] = entry.value;
      node.entries.push({ key: raw, keyStart: at, keyEnd, value: entry.node } satisfies TreeEntry);
      node.end = Math.max(node.end, keyEnd, entry.node.end);
      if (!this.nextSignificant() || this.indent < indent) break;
      if (this.indent > indent) bail(); // a continuation line, or bad indentation
      at = this.lineStart + indent;
      if (this.isSeqItem(at)) bail();
    }
    return { value, node };
  }

  /**
   * The value after `key:` or `- ` at `from` on the measured line. `owner` is the column of the
   * key or dash; a nested block must be deeper (or, for a key, a sequence at the same column).
   */
  private inlineValue(from: number, owner: number, ofKey: boolean): { value: unknown; node: TreeNode } {
    let at = from;
    while (at < this.lineEnd && this.text.charCodeAt(at) === 32) at++;
    if (at === this.lineEnd || (this.text.charCodeAt(at) === 35 && at > from)) {
      this.advanceLine();
      if (this.nextSignificant() && (this.indent > owner || (ofKey && this.indent === owner && this.isSeqItem(this.lineStart + owner)))) {
        return this.block(this.indent);
      }
      return { value: null, node: NO_NODE };
    }
    const c = this.text[at]!;
    let r: { value: unknown; node: TreeNode; end: number };
    if (c === '"' || c === "'") r = this.quoted(at, c);
    else if (c === '[') r = this.flowSequence(at);
    else if (c === '|' || c === '>') return this.blockScalar(at, owner);
    else r = this.plain(at);
    this.restOfLine(r.end);
    this.advanceLine();
    return r;
  }

  /** After a value only spaces and a comment may follow on its line. */
  private restOfLine(from: number): void {
    let at = from;
    while (at < this.lineEnd && this.text.charCodeAt(at) === 32) at++;
    if (at < this.lineEnd && !(this.text.charCodeAt(at) === 35 && at > from)) bail();
  }

  // ---- scalars ------------------------------------------------------------------------------

  private plain(at: number, stops = ''): { value: unknown; node: TreeNode; end: number } {
    if (PLAIN_FIRST_BAD.has(this.text[at]!) && !/^-?[0-9]/.test(this.text.slice(at, at + 2))) bail();
    let end = at;
    for (; end < this.lineEnd; end++) {
      const ch = this.text[end]!;
      if (ch === '#' && this.text.charCodeAt(end - 1) === 32) break;
      if (ch === ':' && (end + 1 === this.lineEnd || this.text.charCodeAt(end + 1) === 32 || stops)) bail();
      if (stops && stops.includes(ch)) break;
    }
    while (end > at && this.text.charCodeAt(end - 1) === 32) end--;
    const raw = this.text.slice(at, end);
    if (stops && /[[\]{}#]/.test(raw)) bail();
    return { value: resolvePlain(raw), node: { kind: 'scalar', start: at, end }, end };
  }

  private quoted(at: number, q: string): { value: string; node: TreeNode; end: number } {
    let value = '';
    let from = at + 1;
    for (;;) {
      const close = this.text.indexOf(q, from);
      if (close === -1 || close >= this.lineEnd) bail();
      value += this.text.slice(from, close);
      if (q === "'" && this.text[close + 1] === "'") {
        value += "'";
        from = close + 2;
        continue;
      }
      if (q === '"' && value.includes('\\')) bail();
      return { value, node: { kind: 'scalar', start: at, end: close + 1 }, end: close + 1 };
    }
  }

  /** `[a, "b", 'c']` on one line, of scalars only. */
  private flowSequence(at: number): { value: unknown[]; node: TreeNode; end: number } {
    const value: unknown[] = [];
    const node: TreeNode & { kind: 'array' } = { kind: 'array', start: at, end: at + 1, items: [] };
    let p = at + 1;
    const skip = () => {
      while (p < this.lineEnd && this.text.charCodeAt(p) === 32) p++;
    };
    skip();
    if (this.text[p] === ']') return { value, node, end: p + 1 };
    for (;;) {
      skip();
      const c = this.text[p];
      if (c === undefined || p >= this.lineEnd) bail();
      const item = c === '"' || c === "'" ? this.quoted(p, c) : this.plain(p, ',]');
      if (item.end === p) bail();
      value.push(item.value);
      node.items.push(item.node);
      node.end = Math.max(node.end, item.node.end);
      p = item.end;
      skip();
      if (this.text[p] === ',') {
        p++;
        skip();
        if (this.text[p] === ']') bail(); // a trailing comma
        continue;
      }
      if (this.text[p] === ']') return { value, node, end: p + 1 };
      bail();
    }
  }

  /**
   * `|` or `>` with an optional chomping indicator. Content indentation is that of the first
   * non-empty line and must be deeper than `owner`; folded scalars with more-indented lines, an
   * empty scalar, blank lines wider than the content, and a scalar that ends the text without a
   * newline are left to js-yaml.
   */
  private blockScalar(at: number, owner: number): { value: string; node: TreeNode } {
    const literal = this.text[at] === '|';
    let p = at + 1;
    const chomp = this.text[p] === '-' || this.text[p] === '+' ? this.text[p++] : '';
    this.restOfLine(p);
    if (this.lineEnd >= this.text.length) bail();
    const start = this.lineEnd + 1;
    this.pos = start;
    let contentIndent = -1;
    const lines: string[] = [];
    let trailingBlank = 0;
    let widestBlank = 0;
    let end = start;
    while (this.pos < this.text.length) {
      this.measure();
      const blank = this.indent === this.lineEnd - this.lineStart;
      if (blank) {
        widestBlank = Math.max(widestBlank, this.indent);
        if (this.lineEnd >= this.text.length) bail(); // the text ends inside the scalar
        trailingBlank++;
        this.advanceLine();
        end = this.pos;
        continue;
      }
      if (contentIndent === -1) {
        if (this.indent <= owner || trailingBlank > 0) break; // empty, or leading blank lines: js-yaml
        contentIndent = this.indent;
      } else if (this.indent < contentIndent) break;
      if (this.lineEnd >= this.text.length) bail();
      for (let i = 0; i < trailingBlank; i++) lines.push('');
      trailingBlank = 0;
      const line = this.text.slice(this.lineStart + contentIndent, this.lineEnd);
      if (!literal && line.charCodeAt(0) === 32) bail();
      lines.push(line);
      this.advanceLine();
      end = this.pos;
    }
    if (contentIndent === -1 || widestBlank > contentIndent) bail();
    let value: string;
    if (literal) value = lines.join('\n');
    else {
      value = '';
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]!;
        if (i === 0) value = line;
        else if (line === '') value += '\n';
        else value += lines[i - 1] === '' ? line : ` ${line}`;
      }
    }
    if (chomp === '+') value += '\n'.repeat(1 + trailingBlank);
    else if (chomp === '') value += '\n';
    this.pos = end;
    return { value, node: { kind: 'scalar', start, end } };
  }
}

function resolvePlain(raw: string): unknown {
  if (NULLS.has(raw)) return null;
  if (TRUES.has(raw)) return true;
  if (FALSES.has(raw)) return false;
  const c = raw.charCodeAt(0);
  if (c === 45 || (c >= 48 && c <= 57)) {
    if (!INT.test(raw)) bail();
    return Number(raw);
  }
  return raw;
}
