import type { Root } from 'mdast';
import type { Processor } from 'unified';
import {
  frontmatter,
  frontmatterFromMarkdown,
  gfmStrikethrough,
  gfmStrikethroughFromMarkdown,
  gfmTable,
  gfmTableFromMarkdown,
  gfmTaskListItem,
  gfmTaskListItemFromMarkdown,
  remarkGfm,
  remarkParse,
  unified,
} from './markdown-libs.js';
import { FatalError } from '../base/errors.js';
import { LineIndex } from '../model/position.js';
import { markdownComplexity } from './markdown-bounds.js';

/**
 * The one Markdown parser of the project: unified + remark-parse with GFM — all of remark-gfm for
 * errata targets and the files errata rewrite (parseMarkdown), and for RFC documents (load.ts) the
 * part the reader reads (parseRfcMarkdown, below). Importing this
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
  return parseWith(processor, file, text);
}

function parseWith(parser: { parse(text: string): unknown }, file: string, text: string): MarkdownDoc {
  const complex = markdownComplexity(text);
  if (complex) throw new FatalError(`${file}:${complex.line}: ${complex.message}`);
  return { file, text, tree: parser.parse(text) as Root, lines: new LineIndex(text) };
}

/**
 * The GFM that RFC documents are read with (read.ts): tables, task-list items and strikethrough,
 * as remark-gfm adds them. Autolink literals and footnotes carry nothing the reader reads, and
 * the autolink pass (a search of every text node) is over a third of GFM's parse time. Errata
 * keep full GFM (parseMarkdown): a quotation must not cut through a bare URL's link.
 */
function rfcGfm(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmTable(), gfmTaskListItem(), gfmStrikethrough());
  (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown(), gfmStrikethroughFromMarkdown());
}

/** YAML front matter (`---` … `---` opening the file), as one `yaml` node: EIP-1's preamble. */
function rfcFrontMatter(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(frontmatter(['yaml']));
  (data.fromMarkdownExtensions ??= []).push(frontmatterFromMarkdown(['yaml']));
}

const rfcProcessor = unified().use(remarkParse).use(rfcGfm);
const preambleProcessor = unified().use(remarkParse).use(rfcGfm).use(rfcFrontMatter);

/**
 * `preamble`: the process keeps its header in YAML front matter, which then parses as one `yaml`
 * node; otherwise a leading `---` stays a thematic break, as it renders in a table-header process.
 */
export function parseRfcMarkdown(file: string, text: string, preamble = false): MarkdownDoc {
  return parseWith(preamble ? preambleProcessor : rfcProcessor, file, text);
}

/**
 * The tree `parseRfcMarkdown` makes of `text`, without the caps check or the line index: for
 * markdown-splice.ts, which parses one stretch of a text whose whole was checked first.
 */
export function parseRfcTree(text: string, preamble = false): Root {
  return (preamble ? preambleProcessor : rfcProcessor).parse(text) as Root;
}
