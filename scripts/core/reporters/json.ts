import { countBySeverity } from '../findings.js';
import { docsUrlOf } from './github.js';
import type { Reporter } from './types.js';
import { jsonText } from './json-text.js';

export const json: Reporter = (result, env) => {
  const { errors, warnings, notices } = countBySeverity(result.findings);
  const docs = new Map(env.rules.map((r) => [r.id, r.docs]));
  return (
    jsonText(
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
          docs: docsUrlOf(docs.get(f.ruleId), f.ruleId),
          ...(f.related ? { related: f.related } : {}),
        })),
        summary: { errors, warnings, ...(notices ? { notices } : {}), families: result.families, ...(result.baseline ? { suppressions: result.baseline } : {}) },
      },
      2,
    ) + '\n'
  );
};
