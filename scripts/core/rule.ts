import type { Corpus } from './corpus.js';
import type { FamilySummary, Finding, RelatedLocation, Severity } from './findings.js';
import type { Layout } from './layout.js';
import type { Range } from './position.js';
import type { StructuredDoc } from './tree.js';

/** Where a finding points: a JSON Pointer in a parsed document, or a range in a file. */
export type At =
  | { doc: StructuredDoc; pointer: string; on?: 'key' | 'value' }
  | { file: string; range: Range; pointer?: string }
  | { file: string };

export interface Report {
  at: At;
  message: string;
  severity?: Severity;
  related?: RelatedLocation[];
}

export interface RuleContext {
  readonly corpus: Corpus;
  readonly layout: Layout;
  /** Family options from the command line (e.g. `map` for `--map`). */
  readonly options: Readonly<Record<string, unknown>>;
  report(r: Report): void;
  /** Count rows/entries this rule looked at; a rule that visits nothing fails rather than passing vacuously. */
  visit(n?: number): void;
}

export interface Rule {
  /** Stable kebab-case `family/subject-constraint` id. Never reused or quietly renamed. */
  id: string;
  /** The section the rule enforces, e.g. "RFC 0211 §A" or "RFC 0208 §C (rule 7a)". */
  rfc: string;
  /** One sentence: what the rule checks. */
  description: string;
  defaultSeverity?: Severity;
  /** Rules that may legitimately find nothing to look at (e.g. optional documents). */
  mayVisitNothing?: boolean;
  run(ctx: RuleContext): void | Promise<void>;
}

export interface Family {
  name: string;
  description: string;
  rules: Rule[];
  /** The document a vacuous-pass finding is reported at. */
  primaryFile(ctx: { layout: Layout; options: Readonly<Record<string, unknown>> }): string;
  /** Optional figures for the family's summary, computed after its rules ran. */
  summaryExtras?(ctx: { corpus: Corpus; options: Readonly<Record<string, unknown>> }): Promise<FamilySummary['extras']> | FamilySummary['extras'];
}

/** Turns a report into a located finding. */
export function locate(at: At): Pick<Finding, 'file' | 'line' | 'column' | 'endLine' | 'endColumn' | 'pointer'> {
  if ('doc' in at) {
    const loc = at.doc.locate(at.pointer, at.on ?? 'value');
    return { file: at.doc.file, line: loc.line, column: loc.column, endLine: loc.endLine, endColumn: loc.endColumn, pointer: at.pointer };
  }
  if ('range' in at) return { file: at.file, ...at.range, ...(at.pointer !== undefined ? { pointer: at.pointer } : {}) };
  return { file: at.file, line: 1, column: 1, endLine: 1, endColumn: 1 };
}
