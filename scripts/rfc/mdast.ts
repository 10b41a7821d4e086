import type { Nodes, Root } from 'mdast';
import type { Range } from '../core/model/position.js';

/*
 * Pure helpers over an mdast tree. Kept apart from markdown.ts so that reading a tree never
 * imports the parser: a warm run takes every RFC from the parse cache and loads no remark code.
 */

type Positioned = { position?: { start: { line: number; column: number; offset?: number }; end: { line: number; column: number; offset?: number } } };

/** The source range of an mdast node (1-based, end exclusive). */
export function nodeRange(node: Positioned): Range {
  const p = node.position;
  if (!p) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
  return { line: p.start.line, column: p.start.column, endLine: p.end.line, endColumn: p.end.column };
}

/** Rendered text of a node: the words a reader sees (inline code keeps its content, markup is dropped). */
export function renderedText(node: Nodes | Root): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(renderedText).join('');
  return '';
}

/** Start or end offset of a node in its source. */
export function offset(node: Positioned, which: 'start' | 'end'): number {
  return node.position?.[which].offset ?? 0;
}

/** Blocks whose children are inline content: no paragraph, list item or code block is inside. */
const LEAF_BLOCKS = new Set(['paragraph', 'heading', 'table']);

/** Visits the blocks of a tree without descending into inline content. */
export function walkBlocks(node: Nodes | Root, visit: (n: Nodes) => void): void {
  visit(node as Nodes);
  if ('children' in node && !LEAF_BLOCKS.has(node.type)) for (const c of node.children as Nodes[]) walkBlocks(c, visit);
}

/** Visits every node. */
export function walk(node: Nodes | Root, visit: (n: Nodes) => void): void {
  visit(node as Nodes);
  if ('children' in node) for (const c of node.children as Nodes[]) walk(c, visit);
}

/** Visits every block container (root, list, list item, block quote…) with its children. */
export function walkParents(node: Nodes | Root, visit: (children: Nodes[]) => void): void {
  if (!('children' in node) || LEAF_BLOCKS.has(node.type)) return;
  const kids = node.children as Nodes[];
  visit(kids);
  for (const c of kids) walkParents(c, visit);
}
