import type { CheckResult } from '../model/findings.js';
import type { RuleMeta } from '../engine/rule.js';

/** What a reporter reads of a rule's metadata (SARIF's rule descriptors). */
export type RuleInfo = Pick<RuleMeta, 'id' | 'rfc' | 'description'> & Partial<Pick<RuleMeta, 'defaultSeverity' | 'docs' | 'fixable' | 'class' | 'rfcByPreset' | 'rfcProcess'>>;

export interface ReportEnv {
  /** Source text of a repository-relative file, for code frames. */
  sourceOf(file: string): string | undefined;
  /** Absolute repository root (SARIF uses it as the base URI). */
  root: string;
  toolName: string;
  toolVersion: string;
  /** Metadata of the rules that ran (SARIF lists them). */
  rules: RuleInfo[];
  color?: boolean;
  /** What the command adds to its findings (compat's table, probe's legs, report's state): the formats that render sections read them here. */
  sections?: readonly ReportSection[];
  /** The result has no findings part, only sections (`report`, a corpus's state): a format renders its sections alone. */
  state?: boolean;
}

export type Reporter = (result: CheckResult, env: ReportEnv) => string;

/**
 * What a command adds to its findings (compat's change table, probe's legs, errata's outcomes):
 * a section of the result that every format renders in its own place — the human report before
 * the findings, json as top-level keys, github as workflow lines before its annotations; a format
 * with no place for it carries the findings alone.
 */
export interface ReportSection {
  /** Top-level keys of the json report; `before` puts them ahead of `findings` and `summary`. */
  json?: Record<string, unknown>;
  before?: boolean;
  /** Printed before the findings of the stylish report (already escaped for a terminal); markdown and html carry it too (fenced, preformatted) when the section has nothing of theirs. */
  human?: string;
  /** Lines printed before a github report (workflow commands, already escaped). */
  github?: readonly string[];
  /** The section in Markdown (`-f markdown`), before the findings. */
  markdown?: string;
  /** The section as parts of a page (`-f html`: escaped HTML, each part a `<section>` or `<header>`); the first section's title is the page's. */
  html?: { title: string; body: readonly string[] };
  /** Written to stderr when the format has no place for it (neither stylish, nor json with `json`, nor markdown or html with `human`): errata's patch, while stdout stays the format. */
  elsewhere?: string;
}
