import { countBySeverity } from '../findings.js';
import type { Reporter } from './types.js';

export const json: Reporter = (result) => {
  const { errors, warnings, notices } = countBySeverity(result.findings);
  return (
    JSON.stringify(
      {
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
          ...(f.related ? { related: f.related } : {}),
        })),
        summary: { errors, warnings, ...(notices ? { notices } : {}), families: result.families, ...(result.baseline ? { suppressions: result.baseline } : {}) },
      },
      null,
      2,
    ) + '\n'
  );
};
