import type { Corpus } from '../parse/corpus.js';
import { MAX_SUGGESTION_CELLS, resetSuggestionBudget, suggestionCellsLeft, suggestionWork } from '../base/did-you-mean.js';
import type { CacheStore } from '../cache/cache.js';
import type { FamilyRun } from './family-cache.js';
import { familyKey, keepFamily, replayFamily } from './family-cache.js';
import type { FindingDraft, Reported } from './collector.js';
import { applySeverities, dedupe, openReporter, severityOf } from './collector.js';
import { READING_RULES } from './reading-rules.js';
import type { CheckResult, ConfiguredSeverity, FamilySummary, Finding, Withheld } from '../model/findings.js';
import { capPerFile, compareFindings, pushAll } from '../model/findings.js';
import type { Family, FamilyContext, Rule, RuleContext, RuleMeta } from './rule.js';
import { defineRule, familyRules, rfcFor } from './rule.js';

export type { FindingDraft } from './collector.js';
export { applySeverities } from './collector.js';

export interface RunOptions {
  corpus: Corpus;
  families: Family[];
  options?: Record<string, unknown>;
  /** Per-rule severity overrides from configuration. */
  severities?: Record<string, ConfiguredSeverity>;
  /** Told, per family, the files it read (the editor re-checks only the families that read a changed file). */
  onFamilyDone?(family: string, files: ReadonlySet<string>, findings: readonly Finding[]): void;
  /** Told each rule's time (`check --debug`, ESLint's --stats). */
  onRuleTimed?(family: string, ruleId: string, ms: number): void;
  /** The family findings cache (core/engine/family-cache.ts): where it is kept, and the families that may use it (built-ins; never a plugin's, whose code may read anything). */
  findingsCache?: { store: CacheStore; families: ReadonlySet<string> };
}

/** Runs families of rules over one corpus; every file is read and parsed once for all of them. */
export async function runFamilies({ corpus, families, options = {}, severities = {}, onFamilyDone, onRuleTimed, findingsCache }: RunOptions): Promise<CheckResult> {
  const findings: FindingDraft[] = [];
  const summaries: FamilySummary[] = [];
  const withheld: Withheld[] = [];
  const guards: Finding[] = [];
  /** The families with an error in each file so far. */
  const failingIn = new Map<string, Set<string>>();
  resetSuggestionBudget();
  // What the last family with a judge of its own handed on: the inputs of the families after it that have none (a plugin's).
  const handed: { given?: unknown } = {};
  for (const family of families) {
    const started = nowMs();
    const { own, vacuous, visited, touched, extras } = await runOrReplay(family, corpus, options, severities, onRuleTimed, findingsCache, handed);
    const metas = familyRules(family);
    const settle = family.settle ? (list: Finding[]) => list.map(family.settle!) : (list: Finding[]) => list;
    let final = settle(applySeverities(own, metas, severities, corpus.layout.preset, corpus.layout.process.citations));
    // A rule that visited nothing because an error already fails the run adds nothing: one
    // mistake, one finding. The error is its family's own (rows the schema rejects are skipped),
    // or an earlier family's in a file this one read (a broken map leaves the wire examples unjudged).
    const blockers = new Set<string>([...touched].flatMap((file) => [...(failingIn.get(file) ?? [])]));
    if (final.some((f) => f.severity === 'error')) blockers.add(family.name);
    if (vacuous.length > 0 && blockers.size === 0) {
      const shownGuards = applySeverities(vacuous, metas, severities, corpus.layout.preset, corpus.layout.process.citations);
      guards.push(...(shownGuards as Finding[]));
      final = [...settle(applySeverities(own, metas, severities, corpus.layout.preset, corpus.layout.process.citations)), ...shownGuards];
    } else for (const finding of applySeverities(vacuous, metas, severities, corpus.layout.preset, corpus.layout.process.citations)) withheld.push({ family: family.name, blockers: [...blockers], finding });
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
    if (extras) summaries[summaries.length - 1]!.extras = extras;
  }
  const kept = capPerFile(dedupe((findings as Finding[]).sort(compareFindings)));
  const shown = new Set(kept);
  const shownGuards = guards.filter((g) => shown.has(g));
  return { findings: kept, families: summaries, ...(withheld.length ? { withheld } : {}), ...(shownGuards.length ? { guards: shownGuards } : {}) };
}

/**
 * A family's run: replayed from the findings cache when every answer it rested on holds, else run
 * (and kept, when nothing around it shaped its findings: no read or parse problem before or
 * during it, no "did you mean" spent). With its summary's figures.
 */
async function runOrReplay(
  family: Family,
  corpus: Corpus,
  options: Record<string, unknown>,
  severities: Readonly<Record<string, ConfiguredSeverity>>,
  onRuleTimed: RunOptions['onRuleTimed'],
  cache: RunOptions['findingsCache'],
  handed: { given?: unknown } = {},
): Promise<FamilyRun> {
  // A family with a judge of its own judges inputs the corpus does not hold: never replayed.
  const keyed = !family.run && cache?.families.has(family.name) && corpus.problems.length === 0 && suggestionCellsLeft() === MAX_SUGGESTION_CELLS ? familyKey(family, corpus, options, severities) : undefined;
  // `check --debug` asks for each rule's time: the rules run (and the run is kept).
  if (keyed && !onRuleTimed) {
    corpus.track();
    const replayed = await replayFamily(cache!.store, keyed, corpus);
    if (replayed) return replayed;
  }
  const asked = keyed ? corpus.startAsking() : undefined;
  const distances = suggestionWork.distances;
  let ran: FamilyRun;
  let read: ReadonlySet<string>;
  try {
    const rules = await runFamilyRules(family, corpus, options, severities, onRuleTimed, handed);
    // What the rules read, before the summary's figures read more (the same set grows).
    const touched = new Set(rules.touched);
    const extras = await family.summaryExtras?.({ corpus, options });
    ran = { own: rules.own, vacuous: rules.vacuous, visited: rules.visited, touched, ...(extras ? { extras } : {}) };
    read = rules.touched;
  } finally {
    corpus.stopAsking();
  }
  if (keyed && asked && corpus.problems.length === 0 && suggestionWork.distances === distances && suggestionCellsLeft() === MAX_SUGGESTION_CELLS) keepFamily(cache!.store, keyed, corpus, ran, read, asked);
  return ran;
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
  onRuleTimed?: RunOptions['onRuleTimed'],
  handed: { given?: unknown } = {},
): Promise<{ own: FindingDraft[]; vacuous: FindingDraft[]; visited: number; touched: ReadonlySet<string> }> {
  const touched = corpus.track();
  const own: FindingDraft[] = [];
  const vacuous: FindingDraft[] = [];
  let visited = 0;
  let given = family.given ?? handed.given;
  if (family.run) {
    // The judge reports its inputs' read problems itself (it knows which it owns); those its rules meet after it are added below.
    const judged = await runJudge(family, corpus, options);
    pushAll(own, judged.findings);
    visited += judged.visited;
    if (judged.given !== undefined) given = handed.given = judged.given;
  }
  const problemsBefore = corpus.problems.length;
  for (const rule of family.rules) {
    if (severityOf(defineRule(rule), severities, undefined, corpus.layout.preset) === 'off') continue;
    const started = onRuleTimed ? nowMs() : 0;
    const result = await runRule(rule, corpus, options, given);
    onRuleTimed?.(family.name, rule.id, nowMs() - started);
    visited += result.visited;
    pushAll(vacuous, result.guards);
    // A file that could not be read or parsed has its own finding; the rules that needed it
    // visited nothing because of it, in this family or another, and say nothing more.
    // A problem met by this family's own reads withholds the guard behind it (the family fails
    // already); a baseline that hides the problem then reveals it, so a baselined "visited nothing"
    // still fails the run.
    // A file of the family's inputs that is not there at all is the one mistake: its corpus/missing-file
    // finding says it, and accepting that finding (a baseline) accepts what it leaves unjudged.
    const inputMissing = corpus.problems.slice(problemsBefore).some((p) => p.ruleId === MISSING_FILE);
    if (result.visited === 0 && result.findings.length === 0 && result.guards.length === 0 && !rule.mayVisitNothing && !inputMissing && (corpus.problems.length === 0 || corpus.problems.length > problemsBefore)) {
      vacuous.push({
        ruleId: rule.id,
        severity: 'error',
        file: family.primaryFile({ layout: corpus.layout, options }),
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        message: `${rule.id} visited nothing, so it cannot pass (${rfcFor(rule, corpus.layout.preset, undefined, corpus.layout.process.citations)}): ${rule.description}`,
        rfc: rfcFor(rule, corpus.layout.preset, undefined, corpus.layout.process.citations),
      });
    }
    pushAll(own, result.findings);
  }
  for (let i = problemsBefore; i < corpus.problems.length; i++) own.push(corpus.problems[i]!);
  return { own, vacuous, visited, touched };
}

/** The finding of a governed file that is not there (core/parse/corpus.ts). */
const MISSING_FILE = 'corpus/missing-file';

/** Runs one rule; its findings are drafts until `applySeverities` settles their severity. */
export async function runRule(rule: Rule, corpus: Corpus, options: Record<string, unknown>, given?: unknown): Promise<Reported> {
  // The message names the section of the process that applies: the preset's, when the rule has one.
  const reporter = openReporter(rule, corpus.layout.preset, corpus.layout.process.citations);
  const ctx: RuleContext = { corpus, layout: corpus.layout, options, report: reporter.report, visit: reporter.visit, ...(given !== undefined ? { given } : {}) };
  await rule.run(ctx);
  return reporter.close();
}

/**
 * Runs a family's own judge: each report through a reporter of the rule it names (one of the
 * family's `judged` rules, or a reading rule), as the collector words, locates and caps a rule
 * object's reports; drafts the judge located itself come first, as the collector keeps them.
 */
async function runJudge(family: Family, corpus: Corpus, options: Record<string, unknown>): Promise<{ findings: FindingDraft[]; visited: number; given?: unknown }> {
  const declared = new Set<RuleMeta>(family.judged ?? []);
  const added: FindingDraft[] = [];
  const reporters = new Map<string, ReturnType<typeof openReporter>>();
  let visited = 0;
  const ctx: FamilyContext = {
    corpus,
    layout: corpus.layout,
    options,
    report(rule, r) {
      let reporter = reporters.get(rule.id);
      if (!reporter) {
        if (!declared.has(rule) && !READING_RULES.includes(rule)) throw new Error(`${rule.id} reported through family ${family.name}, which does not declare it`);
        reporter = openReporter(rule, corpus.layout.preset, corpus.layout.process.citations);
        reporters.set(rule.id, reporter);
      }
      reporter.report(r);
    },
    add(drafts) {
      pushAll(added, drafts);
    },
    visit(n = 1) {
      visited += n;
    },
  };
  const handed = await family.run!(ctx);
  for (const r of reporters.values()) pushAll(added, r.close().findings);
  return { findings: added, visited, ...(handed && handed.given !== undefined ? { given: handed.given } : {}) };
}

/** Milliseconds from a monotonic clock; the `performance` global loads node's perf_hooks on first use. */
function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
