import type { CommandFamily } from '../core/engine/rule-tester.js';
import { WIRE_COMMAND_RULES } from './rules.js';
import { WIRE_EXAMPLES_NOTE } from './rule-examples.js';
import type { WireInput } from './run.js';

/** A wire example's options: `wire`'s flags, as the judge takes them. */
export type WireExampleOptions = Omit<WireInput, 'captures'>;

/**
 * The wire family: its rules (which `probe` reports too), and its run on in-memory inputs as
 * `specgate wire` runs: each `.json` file of the example that the options do not name (the §D pair,
 * the card) is a capture, judged by the interop map and the RFC 0211 §A/§B schemas of this package
 * (an example only holds what it is about); every other wire rule is off.
 */
export const WIRE_FAMILY: CommandFamily = {
  command: 'wire',
  group: 'wire (and probe)',
  page: 'wire',
  rules: WIRE_COMMAND_RULES,
  examplesNote: WIRE_EXAMPLES_NOTE,
  async run(rule, files, opts) {
    const [{ exampleCorpus, isRuleModule, onlyRule, runAfterJudge }, { runWire, wireFamily }, { FsSource }, { packageRoot }] = await Promise.all([import('../core/engine/rule-tester.js'), import('./run.js'), import('../core/io/source.js'), import('../core/base/package-root.js')]);
    const ids = new Set(WIRE_COMMAND_RULES.map((r) => r.id));
    const { corpus, source } = exampleCorpus(files, { preset: opts.preset, base: new FsSource(packageRoot()) });
    const o = (opts.options ?? {}) as WireExampleOptions;
    const named = new Set([...(o.pair ?? []), ...(o.card !== undefined ? [o.card] : [])]);
    const captures = Object.keys(files).filter((f) => f.endsWith('.json') && !named.has(f)).sort();
    // A plugin's rule beside the wire family: given the captures, after the judge.
    if (isRuleModule(rule)) return runAfterJudge(rule, corpus, source, wireFamily({ ...o, captures }), files);
    const { findings } = await runWire(corpus, { ...o, captures }, { severities: onlyRule(rule, WIRE_COMMAND_RULES) });
    return { findings: findings.filter((f) => ids.has(f.ruleId)), problems: findings.filter((f) => !ids.has(f.ruleId)), output: {} };
  },
};
