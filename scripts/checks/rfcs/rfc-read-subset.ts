import { parseMarkdownSubset } from '../../core/markdown-subset.js';
import { LineIndex } from '../../core/position.js';
import { readRfc, type RfcDocument } from './rfc-document.js';

/**
 * The RFC document of a file inside the markdown subset, or undefined when the file needs
 * micromark (rfc-load.ts). Kept apart from rfc-load.ts so that reading an RFC in the subset never
 * loads the micromark setup.
 */
export function readRfcInSubset(file: string, text: string): RfcDocument | undefined {
  const lines = new LineIndex(text);
  const tree = parseMarkdownSubset(text, lines);
  return tree ? readRfc({ file, text, tree, lines }) : undefined;
}
