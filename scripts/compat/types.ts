import type { Range } from '../core/model/position.js';

/** How a change affects a document that was valid, or a reader that relied on the base. */
export type ChangeClass = 'editorial' | 'additive' | 'breaking';

export const CLASS_ORDER: Record<ChangeClass, number> = { editorial: 0, additive: 1, breaking: 2 };

/** One classified difference found by the schema or data comparison, before it is located. */
export interface RawChange {
  /** JSON Pointer into the new document; a removed thing is reported at its nearest existing parent. */
  pointer: string;
  class: ChangeClass;
  /** Short machine tag, e.g. `property-added`, `enum-value-removed`, `row-changed`. */
  kind: string;
  reason: string;
  /**
   * Set by the OpenAPI schema comparison for a change to a `readOnly` property (`response`: only
   * the API sends it) or a `writeOnly` one (`request`): the one direction the change matters in.
   */
  only?: 'request' | 'response';
}

/** A change in the classification table: located in the new file (or the base file when it is gone). */
export interface Change extends RawChange, Range {
  /** Repository-relative path at the head; the base path for a removed file. */
  file: string;
  /** The path at the base when it differs (a rename). */
  baseFile?: string;
  /** `schema` for a JSON Schema, `data` for a document governed by one, `openapi` for the OpenAPI document. */
  subject: 'schema' | 'data' | 'openapi';
  /** For a breaking change: the RFC of the compared range that declares it (`Compatibility: breaking`, the file in `Affects`). */
  declaredBy?: Declaration;
}

/** Where an RFC declares a breaking change: its file, number and Compatibility row. */
interface Declaration extends Range {
  rfc: string;
  number: string;
}

export function worstClass(classes: Iterable<ChangeClass>): ChangeClass | undefined {
  let worst: ChangeClass | undefined;
  for (const c of classes) if (worst === undefined || CLASS_ORDER[c] > CLASS_ORDER[worst]) worst = c;
  return worst;
}
