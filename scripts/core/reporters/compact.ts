import { countBySeverity } from '../model/findings.js';
import { baselineLines } from './baseline.js';
import { printable } from '../base/printable.js';
import { paint } from './paint.js';
import type { Reporter } from './types.js';

/**
 * One line per finding, `file:line:col: severity message [rule-id]`, the shape editors and
 * terminals jump from (gcc, ESLint's unix formatter); then one summary line when anything was found.
 */
export const compact: Reporter = (result, env) => {
  const out = result.findings.map((f) => {
    const sev = f.severity === 'error' ? paint(env, '31', 'error') : f.severity === 'warning' ? paint(env, '33', 'warning') : paint(env, '36', 'notice');
    return `${printable(f.file)}:${f.line}:${f.column}: ${sev} ${printable(f.message)} ${paint(env, '2', `[${printable(f.ruleId)}]`)}`;
  });
  const { errors, warnings, notices } = countBySeverity(result.findings);
  if (errors + warnings + notices > 0) out.push('', problemsLine(errors, warnings, notices));
  if (result.baseline) out.push(...baselineLines(result.baseline));
  return out.length ? out.join('\n') + '\n' : '';
};

/** "3 problems (2 errors, 1 warning)", in words and plurals; notices (which fail nothing) are named after them. */
export function problemsLine(errors: number, warnings: number, notices = 0): string {
  const total = errors + warnings;
  const noted = notices ? `, ${notices} ${plural(notices, 'notice')}` : '';
  return `${total} ${plural(total, 'problem')} (${errors} ${plural(errors, 'error')}, ${warnings} ${plural(warnings, 'warning')}${noted})`;
}

export function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
