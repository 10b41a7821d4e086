import type { Range } from '../core/model/position.js';

/** One list item of an RFC's `## Errata`, read into an edit. */
export interface Erratum {
  /** The RFC number, e.g. "0211". */
  rfc: string;
  /** The RFC's repository-relative path. */
  rfcFile: string;
  /** 1-based position in the errata list. */
  index: number;
  /** The item in the RFC (its first line). */
  item: Range;
  /** The bold target as a reader sees it, e.g. "RFC 0152 UQ4". */
  label: string;
  /** The target path as written (may be abbreviated, `RFCS/0152-…`). */
  targetPath: string;
  /** Where in the target: "§B", "D.7", "UQ4", or "" for the whole document. */
  section: string;
  lineHint?: number;
  /** The hint in the RFC (the backticked `path:line`). */
  hintRange?: Range;
  op: 'append' | 'replace';
  /** Markdown source of the quoted old text (replace only). */
  old?: string;
  /** Markdown source of the quoted new or appended text. */
  new: string;
}

/** An errata item the parser could not read: named with its reason, never skipped. */
export interface UnreadableItem {
  rfc: string;
  rfcFile: string;
  index: number;
  item: Range;
  reason: string;
}

/** A splice of the original source: [start, end) becomes `text`. */
export interface Splice {
  start: number;
  end: number;
  text: string;
}
