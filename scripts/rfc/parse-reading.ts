import type { Root } from 'mdast';
import type { ParseCache } from '../core/cache/parse-cache.js';
import { parseRfcMarkdown } from '../core/parse/markdown.js';
import { spliceRfcMarkdown } from '../core/parse/markdown-splice.js';
import type { ReaderTitles, RfcDocument } from './document.js';
import { readRfc } from './read.js';

/**
 * The reading of one RFC text: parse, then read. The one function that makes a reading, on the
 * main thread (load.ts) and in a parse worker (parse-worker.ts) alike.
 *
 * `last` (main thread only): the cache entry under `key` keeping the last text parsed for this
 * file and its tree. When it is there, only the edited stretch of the text is parsed again and
 * spliced into that tree (core/parse/markdown-splice.ts, which answers only when the result is the
 * full parse's, and otherwise the text is parsed in full); either way the entry is then replaced by
 * this text and its tree. Entries are authenticated like every cache entry: a planted one is a miss.
 */
export function parseReading(file: string, text: string, titles: ReaderTitles, last?: { cache: ParseCache; key: string; spliced?: boolean }): RfcDocument {
  const preamble = titles.headerForm === 'preamble';
  if (!last) return readRfc(parseRfcMarkdown(file, text, preamble), titles);
  const kept = last.cache.get<{ text?: unknown; tree?: unknown }>(last.key);
  const spliced = kept && typeof kept.text === 'string' && kept.tree && typeof kept.tree === 'object' ? spliceRfcMarkdown(file, kept.text, kept.tree as Root, text, preamble) : undefined;
  last.spliced = spliced !== undefined;
  const md = spliced ?? parseRfcMarkdown(file, text, preamble);
  const doc = readRfc(md, titles);
  // A file with an entry is being edited: its entry follows it. A first entry costs a write of a
  // tree (100-300 KB of JSON for upstream's RFCs): a cold run parsing every RFC would write them
  // all (+6% of its CPU, measured), so only the first few files a process parses get one; an RFC
  // edited later gets its entry at its first edit, and is spliced from the second on.
  if (kept || newTreeEntries.left-- > 0) last.cache.set(last.key, { text, tree: md.tree });
  return doc;
}

/** How many files without a kept tree may still get one in this process (see above). */
export const newTreeEntries = { left: 4 };
