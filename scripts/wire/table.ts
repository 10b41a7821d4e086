import type { Judgement } from './types.js';
import { markdownText } from '../core/base/printable.js';

export interface TableRow {
  case: string;
  judgement: Pick<Judgement, 'verdict' | 'sections' | 'scope' | 'results' | 'notes'>;
}

const WORD: Record<Judgement['verdict'], string> = { pass: 'pass', warn: 'warn', fail: 'fail', 'out-of-scope': 'out of scope (0.3)' };

/**
 * A markdown table of verdicts: case, scope, verdict, sections, the rules that spoke. The case name
 * and the scope (a version header, a method name) are the capture's text, from a pull request: each
 * cell through the one Markdown escaper of the reporters (no `|` ends it, no HTML, link or code span opens).
 */
export function verdictTable(rows: readonly TableRow[]): string {
  const out = ['| case | scope | verdict | sections | rules |', '| --- | --- | --- | --- | --- |'];
  for (const r of rows) {
    const j = r.judgement;
    const rules = [...new Set(j.results.map((x) => `${x.ruleId}${x.severity === 'warning' ? ' (warning)' : ''}`))].join(', ');
    out.push(`| ${markdownText(r.case)} | ${markdownText(j.scope.version)} (${markdownText(j.scope.why)}) | ${WORD[j.verdict]} | ${j.sections.map((s) => `§${s}`).join(' ') || '—'} | ${rules || '—'} |`);
  }
  return out.join('\n') + '\n';
}
