import type { ReadingMessageId } from '../model/reading-messages.js';
import { READING_MESSAGES, readingMessage } from '../model/reading-messages.js';

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
 * - a list item that follows an item holding a deeper list or quote (`- a` / `  - b` / `- c`)
 *   continues the list and exits the deeper containers through the same EditMap: every event of
 *   the document so far is copied once per such item (128 KiB of them took 88-98 s and 943 MiB);
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
 * a blank or plain line, a heading, a fence or a thematic break) costs the lines above it, and so
 * does each list item that closes a deeper list or quote below the list it continues; each line is
 * weighted by 1 + its markers (the events micromark copies). A 3,000-line document may hold about
 * 1,300 lists or quotes; the governed documents seen stay under 2% of it.
 */
export const MAX_CONTAINER_WORK = 2_000_000;
/** Lines in a row continuing a container's paragraph without its prefix (possibly lazy lines). */
export const MAX_LAZY_LINES = 256;

// The rule's spec only: reading-rules.ts defines it with the other reading rules; the corpus, which
// reports it, stays below the rule model (core/engine/rule.ts reads the corpus).
export const MARKDOWN_TOO_COMPLEX = {
  id: 'parse/markdown-too-complex',
  rfc: 'specgate input limits',
  messages: READING_MESSAGES['parse/markdown-too-complex'],
  description: `A Markdown file has more containers than the parser handles in bounded time (more than ${MAX_CONTAINER_DEPTH} nested on a line, more lists and quotes than the container budget for its length, or ${MAX_LAZY_LINES} unprefixed lines continuing one), so it is not parsed.`,
} as const;

export interface Complexity {
  /** 1-based line where the cap was passed. */
  line: number;
  /** The template of `parse/markdown-too-complex` (core/model/reading-messages.ts), its data, and the text. */
  messageId: ReadingMessageId<'parse/markdown-too-complex'>;
  data: Record<string, string | number>;
  message: string;
}

function cap(line: number, messageId: Complexity['messageId'], data: Complexity['data']): Complexity {
  return { line, messageId, data, message: readingMessage('parse/markdown-too-complex', messageId, data).message };
}

/** One container marker, after optional indentation: a quote `>` or a list item marker followed by a space, a tab or the line's end. */
const MARKER = /[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t\r\n]|$))/y;

/** A thematic break (`* * *`, `- - -`, `___`): no list, although `*` and `-` followed by a space look like markers. */
const THEMATIC_BREAK = /[ ]{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/y;

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
 * An open container, as far as line prefixes tell: a quote, or a list item whose content starts at
 * `content` (a line indented that far, or blank, continues it). Columns count a tab as one, so
 * fewer lines continue an item than in micromark and more containers close: the safe direction.
 */
interface Open {
  quote: boolean;
  content: number;
}

/**
 * How many of the containers open after the last line (`open`, outermost first) the line from
 * `start` to `end` continues, and where its own markers start: quotes by their `>`, list items by
 * indentation or a blank line. A bounded loop over `open`, which never exceeds the nesting cap.
 */
function continued(text: string, start: number, end: number, open: readonly Open[]): { count: number; at: number } {
  let at = start;
  let count = 0;
  for (const c of open) {
    let i = at;
    while (i < end && i - at < 3 && text.charCodeAt(i) === 32) i++;
    if (c.quote) {
      if (text.charCodeAt(i) !== 62) break;
      at = i + 1;
      if (text.charCodeAt(at) === 32) at++;
    } else {
      let j = at;
      while (j < end && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
      if (j === end) {
        count++;
        continue;
      }
      if (j - start < c.content) break;
      at = start + c.content;
    }
    count++;
  }
  return { count, at };
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
  /** The containers open after the last line, outermost first (at most MAX_CONTAINER_DEPTH + 1 deep per line). */
  let stack: Open[] = [];
  LINE_END.lastIndex = 0;
  for (let start = 0; start <= text.length; ) {
    // Lines end as micromark (and LineIndex) end them: at `\r\n`, `\r` or `\n`; CR-only text is as many lines.
    const br = LINE_END.exec(text);
    const end = br ? br.index : text.length;
    line++;
    let depth = 0;
    let first = '';
    let afterMarkers = start;
    THEMATIC_BREAK.lastIndex = start;
    const rule = THEMATIC_BREAK.test(text) && THEMATIC_BREAK.lastIndex === end;
    const kept = continued(text, start, end, stack);
    /** The containers this line opens (its markers after those that continue open ones). */
    const opened: Open[] = [];
    MARKER.lastIndex = rule ? end : start;
    for (let m = MARKER.exec(text); m && depth <= MAX_CONTAINER_DEPTH; m = MARKER.exec(text)) {
      if (depth++ === 0) first = m[0].trim();
      afterMarkers = MARKER.lastIndex;
      // The marker itself, after its indentation: those before `kept.at` belong to continued quotes.
      if (m.index + m[0].search(/\S/) >= kept.at) {
        const quote = m[0].trim() === '>';
        const gap = quote ? 0 : indentOf(text, afterMarkers, end, 4);
        opened.push({ quote, content: afterMarkers - start + (quote || gap === 0 || gap > 4 ? 1 : gap) });
      }
    }
    if (depth > MAX_CONTAINER_DEPTH) {
      return cap(line, 'depth', { line, max: MAX_CONTAINER_DEPTH });
    }
    weight += 1 + depth;
    const blank = text.slice(afterMarkers, end).trim() === '';
    if (depth > 0) {
      // A new item of an open list below which deeper containers close (two or more closed).
      const closes = opened.length > 0 && stack.length - kept.count >= 2;
      if ((newRun || closes) && (work += weight) > MAX_CONTAINER_WORK) {
        if (measured) measured.work = work;
        return cap(line, 'budget', { max: MAX_CONTAINER_WORK.toLocaleString('en') });
      }
      stack = stack.slice(0, kept.count).concat(opened);
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
      stack = stack.slice(0, kept.count);
    } else if (open && !quote && indentOf(text, start, end, 1) >= content) {
      lazyOpen = true;
    } else {
      if (lazyOpen && ++lazy > MAX_LAZY_LINES) {
        return cap(line, 'lazy', { max: MAX_LAZY_LINES });
      }
      newRun = true;
      if (!lazyOpen) open = false;
      // A lazy line keeps the containers open; any other line closes those it does not continue.
      if (!lazyOpen || rule) stack = stack.slice(0, kept.count);
    }
    start = br ? LINE_END.lastIndex : text.length + 1;
  }
  if (measured) measured.work = work;
  return undefined;
}
