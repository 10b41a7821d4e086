import { applySeverities, openReporter } from './collector.js';
import type { CorpusReader } from '../parse/corpus.js';
import { Corpus } from '../parse/corpus.js';
import { planPass } from './fixer.js';
import { runFamilies } from './engine.js';
import type { ConfiguredSeverity, Finding } from '../model/findings.js';
import { presetLayout } from '../preset/layout.js';
import type { Layout } from '../preset/layout.js';
import { OverlaySource } from '../io/overlay-source.js';
import type { FileSource } from '../io/source.js';
import type { ExampleFiles, Family, Rule, RuleContext, RuleExamples, RuleMeta, RuleSpec } from './rule.js';
import { defineRule, formatMessage } from './rule.js';

/*
 * The rule harness, RuleTester in spirit: it runs ONE rule over a small corpus held in memory (no
 * file of any repository is read or written) and compares what it reports with the case: rule id,
 * messageId, location, and for a fixable rule the texts its fixes give (`output`). The rule gets a
 * frozen context whose corpus offers only the typed loaders: a rule that reaches for the file
 * source, the corpus's findings or anything else fails here. Framework-free: `testRule` takes
 * vitest's (or any runner's) `describe` and `it`, so a plugin's tests use it as ours do. A rule
 * another command reports (wire, errata, probe, compat, input, exceptions) is run by the same
 * comparisons through its family's `run` (a CommandFamily, which its layer provides: this module
 * imports nothing above core); compat's examples carry the `base` its family compares the head
 * (`files`) with.
 */

export type ValidRuleCase = RuleExamples['valid'][number] & { preset?: string };
export type InvalidRuleCase = RuleExamples['invalid'][number] & { preset?: string };

/** What one example gave: the rule's findings, the inputs' problems, the texts it changed. */
export interface ExampleRun {
  /** The rule's findings, settled (severity, citation) under the case's preset. */
  findings: Finding[];
  /** Read or parse problems of the corpus (a case whose file does not parse has them). */
  problems: Finding[];
  /** Each file's text after one pass of the findings' fixes, or after the family's own edit (errata): only files that changed. */
  output: Record<string, string>;
}

/**
 * How a family runs one of its rules on in-memory inputs: the one entry of the harness. A check
 * rule runs over its corpus (`CHECK_RUN`, the default); a family another command runs (wire: its
 * captures; compat: a base and a head; probe: a recorded host's answers; errata: an RFC with errata
 * and its targets; the input and exceptions rules) runs its command's judge on the example's files
 * with every other rule of the family `off` (`onlyRule`). Core knows only this shape: each family
 * lives with its command (`<command>/family.ts`) and is listed once, in scripts/families.ts.
 */
export interface FamilyRun {
  /** The command whose judge runs the examples. */
  readonly command: string;
  /** `base`: the files of the version compared against, for a family that compares two (compat). */
  run(rule: RuleSpec, files: ExampleFiles, opts: { options?: Readonly<Record<string, unknown>>; preset?: string; layout?: Partial<Omit<Layout, 'preset'>>; base?: ExampleFiles }): Promise<ExampleRun>;
}

/** A family of rules that a command other than `check <family>` reports: its rules, its page of docs/rules/, and its run. */
export interface CommandFamily extends FamilyRun {
  /** The group `list-rules` and docs/rules.md show its rules under, e.g. `errata`, `wire (and probe)`. */
  readonly group: string;
  /** Its page of docs/rules/ (`<page>.md`). */
  readonly page: string;
  readonly rules: readonly RuleMeta[];
  /** What its rules' examples stand for (the rule page says it above them). */
  readonly examplesNote?: string;
}

/** Severities that leave only `rule` of a command's rules reporting: the harness judges one rule. */
export function onlyRule(rule: Pick<RuleMeta, 'id'>, rules: readonly Pick<RuleMeta, 'id'>[]): Record<string, ConfiguredSeverity> {
  return Object.fromEntries(rules.filter((r) => r.id !== rule.id).map((r) => [r.id, 'off' as const]));
}

export interface RuleRun extends ExampleRun {
  /** Reports the rule marked `guard` (its own check that it saw enough), not compared. */
  guards: number;
  visited: number;
}

/** The loaders a rule may use, bound to one corpus; nothing else is reachable from it. */
const READER_KEYS = ['exists', 'text', 'contains', 'json', 'yaml', 'data', 'markdownText', 'markdown', 'derive', 'touch', 'cachedText', 'byteLength', 'contentHash', 'glob', 'givenPath'] as const satisfies ReadonlyArray<keyof CorpusReader>;

function readerOf(corpus: Corpus): CorpusReader {
  const reader: Record<string, unknown> = { root: corpus.root, layout: corpus.layout, useParseCache: false };
  for (const k of READER_KEYS) reader[k] = (corpus[k] as (...a: unknown[]) => unknown).bind(corpus);
  return Object.freeze(reader) as unknown as CorpusReader;
}

/** How `runRuleOn` runs a rule, beyond its files: what a repository's specgate.config.json would set. */
export interface RunRuleOptions {
  /** Family options, as the command line gives them (e.g. `map` for `--map`). */
  options?: Readonly<Record<string, unknown>>;
  /** The preset whose layout, process and citations the run follows (default `specgate`). */
  preset?: string;
  /** Layout entries that differ from the preset's, as a config's `layout` or `process` sets them (a repository whose RFC folder is `rfcs`). */
  layout?: Partial<Omit<Layout, 'preset'>>;
  /** Severities by rule id, as the config's `rules` sets them (`off` leaves no finding). */
  severities?: Readonly<Record<string, ConfiguredSeverity>>;
}

/**
 * An example's files as a corpus held in memory, for the rule tester and every family's run:
 * over nothing (or over `base`, for the files an example leaves to the repository), under the
 * preset's layout (and `layout`'s entries), never read from or written to the parse cache.
 */
export function exampleCorpus(
  files: ExampleFiles,
  opts: { preset?: string | undefined; layout?: Partial<Omit<Layout, 'preset'>> | undefined; base?: FileSource; label?: string } = {},
): { source: OverlaySource; corpus: Corpus } {
  const source = new OverlaySource(opts.base, opts.label);
  for (const [file, text] of Object.entries(files)) source.set(file, text);
  // Cloned: the run must not share objects with the caller's layout.
  const layout: Layout = { ...presetLayout(opts.preset ?? 'specgate'), ...structuredClone(opts.layout ?? {}) };
  const corpus = new Corpus(source, layout);
  corpus.useParseCache = false;
  return { source, corpus };
}

/** Runs one rule over in-memory files. */
export async function runRuleOn(rule: Rule, files: ExampleFiles, opts: RunRuleOptions = {}): Promise<RuleRun> {
  const { source, corpus } = exampleCorpus(files, opts);
  const reporter = openReporter(rule, corpus.layout.preset, corpus.layout.process.citations);
  const ctx: RuleContext = Object.freeze({ corpus: readerOf(corpus), layout: corpus.layout, options: Object.freeze({ ...opts.options }), report: reporter.report, visit: reporter.visit });
  await rule.run(ctx);
  const reported = reporter.close();
  const findings = applySeverities(reported.findings, [defineRule(rule)], opts.severities, corpus.layout.preset, corpus.layout.process.citations);
  const pass = planPass(findings, (file) => source.text(file));
  const output = Object.fromEntries([...pass.texts].map(([file, { after }]) => [file, after]));
  return { findings, problems: applySeverities(corpus.problems, [], {}, corpus.layout.preset), guards: reported.guards.length, visited: reported.visited, output };
}

/** A rule with a run of its own (a check rule, or a plugin's rule in a family of another command), not metadata a judge reports against. */
export function isRuleModule(rule: RuleSpec): rule is Rule {
  return typeof (rule as Partial<Rule>).run === 'function';
}

/**
 * A rule a plugin adds beside a family of another command (it reads `ctx.given`): that family's
 * judge runs first with every one of its own rules off (it only hands on what it was given and
 * found), then the rule, through the engine as the command runs them. Its findings are compared;
 * any other finding in the case's files (a base's or head's included) is a problem of those files. What the
 * judge could not load from the installed package (wire's interop map) is not the rule's to judge.
 */
export async function runAfterJudge(rule: Rule, corpus: Corpus, source: Pick<OverlaySource, 'text'>, judge: Family, files: ExampleFiles): Promise<ExampleRun> {
  const off = Object.fromEntries((judge.judged ?? []).map((r) => [r.id, 'off' as const]));
  const guest: Family = { name: rule.id.split('/')[0]!, description: rule.description, rules: [rule], primaryFile: () => 'specgate.config.json' };
  const { findings } = await runFamilies({ corpus, families: [judge, guest], severities: off });
  const own = findings.filter((f) => f.ruleId === rule.id);
  const pass = planPass(own, (file) => source.text(file));
  return { findings: own, problems: findings.filter((f) => f.ruleId !== rule.id && Object.hasOwn(files, f.file)), output: Object.fromEntries([...pass.texts].map(([file, { after }]) => [file, after])) };
}

/** Check rules: the rule itself runs over the example's corpus. */
export const CHECK_RUN: FamilyRun = {
  command: 'check',
  run(rule, files, { base, ...opts }) {
    if (typeof (rule as Partial<Rule>).run !== 'function') throw new Error(`${rule.id} is not a check rule: test its examples with its family`);
    if (base !== undefined) throw new Error(`${rule.id}: an example with base files needs a family that compares versions`);
    return runRuleOn(rule as unknown as Rule, files, opts);
  },
};

/** The repository a test runs the examples under: a preset and layout entries (an adopter's `layout`, its `process`). */
export interface RunUnder {
  preset?: string;
  layout?: Partial<Omit<Layout, 'preset'>>;
}

function runCase(rule: RuleSpec, c: ValidRuleCase, family: FamilyRun, under: RunUnder = {}): Promise<ExampleRun> {
  const preset = c.preset ?? under.preset;
  return family.run(rule, c.files, { ...(c.options ? { options: c.options } : {}), ...(preset ? { preset } : {}), ...(under.layout ? { layout: under.layout } : {}), ...(c.base ? { base: c.base } : {}) });
}

/** What is wrong with the rule's run on a valid case: one line per unexpected finding. */
export async function validMismatches(rule: RuleSpec, c: ValidRuleCase, family: FamilyRun = CHECK_RUN, under: RunUnder = {}): Promise<string[]> {
  const run = await runCase(rule, c, family, under);
  return [...run.problems, ...run.findings].map((f) => `unexpected ${brief(f)}`);
}

/** What is wrong with the rule's run on an invalid case: count, ids, messageIds, locations, data, output. */
export async function invalidMismatches(rule: RuleSpec, c: InvalidRuleCase, family: FamilyRun = CHECK_RUN, under: RunUnder = {}): Promise<string[]> {
  const run = await runCase(rule, c, family, under);
  const out = run.problems.map((f) => `the case's files do not read cleanly: ${brief(f)}`);
  if (c.errors.length === 0) out.push('an invalid case names at least one finding');
  if (run.findings.length !== c.errors.length) out.push(`expected ${c.errors.length} finding(s), got ${run.findings.length}: ${run.findings.map(brief).join('; ') || 'none'}`);
  c.errors.forEach((e, i) => {
    const f = run.findings[i];
    if (!f) return;
    if (f.ruleId !== rule.id) out.push(`finding ${i + 1}: rule ${f.ruleId}, expected ${rule.id}`);
    if (f.messageId !== e.messageId) out.push(`finding ${i + 1}: messageId ${f.messageId ?? '(none)'}, expected ${e.messageId}`);
    for (const k of ['file', 'line', 'column', 'pointer'] as const) {
      if (e[k] !== undefined && f[k] !== e[k]) out.push(`finding ${i + 1}: ${k} ${f[k]}, expected ${e[k]}`);
    }
    if (e.data && f.messageId === e.messageId) {
      const want = formatMessage(rule, e.messageId, e.data);
      // A command may frame the message (the wire command leads with the place in the body); the citation follows it.
      if (!f.message.includes(want)) out.push(`finding ${i + 1}: message "${f.message}" is not its template filled with ${JSON.stringify(e.data)}`);
    }
  });
  if (c.output) {
    for (const [file, text] of Object.entries(c.output)) if (run.output[file] !== text) out.push(`output of ${file}:\n${run.output[file] ?? '(unchanged)'}\nexpected:\n${text}`);
    for (const file of Object.keys(run.output)) if (!(file in c.output)) out.push(`the fixes also change ${file}`);
  } else if (Object.keys(run.output).length > 0 && (rule.fixable || family !== CHECK_RUN)) out.push(`the run changes ${Object.keys(run.output).join(', ')}: give the case an output`);
  return out;
}

function brief(f: Finding): string {
  return `${f.ruleId}${f.messageId ? `[${f.messageId}]` : ''} ${f.file}:${f.line}:${f.column} ${f.message}`;
}

/** A test runner's two functions (vitest, node:test, mocha, jest all have them). */
export interface TestApi {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void>): void;
}

/** What `testRule` may be given besides the rule: other cases than its `meta.examples`, and the family of a rule of another command than check. */
export interface TestRuleOptions extends RunUnder {
  cases?: { valid: readonly ValidRuleCase[]; invalid: readonly InvalidRuleCase[] } | undefined;
  family?: FamilyRun;
}

/**
 * Registers a rule's cases (by default its `meta.examples`) with the runner: each valid case must
 * report nothing, each invalid one exactly its errors (and output). A mismatch fails with every
 * difference listed. A rule another command than check reports names its family.
 */
export function testRule(rule: RuleSpec, api: TestApi, options: TestRuleOptions = {}): void {
  const { cases = rule.examples, family = CHECK_RUN } = options;
  // Every case runs under the adopter's repository when the test says which (its preset, layout and process).
  const under: RunUnder = { ...(options.preset ? { preset: options.preset } : {}), ...(options.layout ? { layout: options.layout } : {}) };
  api.describe(rule.id, () => {
    if (!cases || cases.invalid.length === 0) {
      api.it('has examples', async () => {
        throw new Error(`${rule.id} has no invalid example`);
      });
      return;
    }
    for (const c of cases.valid) {
      api.it(`valid: ${c.name}`, async () => {
        const wrong = await validMismatches(rule, c, family, under);
        if (wrong.length) throw new Error(wrong.join('\n'));
      });
    }
    for (const c of cases.invalid) {
      api.it(`invalid: ${c.name}`, async () => {
        const wrong = await invalidMismatches(rule, c, family, under);
        if (wrong.length) throw new Error(wrong.join('\n'));
      });
    }
  });
}
