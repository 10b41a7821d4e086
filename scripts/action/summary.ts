import { markdownText, printable } from '../core/reporters/printable.js';

/** The parts of `check --format json` the summary reads. */
export interface JsonReport {
  findings: Array<{ ruleId: string; severity: string; file: string; line: number; column: number; message: string }>;
  summary: { errors: number; warnings: number; suppressions?: { file: string; suppressed: number }; families: Array<{ family: string; files: number; visited: number; errors: number; warnings: number }> };
}

const FIRST = 10;

/**
 * The job summary ($GITHUB_STEP_SUMMARY, Markdown): the verdict, counts per family and per rule,
 * the first findings with links to their lines at the commit under test, and the other gates.
 */
export function actionSummary(a: { report: JsonReport | undefined; failed: string[]; broken: string[]; base: string; sarif: string; failOn: string; env: NodeJS.ProcessEnv; errata?: number; compat?: number }): string {
  const lines: string[] = ['## specgate', ''];
  if (a.broken.length) lines.push(`**Setup broken (exit 2):** ${a.broken.map(markdownText).join('; ')}`, '');
  else if (a.failed.length && a.failOn !== 'none') lines.push(`**Failed** (level: ${a.failOn}): ${a.failed.join(', ')}`, '');
  else lines.push('**Passed**', '');
  const r = a.report;
  if (r) {
    const known = r.summary.suppressions?.suppressed ? ` (${r.summary.suppressions.suppressed} known errors suppressed by \`${cell(r.summary.suppressions.file)}\`)` : '';
    lines.push(`${r.summary.errors} error${r.summary.errors === 1 ? '' : 's'}, ${r.summary.warnings} warning${r.summary.warnings === 1 ? '' : 's'}${known}; SARIF: \`${cell(a.sarif)}\``, '');
    lines.push('| family | files | items | errors | warnings |', '| --- | ---: | ---: | ---: | ---: |');
    for (const f of r.summary.families) lines.push(`| ${markdownText(f.family)} | ${f.files} | ${f.visited} | ${f.errors} | ${f.warnings} |`);
    const byRule = new Map<string, { errors: number; warnings: number }>();
    for (const f of r.findings) {
      const c = byRule.get(f.ruleId) ?? { errors: 0, warnings: 0 };
      if (f.severity === 'error') c.errors++;
      else c.warnings++;
      byRule.set(f.ruleId, c);
    }
    if (byRule.size) {
      lines.push('', '| rule | errors | warnings |', '| --- | ---: | ---: |');
      for (const [rule, c] of [...byRule].sort((x, y) => y[1].errors - x[1].errors || x[0].localeCompare(y[0]))) lines.push(`| \`${cell(rule)}\` | ${c.errors} | ${c.warnings} |`);
      lines.push('', `### First findings`, '');
      for (const f of r.findings.slice(0, FIRST)) lines.push(`- ${markdownText(f.severity)} [${markdownText(f.file)}:${f.line}:${f.column}](${link(a.env, f.file, f.line)}) ${markdownText(f.message)} (\`${cell(f.ruleId)}\`)`);
      if (r.findings.length > FIRST) lines.push(`- … and ${r.findings.length - FIRST} more (see the annotations and code scanning)`);
    }
  }
  lines.push('', '| gate | result |', '| --- | --- |');
  if (a.errata !== undefined) lines.push(`| errata check | ${verdict(a.errata)} |`);
  lines.push(`| compat | ${a.compat === undefined ? 'not run (no base: not a pull request, and no compat-base input)' : `${verdict(a.compat)} against \`${cell(a.base)}\``} |`);
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
