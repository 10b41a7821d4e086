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
    const [{ runFamilies }, { exampleCorpus, isRuleModule, onlyRule, runAfterJudge }, { errataFamily }] = await Promise.all([import('../core/engine/engine.js'), import('../core/engine/rule-tester.js'), import('./run.js')]);
    const { corpus, source } = exampleCorpus(files, { preset: opts.preset, label: 'example repository' });
    const mode = opts.options?.mode === 'check' ? 'check' : 'apply';
    // A plugin's rule beside the errata family: given the RFCs' errata, after the judge (which writes nothing then).
    if (isRuleModule(rule)) return runAfterJudge(rule, corpus, source, errataFamily({ mode: 'check' }), files);
    // The errata family through the engine, as the command runs it, with every other errata rule off.
    const family = errataFamily({ mode });
    const { findings } = await runFamilies({ corpus, families: [family], severities: onlyRule(rule, ERRATA_RULES) });
    const ids = new Set(ERRATA_RULES.map((r) => r.id));
    return {
      findings: findings.filter((f) => ids.has(f.ruleId)),
      problems: findings.filter((f) => !ids.has(f.ruleId)),
      output: Object.fromEntries(family.result!.changes.map((c) => [c.file, c.after])),
    };
  },
};
