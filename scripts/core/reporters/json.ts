import { countBySeverity } from '../model/findings.js';
import { docsUrlOf } from './github.js';
import type { CheckResult } from '../model/findings.js';
import type { Reporter, ReportEnv } from './types.js';
import { jsonText } from './json-text.js';

export const json: Reporter = (result, env) => jsonText(jsonDoc(result, env), 2) + '\n';

/** The json report as a value (a command's sections are added beside its keys before it is serialised once). */
export function jsonDoc(result: CheckResult, env: ReportEnv): Record<string, unknown> {
  const { errors, warnings, notices } = countBySeverity(result.findings);
  const docs = new Map(env.rules.map((r) => [r.id, r.docs]));
  return {
        findings: result.findings.map((f) => ({
          ruleId: f.ruleId,
          severity: f.severity,
          file: f.file,
          line: f.line,
          column: f.column,
          endLine: f.endLine,
          endColumn: f.endColumn,
          pointer: f.pointer ?? null,
          message: f.message,
          ...(f.messageId !== undefined ? { messageId: f.messageId } : {}),
          rfc: f.rfc ?? null,
          docs: docsUrlOf(docs.get(f.ruleId), f.ruleId),
          ...(f.related ? { related: f.related } : {}),
        })),
        summary: { errors, warnings, ...(notices ? { notices } : {}), families: result.families, ...(result.baseline ? { suppressions: result.baseline } : {}) },
  };
}
