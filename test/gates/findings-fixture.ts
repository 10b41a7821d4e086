import type { CheckResult } from '../../scripts/core/model/findings.js';
import type { ReportEnv, RuleInfo } from '../../scripts/core/reporters/types.js';

/** Rules and findings shaped like a real run, for reporter tests that must not depend on a family. */
const RULES: RuleInfo[] = [
  { id: 'interop-map/reason-upper-snake', rfc: 'RFC 0211 §A', description: 'Every named A2A error row carries reason = UPPER_SNAKE of its name without Error' },
  { id: 'interop-map/closed-schema', rfc: 'RFC 0208 §C (rule 1)', description: 'The interop map validates against its closed JSON Schema', defaultSeverity: 'warning' },
];

export function sampleResult(): CheckResult {
  return {
    findings: [
      {
        ruleId: 'interop-map/reason-upper-snake',
        severity: 'error',
        file: 'spec/v2/interop-map.json',
        line: 12,
        column: 19,
        endLine: 12,
        endColumn: 37,
        pointer: '/a2a/errors/0/reason',
        message: 'reason "TaskNotFound" should be "TASK_NOT_FOUND" (RFC 0211 §A)',
        rfc: 'RFC 0211 §A',
        related: [{ file: 'spec/v2/errors.json', line: 3, column: 5, endLine: 3, endColumn: 20, message: 'the error is named here' }],
      },
      {
        ruleId: 'interop-map/closed-schema',
        severity: 'warning',
        file: 'spec/v2/dir with space/über map.json',
        line: 4,
        column: 3,
        endLine: 6,
        endColumn: 4,
        pointer: '/extra',
        message: 'unexpected property "extra" in (root): the schema is closed (RFC 0208 §C (rule 1))',
        rfc: 'RFC 0208 §C (rule 1)',
      },
      // A finding the corpus reports itself (no family declares parse/*).
      { ruleId: 'parse/json', severity: 'error', file: 'RFCS/0211-x.md', line: 1, column: 1, endLine: 1, endColumn: 1, message: 'Unexpected token' },
    ],
    families: [{ family: 'interop-map', files: 3, visited: 40, errors: 2, warnings: 1, ms: 3.2 }],
  };
}

export function sampleEnv(root: string): ReportEnv {
  return { sourceOf: () => undefined, root, toolName: 'specgate', toolVersion: '0.1.0', rules: RULES };
}
