import type { Range } from '../../core/model/position.js';
import type { HeaderRow, RfcDocument } from '../../rfc/document.js';

/** The range of the first `needle` inside a header row's value cell, else the whole cell. */
export function rangeInCell(_doc: RfcDocument, row: HeaderRow, needle: string): Range {
  if (row.valueSource === undefined || !row.valueAt) return row.valueRange;
  const i = row.valueSource.indexOf(needle);
  if (i < 0) return row.valueRange;
  // A table row is one line, so the needle's columns follow from the cell's start.
  const { line, column } = row.valueAt;
  return { line, column: column + i, endLine: line, endColumn: column + i + needle.length };
}

/** Where a whole-file finding about an RFC points: its title line, else line 1. */
export function titleRange(doc: RfcDocument): Range {
  return doc.title?.range ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
}
