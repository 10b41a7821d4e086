import { applySeverities, openReporter } from './collector.js';
import type { CorpusReader } from './corpus.js';
import { Corpus } from './corpus.js';
import { planPass } from './fixer.js';
import type { ConfiguredSeverity, Finding } from './findings.js';
import { presetLayout } from './layout.js';
import { OverlaySource } from './overlay-source.js';
import type { ExampleFiles, Rule, RuleContext, RuleExamples, RuleSpec } from './rule.js';
import { defineRule, formatMessage } from './rule.js';

/*
 * The rule harness, RuleTester in spirit: it runs ONE rule over a small corpus held in memory (no
 * file of any repository is read or written) and compares what it reports with the case: rule id,
 * messageId, location, and for a fixable rule the texts its fixes give (`output`). The rule gets a
 * frozen context whose corpus offers only the typed loaders: a rule that reaches for the file
 * source, the corpus's findings or anything else fails here. Framework-free: `testRule` takes
 * vitest's (or any runner's) `describe` and `it`, so a plugin's tests use it as ours do.
 * A rule that is no check rule (compat compares a base and a head) is run by a `driver` the
 * command's layer passes in: the comparisons stay the same, and core names no command.
 */

export type ValidRuleCase = RuleExamples['valid'][number] & { preset?: string };
export type InvalidRuleCase = RuleExamples['invalid'][number] & { preset?: string };

export interface RuleRun {
  /** The rule's findings, settled (severity, citation) under the case's preset. */
  findings: Finding[];
  /** Read or parse problems of the corpus (a case whose file does not parse has them). */
  problems: Finding[];
  /** Reports the rule marked `guard` (its own check that it saw enough), not compared. */
  guards: number;
  visited: number;
  /** Each file's text after one pass of the findings' fixes (only files a fix changed). */
  output: Record<string, string>;
}

/** The loaders a rule may use, bound to one corpus; nothing else is reachable from it. */
const READER_KEYS = ['exists', 'text', 'contains', 'json', 'yaml', 'data', 'markdownText', 'markdown', 'derive', 'touch', 'cachedText', 'glob', 'givenPath'] as const satisfies ReadonlyArray<keyof CorpusReader>;

function readerOf(corpus: Corpus): CorpusReader {
  const reader: Record<string, unknown> = { root: corpus.root, layout: corpus.layout, useParseCache: false };
  for (const k of READER_KEYS) reader[k] = (corpus[k] as (...a: unknown[]) => unknown).bind(corpus);
  return Object.freeze(reader) as unknown as CorpusReader;
}

/** Runs one rule over in-memory files. */
export async function runRuleOn(
  rule: Rule,
  files: ExampleFiles,
  opts: { options?: Readonly<Record<string, unknown>>; preset?: string; severities?: Readonly<Record<string, ConfiguredSeverity>> } = {},
): Promise<RuleRun> {
  const source = new OverlaySource(undefined);
  for (const [file, text] of Object.entries(files)) source.set(file, text);
  const corpus = new Corpus(source, presetLayout(opts.preset ?? 'specgate'));
  corpus.useParseCache = false;
  const reporter = openReporter(rule, corpus.layout.preset);
  const ctx: RuleContext = Object.freeze({ corpus: readerOf(corpus), layout: corpus.layout, options: Object.freeze({ ...opts.options }), report: reporter.report, visit: reporter.visit });
  await rule.run(ctx);
  const reported = reporter.close();
  const findings = applySeverities(reported.findings, [defineRule(rule)], opts.severities, corpus.layout.preset);
  const pass = planPass(findings, (file) => source.text(file));
  const output = Object.fromEntries([...pass.texts].map(([file, { after }]) => [file, after]));
  return { findings, problems: applySeverities(corpus.problems, [], {}, corpus.layout.preset), guards: reported.guards.length, visited: reported.visited, output };
}

/**
 * Runs a rule over one example and returns its findings settled (only the rule under test's, and
 * the problems reading the example's files). The default runs a check rule (`runRuleOn`).
 */
export type RuleDriver<R extends RuleSpec = Rule> = (rule: R, c: ValidRuleCase) => Promise<RuleRun>;

/** The driver of a check rule: its `run` over the example's files. */
export const checkRuleDriver: RuleDriver<Rule> = (rule, c) => {
  if (c.base !== undefined) throw new Error(`${rule.id}: example "${c.name}" has base files; a rule that compares versions needs its command's driver`);
  return runRuleOn(rule, c.files, { ...(c.options ? { options: c.options } : {}), ...(c.preset ? { preset: c.preset } : {}) });
};

/** What is wrong with the rule's run on a valid case: one line per unexpected finding. */
export async function validMismatches<R extends RuleSpec = Rule>(rule: R, c: ValidRuleCase, driver: RuleDriver<R> = checkRuleDriver as unknown as RuleDriver<R>): Promise<string[]> {
  const run = await driver(rule, c);
  return [...run.problems, ...run.findings].map((f) => `unexpected ${brief(f)}`);
}

/** What is wrong with the rule's run on an invalid case: count, ids, messageIds, locations, data, output. */
export async function invalidMismatches<R extends RuleSpec = Rule>(rule: R, c: InvalidRuleCase, driver: RuleDriver<R> = checkRuleDriver as unknown as RuleDriver<R>): Promise<string[]> {
  const run = await driver(rule, c);
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
      if (!f.message.startsWith(want)) out.push(`finding ${i + 1}: message "${f.message}" is not its template filled with ${JSON.stringify(e.data)}`);
    }
  });
  if (c.output) {
    for (const [file, text] of Object.entries(c.output)) if (run.output[file] !== text) out.push(`output of ${file}:\n${run.output[file] ?? '(unchanged)'}\nexpected:\n${text}`);
    for (const file of Object.keys(run.output)) if (!(file in c.output)) out.push(`the fixes also change ${file}`);
  } else if (Object.keys(run.output).length > 0 && rule.fixable) out.push(`the fixes change ${Object.keys(run.output).join(', ')}: give the case an output`);
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

/** What `testRule` may be given besides the rule: other cases than its `meta.examples`, and the driver of a rule that is no check rule. */
export interface TestRuleOptions<R extends RuleSpec> {
  cases?: { valid: readonly ValidRuleCase[]; invalid: readonly InvalidRuleCase[] };
  driver?: RuleDriver<R>;
}

/**
 * Registers a rule's cases (by default its `meta.examples`) with the runner: each valid case must
 * report nothing, each invalid one exactly its errors (and output). A mismatch fails with every
 * difference listed.
 */
export function testRule(rule: Rule, api: TestApi, options?: TestRuleOptions<Rule>): void;
export function testRule<R extends RuleSpec>(rule: R, api: TestApi, options: TestRuleOptions<R> & { driver: RuleDriver<R> }): void;
export function testRule<R extends RuleSpec>(rule: R, api: TestApi, options: TestRuleOptions<R> = {}): void {
  const { cases = rule.examples, driver = checkRuleDriver as unknown as RuleDriver<R> } = options;
  api.describe(rule.id, () => {
    if (!cases || cases.invalid.length === 0) {
      api.it('has examples', async () => {
        throw new Error(`${rule.id} has no invalid example`);
      });
      return;
    }
    for (const c of cases.valid) {
      api.it(`valid: ${c.name}`, async () => {
        const wrong = await validMismatches(rule, c, driver);
        if (wrong.length) throw new Error(wrong.join('\n'));
      });
    }
    for (const c of cases.invalid) {
      api.it(`invalid: ${c.name}`, async () => {
        const wrong = await invalidMismatches(rule, c, driver);
        if (wrong.length) throw new Error(wrong.join('\n'));
      });
    }
  });
}
