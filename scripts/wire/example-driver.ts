import type { ExampleDriver } from '../core/rule-tester.js';
import { exampleCorpus, onlyRule } from '../core/rule-tester.js';
import type { FileSource } from '../core/source.js';
import { WIRE_COMMAND_RULES } from './rules.js';
import type { WireInput } from './run.js';
import { runWire } from './run.js';

/** A wire example's options: `wire`'s flags, as the judge takes them. */
export type WireExampleOptions = Omit<WireInput, 'captures'>;

/**
 * Runs a wire rule's examples as `specgate wire` runs: each `.json` file of the example that the
 * options do not name (the §D pair, the card) is a capture, judged by the interop map and the
 * RFC 0211 §A/§B schemas of `base` (an example only holds what it is about); every other wire rule is off.
 */
export function wireExampleDriver(base: FileSource): ExampleDriver {
  const ids = new Set(WIRE_COMMAND_RULES.map((r) => r.id));
  return {
    command: 'wire',
    async run(rule, files, opts) {
      const { corpus } = exampleCorpus(files, { preset: opts.preset, base });
      const o = (opts.options ?? {}) as WireExampleOptions;
      const named = new Set([...(o.pair ?? []), ...(o.card !== undefined ? [o.card] : [])]);
      const captures = Object.keys(files).filter((f) => f.endsWith('.json') && !named.has(f)).sort();
      const { findings } = await runWire(corpus, { ...o, captures }, { severities: onlyRule(rule, WIRE_COMMAND_RULES) });
      return { findings: findings.filter((f) => ids.has(f.ruleId)), problems: findings.filter((f) => !ids.has(f.ruleId)), output: {} };
    },
  };
}
