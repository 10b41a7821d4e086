import type { Nodes } from 'mdast';
import type { Range } from './position.js';

/** The source range of an mdast node (1-based, end exclusive). */
export function nodeRange(node: { position?: { start: { line: number; column: number }; end: { line: number; column: number } } }): Range {
  const p = node.position;
  if (!p) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
  return { line: p.start.line, column: p.start.column, endLine: p.end.line, endColumn: p.end.column };
}

/** Rendered text of a node: the words a reader sees (inline code keeps its content, markup is dropped). */
export function renderedText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(renderedText).join('');
  return '';
}
