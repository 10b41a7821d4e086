import type { Fix, TextEdit } from '../core/findings.js';
import { LineIndex } from '../core/position.js';
import type { StructuredDoc, TreeNode } from '../core/tree.js';
import type { HeaderRow } from '../rfc/document.js';

/*
 * Edits a rule attaches to a finding, computed from the syntax tree it read: offsets come from
 * the parser (JSON tree nodes, mdast positions), and whatever an edit inserts borrows its
 * separators from the neighbouring text, so indentation and line endings stay the file's own.
 * Each helper returns undefined when the repair would be a guess.
 */

/** A fix of these edits, or none when any of them could not be computed (a partial repair is no repair). */
export function fixOf(...edits: Array<TextEdit | undefined>): Fix | undefined {
  return edits.length > 0 && edits.every((e) => e !== undefined) ? { edits: edits as TextEdit[] } : undefined;
}

/** Replaces the value at `pointer` with `value` written as JSON (a JSON string is also a YAML scalar). */
export function replaceValue(doc: StructuredDoc, pointer: string, value: string | number | boolean): TextEdit | undefined {
  const node = doc.nodeAt(pointer);
  if (!node || node.kind !== 'scalar') return undefined;
  return { file: doc.file, start: node.start, end: node.end, text: JSON.stringify(value) };
}

/** Removes the property `key` of the JSON object at `pointer`, with the comma that joined it to its neighbours. */
export function removeProperty(doc: StructuredDoc, pointer: string, key: string): TextEdit | undefined {
  const obj = jsonObject(doc, pointer);
  if (!obj) return undefined;
  const i = obj.entries.findIndex((e) => e.key === key);
  if (i < 0 || obj.entries.filter((e) => e.key === key).length > 1) return undefined;
  const entry = obj.entries[i]!;
  const next = obj.entries[i + 1];
  const prev = obj.entries[i - 1];
  // `"key": v,␤␣␣` up to the next key keeps the next key's indentation; the last property takes the comma before it.
  if (next) return { file: doc.file, start: entry.keyStart, end: next.keyStart, text: '' };
  if (prev) return { file: doc.file, start: prev.value.end, end: entry.value.end, text: '' };
  return { file: doc.file, start: entry.keyStart, end: entry.value.end, text: '' };
}

/** Adds `"key": value` after the last property of the JSON object at `pointer`, separated as its properties are. */
export function appendProperty(doc: StructuredDoc, pointer: string, key: string, value: string | number | boolean): TextEdit | undefined {
  const obj = jsonObject(doc, pointer);
  const last = obj?.entries.at(-1);
  if (!obj || !last) return undefined; // an empty object shows no separator to copy
  const before = obj.entries.at(-2);
  const gap = doc.text.slice(before ? before.value.end : obj.start + 1, last.keyStart);
  const sep = gap.startsWith(',') ? gap : `,${gap}`;
  return { file: doc.file, start: last.value.end, end: last.value.end, text: `${sep}${JSON.stringify(key)}: ${JSON.stringify(value)}` };
}

function jsonObject(doc: StructuredDoc, pointer: string): Extract<TreeNode, { kind: 'object' }> | undefined {
  if (!/\.json$/i.test(doc.file)) return undefined; // YAML keys and separators are written differently
  const node = doc.nodeAt(pointer);
  return node?.kind === 'object' ? node : undefined;
}

/** Offsets of a header row's value cell content in the RFC's text, the pipes and padding left out. */
export function cellContent(text: string, row: HeaderRow): { start: number; end: number; source: string } | undefined {
  if (row.valueSource === undefined || !row.valueAt) return undefined;
  const cellStart = offsetOf(text, row.valueAt.line, row.valueAt.column);
  if (text.slice(cellStart, cellStart + row.valueSource.length) !== row.valueSource) return undefined; // the text is not the one parsed
  let a = row.valueSource.startsWith('|') ? 1 : 0;
  let b = row.valueSource.length;
  if (b > a && row.valueSource.endsWith('|') && !row.valueSource.endsWith('\\|')) b--;
  while (a < b && /\s/.test(row.valueSource[a]!)) a++;
  while (b > a && /\s/.test(row.valueSource[b - 1]!)) b--;
  return { start: cellStart + a, end: cellStart + b, source: row.valueSource.slice(a, b) };
}

/** The UTF-16 offset of a 1-based line and column. */
function offsetOf(text: string, line: number, column: number): number {
  return new LineIndex(text).lineStart(line) + column - 1;
}

/** `text` with the edits (of one file, not overlapping) spliced in; every other character is kept. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new Error(`overlapping edits in ${e.file} at offset ${e.start}`);
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

/**
 * Replaces a header cell's content. A padded cell (`| —        |`, an aligned table) keeps its
 * width where its padding allows, so the column's pipes stay where they were.
 */
export function replaceCell(text: string, file: string, row: HeaderRow, content: string): TextEdit | undefined {
  const cell = cellContent(text, row);
  if (!cell) return undefined;
  const grow = content.length - (cell.end - cell.start);
  let end = cell.end;
  if (grow > 0) {
    const padding = /^ */.exec(text.slice(cell.end))![0].length;
    end += Math.max(0, Math.min(grow, padding - 1));
  } else if (grow < 0 && text[cell.end] === ' ' && text.slice(cell.end).match(/^ +\|/)) {
    content += ' '.repeat(-grow);
  }
  return { file, start: cell.start, end, text: content };
}
