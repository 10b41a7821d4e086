import { markdownText, printable } from '../core/base/printable.js';
import { changedFirst, onChangedLine } from './changed-lines.js';

/** The parts of `--format json` (check, errata check, compat) the summary reads. */
export interface JsonReport {
  findings: Array<{ ruleId: string; severity: string; file: string; line: number; column: number; endLine?: number; endColumn?: number; message: string }>;
  summary: { errors: number; warnings: number; suppressions?: { file: string; suppressed: number }; families: Array<{ family: string; files: number; visited: number; errors: number; warnings: number }> };
}

/** One command the Action ran: its exit code, its report (paths from the repository's top), or the line that says why its setup broke. */
export interface StepReport {
  step: string;
  code: number;
  report?: JsonReport;
  broken?: string;
}

const FIRST = 10;

/**
 * The job summary ($GITHUB_STEP_SUMMARY, Markdown): the verdict naming the command that failed,
 * a row per command (check, errata check, compat) with its counts, counts per family and per rule,
 * and the first findings of all of them (on the pull request's changed lines first) with links.
 */
export function actionSummary(a: { steps: StepReport[]; failed: string[]; broken: string[]; base: string; sarif: string; failOn: string; env: NodeJS.ProcessEnv; added?: Map<string, Set<number>> }): string {
  const lines: string[] = ['## specgate', ''];
  if (a.broken.length) lines.push(`**Setup broken (exit 2):** ${a.broken.map(markdownText).join('; ')}`, '');
  else if (a.failed.length && a.failOn !== 'none') lines.push(`**Failed** (level: ${a.failOn}): ${a.failed.map(markdownText).join(', ')}`, '');
  else lines.push('**Passed**', '');
  lines.push('| command | result | errors | warnings |', '| --- | --- | ---: | ---: |');
  for (const s of a.steps) lines.push(`| ${markdownText(s.step)} | ${verdict(s.code)} | ${s.report?.summary.errors ?? ''} | ${s.report?.summary.warnings ?? ''} |`);
  if (!a.steps.some((s) => s.step.startsWith('compat'))) lines.push('| compat | not run (no base: not a pull request, and no compat-base input) | | |');
  if (a.sarif) lines.push('', `SARIF (every command): \`${cell(a.sarif)}\``);
  const check = a.steps.find((s) => s.step === 'check')?.report;
  if (check) {
    const known = check.summary.suppressions?.suppressed ? `${check.summary.suppressions.suppressed} known errors suppressed by \`${cell(check.summary.suppressions.file)}\`` : '';
    if (known) lines.push('', known);
    lines.push('', '| family | files | items | errors | warnings |', '| --- | ---: | ---: | ---: | ---: |');
    for (const f of check.summary.families) lines.push(`| ${markdownText(f.family)} | ${f.files} | ${f.visited} | ${f.errors} | ${f.warnings} |`);
  }
  const findings = a.steps.flatMap((s) => (s.report?.findings ?? []).map((f) => ({ ...f, step: s.step })));
  const onDiff = (f: { file: string; line: number; endLine?: number }) => onChangedLine(f, a.added);
  const ordered = changedFirst(findings, a.added);
  const byRule = new Map<string, { errors: number; warnings: number }>();
  for (const f of findings) {
    const c = byRule.get(f.ruleId) ?? { errors: 0, warnings: 0 };
    if (f.severity === 'error') c.errors++;
    else c.warnings++;
    byRule.set(f.ruleId, c);
  }
  if (byRule.size) {
    lines.push('', '| rule | errors | warnings |', '| --- | ---: | ---: |');
    for (const [rule, c] of [...byRule].sort((x, y) => y[1].errors - x[1].errors || x[0].localeCompare(y[0]))) lines.push(`| \`${cell(rule)}\` | ${c.errors} | ${c.warnings} |`);
    lines.push('', `### First findings${a.added ? ' (the lines this pull request changed first)' : ''}`, '');
    for (const f of ordered.slice(0, FIRST)) lines.push(`- ${markdownText(f.severity)} [${markdownText(f.file)}:${f.line}:${f.column}](${link(a.env, f.file, f.line)}) ${markdownText(f.message)} (\`${cell(f.ruleId)}\`, ${markdownText(f.step)}${onDiff(f) ? ', on a changed line' : ''})`);
    if (ordered.length > FIRST) lines.push(`- … and ${ordered.length - FIRST} more (see the annotations and code scanning)`);
  }
  return `${lines.join('\n')}\n`;
}

function verdict(code: number): string {
  return code === 0 ? 'passed' : code === 1 ? 'findings' : 'setup broken (exit 2)';
}

/** A link to the line at the commit under test, when the runner says which. */
function link(env: NodeJS.ProcessEnv, file: string, line: number): string {
  const server = env.GITHUB_SERVER_URL ?? 'https://github.com';
  // Parentheses too: a `)` in a file name would end the link's destination.
  const parens = (u: string) => u.replace(/\(/g, '%28').replace(/\)/g, '%29');
  if (!env.GITHUB_REPOSITORY || !env.GITHUB_SHA) return parens(encodeURI(file));
  return parens(`${server}/${env.GITHUB_REPOSITORY}/blob/${env.GITHUB_SHA}/${file.split('/').map(encodeURIComponent).join('/')}#L${line}`);
}

/** Text from the tree inside a code span (`…`) of a table or list: printable, and no pipe or backtick breaks the layout (prose: markdownText). */
function cell(s: string): string {
  return printable(s).replace(/\|/g, '\\|').replace(/`/g, "'").replace(/\n/g, ' ');
}
