import { createHash } from 'node:crypto';
import type { Severity } from '../model/findings.js';
import { jsonText } from './json-text.js';
import type { Reporter } from './types.js';

/**
 * GitLab Code Quality (`artifacts:reports:codequality`): a JSON array of issues, each with
 * `description`, `check_name`, `fingerprint`, `severity` and `location` (path and positions).
 * The fingerprint is built from the rule, the file and the JSON Pointer (or message), not the
 * line, so the merge-request widget tells a new finding from one that moved; GitLab keeps one
 * issue per fingerprint, so a repeat of the same key in a file is numbered (its nth occurrence).
 * JSON carries the text exactly, as the json and sarif formats do.
 */
export const gitlab: Reporter = (result) => {
  const seen = new Map<string, number>();
  const issues = result.findings.map((f) => {
    const key = `${f.ruleId}\0${f.file}\0${f.pointer ?? f.message}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return {
      type: 'issue',
      description: f.message,
      check_name: f.ruleId,
      fingerprint: fingerprint(n === 1 ? key : `${key}\0${n}`),
      severity: level(f.severity),
      location: {
        path: f.file,
        positions: { begin: { line: Math.max(1, f.line), column: Math.max(1, f.column) }, end: { line: Math.max(1, f.endLine), column: Math.max(1, f.endColumn) } },
      },
    };
  });
  return jsonText(issues) + '\n';
};

function fingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/** GitLab's scale is info, minor, major, critical, blocker: an error fails the gate (major), a warning is minor. */
function level(s: Severity): 'info' | 'minor' | 'major' {
  return s === 'error' ? 'major' : s === 'warning' ? 'minor' : 'info';
}
