import type { Corpus } from './corpus.js';
import type { CheckResult, ConfiguredSeverity, FamilySummary, Finding, Severity, SeveritySetting, Withheld } from './findings.js';
import { capPerFile, compareFindings, FINDINGS_CAP_RULE, MAX_FINDINGS_PER_FILE, pushAll } from './findings.js';
import { INPUT_RULES } from './input-rules.js';
import type { Family, Report, Rule, RuleContext, RuleMeta } from './rule.js';
import { cite, dataFormatOf, defineRule, locate, presetDefault, rfcFor, ruleUnderPreset } from './rule.js';

/** A finding before configuration has spoken: its severity is the rule's unless the report chose one. */
export type FindingDraft = Omit<Finding, 'severity'> & { severity?: Severity };

/**
 * The one place a rule's severity is decided, for every command: the configured setting for its
 * id, else `off` when the preset's process does not state the rule, else what the report chose,
 * else the rule's default. Configured `on` skips the preset's `off` and keeps the per-finding
 * severity; a rule whose own default is `off` has none to keep, so `on` reports it as a warning.
 */
function severityOf(
  rule: Pick<RuleMeta, 'id' | 'defaultSeverity' | 'presets'>,
  severities: Readonly<Record<string, ConfiguredSeverity>>,
  reported?: Severity,
  preset?: string,
): SeveritySetting {
  const configured = severities[rule.id];
  if (configured === 'on') return reported ?? (rule.defaultSeverity === 'off' ? 'warning' : rule.defaultSeverity);
  if (configured !== undefined) return configured;
  if (presetDefault(rule, preset) === 'off') return 'off';
  return reported ?? rule.defaultSeverity;
}

/**
 * Turns the drafts of a run into findings: each at its rule's configured severity, `off` ones
 * dropped, the RFC section filled in (the one place a finding is cited); sorted and without duplicates (a schema finding echoed by a
 * dedicated rule at the same place included: withoutSchemaEchoes). Every command passes its
 * findings through here. A draft whose rule the command did not declare is an internal error:
 * every finding comes from a registered rule.
 */
export function applySeverities(drafts: readonly FindingDraft[], rules: readonly RuleMeta[], severities: Readonly<Record<string, ConfiguredSeverity>> = {}, preset?: string): Finding[] {
  const byId = new Map<string, RuleMeta>();
  for (const r of [...INPUT_RULES, ...rules]) byId.set(r.id, r);
  const out: Finding[] = [];
  for (const d of drafts) {
    const rule = byId.get(d.ruleId);
    if (!rule) throw new Error(`a finding came from "${d.ruleId}", which no registered rule of this command declares`);
    const severity = severityOf(rule, severities, d.severity, preset);
    if (severity === 'off') continue;
    // A parse finding cites its file's format (rfcByFormat): RFC 8259 for JSON, YAML 1.2 for YAML.
    out.push(d.rfc === undefined ? cite({ ...d, severity }, rfcFor(rule, preset, dataFormatOf(d.file))) : { ...d, severity });
  }
  return capPerFile(dedupe(withoutSchemaEchoes(out).sort(compareFindings)));
}

export interface RunOptions {
  corpus: Corpus;
  families: Family[];
  options?: Record<string, unknown>;
  /** Per-rule severity overrides from configuration. */
  severities?: Record<string, ConfiguredSeverity>;
  /** Told, per family, the files it read (the editor re-checks only the families that read a changed file). */
  onFamilyDone?(family: string, files: ReadonlySet<string>, findings: readonly Finding[]): void;
}

/** Runs families of rules over one corpus; every file is read and parsed once for all of them. */
export async function runFamilies({ corpus, families, options = {}, severities = {}, onFamilyDone }: RunOptions): Promise<CheckResult> {
  const findings: FindingDraft[] = [];
  const summaries: FamilySummary[] = [];
  const withheld: Withheld[] = [];
  const guards: Finding[] = [];
  /** The families with an error in each file so far. */
  const failingIn = new Map<string, Set<string>>();
  for (const family of families) {
    const started = nowMs();
    const { own, vacuous, visited, touched } = await runFamilyRules(family, corpus, options, severities);
    const metas = family.rules.map(defineRule);
    let final = applySeverities(own, metas, severities, corpus.layout.preset);
    // A rule that visited nothing because an error already fails the run adds nothing: one
    // mistake, one finding. The error is its family's own (rows the schema rejects are skipped),
    // or an earlier family's in a file this one read (a broken map leaves the wire examples unjudged).
    const blockers = new Set<string>([...touched].flatMap((file) => [...(failingIn.get(file) ?? [])]));
    if (final.some((f) => f.severity === 'error')) blockers.add(family.name);
    if (vacuous.length > 0 && blockers.size === 0) {
      const shownGuards = applySeverities(vacuous, metas, severities, corpus.layout.preset);
      guards.push(...(shownGuards as Finding[]));
      final = [...applySeverities(own, metas, severities, corpus.layout.preset), ...shownGuards];
    } else for (const finding of applySeverities(vacuous, metas, severities, corpus.layout.preset)) withheld.push({ family: family.name, blockers: [...blockers], finding });
    for (const f of final) if (f.severity === 'error') failingIn.set(f.file, (failingIn.get(f.file) ?? new Set()).add(family.name));
    pushAll(findings, final);
    onFamilyDone?.(family.name, touched, final);
    summaries.push({
      family: family.name,
      files: touched.size,
      visited,
      errors: final.filter((f) => f.severity === 'error').length,
      warnings: final.filter((f) => f.severity === 'warning').length,
      ms: Math.round((nowMs() - started) * 10) / 10,
    });
    const extras = await family.summaryExtras?.({ corpus, options });
    if (extras) summaries[summaries.length - 1]!.extras = extras;
  }
  const kept = capPerFile(dedupe((findings as Finding[]).sort(compareFindings)));
  const shown = new Set(kept);
  const shownGuards = guards.filter((g) => shown.has(g));
  return { findings: kept, families: summaries, ...(withheld.length ? { withheld } : {}), ...(shownGuards.length ? { guards: shownGuards } : {}) };
}

/**
 * Runs one family's rules that are not `off`: their drafts with the parse problems met meanwhile
 * (`own`), the guards against a vacuous pass ("visited nothing", a rule's own count, needed only
 * when nothing else fails), how much they visited and the files they read.
 */
async function runFamilyRules(
  family: Family,
  corpus: Corpus,
  options: Record<string, unknown>,
  severities: Readonly<Record<string, ConfiguredSeverity>>,
): Promise<{ own: FindingDraft[]; vacuous: FindingDraft[]; visited: number; touched: ReadonlySet<string> }> {
  const touched = corpus.track();
  const problemsBefore = corpus.problems.length;
  const own: FindingDraft[] = [];
  const vacuous: FindingDraft[] = [];
  let visited = 0;
  for (const rule of family.rules) {
    if (severityOf(defineRule(rule), severities, undefined, corpus.layout.preset) === 'off') continue;
    const result = await runRule(rule, corpus, options);
    visited += result.visited;
    pushAll(vacuous, result.guards);
    // A file that could not be read or parsed has its own finding; the rules that needed it
    // visited nothing because of it, in this family or another, and say nothing more.
    // A problem met by this family's own reads withholds the guard behind it (the family fails
    // already); a baseline that hides the problem then reveals it, so a baselined "visited nothing"
    // still fails the run.
    if (result.visited === 0 && result.findings.length === 0 && result.guards.length === 0 && !rule.mayVisitNothing && (corpus.problems.length === 0 || corpus.problems.length > problemsBefore)) {
      vacuous.push({
        ruleId: rule.id,
        severity: 'error',
        file: family.primaryFile({ layout: corpus.layout, options }),
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        message: `${rule.id} visited nothing, so it cannot pass (${rfcFor(rule, corpus.layout.preset)}): ${rule.description}`,
        rfc: rfcFor(rule, corpus.layout.preset),
      });
    }
    pushAll(own, result.findings);
  }
  for (let i = problemsBefore; i < corpus.problems.length; i++) own.push(corpus.problems[i]!);
  return { own, vacuous, visited, touched };
}

/**
 * One mistake, one finding: a family's schema rule (`<family>/schema`) and a dedicated rule often
 * see the same wrong value (a CamelCase reason breaks the schema's pattern and the reason rule).
 * The dedicated rule's message says what to write, so the schema's finding at the same place goes.
 */
function withoutSchemaEchoes(findings: Finding[]): Finding[] {
  const at = (f: Finding) => `${f.file}\0${f.line}\0${f.column}`;
  const dedicated = new Set(findings.filter((f) => !f.ruleId.endsWith('/schema')).map(at));
  return findings.filter((f) => !f.ruleId.endsWith('/schema') || !dedicated.has(at(f)));
}

/** Runs one rule; its findings are drafts until `applySeverities` settles their severity. */
export async function runRule(rule: Rule, corpus: Corpus, options: Record<string, unknown>): Promise<{ findings: FindingDraft[]; guards: FindingDraft[]; visited: number }> {
  const findings: FindingDraft[] = [];
  const guards: FindingDraft[] = [];
  // The message names the section of the process that applies: the preset's, when the rule has one.
  const meta = ruleUnderPreset(rule, corpus.layout.preset);
  // Past the per-file cap a rule's drafts are only counted, so memory stays bounded however many it reports.
  const perFile = new Map<string, number>();
  /** Per file past the cap: the severity the cap finding takes (an error's, if any dropped report was one). */
  const over = new Map<string, Severity | undefined>();
  let visited = 0;
  const ctx: RuleContext = {
    corpus,
    layout: corpus.layout,
    options,
    report(r: Report) {
      if (r.fix && !rule.fixable) throw new Error(`${rule.id} attached a fix but its metadata does not say fixable`);
      if (r.guard) return void guards.push(toDraft(meta, r));
      const file = 'doc' in r.at ? r.at.doc.file : r.at.file;
      const n = (perFile.get(file) ?? 0) + 1;
      perFile.set(file, n);
      // Past the cap a report is only counted, never located: a flood costs a counter, not a position each.
      if (n <= MAX_FINDINGS_PER_FILE) findings.push(toDraft(meta, r));
      else if (!over.has(file) || r.severity === undefined || r.severity === 'error') over.set(file, r.severity);
    },
    visit(n = 1) {
      visited += n;
    },
  };
  await rule.run(ctx);
  for (const [file, severity] of over) {
    const count = perFile.get(file)! - MAX_FINDINGS_PER_FILE;
    findings.push({ ruleId: FINDINGS_CAP_RULE, severity: severity ?? capSeverity(defineRule(rule).defaultSeverity), file, line: 1, column: 1, endLine: 1, endColumn: 1, message: `${count} more finding${count === 1 ? '' : 's'} of ${rule.id} in this file not shown (at most ${MAX_FINDINGS_PER_FILE} per file)` });
  }
  return { findings, guards, visited };
}

/** A rule's cap finding is as severe as the rule (an `off` rule reports nothing to cap). */
function capSeverity(s: SeveritySetting): Severity {
  return s === 'off' ? 'error' : s;
}

/** A report located, its message naming the rule's RFC section. */
function toDraft(rule: Pick<RuleMeta, 'id' | 'rfc'>, r: Report): FindingDraft {
  return {
    ruleId: rule.id,
    ...(r.severity ? { severity: r.severity } : {}),
    ...locate(r.at),
    ...cite({ message: r.message }, rule.rfc),
    ...(r.related?.length ? { related: r.related } : {}),
    ...(r.fix?.edits.length ? { fix: r.fix } : {}),
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
