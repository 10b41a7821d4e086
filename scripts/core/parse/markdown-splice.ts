import type { Nodes, Root, RootContent } from 'mdast';
import { isDeepStrictEqual } from 'node:util';
import { FatalError } from '../base/errors.js';
import { LineIndex } from '../model/position.js';
import type { MarkdownDoc } from './markdown.js';
import { parseRfcTree } from './markdown.js';
import { markdownComplexity } from './markdown-bounds.js';

/**
 * Re-parsing only the edited stretch of an RFC (docs/decisions/rfc-incremental-parse.md).
 *
 * micromark parses ~0.5 MB/s; after an edit to one section of a 9 KB RFC, the rest of the text
 * parses to the same nodes as before, only moved. A root-level ATX heading at the start of a line
 * is a clean point of the block parse: every container and leaf block before it is closed, it is
 * one line, and nothing after it looks back past it. So the text from such a heading on parses, as
 * a document of its own, to the same nodes the whole text gives there (positions moved), except
 * for link reference definitions, which are document-global (forward references exist): when any
 * definition is in the old tree or in the re-parsed stretch, nothing is spliced.
 *
 * `spliceRfcTree` returns the tree equal, node for node and position for position, to
 * `parseRfcTree(text)`, or undefined when it cannot be sure (the caller then parses in full).
 * test/core/parse/markdown-splice.test.ts holds it to the full parse on seeded random edits of
 * every real RFC text it can find.
 */

interface Point {
  line: number;
  column: number;
  offset?: number;
}

/** What a splice did (tests count it; not timed). */
export const spliceWork = { spliced: 0, refused: 0, parsedChars: 0 };

/**
 * `parseRfcMarkdown`'s document of `text`, made by splicing `prevTree` (the tree `parseRfcTree`
 * made of `prevText` with the same `preamble`), or undefined (parse in full). The caps check runs
 * on the whole text first, exactly as a full parse runs it.
 */
export function spliceRfcMarkdown(file: string, prevText: string, prevTree: Root, text: string, preamble = false): MarkdownDoc | undefined {
  const complex = markdownComplexity(text);
  if (complex) throw new FatalError(`${file}:${complex.line}: ${complex.message}`);
  const tree = spliceRfcTree(prevText, prevTree, text, preamble);
  return tree && { file, text, tree, lines: new LineIndex(text) };
}

export function spliceRfcTree(prevText: string, prevTree: Root, text: string, preamble = false): Root | undefined {
  const tree = splice(prevText, prevTree, text, preamble);
  if (tree) spliceWork.spliced++;
  else spliceWork.refused++;
  return tree;
}

function splice(prevText: string, prevTree: Root, text: string, preamble: boolean): Root | undefined {
  // micromark turns \r\n and \r into line endings of other lengths, and skips a byte order mark:
  // the offset arithmetic below counts only \n. Such texts are parsed in full.
  if (prevText.includes('\r') || text.includes('\r') || prevText.charCodeAt(0) === 0xfeff || text.charCodeAt(0) === 0xfeff) return undefined;
  if (prevTree?.type !== 'root' || !Array.isArray(prevTree.children) || !validPosition(prevTree.position)) return undefined;
  // A root with more than its children and position (a lazy `[x]` after an empty list item makes
  // mdast's task-list item mark the root `checked`) carries what the edit may change.
  if (!plainRoot(prevTree)) return undefined;
  // An unclosed `---` opening a preamble text: the front matter attempt runs to the text's end (a
  // `---` anywhere later closes it) and, while it runs, no container opens. Parsed in full.
  if (preamble && prevText.startsWith('---') && prevTree.children[0]?.type !== 'yaml') return undefined;
  // Definitions anywhere in the old text may be referred to from anywhere: `]:` is in every one.
  if (prevText.includes(']:') && hasDefinition(prevTree)) return undefined;
  const oldLen = prevText.length;
  const newLen = text.length;
  let p = 0;
  const most = Math.min(oldLen, newLen);
  while (p < most && prevText.charCodeAt(p) === text.charCodeAt(p)) p++;
  let s = 0;
  while (s < most - p && prevText.charCodeAt(oldLen - 1 - s) === text.charCodeAt(newLen - 1 - s)) s++;
  const oldEnd = oldLen - s; // the changed span: old [p, oldEnd), new [p, newEnd)
  const delta = newLen - oldLen;
  const children = prevTree.children;

  // L: the last root-level ATX heading at a line start whose line (with its line ending) is before the change.
  let at = -1;
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (!validPosition(c.position)) return undefined;
    const start = c.position!.start.offset!;
    if (start >= p) break;
    if (!isAtxHeadingAt(c, prevText)) continue;
    const eol = prevText.indexOf('\n', start);
    if (eol >= 0 && eol < p) at = i;
  }
  if (at < 0) return undefined;
  const heading = children[at]!;
  const L = heading.position!.start.offset!;
  if (L === 0) return undefined; // a full parse costs the same; front matter lives only there
  const linesBeforeL = heading.position!.start.line - 1;

  // M: the first root-level ATX heading wholly in the unchanged tail (old coordinates), its line ended by \n.
  let mi = -1;
  for (let i = at + 1; i < children.length; i++) {
    const c = children[i]!;
    if (!validPosition(c.position)) return undefined;
    const start = c.position!.start.offset!;
    if (start < oldEnd || !isAtxHeadingAt(c, prevText)) continue;
    if (prevText.indexOf('\n', start) >= 0) mi = i;
    break;
  }
  const lineDelta = countLines(text, p, newLen - s) - countLines(prevText, p, oldEnd);
  const parseFromL = (to: number) => {
    const chunkText = text.slice(L, to);
    spliceWork.parsedChars += chunkText.length;
    const chunk = parseRfcTree(chunkText, preamble);
    return !plainRoot(chunk) || (chunkText.includes(']:') && hasDefinition(chunk)) ? undefined : chunk;
  };
  let middle: RootContent[] | undefined;
  let tail: RootContent[] = [];
  let end: Point | undefined;
  if (mi >= 0) {
    // The new text's parse is clean at M only when the stretch parsed alone ends with that very
    // heading at M; otherwise (an unclosed fence, an HTML block swallowed it) the rest is parsed too.
    const chunk = parseFromL(prevText.indexOf('\n', children[mi]!.position!.start.offset!) + 1 + delta);
    if (!chunk) return undefined;
    middle = chunk.children.map((c) => shifted(c, linesBeforeL, L));
    const last = middle.pop();
    const moved = shifted(children[mi]!, lineDelta, delta);
    if (last && isDeepStrictEqual(last, moved)) {
      tail = [moved, ...children.slice(mi + 1).map((c) => shifted(c, lineDelta, delta))];
      end = shiftPoint(prevTree.position!.end, lineDelta, delta);
    }
  }
  if (!end) {
    const chunk = parseFromL(newLen);
    if (!chunk || !validPosition(chunk.position)) return undefined;
    middle = chunk.children.map((c) => shifted(c, linesBeforeL, L));
    end = shiftPoint(chunk.position!.end, linesBeforeL, L);
  }
  return { type: 'root', children: [...children.slice(0, at).map((c) => shifted(c, 0, 0)), ...middle!, ...tail], position: { start: { ...prevTree.position!.start }, end } };
}

/** A root child that is an ATX heading starting at column 1 (a setext heading spans two lines or more). */
function isAtxHeadingAt(node: RootContent, text: string): boolean {
  const pos = node.position!;
  return node.type === 'heading' && pos.start.column === 1 && pos.start.line === pos.end.line && text.charCodeAt(pos.start.offset!) === 0x23; /* # */
}

/** A root with nothing but its type, children and position. */
function plainRoot(root: Root): boolean {
  for (const k in root) if (k !== 'type' && k !== 'children' && k !== 'position') return false;
  return true;
}

function validPosition(pos: Root['position']): boolean {
  return pos !== undefined && pos !== null && typeof pos === 'object' && isPoint(pos.start) && isPoint(pos.end);
}

function isPoint(p: Point | undefined): boolean {
  return p !== undefined && p !== null && Number.isInteger(p.line) && Number.isInteger(p.column) && Number.isInteger(p.offset);
}

function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function hasDefinition(node: Nodes): boolean {
  if (node.type === 'definition') return true;
  return 'children' in node && (node.children as Nodes[]).some(hasDefinition);
}

function shiftPoint(p: Point, lines: number, offset: number): Point {
  return { line: p.line + lines, column: p.column, offset: p.offset! + offset };
}

/** A deep copy of a node with every position moved by `lines` and `offset` (columns stay: the moves are by whole lines). */
function shifted<T extends Nodes>(node: T, lines: number, offset: number): T {
  return copyOf(node, lines, offset) as T;
}

function copyOf(value: unknown, lines: number, offset: number): unknown {
  if (Array.isArray(value)) return value.map((v) => copyOf(v, lines, offset));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'position' && v && typeof v === 'object') {
      const pos = v as { start: Point; end: Point };
      out[k] = { start: shiftPoint(pos.start, lines, offset), end: shiftPoint(pos.end, lines, offset) };
    } else out[k] = copyOf(v, lines, offset);
  }
  return out;
}
