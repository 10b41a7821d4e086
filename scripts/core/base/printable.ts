/**
 * Text from input (messages that quote a document or a host, file names, header values, code
 * frames) shown on a terminal or in a CI log: every control character, and the bidirectional
 * overrides that reorder what is shown (CVE-2021-42574), is written as an escape, so input can
 * neither move the cursor, clear the screen, recolour nor hide text. Colour the reporter adds
 * itself is applied after this. The machine formats escape the same characters (json-text.ts).
 */
/**
 * Beyond the C0 controls: DEL, the C1 controls, the line/paragraph separators, and every
 * bidirectional mark: the embeddings and overrides (U+202A–U+202E), the isolates (U+2066–U+2069),
 * and the implicit marks (U+200E LRM, U+200F RLM, U+061C ALM), which reorder neutral characters
 * around them as well.
 */
export const UNSAFE_ABOVE_C0 = '\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069';
const UNPRINTABLE = new RegExp(`[\\u0000-\\u001f${UNSAFE_ABOVE_C0}]`, 'g');

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `::` at the start of a text, after white space: what the GitHub runner reads as a workflow command. */
const WORKFLOW_START = /^(\s*):(?=:)/;

/** `keep`: characters the caller encodes itself (the github format's `%0A`) or needs as they are (a tab in a diff). */
export function printable(s: string, keep = ''): string {
  UNPRINTABLE.lastIndex = 0;
  const out = UNPRINTABLE.test(s) ? s.replace(UNPRINTABLE, (c) => keep.includes(c) ? c : NAMED[c] ?? (c.charCodeAt(0) < 0x100 ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)) : s;
  // Text that begins a line (a file name in stylish and compact output, a report's first column)
  // must not begin a GitHub workflow command: the runner reads `::` after leading white space.
  return WORKFLOW_START.test(out) ? out.replace(WORKFLOW_START, '$1\\x3a') : out;
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text from a pull request (a message, a file name, a family's name) inside Markdown prose that
 * GitHub renders as HTML (the Action's job summary): printable first, on one line; `& < > "` as
 * HTML entities, so no tag, comment or attribute opens; behind a backslash (CommonMark's escape)
 * every character that starts something inline: a link or image (`[ ] ( ) !`), emphasis or
 * strikethrough (`* _ ~`), a code span (`` ` ``), a table cell (`|`), math (`$`), a mention or an
 * issue reference (`@ #`), a bare URL GFM would link (`:` of `https://`, the dot of `www.`), and
 * the backslash itself. The text is always inline (a table cell, a
 * list item after its marker), so what starts a block (`-`, `1.`) cannot. A reader sees the text
 * itself. (Inside a code span nothing is interpreted: there only a backtick, which would end it,
 * and a table's `|` need care.)
 */
export function markdownText(s: string): string {
  return printable(s)
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_[\]()!|~$@#:&<>"]/g, (c) => HTML_ENTITIES[c] ?? `\\${c}`)
    .replace(/(www)\./gi, '$1\\.');
}
