/**
 * The Markdown libraries the one parser (markdown.ts) is built from, in one module: the build
 * (scripts/build/bundle.ts) replaces the compiled file with one esbuild bundle of them,
 * so that loading the parser reads one file instead of about 180 (remark, micromark, mdast
 * utilities; measured in docs/decisions/module-loading.md). Only markdown.ts imports it, and
 * only when a document is parsed: the lazy boundary is markdown.ts's own.
 */
export { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
export { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
export { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
export { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
export { gfmTable } from 'micromark-extension-gfm-table';
export { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
export { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
export { frontmatter } from 'micromark-extension-frontmatter';
export { default as remarkGfm } from 'remark-gfm';
export { default as remarkParse } from 'remark-parse';
export { unified } from 'unified';
