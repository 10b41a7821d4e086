import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { FatalError } from '../core/errors.js';
import { LineIndex } from '../core/position.js';
import { markdownComplexity } from './markdown-bounds.js';

/**
 * The one Markdown parser of the project: unified + remark-parse + remark-gfm (tables for the
 * header, task-list items for acceptance boxes, strikethrough for resolved questions). RFCs
 * (load.ts), errata targets and the files errata rewrites are all parsed here. Importing this
 * module loads remark; modules that only read trees import mdast.ts instead.
 */
export interface MarkdownDoc {
  file: string;
  text: string;
  tree: Root;
  lines: LineIndex;
}

const processor = unified().use(remarkParse).use(remarkGfm);

/**
 * Files read through the corpus are checked (and reported) before they get here; this check
 * covers text made in a run (an errata target after its splices), which must not hang it either.
 */
export function parseMarkdown(file: string, text: string): MarkdownDoc {
  const complex = markdownComplexity(text);
  if (complex) throw new FatalError(`${file}:${complex.line}: ${complex.message}`);
  return { file, text, tree: processor.parse(text) as Root, lines: new LineIndex(text) };
}
