import { readingMessage } from './reading-messages.js';
import type { Range } from './position.js';

/** `notice` records something a reader should see that fails nothing (a declared breaking change). */
export type Severity = 'error' | 'warning' | 'notice';

/** What configuration may set a rule to: a severity, or `off` (the rule's findings are dropped). */
export type SeveritySetting = Severity | 'off';
/**
 * A severity as configuration sets it: a fixed one, `off`, or `on` — the rule enabled at its own
 * severity, finding by finding (a rule that reports some findings milder keeps doing so; `error`
 * would make them all errors). `on` also turns on a rule its preset leaves off (opt-in).
 */
export type ConfiguredSeverity = SeveritySetting | 'on';

export interface RelatedLocation extends Range {
  file: string;
  message: string;
}

/**
 * One replacement in one file: the UTF-16 offsets `[start, end)` of the text the rule read, and
 * what goes there (an empty `text` deletes, an empty range inserts).
 */
export interface TextEdit {
  /** Repository-relative path, with forward slashes. */
  file: string;
  start: number;
  end: number;
  text: string;
}

/** The repair of one finding: every edit or none (a supersedes fix touches the other RFC). */
export interface Fix {
  edits: TextEdit[];
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
  /** The id of the rule's message template the finding was worded from (`meta.messages`). */
  messageId?: string;
  /** The RFC section, e.g. "RFC 0211 §A". */
  rfc?: string;
  related?: RelatedLocation[];
  /** The unambiguous repair, when the rule has one. */
  fix?: Fix;
}

export interface FamilySummary {
  family: string;
  files: number;
  visited: number;
  /** Errors found and not covered by the baseline. */
  errors: number;
  warnings: number;
  /** Errors the baseline (the suppressions file) covered, when any. */
  suppressed?: number;
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

/**
 * A guard against a vacuous pass ("visited nothing", a rule's own count) not shown because an error
 * already fails the run: of its own family, or of a family with an error in a file it read (the
 * `blockers`). When the baseline hides every error of its blockers, it fails the run itself.
 */
export interface Withheld {
  family: string;
  blockers: string[];
  finding: Finding;
}

export interface CheckResult {
  findings: Finding[];
  families: FamilySummary[];
  withheld?: Withheld[];
  /** The guards against a vacuous pass shown in `findings`: a baseline never hides them. */
  guards?: Finding[];
  baseline?: BaselineSummary;
  /**
   * Warnings `--quiet` kept out of `findings` (they still count for --max-warnings): the stylish
   * report then claims no success ("✔ no problems"), as ESLint prints none when it hides problems.
   */
  hiddenWarnings?: number;
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

/**
 * Appends `items` to `target` one by one: `target.push(...items)` passes every item as an argument,
 * and V8 overflows its stack past about 120,000 of them.
 */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** Findings kept per file; past it, one `limits/findings-per-file` finding counts the rest. */
export const MAX_FINDINGS_PER_FILE = 1000;
export const FINDINGS_CAP_RULE = 'limits/findings-per-file' as const;

/**
 * Keeps the first MAX_FINDINGS_PER_FILE findings of each file (in the order given) and replaces the rest with one
 * summary finding on line 1 of the file, an error when any dropped finding was one: a hostile
 * document that trips a rule on every line cannot flood the report, the SARIF upload or the terminal.
 */
export function capPerFile<F extends Omit<Finding, 'severity'> & { severity?: Severity }>(findings: readonly F[]): F[] {
  const kept = new Map<string, number>();
  const dropped = new Map<string, { count: number; error: boolean; rules: Set<string> }>();
  const out: F[] = [];
  for (const f of findings) {
    // A rule's own cap finding (engine.runRule) is always kept and does not count.
    if (f.ruleId === FINDINGS_CAP_RULE) {
      out.push(f);
      continue;
    }
    const n = kept.get(f.file) ?? 0;
    if (n < MAX_FINDINGS_PER_FILE) {
      kept.set(f.file, n + 1);
      out.push(f);
      continue;
    }
    const d = dropped.get(f.file) ?? { count: 0, error: false, rules: new Set<string>() };
    d.count++;
    d.error ||= f.severity === 'error' || f.severity === undefined;
    d.rules.add(f.ruleId);
    dropped.set(f.file, d);
  }
  for (const [file, d] of dropped) out.push(capFinding(file, d.count, d.error, [...d.rules]) as F);
  return out;
}

function capFinding(file: string, count: number, error: boolean, rules: string[]): Finding {
  const shown = [...rules].sort().slice(0, 5).join(', ') + (rules.length > 5 ? ', …' : '');
  return {
    ruleId: FINDINGS_CAP_RULE,
    severity: error ? 'error' : 'warning',
    file,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    ...readingMessage(FINDINGS_CAP_RULE, 'rest', { count, s: count === 1 ? '' : 's', max: MAX_FINDINGS_PER_FILE, rules: shown }),
  };
}
