import { READING_RULES } from './reading-rules.js';
import type { CommandFamily } from './rule-tester.js';
import type { ExampleFiles, Rule } from './rule.js';

/**
 * The input family: the rules of reading a file (parse/*, corpus/*, limits/*) that every command
 * reports. Its run: the corpus reports them when a rule asks for a file. A stand-in rule asks for each file of the
 * example as a rule would, by extension (`.json` as JSON, `.yaml` as YAML, `.md` as Markdown,
 * anything else as text), and for the paths `options.read` names that the example does not hold;
 * the findings compared are what the corpus reported of the rule under test.
 */
export const READING_FAMILY: CommandFamily = {
  command: 'check',
  group: 'every command (input)',
  page: 'input',
  rules: READING_RULES,
  async run(rule, files, { options = {}, preset }) {
    const { runRuleOn } = await import('./rule-tester.js');
    const problems = (await runRuleOn(reader(files, options), files, preset ? { preset } : {})).problems;
    return { findings: problems.filter((f) => f.ruleId === rule.id), problems: problems.filter((f) => f.ruleId !== rule.id), output: {} };
  },
};

/** A rule that asks for every file of an example (and the paths `options.read` names). */
export function reader(files: ExampleFiles, options: Readonly<Record<string, unknown>> = {}): Rule {
  const asked = [...Object.keys(files), ...((options['read'] as string[] | undefined) ?? [])];
  return {
    id: 'input/reader',
    rfc: 'none',
    description: 'Asks for every file of an example, as a rule would.',
    mayVisitNothing: true,
    async run(ctx) {
      for (const f of asked) {
        if (f.endsWith('.json')) ctx.corpus.json(f);
        else if (/\.ya?ml$/.test(f)) ctx.corpus.yaml(f);
        else if (f.endsWith('.md')) await ctx.corpus.markdown(f);
        else ctx.corpus.text(f);
      }
    },
  };
}
