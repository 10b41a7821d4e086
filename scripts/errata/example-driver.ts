import { applySeverities } from '../core/collector.js';
import type { ExampleDriver } from '../core/rule-tester.js';
import { exampleCorpus, onlyRule } from '../core/rule-tester.js';
import { ERRATA_RULES } from './rules.js';
import { errataCollector, planErrata } from './run.js';

/**
 * Runs an errata rule's examples as `specgate errata` runs: the example is a repository held in
 * memory (no path of it is looked up on disk, so it has no symlinks and no git index), `apply` by
 * default and `check` when `options.mode` says so; an example's `output` is what `apply` would write.
 */
export const ERRATA_EXAMPLE_DRIVER: ExampleDriver = {
  command: 'errata',
  async run(rule, files, opts) {
    const { corpus } = exampleCorpus(files, { preset: opts.preset, label: 'example repository' });
    const mode = opts.options?.mode === 'check' ? 'check' : 'apply';
    const run = await planErrata(corpus, { mode, collector: errataCollector(corpus, onlyRule(rule, ERRATA_RULES)) });
    return {
      findings: run.findings,
      problems: applySeverities(corpus.problems, [], {}, corpus.layout.preset),
      output: Object.fromEntries(run.changes.map((c) => [c.file, c.after])),
    };
  },
};
