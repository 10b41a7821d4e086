import { parseJson } from '../core/parse/json-tree.js';
import type { StructuredDoc, TreeNode } from '../core/model/tree.js';
import { decodePointer } from '../core/model/pointer.js';

/** A response body as the judge sees it. */
export type ParsedBody =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown; doc: StructuredDoc }
  /** Not JSON: an HTML page, plain text, or JSON that does not parse. */
  | { kind: 'text'; problem: string };

export function parseBody(text: string): ParsedBody {
  if (text.trim() === '') return { kind: 'empty' };
  // parseJson reads past a byte-order mark (and reports it); a client's JSON.parse throws on one.
  if (text.charCodeAt(0) === 0xfeff) return { kind: 'text', problem: 'the body starts with a byte-order mark, which JSON.parse rejects (RFC 8259 §8.1)' };
  const doc = parseJson('response-body', text);
  if (!doc.ok) return { kind: 'text', problem: doc.problems.find((p) => p.code !== 'duplicate-key')?.message ?? 'not valid JSON' };
  return { kind: 'json', value: doc.value, doc };
}

/** Offsets inside the body text, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Where a pointer lands in a JSON body: the node (or, with `on: 'key'`, its property name).
 * A missing step lands on the nearest existing ancestor, as everywhere else in the tool.
 */
export function spanAt(doc: StructuredDoc, pointer: string, on: 'key' | 'value' = 'value'): Span {
  let node: TreeNode | undefined = doc.root;
  let key: Span | undefined;
  let segs: string[];
  try {
    segs = decodePointer(pointer);
  } catch {
    segs = [];
  }
  let complete = true;
  for (const seg of segs) {
    let next: TreeNode | undefined;
    key = undefined;
    if (node?.kind === 'object') {
      const e = [...node.entries].reverse().find((x) => x.key === seg);
      if (e) {
        next = e.value;
        key = { start: e.keyStart, end: e.keyEnd };
      }
    } else if (node?.kind === 'array' && /^(0|[1-9]\d*)$/.test(seg)) next = node.items[Number(seg)];
    if (!next) {
      complete = false;
      break;
    }
    node = next;
  }
  if (complete && on === 'key' && key) return key;
  return { start: node?.start ?? 0, end: node?.end ?? 0 };
}

/** The first line of a non-JSON body (an HTML page's doctype, say), as a span. */
export function firstLineSpan(text: string): Span {
  const nl = text.indexOf('\n');
  return { start: 0, end: nl === -1 ? text.length : nl };
}
