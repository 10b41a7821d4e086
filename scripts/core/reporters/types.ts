import type { CheckResult } from '../findings.js';
import type { RuleMeta } from '../rule.js';

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
}

export type Reporter = (result: CheckResult, env: ReportEnv) => string;
