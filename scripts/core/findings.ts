import type { Range } from './position.js';

/** `notice` records something a reader should see that fails nothing (a declared breaking change). */
export type Severity = 'error' | 'warning' | 'notice';

/** What configuration may set a rule to: a severity, or `off` (the rule's findings are dropped). */
export type SeveritySetting = Severity | 'off';

export interface RelatedLocation extends Range {
  file: string;
  message: string;
}

/** The one finding type every check, reporter and test uses. */
export interface Finding extends Range {
  ruleId: string;
  severity: Severity;
  /** Repository-relative path, with forward slashes. */
  file: string;
  /** JSON Pointer into a JSON or YAML document. */
  pointer?: string;
  /** Names the RFC section the rule enforces. */
  message: string;
  /** The RFC section, e.g. "RFC 0211 §A". */
  rfc?: string;
  related?: RelatedLocation[];
}

export interface FamilySummary {
  family: string;
  files: number;
  visited: number;
  errors: number;
  warnings: number;
  ms: number;
  /** Family-specific figures (e.g. the invariants gate's citation counts); shown by the reporters. */
  extras?: Record<string, number | string | string[]>;
}

/** A recorded count in the suppressions file that is higher than what the run found. */
export interface PrunableSuppression {
  file: string;
  ruleId: string;
  recorded: number;
  found: number;
}

/** What the suppressions file (the baseline) did to a run. */
export interface BaselineSummary {
  /** The suppressions file, as the user would name it. */
  file: string;
  /** Error findings hidden because their file and rule are within the recorded count. */
  suppressed: number;
  prunable: PrunableSuppression[];
  /** Set when the run rewrote the file (--suppress-all, --suppress-rule, --prune-suppressions). */
  wrote?: { entries: number };
}

export interface CheckResult {
  findings: Finding[];
  families: FamilySummary[];
  baseline?: BaselineSummary;
}

export function countBySeverity(findings: readonly Finding[]): { errors: number; warnings: number; notices: number } {
  let errors = 0;
  let warnings = 0;
  let notices = 0;
  for (const f of findings) {
    if (f.severity === 'error') errors++;
    else if (f.severity === 'warning') warnings++;
    else notices++;
  }
  return { errors, warnings, notices };
}

export function compareFindings(a: Finding, b: Finding): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0);
}

/** Exit codes: 0 clean (warnings and notices allowed), 1 an error-severity finding. Usage and internal errors are 2. */
export function exitCodeFor(findings: readonly Finding[]): 0 | 1 {
  return findings.some((f) => f.severity === 'error') ? 1 : 0;
}
