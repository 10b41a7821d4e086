import { countBySeverity } from '../model/findings.js';
import { markdownText } from '../base/printable.js';
import { baselineLines } from './baseline.js';
import { problemsLine } from './compact.js';
import { docsUrlOf } from './github.js';
import type { Reporter } from './types.js';

/**
 * `--format markdown`: the command's sections in Markdown (`report`'s whole state), then its findings
 * as a table (severity, place, rule linked to its docs, message) with the counts and the baseline's
 * lines: a pull-request comment or a job summary. Every text of the run goes through `markdownText`
 * (pull-request text: it opens no HTML, link or emphasis and ends no cell). A result with no findings
 * part (`env.state`: `report`) is its sections alone.
 */
export const markdown: Reporter = (result, env) => {
  // A section with no Markdown of its own (compat's change table, probe's legs, errata's outcomes) is its terminal text in a fence.
  const parts = (env.sections ?? []).flatMap((s) => (s.markdown !== undefined ? [s.markdown] : s.human ? [fenced(s.human)] : []));
  if (!env.state) parts.push(findings(result, env));
  return parts.join('\n');
};

function findings(result: Parameters<Reporter>[0], env: Parameters<Reporter>[1]): string {
  const docs = new Map(env.rules.map((r) => [r.id, r.docs]));
  const { errors, warnings, notices } = countBySeverity(result.findings);
  const out: string[] = [];
  if (result.findings.length) {
    out.push('| severity | where | rule | message |', '| --- | --- | --- | --- |');
    for (const f of result.findings) {
      // A plugin's docs URL is its own text: nothing in it may end the link.
      const url = docsUrlOf(docs.get(f.ruleId), f.ruleId).replace(/[\s()<>|\\]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`);
      const rule = `[${markdownText(f.ruleId)}](${url})`;
      out.push(`| ${f.severity} | ${markdownText(f.file)}:${f.line}:${f.column} | ${rule} | ${markdownText(f.message)} |`);
    }
    out.push('', problemsLine(errors, warnings, notices));
  } else out.push('No problems.');
  if (result.baseline) out.push('', ...baselineLines(result.baseline));
  return out.join('\n') + '\n';
}

/** Terminal text as a fenced block, the fence longer than any run of backticks in it (so nothing in it ends the block). */
function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text.endsWith('\n') ? text : `${text}\n`}${fence}\n`;
}
