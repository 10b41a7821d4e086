import { parseRfcMarkdown } from '../core/parse/markdown.js';
import type { ReaderTitles, RfcDocument } from './document.js';
import { readRfc } from './read.js';

/**
 * The reading of one RFC text: parse, then read. The one function that makes a reading, on the
 * main thread (load.ts) and in a parse worker (parse-worker.ts) alike.
 */
export function parseReading(file: string, text: string, titles: ReaderTitles): RfcDocument {
  return readRfc(parseRfcMarkdown(file, text, titles.headerForm === 'preamble'), titles);
}
