import type { Range } from '../core/position.js';

/** One row of an RFC's header table (RFC 0001 §B). */
export interface HeaderRow {
  field: string;
  /** Text of the value cell as a reader sees it (backticks and bold dropped). */
  text: string;
  /** The values written as inline code in the value cell. */
  codes: string[];
  /** The whole table row. */
  range: Range;
}

/**
 * The header table: the first GFM table before the first `## ` heading. Read line by line rather
 * than through remark, whose import would cost more than the rest of a compat run; cells split on
 * unescaped pipes, as GFM splits them (a pipe inside a code span splits too unless escaped).
 */
export function headerRows(text: string): Map<string, HeaderRow> {
  const rows = new Map<string, HeaderRow>();
  const lines = text.split(/\r\n|\r|\n/);
  let i = 0;
  while (i < lines.length && !isRow(lines[i]!)) {
    if (/^## /.test(lines[i]!)) return rows;
    i++;
  }
  if (i + 1 >= lines.length || !/^\s{0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(lines[i + 1]!)) return rows;
  for (let n = i + 2; n < lines.length && isRow(lines[n]!); n++) {
    const line = lines[n]!;
    const cells = splitCells(line);
    if (cells.length < 2) continue;
    const field = rendered(cells[0]!);
    if (rows.has(field)) continue;
    const start = line.indexOf('|') + 1;
    rows.set(field, {
      field,
      text: rendered(cells[1]!),
      codes: [...cells[1]!.matchAll(/`+([^`]+?)`+/g)].map((m) => m[1]!.trim()),
      range: { line: n + 1, column: Math.max(1, start), endLine: n + 1, endColumn: line.length + 1 },
    });
  }
  return rows;
}

function isRow(line: string): boolean {
  return /^\s{0,3}\|/.test(line);
}

function splitCells(line: string): string[] {
  const body = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return body.split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, '|'));
}

/** Code spans keep their content; outside them bold markers go and a link keeps its text. */
function rendered(cell: string): string {
  return cell
    .split(/(`+[^`]+?`+)/)
    .map((part, i) => (i % 2 === 1 ? part.replace(/^`+|`+$/g, '') : part.replace(/\*\*|__/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The compatibility class an RFC claims: the first word of its Compatibility row, lower-cased. */
export function claimedClass(row: HeaderRow | undefined): string | undefined {
  const m = row ? /^[A-Za-z][\w-]*/.exec(row.text) : null;
  return m ? m[0].toLowerCase() : undefined;
}

/**
 * The repository paths an Affects row names (inline code, RFC 0001 §B) that cover one of `files`:
 * a file named exactly, or a folder (`spec/v2/`) that contains it. `<repo>:<path>` names a sibling
 * repository and covers nothing here.
 */
export function affectedFiles(row: HeaderRow | undefined, files: Iterable<string>): Map<string, string> {
  const covered = new Map<string, string>();
  if (!row) return covered;
  const named = row.codes.filter((c) => !/^[\w.-]+:/.test(c)).map((c) => c.replace(/^\.\//, ''));
  for (const file of files) {
    const hit = named.find((n) => n === file || (n.endsWith('/') && file.startsWith(n)));
    if (hit !== undefined) covered.set(file, hit);
  }
  return covered;
}
