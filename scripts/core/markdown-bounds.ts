import type { InputMessageId } from './input-messages.js';
import { INPUT_MESSAGES, inputMessage } from './input-messages.js';

/*
 * micromark (under remark) is linear in most Markdown but not in containers (block quotes and
 * list items):
 *
 * - each container that ends before a line that does not continue it (a paragraph or heading
 *   after a list or quote) moves the container's exit events with an EditMap that copies every
 *   event of the document so far, so time grows with containers × document size;
 * - each lazy line (a line continuing a quote's or list item's paragraph without the container's
 *   prefix) scans back through every event of that paragraph, so time grows with the square of
 *   a run of lazy lines;
 * - containers nest in mdast, and remark-gfm walks the tree recursively, so a line of thousands of
 *   `>` or `- ` overflows the stack.
 *
 * Nothing in remark bounds these, and no newer release changes them, so before parsing, one pass
 * over the lines counts them from the line prefixes alone (no Markdown parsing: it over-counts,
 * e.g. markers inside fenced code, which is the safe direction) and a file past a cap is reported
 * and not parsed.
 */

/** Container markers (`>`, `-`, `*`, `+`, `1.`, `1)`) at the start of one line. */
export const MAX_CONTAINER_DEPTH = 32;
/**
 * The work of ending lists and quotes: each list or quote (a run of container lines starting after
 * a blank or plain line) costs the lines above it, each line weighted by 1 + its markers (the
 * events micromark copies). A 3,000-line document may hold about 1,300 lists or quotes; the
 * governed documents seen stay under 2% of it.
 */
export const MAX_CONTAINER_WORK = 2_000_000;
/** Lines in a row continuing a container's paragraph without its prefix (possibly lazy lines). */
export const MAX_LAZY_LINES = 256;

// The rule's spec only: input-rules.ts defines it with the other input rules; the corpus, which
// reports it, stays below the rule model (core/rule.ts reads the corpus).
export const MARKDOWN_TOO_COMPLEX = {
  id: 'parse/markdown-too-complex',
  rfc: 'specgate input limits',
  messages: INPUT_MESSAGES['parse/markdown-too-complex'],
  description: `A Markdown file has more containers than the parser handles in bounded time (more than ${MAX_CONTAINER_DEPTH} nested on a line, more lists and quotes than the container budget for its length, or ${MAX_LAZY_LINES} unprefixed lines continuing one), so it is not parsed.`,
} as const;

export interface Complexity {
  /** 1-based line where the cap was passed. */
  line: number;
  /** The template of `parse/markdown-too-complex` (core/input-messages.ts), its data, and the text. */
  messageId: InputMessageId<'parse/markdown-too-complex'>;
  data: Record<string, string | number>;
  message: string;
}

function cap(line: number, messageId: Complexity['messageId'], data: Complexity['data']): Complexity {
  return { line, messageId, data, message: inputMessage('parse/markdown-too-complex', messageId, data).message };
}

/** One container marker, after optional indentation: a quote `>` or a list item marker followed by a space, a tab or the line's end. */
const MARKER = /[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t\r\n]|$))/y;

/** A line ending: `\r\n`, `\r` or `\n` (searched forward once: the scan stays linear). */
const LINE_END = /\r\n?|\n/g;

/** Width of leading blanks, a tab counted as `tab` columns. */
function indentOf(text: string, start: number, end: number, tab: number): number {
  let w = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) w++;
    else if (c === 9) w += tab;
    else break;
  }
  return w;
}

/**
 * The first cap `text` passes, or undefined: one pass over the lines, linear in the text.
 * `measured.work` gets the container work counted (to the cap passed, or the whole text's), so a
 * generated document can be held well under MAX_CONTAINER_WORK.
 */
export function markdownComplexity(text: string, measured?: { work: number }): Complexity | undefined {
  let work = 0;
  /** Lines so far, each weighted by 1 + its container markers. */
  let weight = 0;
  /** Whether the next container line starts a new list or quote (over-counts loose lists: the safe direction). */
  let newRun = true;
  /** Whether a list or quote may still be open, and which. */
  let open = false;
  let quote = false;
  /** Column where the last list item's content starts: an unprefixed line indented that far continues it. */
  let content = 0;
  /** Whether an unprefixed line now would continue a paragraph in a container (a lazy line). */
  let lazyOpen = false;
  let lazy = 0;
  let line = 0;
  LINE_END.lastIndex = 0;
  for (let start = 0; start <= text.length; ) {
    // Lines end as micromark (and LineIndex) end them: at `\r\n`, `\r` or `\n`; CR-only text is as many lines.
    const br = LINE_END.exec(text);
    const end = br ? br.index : text.length;
    line++;
    let depth = 0;
    let first = '';
    let afterMarkers = start;
    MARKER.lastIndex = start;
    for (let m = MARKER.exec(text); m && depth <= MAX_CONTAINER_DEPTH; m = MARKER.exec(text)) {
      if (depth++ === 0) first = m[0].trim();
      afterMarkers = MARKER.lastIndex;
    }
    if (depth > MAX_CONTAINER_DEPTH) {
      return cap(line, 'depth', { line, max: MAX_CONTAINER_DEPTH });
    }
    weight += 1 + depth;
    const blank = text.slice(afterMarkers, end).trim() === '';
    if (depth > 0) {
      if (newRun && (work += weight) > MAX_CONTAINER_WORK) {
        if (measured) measured.work = work;
        return cap(line, 'budget', { max: MAX_CONTAINER_WORK.toLocaleString('en') });
      }
      newRun = false;
      open = true;
      quote = first === '>';
      // Over-estimated (a tab as 4 columns), so fewer lines pass as continuations: the safe direction.
      const gap = indentOf(text, afterMarkers, end, 4);
      content = afterMarkers - start + (gap === 0 || gap > 4 ? 1 : gap);
      lazyOpen = !blank;
      lazy = 0;
    } else if (blank) {
      newRun = true;
      lazyOpen = false;
      lazy = 0;
    } else if (open && !quote && indentOf(text, start, end, 1) >= content) {
      lazyOpen = true;
    } else {
      if (lazyOpen && ++lazy > MAX_LAZY_LINES) {
        return cap(line, 'lazy', { max: MAX_LAZY_LINES });
      }
      newRun = true;
      if (!lazyOpen) open = false;
    }
    start = br ? LINE_END.lastIndex : text.length + 1;
  }
  if (measured) measured.work = work;
  return undefined;
}
