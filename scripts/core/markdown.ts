import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Root } from 'mdast';
import { LineIndex } from './position.js';

export interface MarkdownDoc {
  file: string;
  text: string;
  tree: Root;
  lines: LineIndex;
}

const processor = unified().use(remarkParse).use(remarkGfm);

export function parseMarkdown(file: string, text: string): MarkdownDoc {
  return { file, text, tree: processor.parse(text) as Root, lines: new LineIndex(text) };
}

// Pure helpers, importable without loading the parser.
export { nodeRange, renderedText } from './mdast-text.js';
