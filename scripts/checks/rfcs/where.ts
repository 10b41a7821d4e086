import type { Range } from '../../core/position.js';
import type { HeaderRow, RfcDocument } from './rfc-document.js';

/** The range of the first `needle` inside a header row's value cell, else the whole cell. */
export function rangeInCell(doc: RfcDocument, row: HeaderRow, needle: string): Range {
  const pos = row.valueCell?.position;
  if (!pos || pos.start.offset === undefined || pos.end.offset === undefined) return row.valueRange;
  const i = doc.md.text.slice(pos.start.offset, pos.end.offset).indexOf(needle);
  if (i < 0) return row.valueRange;
  const start = pos.start.offset + i;
  return doc.md.lines.range(start, start + needle.length);
}

/** Where a whole-file finding about an RFC points: its title line, else line 1. */
export function titleRange(doc: RfcDocument): Range {
  return doc.title?.range ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
}
