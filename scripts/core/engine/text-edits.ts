import type { Fix, TextEdit } from '../model/findings.js';
import type { StructuredDoc, TreeNode } from '../model/tree.js';

/*
 * The one splicer (`applyEdits`: --fix, errata and the editor's quick fixes all splice through it)
 * and the JSON edits a rule attaches to a finding (the RFC header-cell edits sit beside the RFC
 * reader, in rfc/header-edits.ts). Edits a rule attaches to a finding, computed from the syntax tree it read: offsets come from
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
