import type { TextEdit } from '../core/model/findings.js';
import { LineIndex } from '../core/model/position.js';
import type { HeaderRow } from './document.js';

/* The RFC header-cell edits of the fixable rfcs rules, beside the reader that found the cells' ranges. */

/** Offsets of a header row's value cell content in the RFC's text, the pipes and padding left out. */
export function cellContent(text: string, row: HeaderRow): { start: number; end: number; source: string } | undefined {
  if (row.valueSource === undefined || !row.valueAt) return undefined;
  const cellStart = offsetOf(text, row.valueAt.line, row.valueAt.column);
  if (text.slice(cellStart, cellStart + row.valueSource.length) !== row.valueSource) return undefined; // the text is not the one parsed
  let a = row.valueSource.startsWith('|') ? 1 : 0;
  let b = row.valueSource.length;
  if (b > a && row.valueSource.endsWith('|') && !row.valueSource.endsWith('\\|')) b--;
  while (a < b && /\s/.test(row.valueSource[a]!)) a++;
  while (b > a && /\s/.test(row.valueSource[b - 1]!)) b--;
  return { start: cellStart + a, end: cellStart + b, source: row.valueSource.slice(a, b) };
}

/** The UTF-16 offset of a 1-based line and column. */
function offsetOf(text: string, line: number, column: number): number {
  return new LineIndex(text).lineStart(line) + column - 1;
}

/**
 * Replaces a header cell's content. A padded cell (`| —        |`, an aligned table) keeps its
 * width where its padding allows, so the column's pipes stay where they were.
 */
export function replaceCell(text: string, file: string, row: HeaderRow, content: string): TextEdit | undefined {
  const cell = cellContent(text, row);
  if (!cell) return undefined;
  const grow = content.length - (cell.end - cell.start);
  let end = cell.end;
  if (grow > 0) {
    const padding = /^ */.exec(text.slice(cell.end))![0].length;
    end += Math.max(0, Math.min(grow, padding - 1));
  } else if (grow < 0 && text[cell.end] === ' ' && text.slice(cell.end).match(/^ +\|/)) {
    content += ' '.repeat(-grow);
  }
  return { file, start: cell.start, end, text: content };
}
