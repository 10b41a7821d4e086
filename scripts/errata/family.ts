import type { CommandFamily } from '../core/engine/rule-tester.js';
import { ERRATA_RULES } from './rules.js';
import { ERRATA_EXAMPLES_NOTE } from './rule-examples.js';

/**
 * The errata family: its rules, reported by `specgate errata apply|check`, and its run on
 * in-memory inputs (an RFC with errata and the documents they amend) as `specgate errata` runs:
 * `apply` by default and `check` when `options.mode` says so; `output` is what `apply` would
 * write (the fixes of the pending items, taken by the one fixer). Nothing of the run is loaded
 * until a rule's examples run.
 */
export const ERRATA_FAMILY: CommandFamily = {
  command: 'errata',
  group: 'errata',
  page: 'errata',
  rules: ERRATA_RULES,
  examplesNote: ERRATA_EXAMPLES_NOTE,
  async run(rule, files, opts) {
    const [{ applySeverities }, { exampleCorpus, onlyRule }, { errataCollector, planErrata }] = await Promise.all([import('../core/engine/collector.js'), import('../core/engine/rule-tester.js'), import('./run.js')]);
    const { corpus } = exampleCorpus(files, { preset: opts.preset, label: 'example repository' });
    const mode = opts.options?.mode === 'check' ? 'check' : 'apply';
    const run = await planErrata(corpus, { mode, collector: errataCollector(corpus, onlyRule(rule, ERRATA_RULES)) });
    return {
      findings: run.findings,
      problems: applySeverities(run.problems, [], {}, corpus.layout.preset),
      output: Object.fromEntries(run.changes.map((c) => [c.file, c.after])),
    };
  },
};
