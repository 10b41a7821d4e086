import type { Range } from './position.js';
import { LineIndex } from './position.js';
import { decodePointerOrRoot, encodePointer } from './pointer.js';

/** A node of a parsed JSON or YAML document, with source offsets. */
export type TreeNode =
  | { kind: 'object'; start: number; end: number; entries: TreeEntry[] }
  | { kind: 'array'; start: number; end: number; items: TreeNode[] }
  | { kind: 'scalar'; start: number; end: number };

export interface TreeEntry {
  key: string;
  keyStart: number;
  keyEnd: number;
  value: TreeNode;
}

/** A problem found while parsing; it becomes a finding of the `parse` rules. */
export interface ParseProblem {
  code: 'syntax' | 'duplicate-key' | 'bom' | 'empty' | 'too-deep' | 'too-large' | 'binary' | 'aliases';
  /** The template of rule `parse/<code>` it is worded from (core/model/reading-messages.ts), and the text. */
  messageId: string;
  message: string;
  start: number;
  end: number;
}

/** Where a pointer lands in a document: the range to report and the pointer actually found. */
export interface Location extends Range {
  pointer: string;
  /** The pointer that exists (an ancestor when the requested one is missing). */
  foundPointer: string;
}

/** A parsed JSON or YAML file: its value, its tree, and a way from pointers to positions. */
export class StructuredDoc {
  private lineIndex: LineIndex | undefined;
  private tree: TreeNode | undefined;
  private buildTree: (() => TreeNode) | undefined;
  private readonly parsed: boolean;

  constructor(
    readonly file: string,
    readonly text: string,
    readonly value: unknown,
    root: TreeNode | undefined | (() => TreeNode),
    readonly problems: ParseProblem[],
  ) {
    this.parsed = root !== undefined;
    if (typeof root === 'function') this.buildTree = root;
    else this.tree = root;
  }

  /** Built on first use: a clean run never needs a position. */
  get lines(): LineIndex {
    return (this.lineIndex ??= new LineIndex(this.text));
  }

  /** The tree of source ranges; for a clean JSON document it is built only when first asked for. */
  get root(): TreeNode | undefined {
    if (this.buildTree) {
      this.tree = this.buildTree();
      this.buildTree = undefined;
    }
    return this.tree;
  }

  get ok(): boolean {
    return this.parsed && !this.problems.some((p) => p.code !== 'duplicate-key' && p.code !== 'bom');
  }

  /**
   * The range of the node at `pointer`. With `at: 'key'` a property is reported at its key.
   * A missing step is reported at the nearest existing ancestor (a missing key at its parent).
   */
  locate(pointer: string, at: 'value' | 'key' = 'value'): Location {
    const segs = decodePointerOrRoot(pointer);
    let node = this.root;
    let found: string[] = [];
    let keyRange: [number, number] | undefined;
    for (const seg of segs) {
      if (!node) break;
      let next: TreeNode | undefined;
      keyRange = undefined;
      if (node.kind === 'object') {
        // Last duplicate wins, as in JSON.parse.
        for (let i = node.entries.length - 1; i >= 0; i--) {
          const e = node.entries[i]!;
          if (e.key === seg) {
            next = e.value;
            keyRange = [e.keyStart, e.keyEnd];
            break;
          }
        }
      } else if (node.kind === 'array' && /^(0|[1-9]\d*)$/.test(seg)) {
        next = node.items[Number(seg)];
      }
      if (!next) break;
      node = next;
      found.push(seg);
    }
    const complete = found.length === segs.length;
    let start = node?.start ?? 0;
    let end = node?.end ?? 0;
    if (complete && at === 'key' && keyRange) [start, end] = keyRange;
    else if (node && node.kind !== 'scalar') end = firstLineEnd(this.text, start, end);
    return { ...this.lines.range(start, end), pointer, foundPointer: encodePointer(found) };
  }

  /** Keys of the object at `pointer`, in source order, with their ranges (duplicates included). */
  entriesAt(pointer: string): TreeEntry[] {
    const node = this.nodeAt(pointer);
    return node?.kind === 'object' ? node.entries : [];
  }

  nodeAt(pointer: string): TreeNode | undefined {
    let node = this.root;
    for (const seg of decodePointerOrRoot(pointer)) {
      if (!node) return undefined;
      if (node.kind === 'object') node = [...node.entries].reverse().find((e) => e.key === seg)?.value;
      else if (node.kind === 'array') node = /^(0|[1-9]\d*)$/.test(seg) ? node.items[Number(seg)] : undefined;
      else return undefined;
    }
    return node;
  }
}

/** A container is reported on its first line only, so a code frame stays readable. */
function firstLineEnd(text: string, start: number, end: number): number {
  const nl = text.indexOf('\n', start);
  return nl === -1 || nl > end ? end : nl;
}
