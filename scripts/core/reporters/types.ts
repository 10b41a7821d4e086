import type { CheckResult } from '../findings.js';

export interface RuleInfo {
  id: string;
  rfc: string;
  description: string;
  defaultSeverity?: 'error' | 'warning';
}

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
