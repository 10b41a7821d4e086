import type { Corpus } from './corpus.js';
import type { CheckResult, FamilySummary, Finding, Severity } from './findings.js';
import { compareFindings } from './findings.js';
import type { Family, Report, Rule, RuleContext } from './rule.js';
import { locate } from './rule.js';

export type SeveritySetting = Severity | 'off';

export interface RunOptions {
  corpus: Corpus;
  families: Family[];
  options?: Record<string, unknown>;
  /** Per-rule severity overrides from configuration. */
  severities?: Record<string, SeveritySetting>;
}

/** Runs families of rules over one corpus; every file is read and parsed once for all of them. */
export async function runFamilies({ corpus, families, options = {}, severities = {} }: RunOptions): Promise<CheckResult> {
  const findings: Finding[] = [];
  const summaries: FamilySummary[] = [];
  for (const family of families) {
    const started = nowMs();
    const touched = corpus.track();
    const problemsBefore = corpus.problems.length;
    const own: Finding[] = [];
    let visited = 0;
    for (const rule of family.rules) {
      const setting = severities[rule.id];
      if (setting === 'off') continue;
      const result = await runRule(rule, corpus, options, setting);
      visited += result.visited;
      if (result.visited === 0 && result.findings.length === 0 && !rule.mayVisitNothing && corpus.problems.length === problemsBefore) {
        result.findings.push({
          ruleId: rule.id,
          severity: 'error',
          file: family.primaryFile({ layout: corpus.layout, options }),
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          message: `${rule.id} visited nothing, so it cannot pass (${rule.rfc}): ${rule.description}`,
          rfc: rule.rfc,
        });
      }
      own.push(...result.findings);
    }
    own.push(...corpus.problems.slice(problemsBefore));
    const files = touched.size;
    findings.push(...own);
    summaries.push({
      family: family.name,
      files,
      visited,
      errors: own.filter((f) => f.severity === 'error').length,
      warnings: own.filter((f) => f.severity === 'warning').length,
      ms: Math.round((nowMs() - started) * 10) / 10,
    });
    const extras = await family.summaryExtras?.({ corpus, options });
    if (extras) summaries[summaries.length - 1]!.extras = extras;
  }
  findings.sort(compareFindings);
  return { findings: dedupe(findings), families: summaries };
}

export async function runRule(
  rule: Rule,
  corpus: Corpus,
  options: Record<string, unknown>,
  severity?: Severity,
): Promise<{ findings: Finding[]; visited: number }> {
  const findings: Finding[] = [];
  let visited = 0;
  const ctx: RuleContext = {
    corpus,
    layout: corpus.layout,
    options,
    report(r: Report) {
      findings.push(toFinding(rule, r, severity));
    },
    visit(n = 1) {
      visited += n;
    },
  };
  await rule.run(ctx);
  return { findings, visited };
}

function toFinding(rule: Rule, r: Report, override?: Severity): Finding {
  const message = r.message.includes(rule.rfc) ? r.message : `${r.message} (${rule.rfc})`;
  return {
    ruleId: rule.id,
    severity: override ?? r.severity ?? rule.defaultSeverity ?? 'error',
    ...locate(r.at),
    message,
    rfc: rule.rfc,
    ...(r.related?.length ? { related: r.related } : {}),
  };
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.ruleId}\0${f.file}\0${f.line}\0${f.column}\0${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Milliseconds from a monotonic clock; the `performance` global loads node's perf_hooks on first use. */
function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
